// Package textwidth measures text in terminal cells, the one measure convo
// lays text out with: table columns and their cuts (internal/output), the
// desk's wrapped conversations and the inbox's screen.
//
// Text is measured by grapheme cluster with github.com/clipperhouse/displaywidth,
// as terminals lay it out: a flag, a family joined with ZWJ or a heart with
// VS16 is two cells, a combining accent none, a CJK character two. Escape
// sequences (colours, OSC 8 links) take none.
//
// The inbox's widgets (bubbles, lipgloss) measure with
// github.com/charmbracelet/x/ansi's StringWidth, which sums the widths
// displaywidth gives each grapheme cluster and reads RUNEWIDTH_EASTASIAN for
// ambiguous characters. This package reads the same variable the same way,
// so the two agree by construction: a test holds them to it.
package textwidth

import (
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/clipperhouse/displaywidth"
)

// measure is how text is measured, settled on first use. Ambiguous East
// Asian characters are one cell unless RUNEWIDTH_EASTASIAN says true (a CJK
// locale on a terminal that draws them wide), as for the inbox's widgets.
var measure = sync.OnceValue(func() displaywidth.Options {
	wide, err := strconv.ParseBool(os.Getenv("RUNEWIDTH_EASTASIAN"))
	return displaywidth.Options{ControlSequences: true, EastAsianWidth: err == nil && wide}
})

// Width is the number of terminal cells s takes.
func Width(s string) int { return measure().String(s) }

// Truncate cuts s to at most width cells between grapheme clusters, ending
// it with tail (counted within width) when anything was cut. The escape
// sequences of the part cut off are kept before the tail, so that a colour
// still ends where it ended and the tail is never painted.
func Truncate(s string, width int, tail string) string {
	if Width(s) <= width {
		return s
	}
	room := width - Width(tail)
	if room < 0 { // no room for the tail either
		room, tail = max(width, 0), ""
	}
	var b strings.Builder
	used, cut := 0, false
	g := measure().StringGraphemes(s)
	for g.Next() {
		v := g.Value()
		switch w := g.Width(); {
		case v[0] == '\x1b':
			b.WriteString(v)
		case !cut && used+w <= room:
			b.WriteString(v)
			used += w
		default:
			cut = true
		}
	}
	b.WriteString(tail)
	return b.String()
}

// Wrap breaks text into lines of at most width cells: between words, and
// inside a word longer than a line. A newline in text starts a new line;
// runs of spaces become one. Nothing else is dropped.
func Wrap(text string, width int) []string {
	width = max(width, 1)
	var lines []string
	for para := range strings.SplitSeq(text, "\n") {
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
			n := Width(w)
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
			g := measure().StringGraphemes(w)
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
