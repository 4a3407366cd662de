package team

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/validate"
)

// Subject is what the variables of a reply are filled from: the chat it
// answers and who sends it. Text from the API goes into the message as it
// is; whoever shows it to a person sanitises it.
type Subject struct {
	// Chat is the chat's token.
	Chat    string
	Contact api.ChatContact
	// Fields are the contact's custom fields as the API wrote them (a
	// number keeps its digits); nil when they were not read.
	Fields map[string]json.RawMessage
	// FieldNames are the names of the company's custom fields, which tell
	// a field the contact has no value for from one the company does not
	// have; nil when they were not read.
	FieldNames []string
	Channel    api.Channel
	// Attendant is who sends the reply; nil when that is not known.
	Attendant *api.User
}

// Values are the values of a reply's variables from a Subject, and for
// each variable without one, why.
type Values struct {
	values map[string]string
	why    map[string]string
}

// Values returns the values of the variables named.
func (s Subject) Values(names []string) Values {
	v := Values{values: map[string]string{}, why: map[string]string{}}
	for _, name := range names {
		if IsFree(name) {
			continue
		}
		// Spaces around a name would show in the middle of a sentence.
		if value, why := s.value(name); strings.TrimSpace(value) != "" {
			v.values[name] = strings.TrimSpace(value)
		} else {
			v.why[name] = why
		}
	}
	return v
}

// value is a variable's value, or why it has none.
func (s Subject) value(name string) (value, why string) {
	noAttendant := "no attendant is known to send it: set yours with convo config set attendant"
	switch name {
	case "contact.name":
		return s.Contact.Name, "the contact has no name"
	case "contact.first_name":
		if words := strings.Fields(s.Contact.Name); len(words) > 0 {
			return words[0], ""
		}
		return s.Contact.Phone, "the contact has neither a name nor a phone"
	case "contact.phone":
		return s.Contact.Phone, "the contact has no phone"
	case "attendant.name":
		if s.Attendant == nil {
			return "", noAttendant
		}
		return s.Attendant.Name, "the attendant has no name"
	case "attendant.email":
		if s.Attendant == nil {
			return "", noAttendant
		}
		return s.Attendant.Email, "the attendant has no e-mail"
	case "channel.name":
		return s.Channel.Name, "the channel's name is not known: the token cannot list the channel"
	case "chat.token":
		return s.Chat, "the chat has no token"
	}
	field, ok := strings.CutPrefix(name, CustomFieldPrefix)
	if !ok {
		return "", "unknown variable"
	}
	switch raw, has := s.Fields[field]; {
	case s.Fields == nil:
		return "", "the contact's custom fields were not read"
	case has:
		if text := fieldText(raw); text != "" {
			return text, ""
		}
	case s.FieldNames != nil && !slices.Contains(s.FieldNames, field):
		return "", fmt.Sprintf("the company has no custom field %q (see convo contacts fields)", field)
	}
	return "", fmt.Sprintf("the contact has no value for the custom field %q", field)
}

// fieldText is a custom field's value as text: a string as it is, a number
// with the digits the API sent, a list joined with ", "; null and blank are
// no value.
func fieldText(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) == nil {
		var parts []string
		for _, item := range list {
			if t := fieldText(item); t != "" {
				parts = append(parts, t)
			}
		}
		return strings.Join(parts, ", ")
	}
	if string(raw) == "null" {
		return ""
	}
	return string(raw)
}

// Missing is a variable of a reply without a value.
type Missing struct {
	Name string
	// Why says why the API gave it no value; "" for a free variable, which
	// only a person gives.
	Why string
}

// String names the variable and the flag that gives its value, with why
// the API gave none: "prazo: --var prazo=VALUE".
func (m Missing) String() string {
	name := m.Name
	if m.Why != "" {
		name += " (" + m.Why + ")"
	}
	return name + ": --var " + m.Name + "=VALUE"
}

// Rendering is a reply's text with the values known so far.
type Rendering struct {
	// Text is the text with every value filled in; a variable without one
	// stays as it is written.
	Text string
	// Missing are the variables without a value, in the order they first
	// appear.
	Missing []Missing
}

// Render fills the reply's text: with the values given (typed in, or
// --var), which win, then with v.
func (r *Reply) Render(v Values, given map[string]string) Rendering {
	all := map[string]string{}
	for name, value := range v.values {
		all[name] = value
	}
	for name, value := range given {
		all[name] = value
	}
	text, missing := Syntax.Render(r.Text, all)
	out := Rendering{Text: text}
	for _, name := range missing {
		out.Missing = append(out.Missing, Missing{Name: name, Why: v.why[name]})
	}
	return out
}

// Given reads values given as NAME=VALUE (--var): each must name a variable
// of the reply, once, with a value that is not blank. Every mistake is
// reported at once, as input errors, naming the option as n does.
func (r *Reply) Given(pairs []string, n naming.Names) (map[string]string, error) {
	given := map[string]string{}
	var errs validate.Errors
	vars := r.Variables()
	for _, pair := range pairs {
		name, value, ok := strings.Cut(pair, "=")
		name = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(name), "{{"), "}}"))
		switch {
		case !ok || name == "":
			errs.Add(fmt.Errorf("%s %q: want NAME=VALUE", n.Option("var"), pair))
		case !slices.Contains(vars, name):
			errs.Add(fmt.Errorf("%s: saved reply %q has no variable %s; %s", n.Entry("var", name), r.Shortcut, name, r.describeVariables()))
		case given[name] != "":
			errs.Add(fmt.Errorf("%s is given more than once", n.Entry("var", name)))
		case strings.TrimSpace(value) == "":
			errs.Add(fmt.Errorf("%s: the value is empty", n.Entry("var", name)))
		default:
			given[name] = value
		}
	}
	if err := errs.Err(); err != nil {
		return nil, &clierr.InputError{Err: err}
	}
	return given, nil
}

// describeVariables lists the reply's variables for an error message.
func (r *Reply) describeVariables() string {
	vars := r.Variables()
	if len(vars) == 0 {
		return "its text has no variables"
	}
	return "its variables are " + strings.Join(vars, ", ")
}
