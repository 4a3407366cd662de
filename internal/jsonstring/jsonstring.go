// Package jsonstring finds the string literals of JSON text without decoding
// it. Code that lays out or cuts JSON byte by byte must step over strings,
// whose quotes, brackets and commas are text, and over their escapes, whose
// quote does not end them: End is that rule, written once.
package jsonstring

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
