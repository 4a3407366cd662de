package prompt

import (
	"bytes"
	"strings"
	"testing"
)

// TestPromptsShowAPITextAsEscapes: a question naming a contact, or showing
// a template's text, shows what they hold as visible escapes: the window's
// title, the screen and the order of the text stay as they were.
func TestPromptsShowAPITextAsEscapes(t *testing.T) {
	const name = "Ana\x1b]0;owned\x07"
	const preview = "Olá\x1b[2J \u202egnp.exe\nlinha 2"
	var out bytes.Buffer
	p := NewAccessible(strings.NewReader("y\nvalor\n"), &out)
	if ok, err := p.Confirm("Delete contact 42 ("+name+")?", preview, false); err != nil || !ok {
		t.Fatalf("Confirm = %v, %v", ok, err)
	}
	if _, err := p.Input(Input{Title: "Value for " + name, Description: preview}); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, raw := range []string{"\x1b]0;", "\x1b[2J", "\u202e", "\x07"} {
		if strings.Contains(got, raw) {
			t.Errorf("the prompt holds %q raw:\n%q", raw, got)
		}
	}
	for _, shown := range []string{`Ana^[]0;owned^G`, `Olá^[[2J \u202egnp.exe` + "\nlinha 2"} {
		if strings.Count(got, shown) < 2 {
			t.Errorf("%q is not shown by both prompts:\n%s", shown, got)
		}
	}
}
