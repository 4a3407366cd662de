package tags_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

func TestList(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "tags", "list", "-o", "json")
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/tags", nil).Data)
	if got := cmdtest.DecodeJSON[[]api.Tag](t, env.Stdout.Bytes()); len(got) != seedTags1 {
		t.Errorf("listed %d tags, want the %d of company 1", len(got), seedTags1)
	}

	run(t, env, 0, "tags", "list", "--search", "CLIENTE", "-o", "plain", "--fields", "id,text")
	if got, want := env.Stdout.String(), "2\tNovo cliente\n"; got != want {
		t.Errorf("--search: stdout = %q, want %q", got, want)
	}

	run(t, env, 0, "tags", "list", "--search", "nada disso")
	if env.Stdout.Len() != 0 || env.Stderr.String() != "No tags match.\n" {
		t.Errorf("empty list: stdout %q, stderr %q", env.Stdout, env.Stderr)
	}

	run(t, env, 0, "tags", "list", "-o", "csv", "--per-page", "2")
	if got, want := strings.SplitN(env.Stdout.String(), "\n", 2)[0], "id,text,emoji,color,created_at"; got != want {
		t.Errorf("csv header = %q, want %q", got, want)
	}
	if want := "Showing 2 of 6 (page 1 of 3). Use --all or --page 2.\n"; env.Stderr.String() != want {
		t.Errorf("footer = %q, want %q", env.Stderr, want)
	}
}

func TestListTable(t *testing.T) {
	env := cmdtest.New(t)
	env.SetTTY(false, true)
	run(t, env, 0, "tags", "list", "--search", "vip")
	lines := strings.Split(strings.TrimSuffix(env.Stdout.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "ID  TEXT  EMOJI  COLOR    CREATED") ||
		!strings.HasPrefix(lines[1], "1   VIP   ⭐") || !strings.Contains(lines[1], "#F5B700") || !strings.HasSuffix(lines[1], "ago") {
		t.Errorf("table:\n%s", env.Stdout)
	}
}

func TestView(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "tags", "view", "1", "-o", "json")
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/tags/1", nil).Data)

	run(t, env, 0, "tags", "view", "3", "-o", "yaml")
	for _, want := range []string{"id: 3\n", "text: Inadimplente\n", "emoji: null\n", "color: '#D32F2F'\n"} {
		if !strings.Contains(env.Stdout.String(), want) {
			t.Errorf("yaml lacks %q:\n%s", want, env.Stdout)
		}
	}

	run(t, env, 1, "tags", "view", "7") // company 2's
	if want := "error: Tag não encontrada.\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	run(t, env, 2, "tags", "view", "abc")
	run(t, env, 2, "tags", "view")
}

func TestCreate(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "tags", "create", "--text", "Black Friday", "--emoji", "🛍️", "--color", "#a1B2c3", "-o", "json")
	got := cmdtest.DecodeJSON[api.Tag](t, env.Stdout.Bytes())
	if got.ID != newTagID || got.Text != "Black Friday" || got.Emoji == nil || *got.Emoji != "🛍️" || got.Color != "#a1B2c3" {
		t.Errorf("created %+v", got)
	}
	if want := "✓ Tag criada com sucesso. (id 10)\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/tags/10", nil).Data)

	run(t, env, 0, "tags", "create", "--text", "Sem cor", "-o", "json")
	if got := cmdtest.DecodeJSON[api.Tag](t, env.Stdout.Bytes()); got.Color != "#000000" || got.Emoji != nil {
		t.Errorf("created %+v, want the default colour and no emoji", got)
	}
}

// TestCreateWhenTheTextExists: a tag whose text exists (trimmed, in any
// case) is printed rather than created again, so that a script that creates
// its tags can run again and --tag VIP keeps naming one tag.
func TestCreateWhenTheTextExists(t *testing.T) {
	env := cmdtest.New(t)
	vip := env.Get(t, "/tags/1", nil).Data
	for _, text := range []string{"VIP", "vip", " Vip "} {
		run(t, env, 0, "tags", "create", "--text", text, "-o", "json")
		cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), vip)
		if want := "Tag 1 has the text \"VIP\" already: nothing was created.\n"; env.Stderr.String() != want {
			t.Errorf("--text %q: stderr = %q, want %q", text, env.Stderr, want)
		}
	}
	// The emoji and colour asked for are not given to it, and the note says how.
	run(t, env, 0, "tags", "create", "--text", "VIP", "--emoji", "💎", "--color", "#f5b700", "-o", "plain", "--fields", "id,emoji,color")
	if got, want := env.Stdout.String(), "1\t⭐\t#F5B700\n"; got != want {
		t.Errorf("stdout = %q, want %q", got, want)
	}
	if want := "Tag 1 has the text \"VIP\" already: nothing was created.\n" +
		"Its emoji and colour stay as they are; to change them: convo tags update 1 --emoji '💎'\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	if n := tagCount(t, env); n != seedTags1 {
		t.Errorf("%d tags, want the %d of the seed", n, seedTags1)
	}
	run(t, env, 0, "chats", "list", "--tag", "VIP", "--fields", "id")
	if got := env.Stdout.String(); got != "1\n12\n" {
		t.Errorf("chats list --tag VIP = %q, want chats 1 and 12", got)
	}

	// Accents count: another text is another tag.
	run(t, env, 0, "tags", "create", "--text", "Suporte tecnico", "-o", "json")
	if got := cmdtest.DecodeJSON[api.Tag](t, env.Stdout.Bytes()); got.ID != newTagID || got.Text != "Suporte tecnico" {
		t.Errorf("created %+v", got)
	}

	// Twins made elsewhere (the API allows them): the oldest is printed.
	twin, err := env.Client(t, sandbox.AdminToken1).CreateTag(context.Background(), api.TagCreate{Text: "vip"})
	if err != nil {
		t.Fatal(err)
	}
	run(t, env, 0, "tags", "create", "--text", "VIP", "-o", "json")
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), vip)
	if want := fmt.Sprintf("Tags 1, %d have the text \"VIP\" already: nothing was created; tag 1, the oldest, is printed.\n", twin.Data.ID); env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
}

func TestCreateRejectsBeforeSending(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no text", []string{"--color", "#000000"}, "error: missing --text: TEXT of the tag\n"},
		{"blank text", []string{"--text", "  "}, "error: text is required\n"},
		{"colour name", []string{"--text", "X", "--color", "red"}, `error: color: must be a hexadecimal colour #RRGGBB, e.g. #1A2B3C (got "red")` + "\n"},
		{"short colour", []string{"--text", "X", "--color", "#FFF"}, `error: color: must be a hexadecimal colour #RRGGBB, e.g. #1A2B3C (got "#FFF")` + "\n"},
		{"no hash", []string{"--text", "X", "--color", "FFFFFF"}, `error: color: must be a hexadecimal colour #RRGGBB, e.g. #1A2B3C (got "FFFFFF")` + "\n"},
		{"argument", []string{"--text", "X", "extra"}, `error: unexpected argument "extra": convo tags create takes no arguments` + "\n"},
	}
	env := cmdtest.New(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run(t, env, 2, append([]string{"tags", "create"}, tt.args...)...)
			if !strings.HasPrefix(env.Stderr.String(), tt.want) {
				t.Errorf("stderr = %q, want it to start with %q", env.Stderr, tt.want)
			}
			if n := tagCount(t, env); n != seedTags1 {
				t.Errorf("%d tags after a refused create, want %d", n, seedTags1)
			}
		})
	}
}

func TestUpdate(t *testing.T) {
	env := cmdtest.New(t)
	before := tag(t, env, "1")
	run(t, env, 0, "tags", "update", "1", "--color", "#000001", "-o", "json")
	got := cmdtest.DecodeJSON[api.Tag](t, env.Stdout.Bytes())
	if got.Color != "#000001" || got.Text != before.Text || *got.Emoji != *before.Emoji {
		t.Errorf("after --color: %+v, want only the colour changed from %+v", got, before)
	}
	if want := "✓ Tag atualizada com sucesso. (id 1)\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/tags/1", nil).Data)

	run(t, env, 0, "tags", "update", "1", "--text", "Cliente VIP", "--emoji", "", "-o", "json")
	if got := tag(t, env, "1"); got.Text != "Cliente VIP" || got.Emoji != nil || got.Color != "#000001" {
		t.Errorf("after --text and --emoji \"\": %+v, want the text changed and the emoji gone", got)
	}

	run(t, env, 0, "tags", "update", "3", "--emoji", "💸")
	if got := tag(t, env, "3"); got.Emoji == nil || *got.Emoji != "💸" {
		t.Errorf("after --emoji: %+v", got)
	}
}

func TestUpdateFailures(t *testing.T) {
	env := cmdtest.New(t)
	before := string(env.Get(t, "/tags/2", nil).Data)
	for _, tt := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"2"}, 2, "error: nothing to update: give --text, --emoji or --color\n"},
		{[]string{"2", "--color", "azul"}, 2, `error: color: must be a hexadecimal colour #RRGGBB, e.g. #1A2B3C (got "azul")` + "\n"},
		{[]string{"2", "--text", ""}, 2, "error: text is required\n"},
		{[]string{"2", "--text", "", "--color", "#12345"}, 2, "error: invalid input:\n  - text: is required\n  - color: must be"},
		{[]string{"0", "--text", "X"}, 2, `error: invalid tag ID "0": want a positive whole number` + "\n"},
		{[]string{"404", "--text", "X"}, 1, "error: Tag não encontrada.\n"},
		{[]string{"8", "--text", "X"}, 1, "error: Tag não encontrada.\n"}, // company 2's
	} {
		run(t, env, tt.code, append([]string{"tags", "update"}, tt.args...)...)
		if !strings.HasPrefix(env.Stderr.String(), tt.stderr) {
			t.Errorf("update %v: stderr = %q, want it to start with %q", tt.args, env.Stderr, tt.stderr)
		}
	}
	if after := string(env.Get(t, "/tags/2", nil).Data); after != before {
		t.Errorf("tag 2 changed by refused updates: %s, was %s", after, before)
	}
}

// vipHolders is how many chats and contacts carry tag 1.
func vipHolders(t *testing.T, env *cmdtest.Env) (chats, contacts int) {
	t.Helper()
	q := url.Values{"tag": {"1"}, "per_page": {"1"}}
	return env.Get(t, "/chats", q).Pagination.Total, env.Get(t, "/contacts", q).Pagination.Total
}

func TestDelete(t *testing.T) {
	env := cmdtest.New(t)
	if chats, contacts := vipHolders(t, env); chats != 2 || contacts != 7 {
		t.Fatalf("seed: VIP on %d chats and %d contacts, want 2 and 7", chats, contacts)
	}
	run(t, env, 0, "tags", "delete", "1", "--yes")
	if env.Stdout.Len() != 0 || env.Stderr.String() != "✓ Tag excluída com sucesso.\n" {
		t.Errorf("stdout %q, stderr %q", env.Stdout, env.Stderr)
	}
	if n := tagCount(t, env); n != seedTags1-1 {
		t.Errorf("%d tags left, want %d", n, seedTags1-1)
	}
	if chats, contacts := vipHolders(t, env); chats != 0 || contacts != 0 {
		t.Errorf("deleted tag still on %d chats and %d contacts", chats, contacts)
	}
	run(t, env, 1, "tags", "delete", "1", "--yes")
	if want := "error: Tag não encontrada.\n"; env.Stderr.String() != want {
		t.Errorf("second delete: stderr = %q, want %q", env.Stderr, want)
	}
}

func TestDeleteNeedsConfirmation(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 2, "tags", "delete", "2")
	want := "error: pass --yes to delete tag 2: without a terminal, convo cannot ask you to confirm.\n" +
		"Deleting tag 2 removes it from every contact and chat that has it; this cannot be undone.\n"
	if env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	if n := tagCount(t, env); n != seedTags1 {
		t.Errorf("%d tags after a refused delete, want %d", n, seedTags1)
	}

	env.SetTTY(true, true)
	env.Answers = "n\n"
	run(t, env, 130, "tags", "delete", "2")
	if !strings.Contains(env.Stderr.String(), "Delete tag 2 (Novo cliente)?") {
		t.Errorf("the question does not name the tag:\n%s", env.Stderr)
	}
	if n := tagCount(t, env); n != seedTags1 {
		t.Errorf("%d tags after a declined delete, want %d", n, seedTags1)
	}

	env.Answers = "y\n"
	run(t, env, 0, "tags", "delete", "2")
	if !strings.HasSuffix(env.Stderr.String(), "✓ Tag excluída com sucesso.\n") {
		t.Errorf("stderr = %q", env.Stderr)
	}
	if n := tagCount(t, env); n != seedTags1-1 {
		t.Errorf("%d tags after a confirmed delete, want %d", n, seedTags1-1)
	}

	// An unknown tag is reported before anyone is asked.
	env.Answers = "y\n"
	run(t, env, 1, "tags", "delete", "2")
	if want := "error: Tag não encontrada.\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
}

func TestTokens(t *testing.T) {
	env := cmdtest.New(t)
	env.Token = sandbox.AgentToken1
	run(t, env, 0, "tags", "list", "-o", "json")
	if got := cmdtest.DecodeJSON[[]api.Tag](t, env.Stdout.Bytes()); len(got) != seedTags1 {
		t.Errorf("the attendant sees %d tags, want the company's %d", len(got), seedTags1)
	}
	env.Token = "sandbox-nobody"
	run(t, env, 4, "tags", "list")
	if want := "error: Não autenticado.\nThe API refused the token: run `convo auth login`, or set CONVO_TOKEN.\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
}
