// Package clierr holds the kinds of error a convo command ends with, each of
// which decides the exit code: a usage mistake, input rejected before
// sending, a missing login, a bulk run with failed items, a cancelled
// question. It imports nothing of convo's, so that the packages below the
// commands (the importer, the resolvers) can return them without depending
// on the command layer.
package clierr

import (
	"errors"
	"fmt"
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
type AuthError struct {
	Err error
	// Status is the HTTP status of the API's answer that refused the
	// login, 0 when no answer did.
	Status int
}

func (e *AuthError) Error() string { return e.Err.Error() }
func (e *AuthError) Unwrap() error { return e.Err }

// PartialError is a bulk command that finished with some items failed; what
// failed has already been reported, in the file Report when there is one.
type PartialError struct {
	Failed int
	Report string
}

func (e *PartialError) Error() string { return fmt.Sprintf("%d items failed", e.Failed) }

// ErrCancelled is a question the person declined or aborted (Ctrl-C or Esc
// at a prompt, "no" to a confirmation).
var ErrCancelled = errors.New("cancelled")
