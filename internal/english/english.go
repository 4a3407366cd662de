// Package english writes numbers and counts for people, the same way in
// every message: "1 row", "1,004 rows".
package english

import "github.com/dustin/go-humanize"

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
