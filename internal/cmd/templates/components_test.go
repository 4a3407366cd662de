package templates

import (
	"bytes"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/output"
)

func TestWriteComponents(t *testing.T) {
	ios, _, _, _ := output.Test()
	tests := []struct {
		name  string
		comps []api.TemplateComponent
		want  string
	}{
		{"none", nil, ""},
		{"body with variables and footer", []api.TemplateComponent{
			{Type: "body", Text: "Olá {{1}}, seu pedido {{2}} foi confirmado!", Variables: []string{"nome", "numero_pedido"}},
			{Type: "footer", Text: "Loja Exemplo"},
		}, "\nBODY\n  Olá {{1}}, seu pedido {{2}} foi confirmado!\n  {{1}}  nome\n  {{2}}  numero_pedido\nFOOTER\n  Loja Exemplo\n"},
		{"placeholders out of order, repeated, unnamed", []api.TemplateComponent{
			{Type: "body", Text: "{{2}} e {{1}}, de novo {{2}}", Variables: []string{"primeiro"}},
		}, "\nBODY\n  {{2}} e {{1}}, de novo {{2}}\n  {{1}}  primeiro\n  {{2}}\n"},
		{"body without placeholders", []api.TemplateComponent{
			{Type: "body", Text: "Acesse a segunda via do seu boleto."},
		}, "\nBODY\n  Acesse a segunda via do seu boleto.\n"},
		{"multi-line body", []api.TemplateComponent{
			{Type: "body", Text: "Linha um\n\nLinha três {{1}}", Variables: []string{"x"}},
		}, "\nBODY\n  Linha um\n\n  Linha três {{1}}\n  {{1}}  x\n"},
		{"media header", []api.TemplateComponent{{Type: "header", Format: "video"}},
			"\nHEADER\n  video, given as a file URL when sending (--header-url)\n"},
		{"text header with a placeholder", []api.TemplateComponent{{Type: "header", Format: "text", Text: "Lembrete: {{1}}"}},
			"\nHEADER\n  Lembrete: {{1}}  (its placeholder is filled with --header-text)\n"},
		{"fixed text header", []api.TemplateComponent{{Type: "header", Format: "text", Text: "Black Friday"}},
			"\nHEADER\n  Black Friday\n"},
		{"buttons of every kind", []api.TemplateComponent{{Type: "buttons", Buttons: []api.TemplateButton{
			{Type: "url", Text: "Rastrear pedido", URL: "https://loja.exemplo.com.br/rastreio/{{1}}"},
			{Type: "phone", Text: "Falar com a loja", Phone: "+551140028922"},
			{Type: "quick_reply", Text: "Quero saber mais"},
		}}}, "\nBUTTONS\n" +
			"  0  url          Rastrear pedido   https://loja.exemplo.com.br/rastreio/{{1}}\n" +
			"  1  phone        Falar com a loja  +551140028922\n" +
			"  2  quick_reply  Quero saber mais\n"},
		{"unknown component", []api.TemplateComponent{{Type: "carousel", Text: "?"}}, "\nCAROUSEL\n  ?\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := writeComponents(&b, ios.ColorScheme(), tt.comps); err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", b.String(), tt.want)
			}
		})
	}
}
