package sandbox

import (
	"slices"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/validate"
)

// seedTemplate returns the seed's template called name as the API shows it.
func seedTemplateNamed(t *testing.T, name string) api.Template {
	t.Helper()
	i := slices.IndexFunc(seedTemplates, func(s seedTemplate) bool { return s.name == name })
	if i < 0 {
		t.Fatalf("no seed template %s", name)
	}
	return api.Template{Name: name, Components: seedTemplates[i].components}
}

func textParam(s string) api.Parameter { return api.Parameter{Type: "text", Text: s} }

func sendBody(params ...api.Parameter) api.SendComponent {
	return api.SendComponent{Type: "body", Parameters: params}
}

func sendHeader(kind, url string) api.SendComponent {
	return api.SendComponent{Type: "header", Parameters: []api.Parameter{{Type: kind, Path: url}}}
}

func sendButton(subType string, index int, params ...api.Parameter) api.SendComponent {
	return api.SendComponent{Type: "button", SubType: subType, Index: &index, Parameters: params}
}

// TestSeedTemplatesAreChecked runs the send checks of msgtemplate on the
// seed's templates: what the sandbox accepts and refuses for each shape.
func TestSeedTemplatesAreChecked(t *testing.T) {
	const img = "https://cdn.exemplo.com.br/promo.png"
	tests := []struct {
		name     string
		template string
		comps    []api.SendComponent
		// fields of the violations expected, with their codes; none for a valid message
		want map[string]string
	}{
		{"text-only", "boas_vindas", []api.SendComponent{sendBody(textParam("Ana"), textParam("42"))}, nil},
		{"too few body parameters", "boas_vindas", []api.SendComponent{sendBody(textParam("Ana"))},
			map[string]string{"components[0].parameters": validate.CodeInvalid}},
		{"too many body parameters", "boas_vindas", []api.SendComponent{sendBody(textParam("Ana"), textParam("1"), textParam("2"))},
			map[string]string{"components[0].parameters": validate.CodeInvalid}},
		{"blank body parameter", "boas_vindas", []api.SendComponent{sendBody(textParam("Ana"), textParam(" "))},
			map[string]string{"components[0].parameters[1].text": validate.CodeRequired}},
		{"body parameter of another type", "boas_vindas", []api.SendComponent{sendBody(api.Parameter{Type: "image", Path: img}, textParam("1"))},
			map[string]string{"components[0].parameters[0].type": validate.CodeInvalid}},
		{"no components", "boas_vindas", nil, map[string]string{"components": validate.CodeRequired}},
		{"body twice", "boas_vindas", []api.SendComponent{sendBody(textParam("Ana"), textParam("1")), sendBody(textParam("Ana"), textParam("1"))},
			map[string]string{"components[1]": validate.CodeInvalid}},
		{"header the template lacks", "boas_vindas", []api.SendComponent{sendHeader("image", img), sendBody(textParam("Ana"), textParam("1"))},
			map[string]string{"components[0].type": validate.CodeInvalid}},
		{"unknown component type", "boas_vindas", []api.SendComponent{{Type: "footer"}, sendBody(textParam("Ana"), textParam("1"))},
			map[string]string{"components[0].type": validate.CodeInvalid}},

		{"image header", "promocao_imagem", []api.SendComponent{sendHeader("image", img), sendBody(textParam("Ana"), textParam("sapatos"))}, nil},
		{"image header with a query string", "promocao_imagem", []api.SendComponent{sendHeader("image", "https://cdn.exemplo.com.br/a.JPG?sig=1"), sendBody(textParam("Ana"), textParam("x"))}, nil},
		{"no header", "promocao_imagem", []api.SendComponent{sendBody(textParam("Ana"), textParam("sapatos"))},
			map[string]string{"components": validate.CodeInvalid}},
		{"header of another format", "promocao_imagem", []api.SendComponent{sendHeader("video", "https://cdn.exemplo.com.br/a.mp4"), sendBody(textParam("Ana"), textParam("x"))},
			map[string]string{"components[0].parameters[0].type": validate.CodeInvalid}},
		{"header file not an image", "promocao_imagem", []api.SendComponent{sendHeader("image", "https://cdn.exemplo.com.br/a.gif"), sendBody(textParam("Ana"), textParam("x"))},
			map[string]string{"components[0].parameters[0].path": validate.CodeInvalid}},
		{"header without a parameter", "promocao_imagem", []api.SendComponent{{Type: "header"}, sendBody(textParam("Ana"), textParam("x"))},
			map[string]string{"components[0].parameters": validate.CodeInvalid}},
		{"quick reply", "promocao_imagem", []api.SendComponent{sendHeader("image", img), sendBody(textParam("Ana"), textParam("x")), sendButton("quick_reply", 1, textParam("nao"))}, nil},
		{"quick reply out of range", "promocao_imagem", []api.SendComponent{sendHeader("image", img), sendBody(textParam("Ana"), textParam("x")), sendButton("quick_reply", 2)},
			map[string]string{"components[2].index": validate.CodeInvalid}},

		{"dynamic URL button", "rastreio_pedido", []api.SendComponent{sendBody(textParam("4521")), sendButton("url", 0, textParam("4521"))}, nil},
		{"no button component", "rastreio_pedido", []api.SendComponent{sendBody(textParam("4521"))},
			map[string]string{"components": validate.CodeInvalid}},
		{"button on the phone button", "rastreio_pedido", []api.SendComponent{sendBody(textParam("4521")), sendButton("url", 0, textParam("4521")), sendButton("url", 1, textParam("x"))},
			map[string]string{"components[2].index": validate.CodeInvalid}},
		{"quick reply on a URL button", "rastreio_pedido", []api.SendComponent{sendBody(textParam("4521")), sendButton("quick_reply", 0)},
			map[string]string{"components[1].index": validate.CodeInvalid}},
		{"button without a parameter", "rastreio_pedido", []api.SendComponent{sendBody(textParam("4521")), sendButton("url", 0)},
			map[string]string{"components[1].parameters": validate.CodeInvalid}},
		{"button without sub_type and index", "rastreio_pedido", []api.SendComponent{sendBody(textParam("4521")), {Type: "button", Parameters: []api.Parameter{textParam("1")}}},
			map[string]string{"components[1].sub_type": validate.CodeRequired, "components[1].index": validate.CodeRequired, "components": validate.CodeInvalid}},
		{"unknown sub_type", "rastreio_pedido", []api.SendComponent{sendBody(textParam("4521")), sendButton("call", 0, textParam("1"))},
			map[string]string{"components[1].sub_type": validate.CodeInvalid}},
		{"same button twice", "rastreio_pedido", []api.SendComponent{sendBody(textParam("4521")), sendButton("url", 0, textParam("1")), sendButton("url", 0, textParam("2"))},
			map[string]string{"components[2]": validate.CodeInvalid}},

		{"video header", "tutorial_video", []api.SendComponent{sendHeader("video", "https://cdn.exemplo.com.br/t.mp4"), sendBody(textParam("Ann"), textParam("phone"))}, nil},
		{"document header", "fatura_documento", []api.SendComponent{sendHeader("document", "https://cdn.exemplo.com.br/f.pdf"), sendBody(textParam("Ana"), textParam("maio"))}, nil},
		{"text header with a placeholder", "lembrete_visita",
			[]api.SendComponent{{Type: "header", Parameters: []api.Parameter{textParam("visita")}}, sendBody(textParam("Ana"), textParam("amanhã"))}, nil},
		{"text header without its parameter", "lembrete_visita", []api.SendComponent{sendBody(textParam("Ana"), textParam("amanhã"))},
			map[string]string{"components": validate.CodeInvalid}},
		{"text header without placeholder takes none", "black_friday",
			[]api.SendComponent{{Type: "header", Parameters: []api.Parameter{textParam("x")}}, sendBody(textParam("Ana"))},
			map[string]string{"components[0].type": validate.CodeInvalid}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := msgtemplate.Check(seedTemplateNamed(t, tt.template), tt.comps)
			got := map[string]string{}
			var errs validate.Errors
			errs.Add(err)
			for _, e := range errs {
				got[e.Field] = e.Code
			}
			if len(got) != len(tt.want) {
				t.Fatalf("violations %v, want %v", got, tt.want)
			}
			for f, code := range tt.want {
				if got[f] != code {
					t.Errorf("violations %v, want %v", got, tt.want)
				}
			}
		})
	}
}

func TestTemplateContent(t *testing.T) {
	tm := seedTemplateNamed(t, "promocao_imagem")
	got := msgtemplate.Content(tm, []api.SendComponent{sendHeader("image", "https://x.example/a.png"), sendBody(textParam("Ana"), textParam("sapatos"))})
	if want := "Oi Ana, a promoção de sapatos começou! Aproveite descontos de até 50%."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
