package messages_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/cmd/messages"
	"github.com/convo-cli/convo/internal/sandbox"
)

func TestListJSONIsTheAPIData(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "messages", "list", chat1, "-o", "json")
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/chats/"+chat1+"/messages", nil).Data)
	if env.Stderr.Len() != 0 {
		t.Errorf("stderr = %q, want nothing (one page)", env.Stderr)
	}
}

func TestListPlainColumns(t *testing.T) {
	env := cmdtest.New(t)
	msgs := listMessages(t, env, chat1)
	run(t, env, 0, "messages", "list", chat1)
	lines := strings.Split(strings.TrimSuffix(env.Stdout.String(), "\n"), "\n")
	if len(lines) != chat1Messages {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), chat1Messages, env.Stdout)
	}
	// ID, AT, DIRECTION, VISIBILITY, TYPE, FROM (empty for the contact's
	// messages), CONTENT: an internal note is never taken for a message
	// the customer received.
	incoming := strings.Join([]string{"1", msgs[0].CreatedAt.String(), "incoming", "client", "text", "", "Olá, gostaria de saber o status do meu pedido 4521."}, "\t")
	outgoing := strings.Join([]string{"3", msgs[2].CreatedAt.String(), "outgoing", "client", "image", "Bruno Lima", "Foto do seu pedido já embalado"}, "\t")
	note := strings.Join([]string{"5", msgs[4].CreatedAt.String(), "outgoing", "internal", "text", "Bruno Lima", "Cliente pediu prioridade na entrega; combinado envio expresso."}, "\t")
	if lines[0] != incoming || lines[2] != outgoing || lines[4] != note {
		t.Errorf("lines 1, 3 and 5 =\n%q\n%q\n%q\nwant\n%q\n%q\n%q", lines[0], lines[2], lines[4], incoming, outgoing, note)
	}
	run(t, env, 0, "messages", "list", chat1, "-o", "csv")
	if header, _, _ := strings.Cut(env.Stdout.String(), "\n"); header != "id,created_at,direction,visibility,type,user.name,content" {
		t.Errorf("csv header %q", header)
	}
	if !strings.Contains(env.Stdout.String(), "\n5,"+msgs[4].CreatedAt.String()+",outgoing,internal,text,Bruno Lima,") {
		t.Errorf("csv: the note is not marked internal:\n%s", env.Stdout)
	}
}

func TestListTable(t *testing.T) {
	env := cmdtest.New(t)
	env.SetTTY(false, true)
	run(t, env, 0, "messages", "list", chat1, "--type", "template")
	got := env.Stdout.String()
	for _, want := range []string{"ID", "AT", "DIRECTION", "TYPE", "FROM", "CONTENT", "outgoing", "template", "Bruno Lima", "Seu pedido 4521 foi enviado."} {
		if !strings.Contains(got, want) {
			t.Errorf("table lacks %q:\n%s", want, got)
		}
	}
}

func TestListFilters(t *testing.T) {
	env := cmdtest.New(t)
	tests := []struct {
		flags []string
		ids   []int64
	}{
		{[]string{"--direction", "incoming"}, []int64{1, 4}},
		{[]string{"--direction", "outgoing", "--visibility", "client"}, []int64{2, 3, 6}},
		{[]string{"--visibility", "internal"}, []int64{5}},
		{[]string{"--type", "document"}, []int64{4}},
		{[]string{"--content", "PEDIDO"}, []int64{1, 3, 6}},
		{[]string{"--attendant", "2", "--type", "text"}, []int64{2, 5}},
		{[]string{"--attendant", "Bruno Lima", "--type", "text"}, []int64{2, 5}},
		{[]string{"--attendant", "Bruno.Lima@LojaExemplo.com.br", "--type", "text"}, []int64{2, 5}},
		{[]string{"--attendant", "1"}, nil},
	}
	for _, tt := range tests {
		var ids []int64
		for _, m := range listMessages(t, env, chat1, tt.flags...) {
			ids = append(ids, m.ID)
		}
		if !equalIDs(ids, tt.ids) {
			t.Errorf("%v: ids %v, want %v", tt.flags, ids, tt.ids)
		}
	}
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestListEmpty(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "messages", "list", chat1, "--type", "sticker")
	if env.Stdout.Len() != 0 || env.Stderr.String() != "No messages match.\n" {
		t.Errorf("stdout %q stderr %q", env.Stdout, env.Stderr)
	}
}

func TestListPagination(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "messages", "list", chat1, "--per-page", "4", "-o", "json")
	if got := cmdtest.DecodeJSON[[]api.Message](t, env.Stdout.Bytes()); len(got) != 4 {
		t.Errorf("%d messages, want a page of 4", len(got))
	}
	if want := "Showing 4 of 6 (page 1 of 2). Use --all or --page 2.\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	if got := listMessages(t, env, chat1, "--per-page", "4"); len(got) != chat1Messages {
		t.Errorf("--all: %d messages, want %d", len(got), chat1Messages)
	}
}

func TestListRejectsBeforeAsking(t *testing.T) {
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{"--type", "gif"}, `error: type: must be one of text, image, video, audio, document, sticker, vcard, template (got "gif")` + "\n"},
		// An enum is checked as the command line is parsed: the first bad one stops it.
		{[]string{"--direction", "in", "--visibility", "all"}, `error: direction: must be one of incoming, outgoing (got "in")` + "\n"},
		{[]string{"--visibility", ""}, `error: visibility: must be one of client, internal (got "")` + "\n"},
		{[]string{"--attendant", "ana"}, "error: no user is named \"ana\"; see `convo users list`, or give an id or an e-mail\n"},
		{[]string{"--attendant", "0"}, "error: invalid attendant \"0\": an id is a positive whole number\nRun 'convo messages list --help' for usage.\n"},
		{[]string{" "}, "error: empty chat: give a chat token (see `convo chats list`), or a contact's id or phone number\nRun 'convo messages list --help' for usage.\n"},
		{[]string{"+55 11"}, "error: contact: "},
	}
	for _, tt := range tests {
		env := cmdtest.New(t)
		args := append([]string{"messages", "list"}, tt.args...)
		if tt.args[0] != " " && tt.args[0] != "+55 11" {
			args = append([]string{"messages", "list", chat1}, tt.args...)
		}
		run(t, env, 2, args...)
		if !strings.HasPrefix(env.Stderr.String(), tt.stderr) {
			t.Errorf("%v: stderr\n%s\nwant\n%s", tt.args, env.Stderr, tt.stderr)
		}
	}
	env := cmdtest.New(t)
	run(t, env, 2, "messages", "list")
	if !strings.HasPrefix(env.Stderr.String(), "error: missing CHAT (a chat token, or a contact's id or phone number)\n") {
		t.Errorf("no argument: %q", env.Stderr)
	}
}

func TestListUnknownChat(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 1, "messages", "list", "no-such-chat")
	if want := "error: Conversa ou canal não encontrado.\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
}

func TestListOfAnotherCompanysChat(t *testing.T) {
	env := cmdtest.New(t)
	env.Token = "sandbox-admin-2"
	run(t, env, 1, "messages", "list", chat1)
	if got := snapshot(t, env).chat1Messages; got != chat1Messages {
		t.Fatalf("chat 1 changed: %d messages", got)
	}
}

func TestListCompletesEnums(t *testing.T) {
	env := cmdtest.New(t)
	for flag, want := range map[string]string{
		"--type":       "text\nimage\nvideo\naudio\ndocument\nsticker\nvcard\ntemplate\n:4\n",
		"--direction":  "incoming\noutgoing\n:4\n",
		"--visibility": "client\ninternal\n:4\n",
	} {
		run(t, env, 0, "__complete", "messages", "list", chat1, flag, "")
		if got := env.Stdout.String(); got != want {
			t.Errorf("%s completions = %q, want %q", flag, got, want)
		}
	}
}

func TestListTableNamesEveryAuthorAndMarksNotes(t *testing.T) {
	env := cmdtest.New(t)
	env.SetTTY(false, true)
	env.IO.SetTerminalWidth(200)
	run(t, env, 0, "messages", "list", chat1)
	got := strings.Split(strings.TrimSuffix(env.Stdout.String(), "\n"), "\n")
	want := map[int][]string{
		1: {"1", "incoming", "text", "João da Silva", "Olá, gostaria de saber o status do meu pedido 4521."},
		4: {"4", "incoming", "document", "João da Silva", "comprovante-4521.pdf"},
		5: {"5", "note", "text", "Bruno Lima", "Cliente pediu prioridade na entrega; combinado envio expresso."},
		6: {"6", "outgoing", "template", "Bruno Lima", "Seu pedido 4521 foi enviado."},
	}
	if len(got) != 7 {
		t.Fatalf("table:\n%s", env.Stdout)
	}
	for row, cells := range want {
		for _, cell := range cells {
			if !strings.Contains(got[row], "  "+cell) && !strings.HasPrefix(got[row], cell+" ") {
				t.Errorf("row %d lacks %q: %q", row, cell, got[row])
			}
		}
	}
	// A contact with one open chat names it; plain keeps the API's values.
	env.SetTTY(false, false)
	run(t, env, 0, "messages", "list", "5551916761484")
	if got := env.Stdout.String(); !strings.HasPrefix(got, "13\t") || !strings.Contains(got, "\tincoming\tclient\ttext\t\tOi, vi o site") {
		t.Errorf("plain, by phone:\n%s", got)
	}
}

// A take's note reads as a sentence in a table; plain and JSON keep the
// API's text, which scripts read back.
func TestListTableShowsATakeNoteAsASentence(t *testing.T) {
	env := cmdtest.New(t)
	t.Setenv("CONVO_ATTENDANT", cmdtest.AnaEmail)
	run(t, env, 0, "chats", "take", cmdtest.Chat2)
	mark := regexp.MustCompile(`^Ana Souza took the chat\. \[convo take: attendant 1, claim [0-9a-f]{8}, after 0\]$`)
	env.SetTTY(false, true)
	env.IO.SetTerminalWidth(200)
	run(t, env, 0, "messages", "list", cmdtest.Chat2, "--last", "1")
	if got := strings.Split(strings.TrimSuffix(env.Stdout.String(), "\n"), "\n"); len(got) != 2 ||
		!regexp.MustCompile(`  note +text +Ana Souza +Ana Souza took the chat\.$`).MatchString(got[1]) {
		t.Errorf("table:\n%s", env.Stdout)
	}
	env.SetTTY(false, false)
	for _, flags := range [][]string{{"-o", "plain", "--fields", "content"}, {"-o", "json", "--jq", ".[0].content"}} {
		run(t, env, 0, append([]string{"messages", "list", cmdtest.Chat2, "--last", "1"}, flags...)...)
		if got := strings.TrimSuffix(env.Stdout.String(), "\n"); !mark.MatchString(got) {
			t.Errorf("%v: %q, want the API's text", flags, got)
		}
	}
}

func TestListLast(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "messages", "list", chat1, "--last", "2", "-o", "json")
	all := env.Get(t, "/chats/"+chat1+"/messages", nil).Data
	msgs := cmdtest.DecodeJSON[[]json.RawMessage](t, all)
	want, _ := json.Marshal(msgs[4:])
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), want)
	if env.Stderr.String() != "The latest 2 of 6 messages.\n" {
		t.Errorf("stderr %q", env.Stderr)
	}
	// The filters apply: the customer's latest message.
	run(t, env, 0, "messages", "list", chat1, "--last", "1", "--direction", "incoming", "--fields", "id")
	if env.Stdout.String() != "4\n" || env.Stderr.String() != "The latest 1 of 2 messages.\n" {
		t.Errorf("--last 1 --direction incoming: %q, %q", env.Stdout, env.Stderr)
	}
	run(t, env, 0, "messages", "list", chat1, "--last", "50", "--fields", "id")
	if env.Stdout.String() != "1\n2\n3\n4\n5\n6\n" || env.Stderr.Len() != 0 {
		t.Errorf("--last 50 of 6: %q, %q", env.Stdout, env.Stderr)
	}
	run(t, env, 1, "messages", "list", "ffffffffffffffffffff", "--last", "5")
	if env.Stderr.String() != "error: chat ffffffffffffffffffff not found\n" {
		t.Errorf("unknown chat: %q", env.Stderr)
	}
	for _, paging := range [][]string{{"--all"}, {"--page", "2"}, {"--limit", "3"}} {
		run(t, env, 2, append([]string{"messages", "list", chat1, "--last", "2"}, paging...)...)
		if !strings.HasPrefix(env.Stderr.String(), "error: --last and --follow read the newest messages: --page, --all and --limit do not apply\n") {
			t.Errorf("--last with %v: %q", paging, env.Stderr)
		}
	}
	run(t, env, 2, "messages", "list", chat1, "--last", "0")
	if env.Stderr.String() != "error: invalid --last \"0\": want a positive whole number\nRun 'convo messages list --help' for usage.\n" {
		t.Errorf("--last 0: %q", env.Stderr)
	}
}

func TestListFollow(t *testing.T) {
	env := cmdtest.New(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var waits []time.Duration
	steps := []func(){
		func() {
			if _, err := sandbox.Inbound(ctx, env.Store, sandbox.AdminToken1, contact1Phone, mainChannel, "Chegou!"); err != nil {
				t.Error(err)
			}
		},
		func() {},
		func() { cancel() },
	}
	messages.SetPollSleep(t, func(ctx context.Context, d time.Duration) error {
		waits = append(waits, d)
		steps[len(waits)-1]()
		return ctx.Err()
	})
	if code := env.RunContext(ctx, "messages", "list", chat1, "--follow", "--last", "2", "-o", "json", "--jq", ".content"); code != 130 {
		t.Fatalf("exit %d, stderr %q", code, env.Stderr)
	}
	want := "Cliente pediu prioridade na entrega; combinado envio expresso.\nSeu pedido 4521 foi enviado.\nChegou!\n"
	if env.Stdout.String() != want {
		t.Errorf("stdout %q, want the latest two, then the new one, one a line", env.Stdout)
	}
	if fmt.Sprint(waits) != "[3s 3s 3s]" {
		t.Errorf("waits %v, want the default interval of 3s", waits)
	}
}
