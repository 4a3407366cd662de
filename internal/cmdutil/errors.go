// Package cmdutil holds what every command shares: the Factory that hands out
// IO streams, settings, the API client and the prompter, and the mapping of
// errors to exit codes, done in one place.
package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/prompt"
	"github.com/convo-cli/convo/internal/validate"
)

// Exit codes of convo, as `convo help exit-codes` documents them.
const (
	ExitOK          = 0
	ExitAPI         = 1
	ExitUsage       = 2
	ExitAuth        = 4
	ExitPartial     = 6
	ExitInterrupted = 130
)

// FlagError is a mistake in the command line: an unknown flag or command, a
// missing or malformed argument. Its message is followed by a usage hint.
type FlagError struct{ Err error }

func (e *FlagError) Error() string { return e.Err.Error() }
func (e *FlagError) Unwrap() error { return e.Err }

// FlagErrorf formats a FlagError.
func FlagErrorf(format string, args ...any) error {
	return &FlagError{Err: fmt.Errorf(format, args...)}
}

// InputError is input rejected before anything was sent: a value that breaks
// a rule, a file that cannot be read, a prompt that cannot be shown.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// InputErrorf formats an InputError.
func InputErrorf(format string, args ...any) error {
	return &InputError{Err: fmt.Errorf(format, args...)}
}

// AuthError is a missing or unusable login.
type AuthError struct{ Err error }

func (e *AuthError) Error() string { return e.Err.Error() }
func (e *AuthError) Unwrap() error { return e.Err }

// PartialError is a bulk command that finished with some items failed; what
// failed has already been reported.
type PartialError struct{ Failed int }

func (e *PartialError) Error() string { return fmt.Sprintf("%d items failed", e.Failed) }

// ErrSilent ends a command with exit code 1 when the message has already been printed.
var ErrSilent = errors.New("silent")

// ExitCode maps an error to convo's exit code.
func ExitCode(err error) int {
	var (
		flagErr    *FlagError
		inputErr   *InputError
		authErr    *AuthError
		partial    *PartialError
		usageErr   *output.UsageError
		ruleErr    *validate.Error
		ruleErrs   validate.Errors
		apiErr     *api.Error
		apiErrCode int
	)
	if errors.As(err, &apiErr) {
		apiErrCode = apiErr.StatusCode
	}
	switch {
	case err == nil:
		return ExitOK
	case errors.Is(err, context.Canceled), errors.Is(err, prompt.ErrCancelled):
		return ExitInterrupted
	case errors.As(err, &partial):
		return ExitPartial
	case errors.As(err, &authErr), apiErrCode == 401, apiErrCode == 403:
		return ExitAuth
	case errors.As(err, &flagErr), errors.As(err, &inputErr), errors.As(err, &usageErr),
		errors.As(err, &ruleErr), errors.As(err, &ruleErrs), errors.Is(err, api.ErrInsecureHTTP),
		errors.Is(err, prompt.ErrNoAnswer):
		return ExitUsage
	default:
		return ExitAPI
	}
}

// ErrorLines renders err as convo prints it on stderr: one line, then the
// API's errors[] as "  - field: message (CODE)" lines.
func ErrorLines(err error) []string {
	var apiErr *api.Error
	if errors.As(err, &apiErr) {
		lines := []string{apiErr.Summary()}
		for _, it := range apiErr.Errors {
			line := "  - "
			if it.Field != "" {
				line += it.Field + ": "
			}
			line += it.Message
			if it.Code != "" {
				line += " (" + it.Code + ")"
			}
			lines = append(lines, line)
		}
		return lines
	}
	var ruleErrs validate.Errors
	if errors.As(err, &ruleErrs) && len(ruleErrs) > 1 {
		lines := []string{"invalid input:"}
		for _, e := range ruleErrs {
			lines = append(lines, "  - "+e.Error())
		}
		return lines
	}
	return strings.Split(err.Error(), "\n")
}
