package msgtemplate

import (
	"slices"
	"strconv"
	"strings"
)

// placeholder is one occurrence of {{n}} in a text, at text[start:end].
type placeholder struct{ start, end, n int }

// scan finds the placeholders of text in order. A placeholder is "{{", one or
// more ASCII digits whose value is 1 or more, and "}}"; anything else in
// braces ("{{ 1 }}", "{{name}}", "{{0}}") is ordinary text. Scanning resumes
// one byte after a failed "{{", so "{{{1}}}" holds the placeholder {{1}}.
func scan(text string) []placeholder {
	var found []placeholder
	for i := 0; i < len(text); {
		open := strings.Index(text[i:], "{{")
		if open < 0 {
			break
		}
		start := i + open
		j := start + 2
		for j < len(text) && '0' <= text[j] && text[j] <= '9' {
			j++
		}
		if j > start+2 && strings.HasPrefix(text[j:], "}}") {
			if n, err := strconv.Atoi(text[start+2 : j]); err == nil && n > 0 {
				found = append(found, placeholder{start: start, end: j + 2, n: n})
				i = j + 2
				continue
			}
		}
		i = start + 1
	}
	return found
}

// Numbers returns the distinct placeholder numbers of text in ascending
// order: "{{2}} and {{1}}, again {{2}}" gives [1 2]. A text takes one value
// per distinct number; the k-th value fills the k-th number of this list, so
// a text numbered with a gap ({{1}}, {{3}}) takes two values.
func Numbers(text string) []int {
	var ns []int
	for _, p := range scan(text) {
		ns = append(ns, p.n)
	}
	slices.Sort(ns)
	return slices.Compact(ns)
}

// fill replaces every placeholder of text with value(n).
func fill(text string, value func(n int) string) string {
	var b strings.Builder
	last := 0
	for _, p := range scan(text) {
		b.WriteString(text[last:p.start])
		b.WriteString(value(p.n))
		last = p.end
	}
	b.WriteString(text[last:])
	return b.String()
}

// fillPositional fills text with values given in the order of Numbers(text),
// as the parameters of a component carry them; a placeholder without a value
// stays as it is.
func fillPositional(text string, values []string) string {
	numbers := Numbers(text)
	return fill(text, func(n int) string {
		if i, _ := slices.BinarySearch(numbers, n); i < len(values) {
			return values[i]
		}
		return "{{" + strconv.Itoa(n) + "}}"
	})
}
