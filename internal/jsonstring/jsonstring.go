// Package jsonstring finds the string literals of JSON text, repairs the
// invalid UTF-8 in them and escapes their C1 controls, without decoding the
// text. Code that lays out or cuts JSON byte by byte must step over strings,
// whose quotes, brackets and commas are text, and over their escapes, whose
// quote does not end them: End is that rule, written once.
package jsonstring

import "unicode/utf8"

// End returns the index just past the string literal that starts with the
// quote at src[i], or len(src) when the literal is not closed.
func End(src []byte, i int) int {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++ // the escaped character, a quote maybe
		case '"':
			return j + 1
		}
	}
	return len(src)
}

// replacement is how encoding/json writes a byte that is not UTF-8.
const replacement = `\ufffd`

// ToValidUTF8 returns JSON text whose strings hold only valid UTF-8: every
// byte that does not belong to a valid UTF-8 sequence becomes the escape
// \ufffd, as encoding/json writes such a byte. Valid text is returned as it
// is, without a copy. src must be valid JSON otherwise: outside its strings
// it is ASCII, so only bytes inside strings can change.
func ToValidUTF8(src []byte) []byte {
	if utf8.Valid(src) {
		return src
	}
	out := make([]byte, 0, len(src)+len(replacement))
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size == 1 {
			out = append(out, replacement...)
		} else {
			out = append(out, src[i:i+size]...)
		}
		i += size
	}
	return out
}
