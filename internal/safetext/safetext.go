// Package safetext renders text that someone else wrote (customers' names
// and messages, tag and template texts, a server's error messages) so that
// nothing in it can act on the terminal, the shell or the spreadsheet it is
// shown in. Control characters and the invisible characters that reorder
// or hide text are written as visible escapes; every other character is
// kept, so the words stay readable.
//
// The escapes:
//
//	C0 controls (U+0000–U+001F)   caret notation: ESC is ^[, BEL ^G, NUL ^@
//	DEL (U+007F)                  ^?
//	newline, tab, carriage return \n, \t, \r on one line (Line, CSVCell);
//	                              kept in Text, a carriage return only before a newline
//	C1 controls (U+0080–U+009F)   \u009b
//	bidi embeddings, overrides    \u202e (U+202A–U+202E, U+2066–U+2069)
//	and isolates
//	invisible separators and      \u200b, \u2028, \u2029, \u2060–\u2064, \u206a–\u206f,
//	marks that hide text          \ufeff, \ufff9–\ufffb
//	tag characters                \U000e0041 (U+E0001, U+E0020–U+E007F)
//	a byte that is not UTF-8      \xff
//
// Kept as they are, because writing needs them and they cannot move or hide
// other text: the zero-width joiner and non-joiner (U+200D, U+200C: emoji
// sequences, Persian and Indic scripts), the left-to-right, right-to-left
// and Arabic letter marks (U+200E, U+200F, U+061C: Arabic and Hebrew text
// mixed with Latin), the soft hyphen and variation selectors. The tag
// characters are escaped although three flag emoji (England, Scotland,
// Wales) are made of them: they are otherwise a way to hide instructions
// from the person reading a text an assistant is asked to act on.
//
// No escape is longer than six bytes per byte of the text it replaces.
// Sanitising is presentation: the escapes are plain ASCII, and applying
// Line or Text to their own output changes nothing.
package safetext

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Escaped reports whether r is written as an escape: a control character
// (C0, DEL, C1), or an invisible character that reorders, separates or
// hides text (see the package documentation). Newline and tab are among
// them; Text keeps those.
func Escaped(r rune) bool {
	switch {
	case r < 0x20, r >= 0x7f && r <= 0x9f:
		return true
	case r < 0x200b:
		return false
	case r == 0x200b, r == 0x2028, r == 0x2029,
		r >= 0x202a && r <= 0x202e,
		r >= 0x2060 && r <= 0x2064,
		r >= 0x2066 && r <= 0x206f,
		r == 0xfeff,
		r >= 0xfff9 && r <= 0xfffb,
		r == 0xe0001, r >= 0xe0020 && r <= 0xe007f:
		return true
	}
	return false
}

// mode is how line breaks and tabs are shown.
type mode int

const (
	oneLine   mode = iota // \n, \t and \r as escapes
	multiLine             // newlines and tabs kept; \r kept before \n
)

// Line is s on one line, for a cell of a table, a field of tab-separated
// output or a line of a message: every character Escaped would escape is
// written as its escape, newlines as \n, tabs as \t.
func Line(s string) string { return sanitise(s, oneLine) }

// Text is s for a place that shows several lines (a message in a
// conversation, a --jq result, a prompt's description): newlines and tabs
// stay, a carriage return stays where it ends a line (before a newline), and
// everything else Escaped would escape is written as its escape.
func Text(s string) string { return sanitise(s, multiLine) }

func sanitise(s string, m mode) string {
	i := firstUnsafe(s, m)
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			writeByteEscape(&b, s[i])
		case keeps(m, s, i, r):
			b.WriteString(s[i : i+size])
		case Escaped(r):
			writeEscape(&b, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// keeps reports whether mode m keeps the control character r at s[i] as
// it is: the line breaks and tabs of multi-line text.
func keeps(m mode, s string, i int, r rune) bool {
	if m != multiLine {
		return false
	}
	switch r {
	case '\n', '\t':
		return true
	case '\r':
		return i+1 < len(s) && s[i+1] == '\n'
	}
	return false
}

// firstUnsafe is the index of the first byte of s that sanitising in mode
// m changes, or len(s): the common case, text with nothing to escape, is
// returned as it is without a copy.
func firstUnsafe(s string, m mode) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 || c == 0x7f) && !keeps(m, s, i, rune(c)) {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || Escaped(r) {
			return i
		}
		i += size
	}
	return len(s)
}

// writeEscape writes the escape of a rune Escaped reports.
func writeEscape(b *strings.Builder, r rune) {
	switch {
	case r == '\n':
		b.WriteString(`\n`)
	case r == '\t':
		b.WriteString(`\t`)
	case r == '\r':
		b.WriteString(`\r`)
	case r < 0x20:
		b.WriteByte('^')
		b.WriteByte(byte(r) + 0x40)
	case r == 0x7f:
		b.WriteString("^?")
	default:
		writeCodePoint(b, r)
	}
}

// writeCodePoint writes r as \uXXXX, or \UXXXXXXXX beyond U+FFFF.
func writeCodePoint(b *strings.Builder, r rune) {
	digits, prefix := 4, `\u`
	if r > 0xffff {
		digits, prefix = 8, `\U`
	}
	hex := strconv.FormatInt(int64(r), 16)
	b.WriteString(prefix)
	b.WriteString(strings.Repeat("0", digits-len(hex)))
	b.WriteString(hex)
}

// writeByteEscape writes a byte that is not part of UTF-8 text as \xNN: a
// lone 0x9b is CSI to a terminal that reads bytes.
func writeByteEscape(b *strings.Builder, c byte) {
	const hexDigits = "0123456789abcdef"
	b.WriteString(`\x`)
	b.WriteByte(hexDigits[c>>4])
	b.WriteByte(hexDigits[c&0xf])
}
