// Package prompt asks a person at a terminal for values. Commands depend on
// the Prompter interface; the huh implementation draws the prompts on stderr.
// Whether to prompt at all is decided by the caller (IOStreams.CanPrompt):
// a Prompter is never built when nobody can answer.
package prompt

import "errors"

// Input describes a line of text to ask for.
type Input struct {
	Title string
	// Description is shown under the title, e.g. a preview of what the value is for.
	Description string
	Default     string
	// Validate, when set, is checked while typing and again on the final answer.
	Validate func(string) error
}

// Prompter asks questions. Every method returns clierr.ErrCancelled when the person
// aborts (Ctrl-C or Esc).
type Prompter interface {
	// Input asks for a line of text.
	Input(in Input) (string, error)
	// Password asks for a secret without echoing it.
	Password(title string) (string, error)
	// Confirm asks a yes/no question.
	Confirm(title, description string, defaultYes bool) (bool, error)
}

// ErrNoAnswer is returned when input ended before a valid answer was given.
var ErrNoAnswer = errors.New("no answer (end of input)")
