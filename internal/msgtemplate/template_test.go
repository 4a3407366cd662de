package msgtemplate_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/validate"
)

func body(text string, variables ...string) api.TemplateComponent {
	return api.TemplateComponent{Type: "body", Text: text, Variables: variables}
}

func header(format, text string) api.TemplateComponent {
	return api.TemplateComponent{Type: "header", Format: format, Text: text}
}

func buttons(b ...api.TemplateButton) api.TemplateComponent {
	return api.TemplateComponent{Type: "buttons", Buttons: b}
}

func tmpl(name string, comps ...api.TemplateComponent) api.Template {
	return api.Template{ID: 7, Name: name, Status: "approved", Components: comps}
}

// The templates of the sandbox's seed that exercise every shape.
var (
	textOnly = tmpl("boas_vindas",
		body("Olá {{1}}, seu pedido {{2}} foi confirmado!", "nome", "numero_pedido"),
		api.TemplateComponent{Type: "footer", Text: "Loja Exemplo"})
	imageHeader = tmpl("promocao_imagem",
		header("image", ""),
		body("Oi {{1}}, a promoção de {{2}} começou!", "nome", "categoria"),
		buttons(api.TemplateButton{Type: "quick_reply", Text: "Quero saber mais"}))
	videoHeader = tmpl("tutorial_video", header("video", ""), body("Hi {{1}}, watch this.", "name"))
	docHeader   = tmpl("fatura_documento", header("document", ""), body("Olá {{1}}, segue a fatura.", "nome"))
	textHeader  = tmpl("lembrete_visita",
		header("text", "Lembrete: {{1}}"),
		body("Olá {{1}}, sua visita está marcada para {{2}}.", "nome", "data_hora"))
	urlButton = tmpl("rastreio_pedido",
		body("Seu pedido {{1}} foi enviado.", "numero_pedido"),
		buttons(api.TemplateButton{Type: "phone", Text: "Ligar", Phone: "+551140028922"},
			api.TemplateButton{Type: "url", Text: "Rastrear pedido", URL: "https://loja.exemplo.com.br/rastreio/{{1}}"}))
	noVariables = tmpl("segunda_via",
		body("Acesse a segunda via do seu boleto."),
		api.TemplateComponent{Type: "footer", Text: "Financeiro"})
)

func mustParse(t *testing.T, at api.Template) *msgtemplate.Template {
	t.Helper()
	p, err := msgtemplate.Parse(at)
	if err != nil {
		t.Fatalf("Parse(%s): %v", at.Name, err)
	}
	return p
}

func TestNumbers(t *testing.T) {
	tests := []struct {
		text string
		want []int
	}{
		{"no placeholders", nil},
		{"{{1}} and {{2}}", []int{1, 2}},
		{"{{2}} then {{1}} then {{2}}", []int{1, 2}},
		{"gap {{1}} {{3}}", []int{1, 3}},
		{"{{10}} {{9}}", []int{9, 10}},
		{"{{{1}}}", []int{1}},
		{"{{0}} {{ 1 }} {{a}} {{1} {1}} {{-1}} {{}}", nil},
		{"{{01}}", []int{1}},
		{"{{99999999999999999999999}}", nil},
		{"{{1}}{{2}}", []int{1, 2}},
		{"{{", nil},
	}
	for _, tt := range tests {
		if got := msgtemplate.Numbers(tt.text); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Numbers(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

func TestParseNamesVariablesInPlaceholderOrder(t *testing.T) {
	tests := []struct {
		name string
		body api.TemplateComponent
		want []msgtemplate.Variable
	}{
		{"in order", body("{{1}} {{2}}", "nome", "pedido"),
			[]msgtemplate.Variable{{Number: 1, Name: "nome"}, {Number: 2, Name: "pedido"}}},
		{"out of order and repeated", body("{{2}} … {{1}} … {{2}}", "nome", "pedido"),
			[]msgtemplate.Variable{{Number: 1, Name: "nome"}, {Number: 2, Name: "pedido"}}},
		{"without names", body("{{2}} {{1}}"),
			[]msgtemplate.Variable{{Number: 1, Name: "1"}, {Number: 2, Name: "2"}}},
		{"blank name", body("{{1}} {{2}}", "nome", " "),
			[]msgtemplate.Variable{{Number: 1, Name: "nome"}, {Number: 2, Name: "2"}}},
		{"gap", body("{{1}} {{3}}", "a", "c"),
			[]msgtemplate.Variable{{Number: 1, Name: "a"}, {Number: 3, Name: "c"}}},
		{"no placeholders", body("Olá!"), []msgtemplate.Variable{}},
	}
	for _, tt := range tests {
		p := mustParse(t, tmpl("x", tt.body))
		if !reflect.DeepEqual(p.Body.Variables, tt.want) {
			t.Errorf("%s: variables = %+v, want %+v", tt.name, p.Body.Variables, tt.want)
		}
	}
}

func TestParseReportsTemplatesThatCannotBeFilledIn(t *testing.T) {
	tests := []struct {
		name string
		t    api.Template
		want string
	}{
		{"fewer names", tmpl("a", body("{{1}} {{2}} {{3}}", "nome", "pedido")),
			`template "a" cannot be filled in: its body has 3 placeholders but 2 variable names (nome, pedido)`},
		{"more names", tmpl("b", body("{{1}}", "nome", "pedido")),
			`template "b" cannot be filled in: its body has 1 placeholder but 2 variable names (nome, pedido)`},
		{"duplicate names", tmpl("c", body("{{1}} {{2}}", "nome", "nome")),
			`template "c" cannot be filled in: its body variables {{1}} and {{2}} are both named "nome"`},
		{"two header placeholders", tmpl("d", header("text", "{{1}} {{2}}"), body("x")),
			`template "d" cannot be filled in: its text header has 2 placeholders, but a header takes at most one`},
		{"two URL placeholders", tmpl("e", body("x"), buttons(api.TemplateButton{Type: "url", Text: "Go", URL: "https://x.com/{{1}}/{{2}}"})),
			`template "e" cannot be filled in: the URL of button 0 has 2 placeholders, but a button takes at most one`},
		{"unknown header format", tmpl("f", header("audio", ""), body("x")),
			`template "f" cannot be filled in: its header has the unknown format "audio" (want text, image, video, document)`},
		{"two bodies", tmpl("g", body("x"), body("y")),
			`template "g" cannot be filled in: it has more than one body component`},
	}
	for _, tt := range tests {
		_, err := msgtemplate.Parse(tt.t)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: err = %v, want %s", tt.name, err, tt.want)
		}
	}
}

func TestParseHeaderAndButtons(t *testing.T) {
	p := mustParse(t, textHeader)
	if p.Header.Format != "text" || !reflect.DeepEqual(p.Header.Numbers, []int{1}) || p.Header.IsMedia() {
		t.Errorf("text header = %+v", p.Header)
	}
	if p := mustParse(t, imageHeader); !p.Header.IsMedia() || p.Header.Format != "image" {
		t.Errorf("image header = %+v", p.Header)
	}
	p = mustParse(t, urlButton)
	if len(p.Buttons) != 2 || p.Buttons[0].IsDynamicURL() || !p.Buttons[1].IsDynamicURL() || p.Buttons[1].Index != 1 {
		t.Errorf("buttons = %+v", p.Buttons)
	}
	static := mustParse(t, tmpl("s", body("x"), buttons(api.TemplateButton{Type: "url", Text: "Site", URL: "https://x.com/"})))
	if static.Buttons[0].IsDynamicURL() || len(static.Slots()) != 0 {
		t.Errorf("a URL without placeholder is static: %+v", static.Buttons[0])
	}
}

func fillAll(t *testing.T, p *msgtemplate.Template, values map[string]string) *msgtemplate.Values {
	t.Helper()
	v := p.NewValues()
	for _, s := range p.Slots() {
		if err := v.Set(s, values[s.String()]); err != nil {
			t.Fatalf("Set(%s): %v", s, err)
		}
	}
	return v
}

func TestComponentsShapes(t *testing.T) {
	tests := []struct {
		name   string
		t      api.Template
		values map[string]string
		want   string
	}{
		{"text only", textOnly, map[string]string{`body variable "nome" ({{1}})`: "Maria", `body variable "numero_pedido" ({{2}})`: "4521"},
			`[{"type":"body","parameters":[{"type":"text","text":"Maria"},{"type":"text","text":"4521"}]}]`},
		{"image header", imageHeader, map[string]string{"header image URL": "https://cdn.x.com/promo.JPG?sig=1",
			`body variable "nome" ({{1}})`: "Ana", `body variable "categoria" ({{2}})`: "tênis"},
			`[{"type":"header","parameters":[{"type":"image","path":"https://cdn.x.com/promo.JPG?sig=1"}]},` +
				`{"type":"body","parameters":[{"type":"text","text":"Ana"},{"type":"text","text":"tênis"}]}]`},
		{"video header", videoHeader, map[string]string{"header video URL": "https://cdn.x.com/v.mp4", `body variable "name" ({{1}})`: "Bob"},
			`[{"type":"header","parameters":[{"type":"video","path":"https://cdn.x.com/v.mp4"}]},{"type":"body","parameters":[{"type":"text","text":"Bob"}]}]`},
		{"document header", docHeader, map[string]string{"header document URL": "https://cdn.x.com/f.pdf", `body variable "nome" ({{1}})`: "Rui"},
			`[{"type":"header","parameters":[{"type":"document","path":"https://cdn.x.com/f.pdf"}]},{"type":"body","parameters":[{"type":"text","text":"Rui"}]}]`},
		{"text header", textHeader, map[string]string{"header text ({{1}})": "amanhã",
			`body variable "nome" ({{1}})`: "Lia", `body variable "data_hora" ({{2}})`: "10h"},
			`[{"type":"header","parameters":[{"type":"text","text":"amanhã"}]},` +
				`{"type":"body","parameters":[{"type":"text","text":"Lia"},{"type":"text","text":"10h"}]}]`},
		{"dynamic URL button", urlButton, map[string]string{`body variable "numero_pedido" ({{1}})`: "4521", "button 1 URL value": "BR4521"},
			`[{"type":"body","parameters":[{"type":"text","text":"4521"}]},` +
				`{"type":"button","sub_type":"url","index":1,"parameters":[{"type":"text","text":"BR4521"}]}]`},
		{"no variables", noVariables, nil, `[{"type":"body","parameters":[]}]`},
		{"out of order", tmpl("o", body("{{2}}, {{1}}! {{2}}", "saudacao", "nome")),
			map[string]string{`body variable "saudacao" ({{1}})`: "Oi", `body variable "nome" ({{2}})`: "Ana"},
			`[{"type":"body","parameters":[{"type":"text","text":"Oi"},{"type":"text","text":"Ana"}]}]`},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.t)
		comps, err := p.Components(fillAll(t, p, tt.values))
		if err != nil {
			t.Fatalf("%s: Components: %v", tt.name, err)
		}
		got, err := json.Marshal(comps)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
		if err := msgtemplate.Check(tt.t, comps); err != nil {
			t.Errorf("%s: Check(Components) = %v", tt.name, err)
		}
	}
}

func TestComponentsNeedEveryValue(t *testing.T) {
	p := mustParse(t, imageHeader)
	v := p.NewValues()
	if err := v.SetVar("nome", "Ana"); err != nil {
		t.Fatal(err)
	}
	_, err := p.Components(v)
	want := `components: needs a value for the header image URL; components: needs a value for the body variable "categoria" ({{2}})`
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
}

func TestMissingNamesEverySlotInFillingOrder(t *testing.T) {
	both := tmpl("both", header("document", ""), body("{{2}} {{1}}", "a", "b"),
		buttons(api.TemplateButton{Type: "url", Text: "Go", URL: "https://x.com/{{1}}"}))
	p := mustParse(t, both)
	v := p.NewValues()
	names := func() string {
		var s []string
		for _, slot := range v.Missing() {
			s = append(s, slot.String())
		}
		return strings.Join(s, " | ")
	}
	if got, want := names(), `header document URL | body variable "a" ({{1}}) | body variable "b" ({{2}}) | button 0 URL value`; got != want {
		t.Fatalf("Missing = %s\nwant %s", got, want)
	}
	if err := v.SetVar("2", "B"); err != nil {
		t.Fatal(err)
	}
	if err := v.SetButton("0", "x1"); err != nil {
		t.Fatal(err)
	}
	if got, want := names(), `header document URL | body variable "a" ({{1}})`; got != want {
		t.Fatalf("Missing = %s\nwant %s", got, want)
	}
	if got := mustParse(t, textHeader).NewValues().Missing()[0].String(); got != "header text ({{1}})" {
		t.Fatalf("text header slot = %q", got)
	}
	if got := mustParse(t, noVariables).NewValues().Missing(); len(got) != 0 {
		t.Fatalf("a template without variables needs nothing, got %v", got)
	}
}

func TestSetters(t *testing.T) {
	p := mustParse(t, textOnly)
	tests := []struct {
		name string
		set  func(v *msgtemplate.Values) error
		want string // "" for success
	}{
		{"by name", func(v *msgtemplate.Values) error { return v.SetVar("nome", "Maria") }, ""},
		{"by number", func(v *msgtemplate.Values) error { return v.SetVar("2", "4521") }, ""},
		{"unknown name", func(v *msgtemplate.Values) error { return v.SetVar("cidade", "x") },
			`template "boas_vindas" has no body variable "cidade"; its variables are nome ({{1}}), numero_pedido ({{2}})`},
		{"unknown number", func(v *msgtemplate.Values) error { return v.SetVar("3", "x") },
			`template "boas_vindas" has no body variable "3"; its variables are nome ({{1}}), numero_pedido ({{2}})`},
		{"blank value", func(v *msgtemplate.Values) error { return v.SetVar("nome", "  ") },
			`body variable "nome" ({{1}}): is required`},
		{"no header", func(v *msgtemplate.Values) error { return v.SetHeaderURL("https://x.com/a.png") },
			`template "boas_vindas" has no image, video or document header`},
		{"no text header", func(v *msgtemplate.Values) error { return v.SetHeaderText("x") },
			`template "boas_vindas" has no text header with a placeholder`},
		{"no buttons", func(v *msgtemplate.Values) error { return v.SetButton("0", "x") },
			`template "boas_vindas" has no dynamic URL button "0"; it has none`},
	}
	for _, tt := range tests {
		err := tt.set(p.NewValues())
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || err.Error() != tt.want):
			t.Errorf("%s: err = %v\nwant %s", tt.name, err, tt.want)
		}
	}

	img := mustParse(t, imageHeader).NewValues()
	err := img.SetHeaderURL("https://cdn.x.com/promo.mp4")
	var verr *validate.Error
	if !errors.As(err, &verr) || err.Error() != "header image URL: must be a public http(s) URL of a JPG, JPEG or PNG file" {
		t.Errorf("image header with an mp4: %v", err)
	}
	doc := mustParse(t, docHeader).NewValues()
	if err := doc.SetHeaderURL("https://cdn.x.com/fatura.PDF"); err != nil {
		t.Errorf("document header with a pdf: %v", err)
	}
	btn := mustParse(t, urlButton).NewValues()
	if err := btn.SetButton("0", "x"); err == nil ||
		err.Error() != `template "rastreio_pedido" has no dynamic URL button "0"; its dynamic URL buttons are 1 ("Rastrear pedido", https://loja.exemplo.com.br/rastreio/{{1}})` {
		t.Errorf("static button: %v", err)
	}
	if err := btn.SetButton("one", "x"); err == nil {
		t.Error("a button index that is not a number was accepted")
	}
}

func TestSetVarPrefersNameOverNumber(t *testing.T) {
	p := mustParse(t, tmpl("n", body("{{1}} {{2}}", "2", "x")))
	v := p.NewValues()
	if err := v.SetVar("2", "by name"); err != nil {
		t.Fatal(err)
	}
	if got, _ := v.Get(p.Slots()[0]); got != "by name" {
		t.Fatalf("--var 2= filled %v, want the variable named 2 ({{1}})", v.Missing())
	}
}

func TestPreview(t *testing.T) {
	full := tmpl("full",
		header("text", "Lembrete: {{1}}"),
		body("Olá {{1}}, pedido {{2}}; {{1}} de novo.", "nome", "pedido"),
		api.TemplateComponent{Type: "footer", Text: "Loja Exemplo"},
		buttons(api.TemplateButton{Type: "url", Text: "Rastrear", URL: "https://x.com/r/{{1}}"},
			api.TemplateButton{Type: "phone", Text: "Ligar", Phone: "+551140028922"},
			api.TemplateButton{Type: "quick_reply", Text: "Parar"}))
	p := mustParse(t, full)
	v := p.NewValues()
	want := "Lembrete: {{header}}\nOlá {{nome}}, pedido {{pedido}}; {{nome}} de novo.\nLoja Exemplo\n" +
		"[Rastrear → https://x.com/r/{{button 0}}]\n[Ligar → +551140028922]\n[Parar]"
	if got := p.Preview(v); got != want {
		t.Errorf("empty preview:\n%s\nwant\n%s", got, want)
	}
	for _, set := range []error{v.SetVar("nome", "Ana"), v.SetHeaderText("amanhã"), v.SetButton("0", "BR1")} {
		if set != nil {
			t.Fatal(set)
		}
	}
	want = "Lembrete: amanhã\nOlá Ana, pedido {{pedido}}; Ana de novo.\nLoja Exemplo\n" +
		"[Rastrear → https://x.com/r/BR1]\n[Ligar → +551140028922]\n[Parar]"
	if got := p.Preview(v); got != want {
		t.Errorf("partial preview:\n%s\nwant\n%s", got, want)
	}

	img := mustParse(t, imageHeader)
	iv := img.NewValues()
	if got := img.Preview(iv); !strings.HasPrefix(got, "[image]\nOi {{nome}}") {
		t.Errorf("image preview without URL:\n%s", got)
	}
	if err := iv.SetHeaderURL("https://cdn.x.com/p.png"); err != nil {
		t.Fatal(err)
	}
	if got := img.Preview(iv); !strings.HasPrefix(got, "[image: https://cdn.x.com/p.png]\n") {
		t.Errorf("image preview with URL:\n%s", got)
	}
}

// TestPreviewShowsControlsAsEscapes: a template's text, and a value, that
// hold terminal controls are previewed with them as visible escapes, the
// lines of the message kept.
func TestPreviewShowsControlsAsEscapes(t *testing.T) {
	p := mustParse(t, tmpl("hostil", body("Olá {{1}}\x1b]52;c;cHduZWQ=\x07\nfim\u202e", "nome")))
	v := p.NewValues()
	if err := v.SetVar("nome", "Ana\x1b[2J"); err != nil {
		t.Fatal(err)
	}
	if got, want := p.Preview(v), "Olá Ana^[[2J^[]52;c;cHduZWQ=^G\nfim\\u202e"; got != want {
		t.Errorf("preview %q, want %q", got, want)
	}
}

func TestContentFillsTheBody(t *testing.T) {
	comps := []api.SendComponent{{Type: "body", Parameters: []api.Parameter{{Type: "text", Text: "Oi"}, {Type: "text", Text: "Ana"}}}}
	got := msgtemplate.Content(tmpl("o", body("{{2}}, {{1}}! {{2}}?", "a", "b")), comps)
	if got != "Ana, Oi! Ana?" {
		t.Fatalf("Content = %q", got)
	}
	if got := msgtemplate.Content(noVariables, []api.SendComponent{{Type: "body"}}); got != "Acesse a segunda via do seu boleto." {
		t.Fatalf("Content without variables = %q", got)
	}
}

func TestSettersRefuseASecondValue(t *testing.T) {
	p := mustParse(t, textOnly)
	v := p.NewValues()
	if err := v.SetVar("nome", "Ana"); err != nil {
		t.Fatal(err)
	}
	err := v.SetVar("1", "Bia")
	if err == nil || err.Error() != `the body variable "nome" ({{1}}) is given more than once` {
		t.Fatalf("second value by number: %v", err)
	}
	if got, _ := v.Get(p.Slots()[0]); got != "Ana" {
		t.Fatalf("value = %q, want the first one kept", got)
	}
	// Set, which prompts use, replaces a value.
	if err := v.Set(p.Slots()[0], "Bia"); err != nil {
		t.Fatal(err)
	}
}
