package desk

import (
	"strings"

	"github.com/convo-cli/convo/internal/safetext"
)

// clean makes text from the API safe to print on a terminal, on several
// lines: control characters and the invisible characters that reorder or
// hide text are shown as visible escapes (safetext.Text), line ends are
// "\n". Tabs stay, for textwidth.Wrap to space out.
func clean(s string) string {
	return safetext.Text(strings.ReplaceAll(s, "\r\n", "\n"))
}

// oneLine is clean text on a single line, its white space single spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(clean(s)), " ")
}
