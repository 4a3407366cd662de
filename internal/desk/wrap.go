package desk

import (
	"strings"

	"github.com/clipperhouse/displaywidth"

	"github.com/convo-cli/convo/internal/safetext"
)

// measure counts display cells; colour sequences (which the desk adds
// itself: text from the API goes through clean) take none.
var measure = displaywidth.Options{ControlSequences: true}

// cells is the width of s on a terminal, in display cells: two for most CJK
// characters and emoji, none for combining accents.
func cells(s string) int { return measure.String(s) }

// wrap breaks text into lines of at most width cells: between words, and
// inside a word longer than a line. A newline in text starts a new line;
// runs of spaces become one. Nothing is dropped.
func wrap(text string, width int) []string {
	width = max(width, 1)
	var lines []string
	for _, para := range strings.Split(text, "\n") {
		var line strings.Builder
		used := 0
		flush := func() {
			lines = append(lines, line.String())
			line.Reset()
			used = 0
		}
		words := strings.Fields(para)
		if len(words) == 0 {
			flush()
			continue
		}
		for _, w := range words {
			n := cells(w)
			switch {
			case used > 0 && used+1+n <= width:
				line.WriteByte(' ')
				line.WriteString(w)
				used += 1 + n
				continue
			case used > 0:
				flush()
			}
			if n <= width {
				line.WriteString(w)
				used = n
				continue
			}
			// A word wider than a line (a URL, a long number, text without
			// spaces): cut between grapheme clusters, never inside one.
			g := measure.StringGraphemes(w)
			for g.Next() {
				gw := g.Width()
				if used > 0 && used+gw > width {
					flush()
				}
				line.WriteString(g.Value())
				used += gw
			}
		}
		flush()
	}
	return lines
}

// clean makes text from the API safe to print on a terminal, on several
// lines: control characters and the invisible characters that reorder or
// hide text are shown as visible escapes (safetext.Text), line ends are
// "\n". Tabs stay, for wrap to space out.
func clean(s string) string {
	return safetext.Text(strings.ReplaceAll(s, "\r\n", "\n"))
}

// oneLine is clean text on a single line, its white space single spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(clean(s)), " ")
}
