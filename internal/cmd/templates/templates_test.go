package templates_test

import (
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

// run is the way every test here runs convo.
var run = cmdtest.MustRun

// apiTemplates is what GET /templates returns to the admin of company 1:
// every template item exactly as the API encoded it.
func apiTemplates(t *testing.T, env *cmdtest.Env, query url.Values) []json.RawMessage {
	t.Helper()
	return cmdtest.DecodeJSON[[]json.RawMessage](t, env.Get(t, "/templates", query).Data)
}

func names(env *cmdtest.Env) []string { return strings.Fields(env.Stdout.String()) }

func TestList(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "templates", "list", "-o", "json")
	items := apiTemplates(t, env, nil)
	want, err := json.Marshal(items)
	if err != nil {
		t.Fatal(err)
	}
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), want)

	env.SetTTY(false, true)
	env.IO.SetTerminalWidth(120)
	run(t, env, 0, "templates", "list", "--search", "boas")
	if want := "ID  NAME         LANGUAGE  CATEGORY  STATUS    CHANNEL\n1   boas_vindas  pt_BR     utility   approved  Chatapp Atendimento\n"; env.Stdout.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", env.Stdout, want)
	}
}

func TestListFilters(t *testing.T) {
	env := cmdtest.New(t)
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"--channel", sandbox.ChannelSpare}, []string{"aviso_manutencao"}},
		{[]string{"--status", "pending"}, []string{"black_friday"}},
		{[]string{"--status", "rejected"}, []string{"cobranca_atrasada"}},
		{[]string{"--category", "authentication"}, []string{"codigo_verificacao"}},
		{[]string{"--category", "marketing", "--status", "approved"}, []string{"promocao_imagem", "tutorial_video"}},
		{[]string{"--search", "PEDIDO"}, []string{"rastreio_pedido"}},
		{[]string{"--channel", "unofficial-ch-03", "--status", "approved"}, []string{"order_update"}},
		{[]string{"--channel", sandbox.ChannelMain2}, nil}, // company 2's channel
	} {
		run(t, env, 0, append([]string{"templates", "list", "--fields", "name"}, tt.args...)...)
		if got := names(env); !slices.Equal(got, tt.want) {
			t.Errorf("templates list %v = %v, want %v", tt.args, got, tt.want)
		}
	}
}

func TestListRejectsBadFilters(t *testing.T) {
	env := cmdtest.New(t)
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"--channel", "main"}, "error: channel: must be a channel token of exactly 16 characters (got 4)\n"},
		{[]string{"--status", "draft"}, `error: status: must be one of approved, pending, rejected (got "draft")` + "\n"},
		{[]string{"--category", "promo"}, `error: category: must be one of marketing, utility, authentication (got "promo")` + "\n"},
		{[]string{"--status", "x", "--category", "y"}, "error: status: must be one of approved, pending, rejected (got \"x\")\n"},
		{[]string{"--category", ""}, "error: category: must be one of marketing, utility, authentication (got \"\")\n"},
	} {
		run(t, env, 2, append([]string{"templates", "list"}, tt.args...)...)
		if !strings.HasPrefix(env.Stderr.String(), tt.stderr) {
			t.Errorf("%v: stderr = %q, want it to start with %q", tt.args, env.Stderr, tt.stderr)
		}
	}
}

func TestListScopedToToken(t *testing.T) {
	env := cmdtest.New(t)
	env.Token = sandbox.AgentToken1
	run(t, env, 0, "templates", "list", "--all", "--fields", "id")
	if got, want := names(env), []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"}; !slices.Equal(got, want) {
		t.Errorf("the attendant sees templates %v, want those of their channels %v", got, want)
	}
}

func TestView(t *testing.T) {
	env := cmdtest.New(t)
	items := apiTemplates(t, env, nil)
	for _, tt := range []struct {
		args []string
		item int // index in items
	}{
		{[]string{"3"}, 2},
		{[]string{"rastreio_pedido"}, 2},
		{[]string{"aviso_manutencao", "--channel", sandbox.ChannelSpare}, 10},
		{[]string{" 11 "}, 10},
	} {
		run(t, env, 0, append([]string{"templates", "view", "-o", "json"}, tt.args...)...)
		cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), items[tt.item])
	}

	run(t, env, 0, "templates", "view", "codigo_verificacao", "-o", "yaml")
	for _, want := range []string{"name: codigo_verificacao\n", "language: es_ES\n", "category: authentication\n", "  - type: footer\n"} {
		if !strings.Contains(env.Stdout.String(), want) {
			t.Errorf("yaml lacks %q:\n%s", want, env.Stdout)
		}
	}
	run(t, env, 0, "templates", "view", "fatura_documento", "-o", "plain")
	if !strings.HasPrefix(env.Stdout.String(), "5\tfatura_documento\tpt_BR\tutility\tapproved\tChatapp Atendimento\tchatapp-main-001\t") ||
		strings.Contains(env.Stdout.String(), "HEADER") {
		t.Errorf("plain = %q, want the fields only", env.Stdout)
	}
}

func TestViewTable(t *testing.T) {
	env := cmdtest.New(t)
	env.SetTTY(false, true)
	run(t, env, 0, "templates", "view", "rastreio_pedido")
	out := env.Stdout.String()
	for _, want := range []string{
		"ID             3\nNAME           rastreio_pedido\nLANGUAGE       pt_BR\nCATEGORY       utility\nSTATUS         approved\n" +
			"CHANNEL        Chatapp Atendimento\nCHANNEL TOKEN  chatapp-main-001\nCREATED        ",
		"\n\nBODY\n  Seu pedido {{1}} foi enviado.\n  {{1}}  numero_pedido\nBUTTONS\n" +
			"  0  url    Rastrear pedido   https://loja.exemplo.com.br/rastreio/{{1}}\n" +
			"  1  phone  Falar com a loja  +551140028922\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks\n%s\nin\n%s", want, out)
		}
	}
	if !strings.HasSuffix(out, "+551140028922\n") {
		t.Errorf("the components do not end the output:\n%s", out)
	}

	run(t, env, 0, "templates", "view", "promocao_imagem", "--fields", "id,name,status")
	if want := "ID      2\nNAME    promocao_imagem\nSTATUS  approved\n"; env.Stdout.String() != want {
		t.Errorf("--fields in a table = %q, want only those fields %q", env.Stdout, want)
	}
}

func TestViewFailures(t *testing.T) {
	env := cmdtest.New(t)
	for _, tt := range []struct {
		token  string
		args   []string
		code   int
		stderr string
	}{
		{"", []string{"nao_existe"}, 2, "error: no template \"nao_existe\"; see `convo templates list`\n"},
		{"", []string{"boas_vindas", "--channel", sandbox.ChannelWidget}, 2, "error: no template \"boas_vindas\" on channel site-widget-0007; see `convo templates list`\n"},
		{"", []string{"boas_vindas", "--channel", "widget"}, 2, "error: channel: must be a channel token of exactly 16 characters (got 6)\n"},
		{"", []string{"12"}, 2, "error: no template \"12\"; see `convo templates list`\n"}, // company 2's
		{sandbox.AgentToken1, []string{"order_update"}, 2, "error: no template \"order_update\"; see `convo templates list`\n"},
		{"", []string{}, 2, "error: missing template ID or NAME\n"},
		{"", []string{"1", "--fields", "nome"}, 2, "error: unknown field \"nome\" for templates; available fields: id, name,"},
		{"sandbox-nobody", []string{"1"}, 4, "error: Não autenticado.\nThe API refused the token: run `convo auth login`, or set CONVO_TOKEN.\n"},
	} {
		env.Token = sandbox.AdminToken1
		if tt.token != "" {
			env.Token = tt.token
		}
		run(t, env, tt.code, append([]string{"templates", "view"}, tt.args...)...)
		if !strings.HasPrefix(env.Stderr.String(), tt.stderr) {
			t.Errorf("view %v: stderr = %q, want it to start with %q", tt.args, env.Stderr, tt.stderr)
		}
	}
}

func TestEnumCompletion(t *testing.T) {
	env := cmdtest.New(t)
	for flag, want := range map[string]string{
		"--status":   "approved\npending\nrejected\n:4\n",
		"--category": "marketing\nutility\nauthentication\n:4\n",
	} {
		run(t, env, 0, "__complete", "templates", "list", flag, "")
		if !strings.HasPrefix(env.Stdout.String(), want) {
			t.Errorf("completion of %s = %q, want %q", flag, env.Stdout, want)
		}
	}
}
