package send

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/prompt"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/safetext"
)

// fillTemplate looks up the template and sets the body's template and
// components: from --components, checked against the template, or built
// from the value flags, asking on a terminal for every value not given. It
// returns the rendered message and whether a person answered prompts.
func (o *options) fillTemplate(ctx context.Context, c *api.Client, body *api.MessageSend) (preview string, asked bool, err error) {
	t, _, err := resolve.Template(ctx, c, *o.template, o.channel, naming.Flags)
	if err != nil {
		return "", false, err
	}
	if err := msgtemplate.Sendable(*t); err != nil {
		return "", false, err
	}
	body.Template = &t.ID

	if o.components != nil {
		comps, err := o.readComponents()
		if err != nil {
			return "", false, err
		}
		if err := msgtemplate.Check(*t, comps); err != nil {
			return "", false, err
		}
		body.Components = comps
		return msgtemplate.Content(*t, comps), false, nil
	}

	p, err := msgtemplate.Parse(*t)
	if err != nil {
		return "", false, clierr.InputErrorf("%v; send it with --components FILE", err)
	}
	values := p.NewValues()
	if err := o.values.Apply(values, naming.Flags); err != nil {
		return "", false, err
	}
	if missing := values.Missing(); len(missing) > 0 {
		if !o.f.IOStreams.CanPrompt() {
			return "", false, missingValuesError(t.Name, missing)
		}
		if err := o.askValues(p, values); err != nil {
			return "", false, err
		}
		asked = true
	}
	if body.Components, err = p.Components(values); err != nil {
		return "", false, err
	}
	return p.Preview(values), asked, nil
}

// missingValuesError names every value the template still needs and the
// flag that gives it.
func missingValuesError(name string, missing []msgtemplate.Slot) error {
	lines := make([]string, len(missing))
	for i, s := range missing {
		lines[i] = fmt.Sprintf("  - %s: %s", s, s.Give(naming.Flags))
	}
	it := "them"
	if len(missing) == 1 {
		it = "it"
	}
	return clierr.InputErrorf("template %q needs %d more %s; without a terminal to ask on, give %s with:\n%s",
		name, len(missing), english.Plural(len(missing), "value"), it, strings.Join(lines, "\n"))
}

// askValues asks for every missing value, one prompt each, showing the
// message with the values filled in so far; each answer is checked as the
// flag's value would be.
func (o *options) askValues(p *msgtemplate.Template, v *msgtemplate.Values) error {
	missing := v.Missing()
	fmt.Fprintf(o.f.IOStreams.ErrOut, "Template %s needs %d more %s:\n%s\n\n", safetext.Line(p.Name), len(missing), english.Plural(len(missing), "value"), Indent(p.Preview(v)))
	ask := o.prompter()
	for _, s := range missing {
		answer, err := ask.Input(prompt.Input{Title: english.Capitalize(s.String()), Description: p.Preview(v), Validate: s.Check})
		if err != nil {
			return err
		}
		if err := v.Set(s, answer); err != nil {
			return err
		}
	}
	return nil
}

// Indent indents every line of text by two spaces: a message's preview
// under the sentence that introduces it.
func Indent(text string) string {
	return "  " + strings.ReplaceAll(text, "\n", "\n  ")
}

// readComponents reads the components array of --components: JSON with
// only the fields of a component, so that a misspelt one is caught here.
func (o *options) readComponents() ([]api.SendComponent, error) {
	text, err := o.f.ReadText(*o.components, "--components")
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	var comps []api.SendComponent
	if err := dec.Decode(&comps); err != nil {
		return nil, clierr.InputErrorf("--components: want a JSON array of components: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, clierr.InputErrorf("--components: unexpected data after the array")
	}
	return comps, nil
}
