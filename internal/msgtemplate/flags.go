package msgtemplate

import (
	"errors"
	"fmt"
	"strings"

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
// the flag it is about.
func (f Flags) Apply(v *Values) error {
	var errs validate.Errors
	add := func(flag string, err error) {
		var rule *validate.Error
		if err != nil && !errors.As(err, &rule) {
			err = fmt.Errorf("%s: %w", flag, err)
		}
		errs.Add(err)
	}
	if f.HeaderURL != nil {
		add("--header-url", v.SetHeaderURL(*f.HeaderURL))
	}
	if f.HeaderText != nil {
		add("--header-text", v.SetHeaderText(*f.HeaderText))
	}
	assign := func(flag, want string, args []string, set func(key, value string) error) {
		for _, arg := range args {
			key, value, ok := strings.Cut(arg, "=")
			if !ok || strings.TrimSpace(key) == "" {
				add(fmt.Sprintf("--%s %q", flag, arg), fmt.Errorf("want %s", want))
				continue
			}
			add(fmt.Sprintf("--%s %s", flag, key), set(key, value))
		}
	}
	assign("var", "NAME=VALUE or NUMBER=VALUE", f.Vars, v.SetVar)
	assign("button", "INDEX=VALUE", f.Buttons, v.SetButton)
	return errs.Err()
}

// Flag is the flag that gives the slot's value: "--var nome=VALUE".
func (s Slot) Flag() string {
	switch s.Kind {
	case HeaderMedia:
		return "--header-url URL"
	case HeaderText:
		return "--header-text TEXT"
	case BodyVariable:
		return "--var " + s.Name + "=VALUE"
	default:
		return fmt.Sprintf("--button %d=VALUE", s.Index)
	}
}
