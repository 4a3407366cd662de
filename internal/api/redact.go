package api

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Redact masks in s every occurrence of each secret as "***": written as it
// is, or in any encoding a server may echo it in, character by character —
// JSON escapes (\/ as PHP's json_encode writes a slash, \u0041, surrogate
// pairs), URL percent-encoding (%2F, %C3%A9, + for a space) and HTML
// character references (&#47;, &#x2F;), mixed as they come. Everything
// convo prints or logs of what a server sent goes through it.
func Redact(s string, secrets ...string) string {
	for _, secret := range secrets {
		if secret != "" {
			s = redactOne(s, secret)
		}
	}
	return s
}

// maxEncodedLen bounds the length of any encoding of secret that Redact
// recognises: one character takes at most 12 bytes (\ud83d\ude00).
func maxEncodedLen(secret string) int { return 12 * len(secret) }

func redactOne(s, secret string) string {
	var (
		b     strings.Builder
		last  int
		found bool
	)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != secret[0] && c != '\\' && c != '%' && c != '&' && c != '+' {
			continue
		}
		end, ok := matchSecret(s, i, secret)
		if !ok {
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString("***")
		last, found = end, true
		i = end - 1
	}
	if !found {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// matchSecret reports where the encoding of secret that starts at s[i]
// ends, if one does. A character may be written as itself or encoded, and
// a backslash, percent sign or ampersand of the secret may be either, so
// both ways are tried.
func matchSecret(s string, i int, secret string) (end int, ok bool) {
	if secret == "" {
		return i, true
	}
	r, size := utf8.DecodeRuneInString(secret)
	if strings.HasPrefix(s[i:], secret[:size]) {
		if end, ok := matchSecret(s, i+size, secret[size:]); ok {
			return end, true
		}
	}
	if er, n := decodeEscape(s[i:]); n > 0 && er == r {
		return matchSecret(s, i+n, secret[size:])
	}
	return 0, false
}

// decodeEscape decodes the escaped character that s starts with, and says
// how many bytes it takes; n is 0 when s does not start with an escape.
func decodeEscape(s string) (r rune, n int) {
	switch {
	case strings.HasPrefix(s, `\u`):
		return decodeJSONUnicode(s)
	case len(s) >= 2 && s[0] == '\\' && strings.IndexByte(`/\"`, s[1]) >= 0:
		return rune(s[1]), 2
	case strings.HasPrefix(s, "%"):
		return decodePercent(s)
	case strings.HasPrefix(s, "&#"):
		return decodeCharRef(s)
	case strings.HasPrefix(s, "+"):
		return ' ', 1
	}
	return 0, 0
}

// decodeJSONUnicode decodes \uXXXX, or a surrogate pair \uXXXX\uXXXX.
func decodeJSONUnicode(s string) (rune, int) {
	hi, ok := hex4(s)
	if !ok {
		return 0, 0
	}
	if hi >= 0xD800 && hi < 0xDC00 {
		if lo, ok := hex4(s[6:]); ok && lo >= 0xDC00 && lo < 0xE000 {
			return (hi-0xD800)<<10 + (lo - 0xDC00) + 0x10000, 12
		}
	}
	return hi, 6
}

// hex4 reads the four hex digits of a \uXXXX at the start of s.
func hex4(s string) (rune, bool) {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return 0, false
	}
	v, err := strconv.ParseUint(s[2:6], 16, 16)
	return rune(v), err == nil
}

// decodePercent decodes the %XX bytes of one UTF-8 character.
func decodePercent(s string) (rune, int) {
	var buf [utf8.UTFMax]byte
	n := 0
	for n < len(buf) && len(s) >= 3*(n+1) && s[3*n] == '%' {
		v, err := strconv.ParseUint(s[3*n+1:3*n+3], 16, 8)
		if err != nil {
			break
		}
		buf[n] = byte(v)
		n++
		if utf8.FullRune(buf[:n]) {
			r, size := utf8.DecodeRune(buf[:n])
			if size != n || r == utf8.RuneError {
				return 0, 0
			}
			return r, 3 * n
		}
	}
	return 0, 0
}

// decodeCharRef decodes an HTML character reference: &#47; or &#x2F;.
func decodeCharRef(s string) (rune, int) {
	end := strings.IndexByte(s, ';')
	if end < 3 || end > 10 {
		return 0, 0
	}
	digits, base := s[2:end], 10
	if digits[0] == 'x' || digits[0] == 'X' {
		digits, base = digits[1:], 16
	}
	v, err := strconv.ParseUint(digits, base, 21)
	if err != nil || v > utf8.MaxRune {
		return 0, 0
	}
	return rune(v), end + 1
}
