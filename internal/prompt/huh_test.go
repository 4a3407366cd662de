package prompt

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/clierr"
)

// Answers typed ahead arrive in one read; each prompt must get its own
// line, not the first prompt all of them.
func TestAccessibleAnswersOneLineEach(t *testing.T) {
	var out bytes.Buffer
	h := NewAccessible(strings.NewReader("Maria\n5531958380742\ny\n"), &out)
	name, err := h.Input(Input{Title: "Name"})
	if err != nil || name != "Maria" {
		t.Fatalf("name = %q, %v", name, err)
	}
	phone, err := h.Input(Input{Title: "Phone"})
	if err != nil || phone != "5531958380742" {
		t.Fatalf("phone = %q, %v", phone, err)
	}
	if ok, err := h.Confirm("Create?", "", false); err != nil || !ok {
		t.Fatalf("confirm = %v, %v", ok, err)
	}
}

// At the end of input huh returns what it has without validating it: the
// answer is validated again, and an unanswered question is no consent.
func TestAccessibleEndOfInput(t *testing.T) {
	var out bytes.Buffer
	h := NewAccessible(strings.NewReader("abc\n"), &out)
	digits := func(s string) error {
		if strings.Trim(s, "0123456789") != "" || s == "" {
			return errors.New("digits only")
		}
		return nil
	}
	if v, err := h.Input(Input{Title: "Phone", Validate: digits}); !errors.Is(err, ErrNoAnswer) {
		t.Errorf("an invalid answer then end of input = %q, %v; want ErrNoAnswer", v, err)
	}
	if ok, err := h.Confirm("Delete?", "", true); ok || !errors.Is(err, clierr.ErrCancelled) {
		t.Errorf("confirm at end of input = %v, %v; want cancelled", ok, err)
	}
}

// Prompts written to something that is not a terminal carry no escape
// sequences: no colour, no bold.
func TestAccessiblePromptsWithoutEscapes(t *testing.T) {
	var out bytes.Buffer
	h := NewAccessible(strings.NewReader("Maria\nn\n"), &out)
	if _, err := h.Input(Input{Title: "Name", Description: "As the customer writes it"}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Confirm("Save?", "", false); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "\x1b") {
		t.Errorf("escape sequences in the prompts: %q", out.String())
	}
	for _, want := range []string{"As the customer writes it\n", "Name", "Save? [y/N]"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the prompts lack %q: %q", want, out.String())
		}
	}
}

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
