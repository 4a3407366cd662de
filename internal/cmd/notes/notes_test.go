package notes_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

const notFoundStderr = "error: Contato não encontrado.\n"

// run is the way every test here runs convo.
var run = cmdtest.MustRun

// notes reads a contact's notes from the sandbox directly, as admin.
func notes(t *testing.T, env *cmdtest.Env, contactID int64) ([]api.Note, json.RawMessage) {
	t.Helper()
	data := env.Get(t, "/contacts/"+strconv.FormatInt(contactID, 10)+"/notes", nil).Data
	return cmdtest.DecodeJSON[[]api.Note](t, data), data
}

func TestListFormats(t *testing.T) {
	env := cmdtest.New(t)
	seeded, data := notes(t, env, 1)
	if len(seeded) != 2 {
		t.Fatalf("contact 1 has %d notes in the seed, want 2", len(seeded))
	}
	t.Run("json is the API's data", func(t *testing.T) {
		run(t, env, 0, "notes", "list", "1", "-o", "json")
		cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), data)
	})
	t.Run("plain", func(t *testing.T) {
		run(t, env, 0, "notes", "list", "1")
		want := "1\tAna Souza\tCliente desde 2019, prefere contato pela manhã.\t" + seeded[0].CreatedAt.String() + "\n" +
			"2\tBruno Lima\tPediu para avisar quando o modelo azul voltar ao estoque.\t" + seeded[1].CreatedAt.String() + "\n"
		if env.Stdout.String() != want {
			t.Errorf("stdout = %q, want %q", env.Stdout, want)
		}
	})
	t.Run("csv", func(t *testing.T) {
		run(t, env, 0, "notes", "list", "1", "-o", "csv", "--fields", "id,user.id,user.name")
		if want := "id,user.id,user.name\n1,1,Ana Souza\n2,2,Bruno Lima\n"; env.Stdout.String() != want {
			t.Errorf("stdout = %q, want %q", env.Stdout, want)
		}
	})
	t.Run("table", func(t *testing.T) {
		env.SetTTY(false, true)
		defer env.SetTTY(false, false)
		env.IO.SetTerminalWidth(200)
		run(t, env, 0, "notes", "list", "1")
		out := strings.Split(strings.TrimSpace(env.Stdout.String()), "\n")
		if len(out) != 3 || strings.Join(strings.Fields(out[0]), " ") != "ID AUTHOR CONTENT CREATED" ||
			!strings.HasPrefix(strings.Join(strings.Fields(out[1]), " "), "1 Ana Souza Cliente desde 2019") || !strings.HasSuffix(out[1], "ago") {
			t.Errorf("table:\n%s", env.Stdout)
		}
	})
}

func TestListEmptyAndErrors(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "notes", "list", "5")
	if env.Stdout.Len() != 0 || env.Stderr.String() != "No notes match.\n" {
		t.Errorf("stdout %q, stderr %q", env.Stdout, env.Stderr)
	}
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStderr string
	}{
		{"unknown contact", []string{"999"}, 1, notFoundStderr},
		{"contact of the other company", []string{"51"}, 1, notFoundStderr},
		{"not an id", []string{"um"}, 2, "error: invalid contact \"um\": want a contact's id or phone number, not a name"},
		{"no id", nil, 2, "error: missing CONTACT (an id or a phone number)"},
		{"unknown field", []string{"1", "--fields", "author"}, 2, "error: unknown field \"author\" for notes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run(t, env, tt.wantCode, append([]string{"notes", "list"}, tt.args...)...)
			if !strings.HasPrefix(env.Stderr.String(), tt.wantStderr) {
				t.Errorf("stderr = %q, want it to start with %q", env.Stderr, tt.wantStderr)
			}
		})
	}
}

func TestCreate(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "note.txt")
	if err := os.WriteFile(file, []byte("Linha um.\nLinha dois.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		token      string
		args       []string
		stdin      string
		wantText   string
		wantAuthor string
	}{
		{"content flag", "", []string{"--content", "Ligar na segunda."}, "", "Ligar na segunda.", "Ana Souza"},
		{"content file", "", []string{"--content-file", file}, "", "Linha um.\nLinha dois.", "Ana Souza"},
		{"standard input", "", []string{"--content-file", "-"}, "Veio do stdin.\n", "Veio do stdin.", "Ana Souza"},
		{"as attendant", "sandbox-agent-1", []string{"--content", "Nota do Bruno."}, "", "Nota do Bruno.", "Bruno Lima"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := cmdtest.New(t)
			if tt.token != "" {
				env.Token = tt.token
			}
			env.Stdin.WriteString(tt.stdin)
			run(t, env, 0, append([]string{"notes", "create", "1", "-o", "json"}, tt.args...)...)
			var got api.Note
			if err := json.Unmarshal(env.Stdout.Bytes(), &got); err != nil {
				t.Fatalf("stdout: %v\n%s", err, env.Stdout)
			}
			if got.ID != 6 || got.Content != tt.wantText || got.User.Name != tt.wantAuthor {
				t.Errorf("created %+v, want note 6 %q by %s", got, tt.wantText, tt.wantAuthor)
			}
			if want := "✓ Nota criada com sucesso. (id 6)\n"; env.Stderr.String() != want {
				t.Errorf("stderr = %q, want %q", env.Stderr, want)
			}
			if list, _ := notes(t, env, 1); len(list) != 3 || list[2].Content != tt.wantText {
				t.Errorf("contact 1's notes are now %+v", list)
			}
		})
	}
}

func TestCreateWithPrompt(t *testing.T) {
	env := cmdtest.New(t)
	env.SetTTY(true, true)
	env.Answers = "Cliente pediu retorno amanhã.\n"
	run(t, env, 0, "notes", "create", "2", "--jq", ".content")
	if env.Stdout.String() != "Cliente pediu retorno amanhã.\n" {
		t.Errorf("stdout = %q", env.Stdout)
	}
	if !strings.Contains(env.Stderr.String(), "Note on contact 2") {
		t.Errorf("stderr = %q, want the prompt", env.Stderr)
	}
	if list, _ := notes(t, env, 2); len(list) != 2 {
		t.Errorf("contact 2 has %d notes, want 2", len(list))
	}
}

func TestCreateRejectedBeforeSending(t *testing.T) {
	dir := t.TempDir()
	blank := filepath.Join(dir, "blank.txt")
	if err := os.WriteFile(blank, []byte(" \n\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		args       []string
		tty        bool
		noPrompt   bool
		wantCode   int
		wantStderr string
	}{
		{"no content without a terminal", []string{"1"}, false, false, 2,
			"error: the note's content: not running at a terminal, so it cannot be asked for; use --content or --content-file\n"},
		{"no content with prompts disabled", []string{"1"}, true, true, 2, "error: the note's content: not running at a terminal"},
		{"empty content", []string{"1", "--content", ""}, false, false, 2, "error: content is required\n"},
		{"blank content", []string{"1", "--content", "  "}, false, false, 2, "error: content is required\n"},
		{"blank file", []string{"1", "--content-file", blank}, false, false, 2, "error: content is required\n"},
		{"empty standard input", []string{"1", "--content-file", "-"}, false, false, 2, "error: content is required\n"},
		{"missing file", []string{"1", "--content-file", filepath.Join(dir, "nope.txt")}, false, false, 2, "error: --content-file: open "},
		{"both flags", []string{"1", "--content", "a", "--content-file", blank}, false, false, 2,
			"error: --content and --content-file cannot be used together\n"},
		{"no answer at the prompt", []string{"1"}, true, false, 2, "error: Note on contact 1: no answer (end of input)\n"},
		{"bad output field", []string{"1", "--content", "a", "--fields", "text"}, false, false, 2, "error: unknown field \"text\" for notes"},
		{"not an id", []string{"abc", "--content", "a"}, false, false, 2, "error: invalid contact \"abc\": want a contact's id or phone number, not a name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := cmdtest.New(t)
			env.SetTTY(tt.tty, tt.tty)
			if tt.noPrompt {
				t.Setenv("CONVO_NO_PROMPT", "1")
			}
			run(t, env, tt.wantCode, append([]string{"notes", "create"}, tt.args...)...)
			if !strings.Contains(env.Stderr.String(), tt.wantStderr) {
				t.Errorf("stderr = %q, want %q", env.Stderr, tt.wantStderr)
			}
			if list, _ := notes(t, env, 1); len(list) != 2 {
				t.Errorf("contact 1 has %d notes, want the 2 of the seed", len(list))
			}
		})
	}
}

func TestCreateUnknownContact(t *testing.T) {
	env := cmdtest.New(t)
	for _, id := range []string{"999", "51"} {
		run(t, env, 1, "notes", "create", id, "--content", "Olá")
		if env.Stderr.String() != notFoundStderr {
			t.Errorf("notes create %s: stderr = %q, want %q", id, env.Stderr, notFoundStderr)
		}
	}
}

// A contact's notes are read and written by its phone too.
func TestNotesByPhone(t *testing.T) {
	env := cmdtest.New(t)
	_, data := notes(t, env, 1)
	run(t, env, 0, "notes", "list", "+55 21 97919-0371", "-o", "json")
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), data)

	run(t, env, 0, "notes", "create", "(21) 97919-0371", "--default-country", "BR", "--content", "Pelo telefone.", "--fields", "content")
	if got, _ := notes(t, env, 1); len(got) != 3 || got[2].Content != "Pelo telefone." {
		t.Errorf("notes of contact 1 after a create by phone: %+v", got)
	}

	// Nobody's phone: refused before a note is typed or sent.
	env.SetTTY(true, true)
	env.Answers = "Nota perdida\n"
	run(t, env, 2, "notes", "create", "5511987654321")
	if want := "error: no contact has the phone 5511987654321; `convo contacts create --phone 5511987654321` creates one\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
}
