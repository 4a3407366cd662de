package msgtemplate_test

import (
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/msgtemplate"
)

// FuzzParse feeds arbitrary texts to a template's text header, body and
// URL button. Parse must not panic, and whenever it accepts the template,
// the components built with every slot filled pass Check, and the message's
// content has no placeholder left.
func FuzzParse(f *testing.F) {
	f.Add("Lembrete: {{1}}", "Olá {{1}}, seu pedido {{2}} foi confirmado!", "https://x.com/r/{{1}}")
	f.Add("", "{{2}} … {{1}} … {{2}}", "https://x.com/")
	f.Add("{{1}}{{1}}", "{{{1}}} {{0}} {{01}} {{ 1 }}", "{{1}}")
	f.Fuzz(func(t *testing.T, headerText, bodyText, url string) {
		at := api.Template{Name: "fuzz", Components: []api.TemplateComponent{
			{Type: "header", Format: "text", Text: headerText},
			{Type: "body", Text: bodyText},
			{Type: "buttons", Buttons: []api.TemplateButton{{Type: "url", Text: "Go", URL: url}, {Type: "quick_reply", Text: "Ok"}}},
		}}
		p, err := msgtemplate.Parse(at)
		if err != nil {
			return
		}
		v := p.NewValues()
		_ = p.Preview(v)
		for _, s := range p.Slots() {
			if err := v.Set(s, "v"); err != nil {
				t.Fatalf("Set(%s): %v", s, err)
			}
		}
		if missing := v.Missing(); len(missing) > 0 {
			t.Fatalf("still missing after filling every slot: %v", missing)
		}
		comps, err := p.Components(v)
		if err != nil {
			t.Fatalf("Components: %v", err)
		}
		if err := msgtemplate.Check(at, comps); err != nil {
			t.Fatalf("Check(Components): %v", err)
		}
		// A value without digits cannot complete a placeholder with the text
		// around it, so none may be left.
		if content := msgtemplate.Content(at, comps); len(msgtemplate.Numbers(content)) > 0 {
			t.Fatalf("content %q of body %q still has placeholders", content, bodyText)
		}
	})
}
