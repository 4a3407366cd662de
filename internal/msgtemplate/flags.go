package msgtemplate

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/validate"
)

// Flags are the values of the flags that fill in a template on the command
// line, as given: --var, --header-url, --header-text and --button.
type Flags struct {
	// Vars are --var NAME=VALUE, or NUMBER=VALUE.
	Vars []string
	// HeaderURL is --header-url and HeaderText --header-text; nil when not given.
	HeaderURL, HeaderText *string
	// Buttons are --button INDEX=VALUE.
	Buttons []string
}

// Apply gives v the values of the flags, with the setters named after
// them, and reports every value that does not fit the template at once:
// a rule violation as it is (it names the value), any other problem with
// the option it is about, as n names it.
func (f Flags) Apply(v *Values, n naming.Names) error {
	var errs validate.Errors
	add := func(flag string, err error) {
		var rule *validate.Error
		if err != nil && !errors.As(err, &rule) {
			err = fmt.Errorf("%s: %w", flag, err)
		}
		errs.Add(err)
	}
	if f.HeaderURL != nil {
		add(n.Option("header-url"), v.SetHeaderURL(*f.HeaderURL))
	}
	if f.HeaderText != nil {
		add(n.Option("header-text"), v.SetHeaderText(*f.HeaderText))
	}
	assign := func(flag, want string, args []string, set func(key, value string) error) {
		for _, arg := range args {
			key, value, ok := strings.Cut(arg, "=")
			if !ok || strings.TrimSpace(key) == "" {
				add(fmt.Sprintf("%s %q", n.Option(flag), arg), fmt.Errorf("want %s", want))
				continue
			}
			add(n.Entry(flag, key), set(key, value))
		}
	}
	assign("var", "NAME=VALUE or NUMBER=VALUE", f.Vars, v.SetVar)
	assign("button", "INDEX=VALUE", f.Buttons, v.SetButton)
	return errs.Err()
}

// Give is the option that gives the slot's value, as n names it: "--var
// nome=VALUE" on the command line, "variables.nome" to a tool.
func (s Slot) Give(n naming.Names) string {
	switch s.Kind {
	case HeaderMedia:
		return n.Give("header-url", "", "URL")
	case HeaderText:
		return n.Give("header-text", "", "TEXT")
	case BodyVariable:
		return n.Give("var", s.Name, "VALUE")
	default:
		return n.Give("button", strconv.Itoa(s.Index), "VALUE")
	}
}

// Gives says how each of slots is given, in the caller's names (see Give).
func Gives(slots []Slot, n naming.Names) []string {
	out := make([]string, len(slots))
	for i, s := range slots {
		out[i] = s.Give(n)
	}
	return out
}
