// Package render fills the placeholders of a text: "{{" a name "}}". It is
// the one renderer of convo's texts with variables: the numbered
// placeholders of message templates ({{1}}) and the named variables of
// saved replies ({{contact.first_name}}, {{prazo}}) are found and filled by
// the same code, each with its Syntax, so that what a preview shows, what
// a check reports and what is sent cannot disagree.
//
// A placeholder is "{{", then what its syntax accepts as a name, then the
// first "}}" after it. Anything else in double braces is ordinary text, and
// scanning goes on one byte after a "{{" that opens no placeholder: in
// "{{{1}}}" the placeholder is {{1}}, between single braces.
package render

import (
	"strconv"
	"strings"
	"unicode"
)

// Placeholder is one placeholder of a text, at text[Start:End] (its braces
// included).
type Placeholder struct {
	Start, End int
	// Name is the placeholder's name as its Syntax reads it.
	Name string
}

// Syntax reads what stands between "{{" and "}}" (inner) and says whether
// it is a placeholder, and by which name.
type Syntax func(inner string) (name string, ok bool)

// The syntaxes of convo's texts.
var (
	// Numbered is the syntax of message templates: one or more ASCII
	// digits whose value is 1 or more (and fits an int), nothing else
	// ("{{ 1 }}" and "{{0}}" are ordinary text, as the messaging app reads
	// them). The name is the digits as written ("01" for {{01}}).
	Numbered Syntax = numbered
	// Named is the syntax of saved replies: a name made of parts separated
	// by dots (contact.first_name), each part one or more letters, digits,
	// "_" or "-", with spaces allowed around it inside the braces
	// ({{ prazo }} is {{prazo}}).
	Named Syntax = named
)

func numbered(inner string) (string, bool) {
	if strings.ContainsFunc(inner, func(r rune) bool { return r < '0' || r > '9' }) {
		return "", false
	}
	n, err := strconv.Atoi(inner)
	return inner, err == nil && n > 0
}

func named(inner string) (string, bool) {
	name := strings.TrimSpace(inner)
	if name == "" {
		return "", false
	}
	for part := range strings.SplitSeq(name, ".") {
		if part == "" || strings.ContainsFunc(part, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-'
		}) {
			return "", false
		}
	}
	return name, true
}

// Scan returns the placeholders of text in order.
func (s Syntax) Scan(text string) []Placeholder {
	var found []Placeholder
	// closing is the first "}}" at or after some earlier position: it only
	// moves forward, so a text of many "{{" costs one pass, not one per "{{".
	closing := -1
	for i := 0; i < len(text); {
		open := strings.Index(text[i:], "{{")
		if open < 0 {
			break
		}
		start := i + open
		if closing < start+2 {
			c := strings.Index(text[start+2:], "}}")
			if c < 0 {
				break
			}
			closing = start + 2 + c
		}
		if name, ok := s(text[start+2 : closing]); ok {
			found = append(found, Placeholder{Start: start, End: closing + 2, Name: name})
			i = closing + 2
			continue
		}
		i = start + 1
	}
	return found
}

// Names returns the distinct names of text's placeholders, in the order
// they first appear.
func (s Syntax) Names(text string) []string {
	var names []string
	seen := map[string]bool{}
	for _, p := range s.Scan(text) {
		if !seen[p.Name] {
			seen[p.Name] = true
			names = append(names, p.Name)
		}
	}
	return names
}

// Fill replaces every placeholder of text that value gives a value for;
// one without stays as it is written.
func (s Syntax) Fill(text string, value func(name string) (string, bool)) string {
	var b strings.Builder
	last := 0
	for _, p := range s.Scan(text) {
		b.WriteString(text[last:p.Start])
		if v, ok := value(p.Name); ok {
			b.WriteString(v)
		} else {
			b.WriteString(text[p.Start:p.End])
		}
		last = p.End
	}
	b.WriteString(text[last:])
	return b.String()
}

// Render fills text with values and returns it with the names that have
// no value, distinct, in the order they first appear; their placeholders
// stay as they are written.
func (s Syntax) Render(text string, values map[string]string) (string, []string) {
	var missing []string
	for _, name := range s.Names(text) {
		if _, ok := values[name]; !ok {
			missing = append(missing, name)
		}
	}
	return s.Fill(text, func(name string) (string, bool) {
		v, ok := values[name]
		return v, ok
	}), missing
}

// Mistakes returns what looks like a placeholder but is not one: a "{{"
// outside every placeholder followed on the same line by "}}", whose
// inside the syntax refuses ({{contact name}}, {{}}). Name holds the
// inside as written. A text checked before it is sent reports these, since
// they would reach the customer as they are.
func (s Syntax) Mistakes(text string) []Placeholder {
	var found []Placeholder
	last := 0
	check := func(from, to int) {
		for i := from; i < to; {
			open := strings.Index(text[i:to], "{{")
			if open < 0 {
				return
			}
			start := i + open
			c := strings.Index(text[start+2:to], "}}")
			if c < 0 {
				return
			}
			end := start + 2 + c + 2
			if inner := text[start+2 : end-2]; !strings.Contains(inner, "\n") {
				found = append(found, Placeholder{Start: start, End: end, Name: inner})
				i = end
				continue
			}
			i = start + 1
		}
	}
	for _, p := range s.Scan(text) {
		check(last, p.Start)
		last = p.End
	}
	check(last, len(text))
	return found
}
