// Package cmdutil holds what every command shares: the Factory that hands out
// IO streams, settings, the API client and the prompter; the flags that
// check, document and complete themselves; the output check attached to each
// command that prints; the RunE of the common kinds of command; and the
// mapping of errors to exit codes, done in one place.
package cmdutil

import (
	"context"
	"errors"
	"os"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/config"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/prompt"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/validate"
)

// ExitCode maps an error to convo's exit code.
func ExitCode(err error) int {
	var (
		flagErr    *clierr.FlagError
		inputErr   *clierr.InputError
		authErr    *clierr.AuthError
		partial    *clierr.PartialError
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
		return clierr.ExitOK
	case errors.Is(err, context.Canceled), errors.Is(err, clierr.ErrCancelled):
		return clierr.ExitInterrupted
	case errors.As(err, &partial):
		return clierr.ExitPartial
	case errors.As(err, &authErr), apiErrCode == 401, apiErrCode == 403:
		return clierr.ExitAuth
	case errors.As(err, &flagErr), errors.As(err, &inputErr), errors.As(err, &usageErr),
		errors.As(err, &ruleErr), errors.As(err, &ruleErrs), errors.Is(err, api.ErrInsecureHTTP),
		errors.Is(err, prompt.ErrNoAnswer):
		return clierr.ExitUsage
	default:
		return clierr.ExitAPI
	}
}

// TokenRefusedHint follows the API's own message when it refuses the token
// (401), which says nothing of what to do.
const TokenRefusedHint = "The API refused the token: run `convo auth login`, or set CONVO_TOKEN."

// EnvTokenRefusedHint follows it when the token came from CONVO_TOKEN,
// which wins over any login.
const EnvTokenRefusedHint = "The API refused the token in CONVO_TOKEN: set it to one that works, or unset it to use your login."

func tokenRefusedHint() string {
	if os.Getenv(config.EnvToken) != "" {
		return EnvTokenRefusedHint
	}
	return TokenRefusedHint
}

// hinted is an error followed by what to do about it.
type hinted struct {
	err  error
	hint string
}

func (h *hinted) Error() string { return h.err.Error() + "\n" + h.hint }
func (h *hinted) Unwrap() error { return h.err }

// WithHint adds to err the next step, said after err's own lines: the API's
// message alone ("Canal desconectado.") often says neither which thing nor
// what to do. The exit code stays err's.
func WithHint(err error, hint string) error {
	return &hinted{err: err, hint: hint}
}

// ErrorLines renders err as convo prints it on stderr: one line, then the
// API's errors[] as "  - field: message (CODE)" lines, then what to do about
// it: the hint WithHint added, or for a refused token, how to log in. An
// error quotes text from the API or from a file (a server's message, a
// column's name): every line is shown as safetext.Text shows it (a tab
// kept: cobra indents its suggestions with one), and the API's own words as
// safetext.Line does, a line break in them \n, so that they cannot pass for
// lines of convo's own.
func ErrorLines(err error) []string {
	lines := errorLines(err)
	for i, l := range lines {
		lines[i] = safetext.Text(l)
	}
	return lines
}

func errorLines(err error) []string {
	var h *hinted
	if errors.As(err, &h) {
		return append(errorLines(h.err), strings.Split(h.hint, "\n")...)
	}
	var apiErr *api.Error
	if errors.As(err, &apiErr) {
		lines := []string{safetext.Line(apiErr.Summary())}
		for _, it := range apiErr.Errors {
			line := "  - "
			if it.Field != "" {
				line += it.Field + ": "
			}
			line += it.Message
			if it.Code != "" {
				line += " (" + it.Code + ")"
			}
			lines = append(lines, safetext.Line(line))
		}
		if apiErr.StatusCode == 401 {
			lines = append(lines, tokenRefusedHint())
		}
		return lines
	}
	if msg, ok := missingValue(err); ok {
		return []string{msg}
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

// missingValue is the sentence of an error that is a missing value alone,
// "text is required", rather than the "field: message" of a list.
func missingValue(err error) (string, bool) {
	var rule *validate.Error
	if errors.As(err, &rule) && rule.Code == validate.CodeRequired && rule.Field != "" && err.Error() == rule.Error() {
		return rule.Field + " " + rule.Message, true
	}
	return "", false
}
