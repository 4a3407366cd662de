package render_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/render"
)

// spans renders placeholders as "name@start-end", in bytes, for comparison.
func spans(ps []render.Placeholder) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = fmt.Sprintf("%s@%d-%d", p.Name, p.Start, p.End)
	}
	return strings.Join(parts, " ")
}

func TestScan(t *testing.T) {
	tests := []struct {
		name   string
		syntax render.Syntax
		text   string
		want   string
	}{
		{"numbered", render.Numbered, "Olá {{1}}, pedido {{2}}", "1@5-10 2@19-24"},
		{"numbered rejects spaces, zero, names", render.Numbered, "{{ 1 }} {{0}} {{nome}} {{-1}} {{+1}}", ""},
		{"numbered keeps leading zeros as written", render.Numbered, "{{01}}", "01@0-6"},
		{"numbered rejects a number past int", render.Numbered, "{{99999999999999999999}}", ""},
		{"a brace more on each side", render.Numbered, "{{{1}}}", "1@1-6"},
		{"two opening pairs", render.Numbered, "{{{{1}}", "1@2-7"},
		{"unclosed", render.Numbered, "{{1} {{2", ""},
		{"empty", render.Numbered, "{{}}", ""},
		{"named", render.Named, "Olá {{contact.first_name}}, em {{prazo}} dias", "contact.first_name@5-27 prazo@32-41"},
		{"named with spaces inside the braces", render.Named, "{{ prazo }}", "prazo@0-11"},
		{"named accents, digits, dash and underscore", render.Named, "{{contact.customfields.situação-2_b}}", "contact.customfields.situação-2_b@0-39"},
		{"named refuses empty parts and spaces in a name", render.Named, "{{contact.}} {{.x}} {{a..b}} {{contact name}} {{}} {{ }}", ""},
		{"named refuses a line break", render.Named, "{{pra\nzo}}", ""},
		{"named after a stray opening", render.Named, "{{ {{prazo}}", "prazo@3-12"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := spans(tt.syntax.Scan(tt.text)); got != tt.want {
				t.Errorf("Scan(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestRender(t *testing.T) {
	values := map[string]string{"contact.first_name": "João", "prazo": "3", "vazio": ""}
	tests := []struct {
		text, want string
		missing    []string
	}{
		{"Olá {{contact.first_name}}! Chega em {{ prazo }} dias.", "Olá João! Chega em 3 dias.", nil},
		{"{{cupom}} e {{contact.phone}}, de novo {{cupom}}", "{{cupom}} e {{contact.phone}}, de novo {{cupom}}", []string{"cupom", "contact.phone"}},
		{"{{vazio}}|{{prazo}}", "|3", nil},
		{"sem variáveis {{ }}", "sem variáveis {{ }}", nil},
		// A value is text: the braces a value holds are not read again.
		{"{{prazo}}{{contact.first_name}}", "3João", nil},
	}
	for _, tt := range tests {
		got, missing := render.Named.Render(tt.text, values)
		if got != tt.want || !reflect.DeepEqual(missing, tt.missing) {
			t.Errorf("Render(%q) = %q, %q; want %q, %q", tt.text, got, missing, tt.want, tt.missing)
		}
	}
	braces := map[string]string{"a": "{{b}}", "b": "x"}
	if got, _ := render.Named.Render("{{a}}", braces); got != "{{b}}" {
		t.Errorf("a value was rendered again: %q", got)
	}
}

func TestNames(t *testing.T) {
	got := render.Named.Names("{{b}} {{a}} {{ b }} {{c.d}}")
	if want := []string{"b", "a", "c.d"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Names = %q, want %q", got, want)
	}
}

func TestMistakes(t *testing.T) {
	tests := []struct{ text, want string }{
		{"Olá {{contact name}}, {{prazo}} {{}}", "contact name@5-21 @33-37"},
		{"{{{prazo}}}", ""},
		{"{{a\nb}} x", ""},
		{"{ {x} } {{ok}} }}{{", ""},
		{"{{1 2}}{{ok}}{{3 4}}", "1 2@0-7 3 4@13-20"},
	}
	for _, tt := range tests {
		if got := spans(render.Named.Mistakes(tt.text)); got != tt.want {
			t.Errorf("Mistakes(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// naiveNumbered is the reading of numbered placeholders written out
// directly: "{{", digits of value 1 or more, "}}"; after a failed "{{",
// one byte on.
func naiveNumbered(text string) []render.Placeholder {
	var found []render.Placeholder
	for i := 0; i+1 < len(text); i++ {
		if text[i] != '{' || text[i+1] != '{' {
			continue
		}
		j := i + 2
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		if _, ok := render.Numbered(text[i+2 : j]); ok && strings.HasPrefix(text[j:], "}}") {
			found = append(found, render.Placeholder{Start: i, End: j + 2, Name: text[i+2 : j]})
			i = j + 1
		}
	}
	return found
}

// FuzzNumbered checks that Scan, whose search for "}}" is shared between
// openings, finds exactly the placeholders of the direct reading.
func FuzzNumbered(f *testing.F) {
	for _, s := range []string{"{{1}}", "{{{1}}}", "{{{{1}}", "{{1}{{2}}", "}}{{3}}}}", "{{0}}{{10}}x{{", "{{a}}{{1}}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got, want := spans(render.Numbered.Scan(text)), spans(naiveNumbered(text))
		if got != want {
			t.Fatalf("Scan(%q) = %q, want %q", text, got, want)
		}
	})
}
