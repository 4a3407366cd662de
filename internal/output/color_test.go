package output

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// A nil scheme paints nothing: a painter given none leaves text as it is.
func TestNilSchemePaintsNothing(t *testing.T) {
	var c *ColorScheme
	if got := c.Red("x") + c.SuccessIcon(); got != "x✓" {
		t.Errorf("a nil scheme painted %q", got)
	}
}

// TestColorResetsBeforeEveryNewline paints multi-line text, as the template
// helper color does with a message's text, and checks every line: a
// coloured line starts with its colour and ends with the reset, before the
// line break, so no colour runs on into the next line (it used to be reset
// once, after the last line). Without the escape codes the text is
// unchanged.
func TestColorResetsBeforeEveryNewline(t *testing.T) {
	sgr := regexp.MustCompile("\x1b\\[[0-9;]*m")
	for _, text := range []string{
		"one line",
		"linha 1\nlinha 2",
		"ends with a newline\n",
		"\nstarts with one",
		"windows\r\nline ends\r\n",
		"blank\n\nline",
		"\n",
	} {
		item, err := json.Marshal(map[string]string{"text": text})
		if err != nil {
			t.Fatal(err)
		}
		ios, stdout, _ := testStreams(true)
		ios.SetColorEnabled(true)
		if err := PrintObject(ios, Options{Template: `{{color "red" .text}}`}, Spec{}, item); err != nil {
			t.Fatal(err)
		}
		got := stdout.String()
		if plain := sgr.ReplaceAllString(got, ""); strings.TrimSuffix(plain, "\n") != strings.TrimSuffix(text, "\n") {
			t.Errorf("%q: the text changed: %q", text, plain)
		}
		for _, line := range strings.SplitAfter(got, "\n") {
			body := strings.TrimRight(line, "\r\n")
			if body == "" {
				continue // an empty line: nothing to colour
			}
			if !strings.HasPrefix(body, "\x1b[31m") || !strings.HasSuffix(body, "\x1b[0m") {
				t.Errorf("%q: line %q is not coloured and reset before its line break, in %q", text, line, got)
			}
		}
	}
}
