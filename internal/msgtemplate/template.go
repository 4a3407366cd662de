// Package msgtemplate fills in the message templates of the API: it reads a
// template's components (header, body, footer, buttons), finds the values it
// takes (a media header's file URL, the placeholders of a text header, of
// the body and of dynamic URL buttons), renders a preview, and builds the
// components array of POST /messages exactly as the API specification shows
// it. Check is the other side: whether a components array fits a template,
// which the sandbox answers with the same rules, so that the client's builder
// and the server's check cannot disagree.
//
// Placeholders are written {{n}} with n from 1. A text takes one value per
// distinct placeholder number, in ascending order of the numbers: the body
// "{{2}} ... {{1}} ... {{2}}" takes two values, the first for {{1}}. The
// body's `variables` name its placeholders in the same order.
package msgtemplate

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/validate"
)

// Template is a template read for sending.
type Template struct {
	ID     int64
	Name   string
	Header Header
	Body   Body
	// Footer is the footer's text, "" when there is none.
	Footer  string
	Buttons []Button
}

// Header is a template's header. Format is "" when there is none.
type Header struct {
	// Format is text, image, video or document.
	Format string
	// Text is a text header's text.
	Text string
	// Numbers are the placeholder numbers of a text header's text.
	Numbers []int
}

// IsMedia reports whether the header is a file sent by URL (image, video, document).
func (h Header) IsMedia() bool {
	return h.Format != "" && h.Format != "text"
}

// Body is a template's body text and its variables.
type Body struct {
	Text      string
	Variables []Variable
}

// Variable is a placeholder of the body.
type Variable struct {
	// Number is n of {{n}}.
	Number int
	// Name is the template's name for it, or the number when it has none.
	Name string
}

// Button is a button of the template's buttons component.
type Button struct {
	// Index is the button's position, from 0, as the send request names it.
	Index int
	// Type is url, phone or quick_reply.
	Type  string
	Text  string
	URL   string
	Phone string
	// Numbers are the placeholder numbers of a url button's URL; a button
	// with any is dynamic and takes a value when sent.
	Numbers []int
}

// IsDynamicURL reports whether the button is a url button whose URL holds a placeholder.
func (b Button) IsDynamicURL() bool { return b.Type == "url" && len(b.Numbers) > 0 }

// Sendable refuses, as an input error, a template that cannot be sent:
// one that is not approved (pending, or rejected).
func Sendable(t api.Template) error {
	switch t.Status {
	case "approved":
		return nil
	case "pending":
		return clierr.InputErrorf("template %q is pending approval; only approved templates can be sent", t.Name)
	}
	return clierr.InputErrorf("template %q was %s; only approved templates can be sent", t.Name, strings.ToLower(t.Status))
}

// Parse reads t for sending. It fails when the template cannot be filled in
// unambiguously: a repeated component, a header of unknown format, a text
// header or URL with more than one placeholder (each takes one value), or
// body variables that do not name its placeholders one to one. A body
// without variables is fine: its placeholders are then named by number.
func Parse(t api.Template) (*Template, error) {
	p, problems := parse(t)
	if len(problems) > 0 {
		return nil, fmt.Errorf("template %q cannot be filled in: %s", t.Name, strings.Join(problems, "; "))
	}
	return p, nil
}

// parse reads t as well as it can and lists what makes it unusable for
// Parse. Check works from the result even when there are problems: the
// server judges the components by the placeholders, whatever the names.
func parse(t api.Template) (*Template, []string) {
	p := &Template{ID: t.ID, Name: t.Name}
	var problems []string
	seen := map[string]bool{}
	for _, c := range t.Components {
		if seen[c.Type] {
			problems = append(problems, fmt.Sprintf("it has more than one %s component", c.Type))
			continue
		}
		seen[c.Type] = true
		switch c.Type {
		case "header":
			p.Header = Header{Format: c.Format}
			if !slices.Contains(validate.HeaderFormats, c.Format) {
				problems = append(problems, fmt.Sprintf("its header has the unknown format %q (want %s)", c.Format, strings.Join(validate.HeaderFormats, ", ")))
				p.Header.Format = ""
				break
			}
			if c.Format == "text" {
				p.Header.Text, p.Header.Numbers = c.Text, Numbers(c.Text)
				if len(p.Header.Numbers) > 1 {
					problems = append(problems, fmt.Sprintf("its text header has %d placeholders, but a header takes at most one", len(p.Header.Numbers)))
				}
			}
		case "body":
			var bodyProblem string
			p.Body, bodyProblem = parseBody(c)
			if bodyProblem != "" {
				problems = append(problems, bodyProblem)
			}
		case "footer":
			p.Footer = c.Text
		case "buttons":
			for i, b := range c.Buttons {
				btn := Button{Index: i, Type: b.Type, Text: b.Text, URL: b.URL, Phone: b.Phone}
				if b.Type == "url" {
					btn.Numbers = Numbers(b.URL)
				}
				if len(btn.Numbers) > 1 {
					problems = append(problems, fmt.Sprintf("the URL of button %d has %d placeholders, but a button takes at most one", i, len(btn.Numbers)))
				}
				p.Buttons = append(p.Buttons, btn)
			}
		}
	}
	return p, problems
}

// parseBody names the body's placeholders after its variables and says what
// is wrong with them, if anything.
func parseBody(c api.TemplateComponent) (Body, string) {
	numbers := Numbers(c.Text)
	body := Body{Text: c.Text, Variables: make([]Variable, len(numbers))}
	names := c.Variables
	var problem string
	if len(names) > 0 && len(names) != len(numbers) {
		problem = fmt.Sprintf("its body has %s but %s (%s)",
			english.Count(len(numbers), "placeholder"), english.Count(len(names), "variable name"), strings.Join(names, ", "))
		names = nil
	}
	byName := map[string]int{}
	for i, n := range numbers {
		name := strconv.Itoa(n)
		if i < len(names) && strings.TrimSpace(names[i]) != "" {
			name = strings.TrimSpace(names[i])
		}
		if prev, dup := byName[name]; dup && problem == "" {
			problem = fmt.Sprintf("its body variables {{%d}} and {{%d}} are both named %q", prev, n, name)
		}
		byName[name] = n
		body.Variables[i] = Variable{Number: n, Name: name}
	}
	return body, problem
}
