package msgtemplate

import (
	"slices"
	"strconv"

	"github.com/convo-cli/convo/internal/render"
)

// Numbers returns the distinct placeholder numbers of text in ascending
// order: "{{2}} and {{1}}, again {{2}}" gives [1 2]. A text takes one value
// per distinct number; the k-th value fills the k-th number of this list, so
// a text numbered with a gap ({{1}}, {{3}}) takes two values.
func Numbers(text string) []int {
	var ns []int
	for _, p := range render.Numbered.Scan(text) {
		ns = append(ns, number(p.Name))
	}
	slices.Sort(ns)
	return slices.Compact(ns)
}

// number is the number of a placeholder the Numbered syntax accepted.
func number(name string) int {
	n, _ := strconv.Atoi(name)
	return n
}

// fill replaces every placeholder of text with value(n).
func fill(text string, value func(n int) string) string {
	return render.Numbered.Fill(text, func(name string) (string, bool) { return value(number(name)), true })
}

// fillPositional fills text with values given in the order of Numbers(text),
// as the parameters of a component carry them; a placeholder without a value
// stays as it is.
func fillPositional(text string, values []string) string {
	numbers := Numbers(text)
	return render.Numbered.Fill(text, func(name string) (string, bool) {
		if i, _ := slices.BinarySearch(numbers, number(name)); i < len(values) {
			return values[i], true
		}
		return "", false
	})
}
