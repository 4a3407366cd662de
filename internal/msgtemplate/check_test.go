package msgtemplate_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/validate"
)

func decodeComponents(t *testing.T, s string) []api.SendComponent {
	t.Helper()
	var comps []api.SendComponent
	if err := json.Unmarshal([]byte(s), &comps); err != nil {
		t.Fatalf("decode %s: %v", s, err)
	}
	return comps
}

// violations renders an error of Check as "field CODE" lines.
func violations(err error) string {
	var list validate.Errors
	var one *validate.Error
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = validate.Errors{one}
	default:
		return fmt.Sprintf("not a validation error: %v", err)
	}
	var lines []string
	for _, e := range list {
		lines = append(lines, e.Field+" "+e.Code)
	}
	return strings.Join(lines, "\n")
}

func TestCheckAcceptsWhatTheSpecificationShows(t *testing.T) {
	tests := []struct {
		name  string
		t     api.Template
		comps string
	}{
		{"text only", textOnly, `[{"type":"body","parameters":[{"type":"text","text":"Maria"},{"type":"text","text":"4521"}]}]`},
		{"any order", imageHeader, `[{"type":"body","parameters":[{"type":"text","text":"a"},{"type":"text","text":"b"}]},` +
			`{"type":"header","parameters":[{"type":"image","path":"https://x.com/a.jpeg"}]}]`},
		{"no variables, empty body", noVariables, `[{"type":"body","parameters":[]}]`},
		{"no variables, null parameters", noVariables, `[{"type":"body","parameters":null}]`},
		{"quick reply payload", imageHeader, `[{"type":"header","parameters":[{"type":"image","path":"https://x.com/a.png"}]},` +
			`{"type":"body","parameters":[{"type":"text","text":"a"},{"type":"text","text":"b"}]},` +
			`{"type":"button","sub_type":"quick_reply","index":0,"parameters":[{"type":"text","text":"MORE"}]}]`},
		{"url button", urlButton, `[{"type":"body","parameters":[{"type":"text","text":"1"}]},` +
			`{"type":"button","sub_type":"url","index":1,"parameters":[{"type":"text","text":"x"}]}]`},
	}
	for _, tt := range tests {
		if err := msgtemplate.Check(tt.t, decodeComponents(t, tt.comps)); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}

func TestCheckRejects(t *testing.T) {
	tests := []struct {
		name  string
		t     api.Template
		comps string
		want  string // "field CODE" per violation
	}{
		{"no components", textOnly, `[]`, "components FIELD_REQUIRED"},
		{"too few body parameters", textOnly, `[{"type":"body","parameters":[{"type":"text","text":"Maria"}]}]`,
			"components[0].parameters INVALID_VALUE"},
		{"too many body parameters", noVariables, `[{"type":"body","parameters":[{"type":"text","text":"x"}]}]`,
			"components[0].parameters INVALID_VALUE"},
		{"wrong parameter type and blank text", textOnly,
			`[{"type":"body","parameters":[{"type":"image","path":"https://x.com/a.png"},{"type":"text","text":" "}]}]`,
			"components[0].parameters[0].type INVALID_VALUE\ncomponents[0].parameters[1].text FIELD_REQUIRED"},
		{"missing body", textOnly, `[{"type":"header","parameters":[]}]`,
			"components[0].type INVALID_VALUE\ncomponents INVALID_VALUE"},
		{"unknown component type", textOnly, `[{"type":"footer","parameters":[]},{"type":"body","parameters":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}]`,
			"components[0].type INVALID_VALUE"},
		{"repeated body", noVariables, `[{"type":"body","parameters":[]},{"type":"body","parameters":[]}]`,
			"components[1] INVALID_VALUE"},
		{"missing media header", imageHeader, `[{"type":"body","parameters":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}]`,
			"components INVALID_VALUE"},
		{"media header of another format", imageHeader, `[{"type":"header","parameters":[{"type":"video","path":"https://x.com/a.mp4"}]},` +
			`{"type":"body","parameters":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}]`,
			"components[0].parameters[0].type INVALID_VALUE"},
		{"media header with a bad URL", docHeader, `[{"type":"header","parameters":[{"type":"document","path":"https://x.com/f.exe"}]},` +
			`{"type":"body","parameters":[{"type":"text","text":"a"}]}]`,
			"components[0].parameters[0].path INVALID_VALUE"},
		{"media header without parameter", docHeader, `[{"type":"header","parameters":[]},{"type":"body","parameters":[{"type":"text","text":"a"}]}]`,
			"components[0].parameters INVALID_VALUE"},
		{"text header without its value", textHeader, `[{"type":"header","parameters":[]},` +
			`{"type":"body","parameters":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}]`,
			"components[0].parameters INVALID_VALUE"},
		{"header with sub_type", textHeader, `[{"type":"header","sub_type":"url","parameters":[{"type":"text","text":"a"}]},` +
			`{"type":"body","parameters":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}]`,
			"components[0].sub_type INVALID_VALUE"},
		{"missing url button", urlButton, `[{"type":"body","parameters":[{"type":"text","text":"1"}]}]`,
			"components INVALID_VALUE"},
		{"button at a static index", urlButton, `[{"type":"body","parameters":[{"type":"text","text":"1"}]},` +
			`{"type":"button","sub_type":"url","index":0,"parameters":[{"type":"text","text":"x"}]},` +
			`{"type":"button","sub_type":"url","index":1,"parameters":[{"type":"text","text":"x"}]}]`,
			"components[1].index INVALID_VALUE"},
		{"button past the end", urlButton, `[{"type":"body","parameters":[{"type":"text","text":"1"}]},` +
			`{"type":"button","sub_type":"url","index":1,"parameters":[{"type":"text","text":"x"}]},` +
			`{"type":"button","sub_type":"url","index":5,"parameters":[{"type":"text","text":"x"}]}]`,
			"components[2].index INVALID_VALUE"},
		{"button without sub_type and index", urlButton, `[{"type":"body","parameters":[{"type":"text","text":"1"}]},` +
			`{"type":"button","parameters":[]}]`,
			"components[1].sub_type FIELD_REQUIRED\ncomponents[1].index FIELD_REQUIRED\ncomponents INVALID_VALUE"},
		{"button with unknown sub_type", urlButton, `[{"type":"body","parameters":[{"type":"text","text":"1"}]},` +
			`{"type":"button","sub_type":"call","index":1,"parameters":[{"type":"text","text":"x"}]}]`,
			"components[1].sub_type INVALID_VALUE"},
		{"quick reply at a url button", urlButton, `[{"type":"body","parameters":[{"type":"text","text":"1"}]},` +
			`{"type":"button","sub_type":"quick_reply","index":1,"parameters":[]}]`,
			"components[1].index INVALID_VALUE"},
		{"url button without its value", urlButton, `[{"type":"body","parameters":[{"type":"text","text":"1"}]},` +
			`{"type":"button","sub_type":"url","index":1,"parameters":[]}]`,
			"components[1].parameters INVALID_VALUE"},
		{"button on a template without buttons", textOnly,
			`[{"type":"body","parameters":[{"type":"text","text":"a"},{"type":"text","text":"b"}]},{"type":"button","sub_type":"url","index":0,"parameters":[]}]`,
			"components[1].index INVALID_VALUE"},
	}
	for _, tt := range tests {
		err := msgtemplate.Check(tt.t, decodeComponents(t, tt.comps))
		if got := violations(err); got != tt.want {
			t.Errorf("%s: violations\n%s\nwant\n%s\n(error: %v)", tt.name, got, tt.want, err)
		}
	}
}

func TestCheckMessagesAreSpecific(t *testing.T) {
	err := msgtemplate.Check(urlButton, decodeComponents(t, `[{"type":"body","parameters":[{"type":"text","text":"1"}]}]`))
	want := `components: button 1 of template "rastreio_pedido" has a dynamic URL: send a button component with sub_type url, index 1 and one text parameter`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	err = msgtemplate.Check(textOnly, decodeComponents(t, `[{"type":"body","parameters":[{"type":"text","text":"Maria"}]}]`))
	want = "components[0].parameters: must hold 2 text parameters, one per placeholder (got 1)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// randomTemplate builds a template of random shape from r: any header
// format, a body with placeholders in any order, repeated and with gaps,
// named or not, and a mix of buttons.
func randomTemplate(r *rand.Rand) api.Template {
	var comps []api.TemplateComponent
	switch r.IntN(5) {
	case 1:
		comps = append(comps, header("text", "Aviso {{"+fmt.Sprint(1+r.IntN(3))+"}}"))
	case 2:
		comps = append(comps, header("text", "Aviso fixo"))
	case 3:
		comps = append(comps, header([]string{"image", "video", "document"}[r.IntN(3)], ""))
	}
	var text strings.Builder
	distinct := map[int]bool{}
	for range r.IntN(6) {
		n := 1 + r.IntN(5)
		distinct[n] = true
		fmt.Fprintf(&text, "palavra {{%d}} ", n)
	}
	var names []string
	if r.IntN(2) == 0 {
		for i := range len(distinct) {
			names = append(names, fmt.Sprintf("var_%d", i))
		}
	}
	comps = append(comps, body(text.String(), names...))
	var bs []api.TemplateButton
	for i := range r.IntN(4) {
		switch r.IntN(4) {
		case 0:
			bs = append(bs, api.TemplateButton{Type: "url", Text: "Dyn", URL: fmt.Sprintf("https://x.com/%d/{{1}}", i)})
		case 1:
			bs = append(bs, api.TemplateButton{Type: "url", Text: "Static", URL: "https://x.com/"})
		case 2:
			bs = append(bs, api.TemplateButton{Type: "phone", Text: "Call", Phone: "+5511999999999"})
		default:
			bs = append(bs, api.TemplateButton{Type: "quick_reply", Text: "Ok"})
		}
	}
	if len(bs) > 0 {
		comps = append(comps, buttons(bs...))
	}
	return tmpl("random", comps...)
}

// valueFor is a valid value for any slot.
func valueFor(s msgtemplate.Slot) string {
	if s.Kind == msgtemplate.HeaderMedia {
		return map[string]string{"image": "https://cdn.x.com/a.png", "video": "https://cdn.x.com/a.mp4", "document": "https://cdn.x.com/a.pdf"}[s.Format]
	}
	return "valor de " + s.String()
}

func TestComponentsAlwaysPassCheck(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		at := randomTemplate(r)
		p, err := msgtemplate.Parse(at)
		if err != nil {
			t.Fatalf("Parse(%+v): %v", at, err)
		}
		v := p.NewValues()
		for _, s := range p.Slots() {
			if err := v.Set(s, valueFor(s)); err != nil {
				t.Fatalf("Set(%s): %v", s, err)
			}
		}
		comps, err := p.Components(v)
		if err != nil {
			t.Fatalf("Components(%+v): %v", at, err)
		}
		if err := msgtemplate.Check(at, comps); err != nil {
			b, _ := json.Marshal(comps)
			t.Fatalf("Check(%+v, %s): %v", at, b, err)
		}
	}
}
