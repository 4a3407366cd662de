package safetext

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
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

// JSONText rewrites every string of src, valid JSON, object keys included,
// as Text shows it: its values carry no control character but newlines and
// tabs, and no invisible character, once decoded. It is for JSON that a
// program reads and then shows or acts on as text (an assistant's tool
// results), where JSON's own escapes would be decoded back into the
// characters they stand for. The rest of src, the order of keys included,
// is kept; src is returned as it is when no string changes.
func JSONText(src []byte) ([]byte, error) {
	var out []byte
	done := 0 // src[:done] is in out, or out is nil and nothing changed yet
	for i := 0; i < len(src); i++ {
		if src[i] != '"' {
			continue
		}
		end := i + 1
		for end < len(src) && src[end] != '"' {
			if src[end] == '\\' {
				end++
			}
			end++
		}
		if end >= len(src) {
			return nil, errors.New("safetext: unterminated string in JSON")
		}
		lit := src[i : end+1]
		var s string
		if err := json.Unmarshal(lit, &s); err != nil {
			return nil, fmt.Errorf("safetext: %w", err)
		}
		if shown := Text(s); shown != s {
			enc, err := marshalString(shown)
			if err != nil {
				return nil, err
			}
			out = append(append(out, src[done:i]...), enc...)
			done = end + 1
		}
		i = end
	}
	if out == nil {
		return src, nil
	}
	return append(out, src[done:]...), nil
}

// marshalString encodes s as a JSON string without escaping <, > and &.
func marshalString(s string) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
