package safetext

import (
	"unicode/utf16"
	"unicode/utf8"
)

// JSON escapes, in JSON text, the characters Escaped reports that JSON
// allows raw inside strings (DEL, C1 controls, bidi and invisible
// characters) as \u escapes, UTF-16 surrogate pairs beyond U+FFFF. Every
// value reads back the same; a terminal showing the text is acted on by
// none of them. encoding/json escapes C0 controls but writes C1 raw.
//
// src must be valid JSON in UTF-8: outside strings it holds only ASCII, so
// every character concerned is inside a string. src is returned as it is
// when nothing needs escaping.
func JSON(src []byte) []byte {
	i := firstJSONUnsafe(src)
	if i == len(src) {
		return src
	}
	out := make([]byte, 0, len(src)+12)
	out = append(out, src[:i]...)
	for i < len(src) {
		r, size := utf8.DecodeRune(src[i:])
		if r >= 0x7f && Escaped(r) {
			if r > 0xffff {
				hi, lo := utf16.EncodeRune(r)
				out = appendJSONEscape(appendJSONEscape(out, hi), lo)
			} else {
				out = appendJSONEscape(out, r)
			}
		} else {
			out = append(out, src[i:i+size]...)
		}
		i += size
	}
	return out
}

// firstJSONUnsafe is the index of the first character JSON escapes, or
// len(src).
func firstJSONUnsafe(src []byte) int {
	for i := 0; i < len(src); {
		c := src[i]
		if c < 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		if r >= 0x7f && Escaped(r) {
			return i
		}
		i += size
	}
	return len(src)
}

func appendJSONEscape(out []byte, r rune) []byte {
	const hexDigits = "0123456789abcdef"
	return append(out, '\\', 'u', hexDigits[r>>12&0xf], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
}
