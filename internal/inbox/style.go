package inbox

import (
	"strings"

	"github.com/convo-cli/convo/internal/textwidth"
)

// styles paints the inbox. Without colour (NO_COLOR, --no-color) only
// reverse video and bold remain, which are not colours: the selected row
// and the current view stay visible on a monochrome screen, and every row
// also carries a text mark (› for the selection, ● for news).
type styles struct{ color bool }

func sgr(code, s string) string {
	if s == "" {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (st styles) paint(code, s string) string {
	if !st.color {
		return s
	}
	return sgr(code, s)
}

func (st styles) reverse(s string) string { return sgr("7", s) }
func (st styles) bold(s string) string    { return sgr("1", s) }
func (st styles) dim(s string) string     { return st.paint("90", s) }
func (st styles) cyan(s string) string    { return st.paint("36", s) }
func (st styles) green(s string) string   { return st.paint("32", s) }
func (st styles) yellow(s string) string  { return st.paint("33", s) }
func (st styles) red(s string) string     { return st.paint("31", s) }

// cut fits s into w cells: cut with an ellipsis when longer, padded with
// spaces when shorter.
func cut(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if textwidth.Width(s) > w {
		s = textwidth.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", max(w-textwidth.Width(s), 0))
}

// box fits text into a block of exactly h lines of w cells.
func box(text string, w, h int) []string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if text == "" {
		lines = nil
	}
	out := make([]string, h)
	for i := range out {
		if i < len(lines) {
			out[i] = cut(lines[i], w)
		} else {
			out[i] = strings.Repeat(" ", max(w, 0))
		}
	}
	return out
}
