package output

import "strings"

// ColorScheme wraps text in ANSI colours when colour is on and returns it
// unchanged otherwise, so callers never branch on the colour setting; a nil
// scheme paints nothing.
type ColorScheme struct {
	enabled bool
}

// ANSI SGR codes used by the scheme.
const (
	sgrBold    = "1"
	sgrRed     = "31"
	sgrGreen   = "32"
	sgrYellow  = "33"
	sgrMagenta = "35"
	sgrCyan    = "36"
	sgrGray    = "90"
)

// resetSequence ends every coloured span.
const resetSequence = "\x1b[0m"

// paint wraps s in the SGR code and a reset. A multi-line s is painted line
// by line, each line reset before its line break: a colour that ran on past
// a newline would bleed into whatever a line-oriented reader (grep, a log
// viewer, `less -R` scrolling back) shows next to it.
func (c *ColorScheme) paint(sgr, s string) string {
	if c == nil || !c.enabled || s == "" {
		return s
	}
	start := "\x1b[" + sgr + "m"
	if !strings.ContainsAny(s, "\r\n") {
		return start + s + resetSequence
	}
	var b strings.Builder
	for line := range strings.Lines(s) {
		text := strings.TrimRight(line, "\r\n")
		if text != "" {
			b.WriteString(start + text + resetSequence)
		}
		b.WriteString(line[len(text):])
	}
	return b.String()
}

// Bold renders s in bold.
func (c *ColorScheme) Bold(s string) string { return c.paint(sgrBold, s) }

// Gray renders s in gray, for secondary information.
func (c *ColorScheme) Gray(s string) string { return c.paint(sgrGray, s) }

// Green renders s in green.
func (c *ColorScheme) Green(s string) string { return c.paint(sgrGreen, s) }

// Red renders s in red.
func (c *ColorScheme) Red(s string) string { return c.paint(sgrRed, s) }

// Yellow renders s in yellow.
func (c *ColorScheme) Yellow(s string) string { return c.paint(sgrYellow, s) }

// Cyan renders s in cyan.
func (c *ColorScheme) Cyan(s string) string { return c.paint(sgrCyan, s) }

// Magenta renders s in magenta.
func (c *ColorScheme) Magenta(s string) string { return c.paint(sgrMagenta, s) }

// SuccessIcon is a green check mark.
func (c *ColorScheme) SuccessIcon() string { return c.Green("✓") }

// WarningIcon is a yellow exclamation mark.
func (c *ColorScheme) WarningIcon() string { return c.Yellow("!") }

// FailureIcon is a red X.
func (c *ColorScheme) FailureIcon() string { return c.Red("X") }

// byName returns the colour function called name, for the template helper
// `color`; ok is false for an unknown name.
func (c *ColorScheme) byName(name string) (paint func(string) string, ok bool) {
	switch name {
	case "bold":
		return c.Bold, true
	case "gray", "grey":
		return c.Gray, true
	case "green":
		return c.Green, true
	case "red":
		return c.Red, true
	case "yellow":
		return c.Yellow, true
	case "cyan":
		return c.Cyan, true
	case "magenta":
		return c.Magenta, true
	}
	return nil, false
}

// colorNames lists the names byName accepts, for error messages.
const colorNames = "bold, gray, green, red, yellow, cyan, magenta"
