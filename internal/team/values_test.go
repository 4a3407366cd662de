package team_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/team"
)

func reply(t *testing.T, text string, channels ...string) *team.Reply {
	t.Helper()
	return &team.Reply{Shortcut: "r1", Text: text, Channels: channels}
}

func TestRender(t *testing.T) {
	joao := team.Subject{
		Chat:       "42ef115f20394e9daca8",
		Contact:    api.ChatContact{ID: 1, Name: "  João da Silva ", Phone: "5521979190371"},
		Fields:     map[string]json.RawMessage{"plano": []byte(`"Profissional"`), "limite_credito": []byte(`1500.10`), "vazio": []byte(`"  "`), "nada": []byte(`null`), "tags": []byte(`["a", 2]`)},
		FieldNames: []string{"plano", "limite_credito", "vazio", "nada", "tags", "cpf"},
		Channel:    api.Channel{Token: "chatapp-main-001", Name: "Loja Oficial", Type: "chatapp"},
		Attendant:  &api.User{ID: 2, Name: "Bruno Lima", Email: "bruno@lojaexemplo.com.br"},
	}
	noName := team.Subject{Chat: "c", Contact: api.ChatContact{Phone: "5551916761484"}, Fields: map[string]json.RawMessage{}, Channel: api.Channel{Token: "x"}}
	tests := []struct {
		name    string
		subject team.Subject
		text    string
		given   map[string]string
		want    string
		missing []team.Missing
	}{
		{"every variable of the API", joao,
			"{{contact.name}}|{{contact.first_name}}|{{contact.phone}}|{{attendant.name}}|{{attendant.email}}|{{channel.name}}|{{chat.token}}", nil,
			"João da Silva|João|5521979190371|Bruno Lima|bruno@lojaexemplo.com.br|Loja Oficial|42ef115f20394e9daca8", nil},
		{"custom fields keep the API's digits", joao, "{{contact.customfields.plano}} {{contact.customfields.limite_credito}} {{contact.customfields.tags}}", nil,
			"Profissional 1500.10 a, 2", nil},
		{"a custom field without a value, or unknown", joao, "{{contact.customfields.vazio}}{{contact.customfields.nada}}{{contact.customfields.cpf}}{{contact.customfields.cor}}", nil,
			"{{contact.customfields.vazio}}{{contact.customfields.nada}}{{contact.customfields.cpf}}{{contact.customfields.cor}}", []team.Missing{
				{Name: "contact.customfields.vazio", Why: `the contact has no value for the custom field "vazio"`},
				{Name: "contact.customfields.nada", Why: `the contact has no value for the custom field "nada"`},
				{Name: "contact.customfields.cpf", Why: `the contact has no value for the custom field "cpf"`},
				{Name: "contact.customfields.cor", Why: `the company has no custom field "cor" (see convo contacts fields)`},
			}},
		{"free variables, given or not", joao, "Chega em {{prazo}} dias; cupom {{ cupom }}, {{prazo}}.", map[string]string{"prazo": "3"},
			"Chega em 3 dias; cupom {{ cupom }}, 3.", []team.Missing{{Name: "cupom"}}},
		{"a given value wins over the API's", joao, "Olá {{contact.first_name}}", map[string]string{"contact.first_name": "Jota"}, "Olá Jota", nil},
		{"no name: the first name is the phone", noName, "Olá {{contact.first_name}}! {{contact.name}}", nil,
			"Olá 5551916761484! {{contact.name}}", []team.Missing{{Name: "contact.name", Why: "the contact has no name"}}},
		{"no attendant, no channel name", noName, "{{attendant.name}} {{channel.name}}", nil, "{{attendant.name}} {{channel.name}}", []team.Missing{
			{Name: "attendant.name", Why: "no attendant is known to send it: set yours with convo config set attendant"},
			{Name: "channel.name", Why: "the channel's name is not known: the token cannot list the channel"},
		}},
		{"a missing value is given", noName, "Olá {{contact.name}}", map[string]string{"contact.name": "Cliente"}, "Olá Cliente", nil},
		{"values are not read again", joao, "{{prazo}}", map[string]string{"prazo": "{{contact.name}}"}, "{{contact.name}}", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := reply(t, tt.text)
			got := r.Render(tt.subject.Values(r.Variables()), tt.given)
			if got.Text != tt.want || !reflect.DeepEqual(got.Missing, tt.missing) {
				t.Errorf("Render(%q) =\n %q %+v\nwant\n %q %+v", tt.text, got.Text, got.Missing, tt.want, tt.missing)
			}
		})
	}
}

func TestGiven(t *testing.T) {
	r := reply(t, "Olá {{contact.first_name}}, em {{prazo}} dias, cupom {{cupom}}")
	got, err := r.Given([]string{"prazo=3", " {{cupom}} = BEMVINDO10", "contact.first_name=Jota=J"}, naming.Flags)
	want := map[string]string{"prazo": "3", "cupom": " BEMVINDO10", "contact.first_name": "Jota=J"}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Given = %q, %v; want %q", got, err, want)
	}
	_, err = r.Given([]string{"prazo", "dias=3", "prazo=3", "prazo=4", "cupom= "}, naming.Flags)
	for _, msg := range []string{
		`--var "prazo": want NAME=VALUE`,
		`--var dias: saved reply "r1" has no variable dias; its variables are contact.first_name, prazo, cupom`,
		"--var prazo is given more than once",
		"--var cupom: the value is empty",
	} {
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("Given's error %v does not say %q", err, msg)
		}
	}
}

func TestOffered(t *testing.T) {
	f, err := team.Parse("t.yaml", []byte(`replies:
  - shortcut: frete
    title: Prazo de frete
    text: a
    channels: [chatapp]
  - shortcut: boleto
    title: Segunda via do boleto
    text: b
  - shortcut: prazo-troca
    title: Troca de tamanho
    text: c
    channels: [site-widget-0007]
  - shortcut: pix
    title: Pagamento por Pix, prazos
    text: d
`))
	if err != nil {
		t.Fatal(err)
	}
	chatapp := api.Channel{Token: "chatapp-main-001", Type: "chatapp"}
	widget := api.Channel{Token: "site-widget-0007", Type: "widget"}
	unknown := api.Channel{Token: "chatapp-main-001"}
	shortcuts := func(rs []*team.Reply) string {
		var s []string
		for _, r := range rs {
			s = append(s, r.Shortcut)
		}
		return strings.Join(s, " ")
	}
	for _, tt := range []struct {
		ch    api.Channel
		typed string
		want  string
	}{
		{chatapp, "", "frete boleto pix"},
		{widget, "", "boleto prazo-troca pix"},
		{unknown, "", "boleto pix"},
		{chatapp, "PRAZO", "frete pix"},
		{widget, "prazo", "prazo-troca pix"},
		{chatapp, "seg", "boleto"},
		{chatapp, "via do", "boleto"},
		{widget, "troca", "prazo-troca"},
		{chatapp, "pagamento", "pix"},
		{chatapp, "xyz", ""},
	} {
		if got := shortcuts(f.Offered(tt.ch, tt.typed)); got != tt.want {
			t.Errorf("Offered(%s, %q) = %q, want %q", tt.ch.Token, tt.typed, got, tt.want)
		}
	}
	if err := f.Replies[0].CheckChannel(widget); err == nil || err.Error() != `saved reply "frete" is offered only on chatapp; this chat is on widget, site-widget-0007` {
		t.Errorf("CheckChannel: %v", err)
	}
	if _, err := f.Lookup("fret", naming.Flags); err == nil || err.Error() != "no saved reply \"fret\" in t.yaml (did you mean frete?); see `convo replies list`" {
		t.Errorf("Lookup: %v", err)
	}
}
