package safetext

import (
	"strings"
	"unicode/utf8"
)

// A CSV cell that convo writes is made for two readers at once: a
// spreadsheet, which must show it as text and never evaluate it, and
// convo's own import, which must read back exactly the value written.
//
// The encoding (CSVCell, undone by ParseCSVCell):
//
//  1. The value is escaped as Line escapes it: controls, bidi and invisible
//     characters as visible escapes (^[, \n, \u202e…). So that the escapes
//     read back unambiguously, a backslash that the decoder would take for
//     the start of an escape is doubled (\\), and a caret that it would take
//     for caret notation is written \^. Other backslashes and carets are
//     left alone: C:\Temp stays C:\Temp.
//  2. A cell that then starts with =, +, -, or @ (which a spreadsheet reads
//     as a formula; tab and carriage return, the other two characters OWASP
//     names, are escapes by now) gets a leading single quote, as OWASP
//     advises. So does a cell that starts with a single quote followed by
//     one of those or by another quote, so that a quote of the value is
//     never taken for the neutralising one.
//
// Phone numbers are no exception: +5511987654321 is written
// '+5511987654321, which a spreadsheet shows as text with every digit and
// the plus (unquoted, it would show 5.51199E+12), and which the import reads
// as +5511987654321.

// formulaStart reports whether a cell starting with c is read as a formula
// by some spreadsheet (OWASP's list).
func formulaStart(c byte) bool {
	switch c {
	case '=', '+', '-', '@', '\t', '\r':
		return true
	}
	return false
}

// CSVCell encodes a value as a cell of a CSV file convo writes (see above):
// visible escapes, and a neutralising quote on a cell a spreadsheet would
// evaluate.
func CSVCell(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 1)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			writeByteEscape(&b, s[i])
		case r == '\\' && backslashNeedsEscape(s[i+size:]):
			b.WriteString(`\\`)
		case r == '^' && caretNeedsEscape(s[i+size:]):
			b.WriteString(`\^`)
		case Escaped(r):
			writeEscape(&b, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	cell := b.String()
	if cell != "" && (formulaStart(cell[0]) || cell[0] == '\'' && len(cell) > 1 && (formulaStart(cell[1]) || cell[1] == '\'')) {
		return "'" + cell
	}
	return cell
}

// CSVRow is a row with each cell encoded by CSVCell.
func CSVRow(cells []string) []string {
	row := make([]string, len(cells))
	for i, c := range cells {
		row[i] = CSVCell(c)
	}
	return row
}

// encodedStart is the first byte of what CSVCell writes for the start of
// rest, or 0 when rest is empty.
func encodedStart(rest string) byte {
	if rest == "" {
		return 0
	}
	r, size := utf8.DecodeRuneInString(rest)
	switch {
	case r == utf8.RuneError && size == 1:
		return '\\'
	case r == '\n' || r == '\t' || r == '\r':
		return '\\'
	case r < 0x20 || r == 0x7f:
		return '^'
	case Escaped(r):
		return '\\'
	}
	return rest[0]
}

// backslashNeedsEscape reports whether a backslash followed by rest would
// be read back as the start of an escape.
func backslashNeedsEscape(rest string) bool {
	switch encodedStart(rest) {
	case '\\', '^', 'n', 'r', 't', 'u', 'U', 'x':
		return true
	}
	return false
}

// caretNeedsEscape reports whether a caret followed by rest would be read
// back as caret notation.
func caretNeedsEscape(rest string) bool {
	c := encodedStart(rest)
	return c >= '@' && c <= '_' || c == '?'
}

// ParseCSVCell decodes a cell CSVCell wrote: the neutralising quote is
// removed, then the escapes are read. Text that holds no escape, as most
// hand-made files do, comes back as it is; so does anything that only looks
// like an escape: \u00e9, which is no character CSVCell escapes, stays
// \u00e9.
func ParseCSVCell(s string) string {
	if len(s) > 1 && s[0] == '\'' && (formulaStart(s[1]) || s[1] == '\'') {
		s = s[1:]
	}
	i := strings.IndexAny(s, `\^`)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	for i < len(s) {
		n, decoded := decodeEscape(s[i:])
		if n == 0 {
			b.WriteByte(s[i])
			i++
			continue
		}
		b.WriteString(decoded)
		i += n
	}
	return b.String()
}

// decodeEscape reads the escape s starts with: how many bytes it takes and
// what it stands for; 0 when s does not start with one.
func decodeEscape(s string) (int, string) {
	if len(s) < 2 {
		return 0, ""
	}
	c := s[1]
	if s[0] == '^' {
		switch {
		case c == '?':
			return 2, "\x7f"
		case c >= '@' && c <= '_':
			return 2, string(rune(c - 0x40))
		}
		return 0, ""
	}
	if s[0] != '\\' {
		return 0, ""
	}
	switch c {
	case '\\', '^':
		return 2, s[1:2]
	case 'n':
		return 2, "\n"
	case 'r':
		return 2, "\r"
	case 't':
		return 2, "\t"
	case 'x':
		if v, ok := hexValue(s[2:], 2); ok && v >= utf8.RuneSelf {
			return 4, string([]byte{byte(v)})
		}
	case 'u', 'U':
		digits := 4
		if c == 'U' {
			digits = 8
		}
		if v, ok := hexValue(s[2:], digits); ok && v <= utf8.MaxRune && Escaped(rune(v)) && v >= 0x80 {
			return 2 + digits, string(rune(v))
		}
	}
	return 0, ""
}

// hexValue reads exactly n hexadecimal digits at the start of s.
func hexValue(s string, n int) (uint32, bool) {
	if len(s) < n {
		return 0, false
	}
	var v uint32
	for i := range n {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		v = v<<4 | uint32(c)
	}
	return v, true
}
