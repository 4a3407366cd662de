// Package english writes numbers, counts and sentences' first letters for
// people, the same way in every message: "1 row", "1,004 rows".
package english

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dustin/go-humanize"
)

// Comma writes n with thousands separators: 10,000.
func Comma[T ~int | ~int64](n T) string { return humanize.Comma(int64(n)) }

// Plural is noun, with an s unless n is 1.
func Plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// Count is n and noun, in the plural unless n is 1: "1 row", "1,004 rows".
func Count(n int, noun string) string { return Comma(n) + " " + Plural(n, noun) }

// And lists words for a sentence: "a", "a and b", "a, b and c".
func And(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// Capitalize is s with its first letter in upper case: a sentence's start
// made of a verb or a field's name.
func Capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}
