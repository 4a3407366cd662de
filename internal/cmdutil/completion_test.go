package cmdutil_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

// complete runs `convo __complete line...` and returns what the shell
// reads: one candidate a line (value, tab, description), then ":directive".
// Completion writes nothing else: stderr holds only cobra's own note of
// the directive, which the shell scripts ignore.
func complete(t *testing.T, env *cmdtest.Env, line ...string) []string {
	t.Helper()
	cmdtest.MustRun(t, env, 0, append([]string{"__complete"}, line...)...)
	if stderr := env.Stderr.String(); !strings.HasPrefix(stderr, "Completion ended with directive: ") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("complete %q: stderr = %q, want only the directive", line, stderr)
	}
	return strings.Split(strings.TrimSuffix(env.Stdout.String(), "\n"), "\n")
}

func TestCompletionFromTheAPI(t *testing.T) {
	env := cmdtest.New(t)
	users := []string{"1\tAna Souza", "2\tBruno Lima", "3\tCarla Mendes"}
	allUsers := append(slices.Clone(users), "4\tDiego Rocha · deactivated")
	channels := []string{"chatapp-main-001\tChatapp Atendimento", "chatapp-spare-02\tChatapp Reserva · disconnected",
		"unofficial-ch-03\tChatapp Não Oficial", "photosocial-0004\tRede de Fotos", "social-msgr-0005\tMessenger Social",
		"securechat-00006\tChat Seguro", "site-widget-0007\tWidget do Site"}
	tags := []string{"1\tVIP", "2\tNovo cliente", "3\tInadimplente", "4\tSuporte técnico", "5\tAtacado", "6\tLead quente"}
	tests := []struct {
		name  string
		token string
		line  []string
		want  []string
	}{
		{"contacts by id prefix, described by name and phone", "", []string{"notes", "list", "5"},
			[]string{"5\tFrancisco Pereira · 5561995951855", "50\t5561959508500", ":4"}},
		{"no second argument", "", []string{"contacts", "view", "1", ""}, []string{":4"}},
		{"contact ids of delete", "", []string{"contacts", "delete", "4"},
			[]string{"4\tAna Beatriz Souza · 5551916761484", "40\tHelena Nogueira · 5527967604800", "41\tAndré Luiz Farias · 5548946795171",
				"42\tCecília Machado · 5562925985542", "43\tVinícius Rezende · 5519905175913", "44\tLúcia Helena Prado · 5513984366284",
				"45\tRenato Siqueira · 5511963556655", "46\tTatiane Guimarães · 5521942747026", "47\tOtávio Queiroz · 5531921937397",
				"48\tDébora Xavier · 5541901127768", "49\tÍcaro Brandão · 5551980318139", ":4"}},
		{"every user for view", "", []string{"users", "view", ""}, append(slices.Clone(allUsers), ":4")},
		{"active users to deactivate", "", []string{"users", "deactivate", ""}, append(slices.Clone(users), ":4")},
		{"deactivated users to restore", "", []string{"users", "restore", ""}, []string{"4\tDiego Rocha", ":4"}},
		{"attendants of a transfer are active", "", []string{"chats", "transfer", "x", "--attendant", ""}, append(slices.Clone(users), ":4")},
		{"attendants of a list filter are all", "", []string{"chats", "list", "--attendant", ""}, append(slices.Clone(allUsers), ":4")},
		{"attendant of a message list", "", []string{"messages", "list", "x", "--attendant", "4"}, []string{"4\tDiego Rocha · deactivated", ":4"}},
		{"attendant of a send", "", []string{"messages", "send", "--attendant", "2"}, []string{"2\tBruno Lima", ":4"}},
		{"tag ids", "", []string{"tags", "delete", ""}, append(slices.Clone(tags), ":4")},
		{"tag ids of view and update", "", []string{"tags", "update", "1"}, []string{"1\tVIP", ":4"}},
		{"tag names in any case", "", []string{"contacts", "update", "1", "--tag", "novo"}, []string{"Novo cliente", ":4"}},
		{"tag names of chats", "", []string{"chats", "list", "--tag", "L"}, []string{"Lead quente", ":4"}},
		{"tag names of create", "", []string{"contacts", "create", "--tag", "su"}, []string{"Suporte técnico", ":4"}},
		{"field names without a space after them", "", []string{"contacts", "create", "--field", "d"},
			[]string{"data_nascimento=\tdate (AAAA-MM-DD)", ":6"}},
		{"inactive fields are not offered", "", []string{"contacts", "update", "1", "--field", "c"},
			[]string{"cpf=\ttext (000.000.000-00)", ":6"}},
		{"select options after NAME=", "", []string{"contacts", "update", "1", "--field", "plano=p"}, []string{"plano=Profissional", ":4"}},
		{"no options for other types", "", []string{"contacts", "create", "--field", "cpf="}, []string{":4"}},
		{"every channel for filters", "", []string{"chats", "list", "--channel", ""}, append(slices.Clone(channels), ":4")},
		{"channels of templates list", "", []string{"templates", "list", "--channel", "chatapp"}, append(slices.Clone(channels[:2]), ":4")},
		{"channels of templates view", "", []string{"templates", "view", "x", "--channel", "u"}, []string{channels[2], ":4"}},
		{"channels of transfer", "", []string{"chats", "transfer", "x", "--channel", "site"}, []string{channels[6], ":4"}},
		{"channels of users", "", []string{"users", "update", "3", "--channel", "s"}, append(slices.Clone(channels[4:]), ":4")},
		{"connected chatapp channels verify numbers", "", []string{"contacts", "verify", "x", "--channel", ""}, []string{channels[0], ":4"}},
		{"an attendant sees their channels", sandbox.AgentToken1, []string{"messages", "send", "--channel", ""}, []string{channels[0], channels[6], ":4"}},
		{"templates to view, any status", "", []string{"templates", "view", "b"},
			[]string{"boas_vindas\tChatapp Atendimento · utility · pt_BR", "black_friday\tChatapp Atendimento · marketing · pt_BR · pending", ":4"}},
		{"templates to view on a channel", "", []string{"templates", "view", "--channel", "unofficial-ch-03", ""},
			[]string{"order_update\tChatapp Não Oficial · utility · en_US", ":4"}},
		{"approved templates to send", "", []string{"messages", "send", "--template", "c"},
			[]string{"codigo_verificacao\tChatapp Atendimento · authentication · es_ES", ":4"}},
		{"templates of the --channel given", "", []string{"messages", "send", "--channel", "chatapp-spare-02", "--template", ""},
			[]string{"aviso_manutencao\tChatapp Reserva · utility · pt_BR", ":4"}},
		{"chat tokens of messages list", "", []string{"messages", "list", "bf"},
			[]string{"bf7e5b62f66d65a3a450\tMaria Aparecida Santos · 5531958380742 · waiting", ":4"}},
		{"chat tokens of transfer", "", []string{"chats", "transfer", "4"},
			[]string{"42ef115f20394e9daca8\tJoão da Silva · 5521979190371 · entrance", "442219958193c011d51c\tPaulo Sérgio Almeida · 5591912713339 · entrance", ":4"}},
		{"an attendant sees the chats of their channels", sandbox.AgentToken1, []string{"chats", "transfer", "a"}, []string{":4"}},
		{"an unknown token gives nothing", "sandbox-nobody", []string{"tags", "view", ""}, []string{":4"}},
		{"output formats", "", []string{"-o", ""}, []string{"table", "plain", "json", "ndjson", "csv", "yaml", ":4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env.Token = sandbox.AdminToken1
			if tt.token != "" {
				env.Token = tt.token
			}
			if got := complete(t, env, tt.line...); !slices.Equal(got, tt.want) {
				t.Errorf("complete %q =\n%q\nwant\n%q", tt.line, got, tt.want)
			}
		})
	}
}

// A setting that would stop every command does not make completion speak:
// the shell gets no candidates and nothing is printed.
func TestCompletionWithBadSettingsIsSilent(t *testing.T) {
	env := cmdtest.New(t)
	dir := os.Getenv("CONVO_CONFIG_DIR")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte("profiles:\n  default:\n    per_page: \"500\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cmdtest.MustRun(t, env, 2, "tags", "list")
	if got := complete(t, env, "tags", "view", ""); !slices.Equal(got, []string{":4"}) {
		t.Errorf("completion = %q, want no candidates", got)
	}
	if got := complete(t, env, "--per-page", "500", "tags", "view", ""); !slices.Equal(got, []string{":4"}) {
		t.Errorf("completion with a bad flag = %q, want no candidates", got)
	}
}

// @me is offered where an attendant is taken, once the profile has one.
func TestCompletionOffersMe(t *testing.T) {
	env := cmdtest.New(t)
	if got := complete(t, env, "chats", "list", "--attendant", "@"); !slices.Equal(got, []string{":4"}) {
		t.Errorf("without an attendant set: %q", got)
	}
	t.Setenv("CONVO_ATTENDANT", "2")
	for _, line := range [][]string{{"chats", "list", "--attendant", "@"}, {"messages", "send", "--attendant", "@m"}} {
		if got := complete(t, env, line...); !slices.Equal(got, []string{"@me\tyou (config attendant)", ":4"}) {
			t.Errorf("complete %q = %q", line, got)
		}
	}
}
