package team_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/team"
)

// good is a team file without problems, in every style YAML allows.
const good = `# yaml-language-server: $schema=../docs/schema/team.schema.json
replies:
  - shortcut: frete
    title: Prazo de frete
    text: |
      Olá {{contact.first_name}}! Seu plano {{contact.customfields.plano}} tem frete grátis;
      chega em {{ prazo }} dias úteis.
      {{attendant.name}}
    channels: [chatapp, chatapp-main-001]
  - shortcut: boleto_2via
    text: "Segunda via: {{link}}"
  - shortcut: "troca-tamanho"
    title: Troca de tamanho
    text: >
      Para trocar o tamanho, responda com o número do pedido.
`

func TestParseGood(t *testing.T) {
	f, err := team.Parse("team.yaml", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	want := []*team.Reply{
		{Shortcut: "frete", Title: "Prazo de frete", Line: 3, Col: 5,
			Text:     "Olá {{contact.first_name}}! Seu plano {{contact.customfields.plano}} tem frete grátis;\nchega em {{ prazo }} dias úteis.\n{{attendant.name}}\n",
			Channels: []string{"chatapp", "chatapp-main-001"}},
		{Shortcut: "boleto_2via", Text: "Segunda via: {{link}}", Line: 10, Col: 5},
		{Shortcut: "troca-tamanho", Title: "Troca de tamanho", Line: 12, Col: 5,
			Text: "Para trocar o tamanho, responda com o número do pedido.\n"},
	}
	if !reflect.DeepEqual(f.Replies, want) {
		for i, r := range f.Replies {
			t.Logf("reply %d: %+v", i, *r)
		}
		t.Fatal("replies differ")
	}
	if got := f.Replies[0].Variables(); !reflect.DeepEqual(got, []string{"contact.first_name", "contact.customfields.plano", "prazo", "attendant.name"}) {
		t.Errorf("Variables = %q", got)
	}
}

// problems parses src and returns its problems as FILE:LINE:COL lines.
func problems(t *testing.T, src string) []string {
	t.Helper()
	_, err := team.Parse("t.yaml", []byte(src))
	if err == nil {
		return nil
	}
	var input *clierr.InputError
	var te *team.Error
	if !errors.As(err, &input) || !errors.As(err, &te) {
		t.Fatalf("not an input error with problems: %v", err)
	}
	return te.Lines()
}

func TestParseProblems(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"empty file", "", []string{"t.yaml:1:1: the file is empty: it holds replies: and a list of saved replies"}},
		{"comments only", "# nada\n", []string{"t.yaml:1:1: the file is empty: it holds replies: and a list of saved replies"}},
		{"wrong indentation", "replies:\n  - shortcut: frete\n   text: oi\n",
			[]string{"t.yaml:3:4: YAML: value is not allowed in this context (is the line indented like the lines around it?)"}},
		{"a tab", "replies:\n\t- shortcut: x\n",
			[]string{"t.yaml:2:1: YAML: found character '\t' that cannot start any token"}},
		{"unclosed flow list", "replies:\n  - shortcut: frete\n    text: oi\n    channels: [chatapp\n",
			[]string{"t.yaml:4:15: YAML: sequence end token ']' not found"}},
		{"a key twice", "replies:\n  - shortcut: frete\n    text: oi\n    text: olá\n",
			[]string{`t.yaml:4:5: YAML: mapping key "text" already defined at [3:5]`}},
		{"two documents", "replies: []\n---\nreplies: []\n", []string{"t.yaml:2:1: YAML: a second YAML document: the team file is one document"}},
		{"an alias of nothing", "replies:\n  - shortcut: frete\n    text: *assinatura\n", []string{"t.yaml:3:11: YAML: alias *assinatura names no anchor (&assinatura)"}},
		{"not UTF-8", "replies:\n  - shortcut: frete\n    text: ol\xe1\n", []string{"t.yaml:3:13: the file is not UTF-8: save it as UTF-8"}},
		{"a list at the top", "- shortcut: frete\n", []string{"t.yaml:1:1: the file: want a mapping of replies, not a list"}},
		{"no replies", "respostas:\n  - shortcut: frete\n", []string{
			"t.yaml:1:1: unknown key \"respostas\" in the file; its keys are replies",
			"t.yaml:1:1: the file has no replies:",
		}},
		{"replies not a list", "replies: frete\n", []string{"t.yaml:1:10: replies: want a list of saved replies (- shortcut: …), not a string"}},
		{"replies empty", "replies:\n", []string{"t.yaml:1:1: replies: want a list of saved replies (- shortcut: …), not nothing"}},
		{"a reply not a mapping", "replies:\n  - frete\n", []string{"t.yaml:2:5: reply 1: want a mapping of shortcut, title, text, channels, not a string"}},
		{"unknown key with a suggestion", "replies:\n  - shortcut: frete\n    titel: Frete\n    text: oi\n",
			[]string{`t.yaml:3:5: unknown key "titel" in reply "frete" (did you mean title?); its keys are shortcut, title, text, channels`}},
		{"missing shortcut and text", "replies:\n  - title: Frete\n", []string{
			"t.yaml:2:5: reply 1 has no shortcut:",
			"t.yaml:2:5: reply 1 has no text:",
		}},
		{"shortcut syntax", "replies:\n  - shortcut: Frete Grátis\n    text: oi\n  - shortcut: f\n    text: oi\n", []string{
			`t.yaml:2:15: shortcut "Frete Grátis": want two or more lower-case letters a-z, digits, _ and -`,
			`t.yaml:4:15: shortcut "f": want two or more lower-case letters a-z, digits, _ and -`,
		}},
		{"shortcut a number", "replies:\n  - shortcut: 42\n    text: oi\n", []string{`t.yaml:2:15: shortcut: want a string, not a number: quote it ("42")`}},
		{"duplicate shortcut", "replies:\n  - shortcut: frete\n    text: a\n  - shortcut: boleto\n    text: b\n  - shortcut: frete\n    text: c\n",
			[]string{`t.yaml:6:15: shortcut "frete" is used twice: first at 2:15`}},
		{"text empty and title on two lines", "replies:\n  - shortcut: frete\n    title: \"Prazo\\nde frete\"\n    text: \"  \"\n", []string{
			"t.yaml:3:12: title: one line only",
			"t.yaml:4:11: text is empty",
		}},
		{"text missing a value", "replies:\n  - shortcut: frete\n    text:\n", []string{"t.yaml:3:5: text: want a string, not nothing"}},
		{"unknown variables, at their place in a block", "replies:\n  - shortcut: frete\n    text: |\n      Olá {{contact.nome}},\n      seu {{pedido.numero}} e {{contact.customfields}}; {{contact.nome}} de novo\n", []string{
			"t.yaml:4:11: unknown variable {{contact.nome}}: contact has contact.name, contact.first_name, contact.phone, contact.customfields.NAME (did you mean {{contact.name}}?)",
			"t.yaml:5:11: unknown variable {{pedido.numero}}: a name with a dot is one of contact.name, contact.first_name, contact.phone, contact.customfields.NAME, attendant.name, attendant.email, channel.name, chat.token; a variable you give with --var has no dot",
			"t.yaml:5:31: unknown variable {{contact.customfields}}: name the field, as {{contact.customfields.NAME}}",
			"t.yaml:5:57: unknown variable {{contact.nome}}: contact has contact.name, contact.first_name, contact.phone, contact.customfields.NAME (did you mean {{contact.name}}?)",
		}},
		{"a variable that is not one, in a quoted string", "replies:\n  - shortcut: frete\n    text: \"Olá, {{contact name}}\"\n", []string{
			"t.yaml:3:17: {{contact name}} is not a variable: a variable is a name of letters, digits, _ and -, with a dot after its namespace ({{contact.name}}, {{prazo}})",
		}},
		{"channels", "replies:\n  - shortcut: frete\n    text: oi\n    channels: [chatapp, whatsapp, chatapp, \"chatapp-main-001\", 7]\n  - shortcut: boleto\n    text: oi\n    channels: chatapp\n  - shortcut: troca\n    text: oi\n    channels: []\n", []string{
			`t.yaml:4:25: "whatsapp" is neither a channel type (chatapp, chatapp_unofficial, photo_social, social_messenger, secure_chat, widget) nor a channel token (16 characters)`,
			`t.yaml:4:35: channels: "chatapp" is listed twice`,
			`t.yaml:4:64: channels: want a string, not a number`,
			`t.yaml:7:15: channels: want a list, not a string: [chatapp]`,
			`t.yaml:10:15: channels: an empty list offers the reply nowhere; leave channels out to offer it everywhere`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := problems(t, tt.src)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("problems:\n got %s\nwant %s", strings.Join(got, "\n     "), strings.Join(tt.want, "\n     "))
			}
		})
	}
}

func TestParseKeepsTheRepliesWithoutProblems(t *testing.T) {
	f, err := team.Parse("t.yaml", []byte("replies:\n  - shortcut: frete\n    text: oi {{contact.nome}}\n  - shortcut: boleto\n    text: segunda via\n"))
	if err == nil {
		t.Fatal("no problem reported")
	}
	if len(f.Replies) != 1 || f.Replies[0].Shortcut != "boleto" {
		t.Errorf("replies without problems: %+v", f.Replies)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "team.yaml")
	_, err := team.Load(path)
	var input *clierr.InputError
	if !errors.As(err, &input) || !strings.Contains(err.Error(), "no team file at "+path) {
		t.Errorf("missing file: %v", err)
	}
	if err := os.WriteFile(path, []byte("\ufeff"+good), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := team.Load(path)
	if err != nil || len(f.Replies) != 3 || f.Path != path {
		t.Errorf("Load with a byte-order mark: %v, %+v", err, f)
	}
	big := make([]byte, team.MaxSize+1)
	if err := os.WriteFile(path, big, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := team.Load(path); err == nil || !strings.Contains(err.Error(), "larger than 8 MiB") {
		t.Errorf("a huge file: %v", err)
	}
}

func TestErrorMessage(t *testing.T) {
	_, err := team.Parse("t.yaml", []byte("replies:\n  - shortcut: f\n    text: oi\n"))
	want := "t.yaml has 1 problem:\nt.yaml:2:15: shortcut \"f\": want two or more lower-case letters a-z, digits, _ and -"
	if err == nil || err.Error() != want {
		t.Errorf("error:\n%v\nwant\n%s", err, want)
	}
}

// FuzzParse feeds arbitrary files to Parse: it must not panic, and every
// problem must be at a line and column of the file.
func FuzzParse(f *testing.F) {
	f.Add(good)
	f.Add("replies:\n  - shortcut: frete\n    text: *a\n")
	f.Add("a: &a [*a]\n")
	f.Fuzz(func(t *testing.T, src string) {
		_, err := team.Parse("f.yaml", []byte(src))
		var te *team.Error
		if !errors.As(err, &te) {
			return
		}
		// CR LF, CR and LF break lines: counting both bytes is an upper bound.
		lines := strings.Count(src, "\n") + strings.Count(src, "\r") + 1
		for _, p := range te.Problems {
			if p.Line < 1 || p.Line > lines+1 || p.Col < 1 {
				t.Fatalf("problem %+v is outside the file of %d lines", p, lines)
			}
		}
	})
}
