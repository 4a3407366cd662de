package msgtemplate

import (
	"fmt"
	"strconv"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/validate"
)

// Components builds the components of POST /messages from the values, as the
// API specification shows them: a header component when the header takes a
// value (one image, video or document parameter with the file URL in path, or
// one text parameter); always a body component, with one text parameter per
// body variable in placeholder-number order (none for a body without
// placeholders: the specification has every template send a body, and an
// empty components array would be refused as missing); then, for every
// dynamic URL button, a button component with sub_type url, the button's
// index and one text parameter. Every slot needs a value; what comes out
// always passes Check.
func (t *Template) Components(v *Values) ([]api.SendComponent, error) {
	var errs validate.Errors
	for _, s := range v.Missing() {
		errs.Add(&validate.Error{Field: "components", Code: validate.CodeRequired, Message: "needs a value for the " + s.String()})
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	var comps []api.SendComponent
	body := api.SendComponent{Type: "body", Parameters: []api.Parameter{}}
	var buttons []api.SendComponent
	for _, s := range t.Slots() {
		value, _ := v.Get(s)
		switch s.Kind {
		case HeaderMedia:
			comps = append(comps, api.SendComponent{Type: "header", Parameters: []api.Parameter{{Type: s.Format, Path: value}}})
		case HeaderText:
			comps = append(comps, api.SendComponent{Type: "header", Parameters: []api.Parameter{{Type: "text", Text: value}}})
		case BodyVariable:
			body.Parameters = append(body.Parameters, api.Parameter{Type: "text", Text: value})
		case ButtonURL:
			buttons = append(buttons, api.SendComponent{Type: "button", SubType: "url", Index: &s.Index,
				Parameters: []api.Parameter{{Type: "text", Text: value}}})
		}
	}
	comps = append(comps, body)
	return append(comps, buttons...), nil
}

// Check reports whether comps, the components of a template message, fit
// the template t. It is what the server checks: the components are those
// Components builds, in any order; a body component is optional when the
// body has no placeholders; a quick_reply button component, for a
// quick-reply button, may carry one text parameter (its payload). Every
// violation is a *validate.Error on a field such as
// components[1].parameters or components[0].parameters[0].path.
func Check(t api.Template, comps []api.SendComponent) error {
	if len(comps) == 0 {
		return &validate.Error{Field: "components", Code: validate.CodeRequired, Message: "is required"}
	}
	p, _ := parse(t)
	var errs validate.Errors
	seen := map[string]bool{}
	for i, comp := range comps {
		field := fmt.Sprintf("components[%d]", i)
		if err := validate.OneOf(field+".type", comp.Type, validate.TemplateComponentTypes); err != nil {
			errs.Add(err)
			continue
		}
		key := comp.Type
		if comp.Type == "button" && comp.Index != nil {
			key = "button " + strconv.Itoa(*comp.Index)
		}
		if seen[key] {
			errs.Add(invalid(field, "repeats the "+key+" component"))
			continue
		}
		seen[key] = true
		switch comp.Type {
		case "header":
			errs.Add(p.checkHeader(field, comp))
		case "body":
			errs.Add(notButton(field, comp))
			errs.Add(checkTexts(field, comp.Parameters, len(p.Body.Variables), len(p.Body.Variables)))
		case "button":
			errs.Add(p.checkButton(field, comp))
		}
	}
	if (p.Header.IsMedia() || len(p.Header.Numbers) > 0) && !seen["header"] {
		errs.Add(invalid("components", fmt.Sprintf("template %q has a %s header: send a header component with its parameter", t.Name, p.Header.Format)))
	}
	if n := len(p.Body.Variables); n > 0 && !seen["body"] {
		errs.Add(invalid("components", fmt.Sprintf("template %q has %s in its body: send a body component with %s",
			t.Name, english.Count(n, "placeholder"), english.Count(n, "text parameter"))))
	}
	for _, b := range p.Buttons {
		if b.IsDynamicURL() && !seen["button "+strconv.Itoa(b.Index)] {
			errs.Add(invalid("components", fmt.Sprintf("button %d of template %q has a dynamic URL: send a button component with sub_type url, index %d and one text parameter", b.Index, t.Name, b.Index)))
		}
	}
	return errs.Err()
}

func invalid(field, message string) *validate.Error {
	return &validate.Error{Field: field, Code: validate.CodeInvalid, Message: message}
}

// notButton rejects the fields that only a button component has.
func notButton(field string, comp api.SendComponent) error {
	var errs validate.Errors
	if comp.SubType != "" {
		errs.Add(invalid(field+".sub_type", "is only for button components"))
	}
	if comp.Index != nil {
		errs.Add(invalid(field+".index", "is only for button components"))
	}
	return errs.Err()
}

func (t *Template) checkHeader(field string, comp api.SendComponent) error {
	if err := notButton(field, comp); err != nil {
		return err
	}
	h := t.Header
	switch {
	case len(h.Numbers) > 0:
		return checkTexts(field, comp.Parameters, len(h.Numbers), len(h.Numbers))
	case !h.IsMedia():
		return invalid(field+".type", "the template has no header that takes a parameter")
	}
	if len(comp.Parameters) != 1 {
		return invalid(field+".parameters", fmt.Sprintf("must hold one %s parameter (got %d)", h.Format, len(comp.Parameters)))
	}
	param := comp.Parameters[0]
	if param.Type != h.Format {
		return invalid(field+".parameters[0].type", fmt.Sprintf("must be %s, the format of the template's header (got %q)", h.Format, param.Type))
	}
	return validate.MediaURL(field+".parameters[0].path", h.Format, param.Path)
}

func (t *Template) checkButton(field string, comp api.SendComponent) error {
	var errs validate.Errors
	if err := validate.Required(field+".sub_type", comp.SubType); err != nil {
		errs.Add(err)
	} else {
		errs.Add(validate.OneOf(field+".sub_type", comp.SubType, validate.ButtonSubTypes))
	}
	if comp.Index == nil {
		errs.Add(&validate.Error{Field: field + ".index", Code: validate.CodeRequired, Message: "is required"})
	}
	if len(errs) > 0 {
		return errs
	}
	i := *comp.Index
	if i < 0 || i >= len(t.Buttons) {
		if len(t.Buttons) == 0 {
			return invalid(field+".index", fmt.Sprintf("the template has no buttons (got index %d)", i))
		}
		return invalid(field+".index", fmt.Sprintf("must be the position of a button of the template, 0 to %d (got %d)", len(t.Buttons)-1, i))
	}
	b := t.Buttons[i]
	if comp.SubType == "quick_reply" {
		if b.Type != "quick_reply" {
			return invalid(field+".index", fmt.Sprintf("button %d of the template is not a quick reply button", i))
		}
		return checkTexts(field, comp.Parameters, 0, 1)
	}
	if !b.IsDynamicURL() {
		return invalid(field+".index", fmt.Sprintf("button %d of the template is not a URL button with a placeholder", i))
	}
	return checkTexts(field, comp.Parameters, len(b.Numbers), len(b.Numbers))
}

// checkTexts requires from least to most text parameters, none blank.
func checkTexts(field string, params []api.Parameter, least, most int) error {
	if len(params) < least || len(params) > most {
		want := strconv.Itoa(least)
		if least != most {
			want = fmt.Sprintf("%d to %d", least, most)
		}
		return invalid(field+".parameters", fmt.Sprintf("must hold %s text parameters, one per placeholder (got %d)", want, len(params)))
	}
	var errs validate.Errors
	for j, param := range params {
		pf := fmt.Sprintf("%s.parameters[%d]", field, j)
		if param.Type != "text" {
			errs.Add(invalid(pf+".type", fmt.Sprintf("must be text (got %q)", param.Type)))
			continue
		}
		errs.Add(validate.Required(pf+".text", param.Text))
	}
	return errs.Err()
}

// Content is the text a template message shows: the body with its
// placeholders filled from the body component of comps (components that
// passed Check). The sandbox stores it as the message's content.
func Content(t api.Template, comps []api.SendComponent) string {
	p, _ := parse(t)
	var values []string
	for _, c := range comps {
		if c.Type == "body" {
			for _, param := range c.Parameters {
				values = append(values, param.Text)
			}
		}
	}
	return fillPositional(p.Body.Text, values)
}
