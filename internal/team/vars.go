package team

import (
	"fmt"
	"slices"
	"strings"

	"github.com/convo-cli/convo/internal/render"
)

// Variable is a variable whose value comes from the chat a reply answers.
type Variable struct {
	// Name is the variable as written between the braces;
	// contact.customfields.NAME stands for every custom field.
	Name        string
	Description string
}

// CustomFieldPrefix starts the variables of the contact's custom fields:
// contact.customfields.plano is the contact's value of the field plano.
const CustomFieldPrefix = "contact.customfields."

// AttendantPrefix starts the variables of the attendant who sends a reply.
const AttendantPrefix = "attendant."

// Variables are the variables with a value from the API, in the order the
// documentation lists them. A name with a dot belongs to the namespace
// before its first dot; any name without a dot is free: given with --var or
// typed in.
var Variables = []Variable{
	{"contact.name", "the contact's name"},
	{"contact.first_name", "the first word of the contact's name; the contact's phone when it has no name"},
	{"contact.phone", "the contact's phone number: digits, with the country code"},
	{CustomFieldPrefix + "NAME", "the contact's value of the custom field NAME (see convo contacts fields)"},
	{AttendantPrefix + "name", "the name of the attendant who sends the reply"},
	{AttendantPrefix + "email", "the e-mail of the attendant who sends the reply"},
	{"channel.name", "the name of the chat's channel"},
	{"chat.token", "the chat's token"},
}

// Syntax is how saved replies write their variables: {{contact.name}},
// {{ prazo }}.
var Syntax = render.Named

// namespaces are the namespaces of Variables, in order.
func namespaces() []string {
	var ns []string
	for _, v := range Variables {
		if n, _, _ := strings.Cut(v.Name, "."); !slices.Contains(ns, n) {
			ns = append(ns, n)
		}
	}
	return ns
}

// IsFree reports whether name is a free variable: one without a dot, whose
// value the API does not give.
func IsFree(name string) bool { return !strings.Contains(name, ".") }

// checkVariable says what is wrong with a variable of a reply's text, or ""
// when it is a variable of Variables or a free one.
func checkVariable(name string) string {
	if IsFree(name) {
		return ""
	}
	space, rest, _ := strings.Cut(name, ".")
	if !slices.Contains(namespaces(), space) {
		return fmt.Sprintf("unknown variable {{%s}}: a name with a dot is one of %s; a variable you give with --var has no dot",
			name, strings.Join(variableNames(""), ", "))
	}
	if field, ok := strings.CutPrefix(name, CustomFieldPrefix); ok && field != "" {
		return ""
	}
	if slices.ContainsFunc(Variables, func(v Variable) bool { return v.Name == name }) {
		return ""
	}
	if name == strings.TrimSuffix(CustomFieldPrefix, ".") {
		return fmt.Sprintf("unknown variable {{%s}}: name the field, as {{%sNAME}}", name, CustomFieldPrefix)
	}
	msg := fmt.Sprintf("unknown variable {{%s}}: %s has %s", name, space, strings.Join(variableNames(space+"."), ", "))
	if near := closest(space+"."+rest, variableNames(space+".")); near != "" {
		msg += fmt.Sprintf(" (did you mean {{%s}}?)", near)
	}
	return msg
}

// variableNames lists the names of Variables that start with prefix.
func variableNames(prefix string) []string {
	var names []string
	for _, v := range Variables {
		if strings.HasPrefix(v.Name, prefix) {
			names = append(names, v.Name)
		}
	}
	return names
}

// closest is the candidate within two edits of s, if one is; "" otherwise.
func closest(s string, candidates []string) string {
	best, bestDist := "", 3
	for _, c := range candidates {
		if d := distance(s, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b, in characters.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
