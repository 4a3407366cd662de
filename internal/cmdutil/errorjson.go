package cmdutil

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/config"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/validate"
)

// jsonError is an error as a program reads it (see ErrorJSON).
type jsonError struct {
	Message  string          `json:"message"`
	ExitCode int             `json:"exit_code"`
	Status   *int            `json:"status"`
	Errors   []jsonErrorItem `json:"errors"`
}

// jsonErrorItem is an item of the API's errors[], or a rule a value broke.
type jsonErrorItem struct {
	Code    string  `json:"code"`
	Field   *string `json:"field"`
	Message string  `json:"message"`
}

// ErrorJSON renders err, with which a run ends with exit code code, as the
// one JSON object that takes the place of the error's lines on stderr when
// the run's output is json or ndjson (see ErrorsAsJSON), and a newline:
//
//	{"error": {"message": …, "exit_code": N, "status": HTTP_STATUS|null, "errors": [{"code", "field", "message"}]}}
//
// message is what the error's lines say, hints included, without the
// API's errors[]; errors holds those, or the rules that the values given
// broke, and is [] when there are none (field is null when an item names
// none). status is the HTTP status of the API's answer, null when the
// error is not one: nothing was sent, or no answer came. Values are exact,
// as the API sent them, and JSON-escaped, C1 and bidi controls included
// (safetext.JSON).
func ErrorJSON(err error, code int) []byte {
	e := jsonError{Message: errorMessage(err, code), ExitCode: code, Errors: errorItems(err)}
	var (
		apiErr  *api.Error
		authErr *clierr.AuthError
	)
	switch {
	case errors.As(err, &apiErr):
		e.Status = &apiErr.StatusCode
	case errors.As(err, &authErr) && authErr.Status != 0:
		e.Status = &authErr.Status
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	// Strings, numbers and a nil pointer: nothing here can fail to encode.
	_ = enc.Encode(struct {
		Error jsonError `json:"error"`
	}{e})
	return safetext.JSON(b.Bytes())
}

// errorMessage is the message of ErrorJSON: the words printError and
// ErrorLines give err, the API's errors[] left out.
func errorMessage(err error, code int) string {
	var (
		h       *hinted
		partial *clierr.PartialError
		apiErr  *api.Error
		rules   validate.Errors
	)
	switch {
	case errors.As(err, &h):
		return errorMessage(h.err, code) + "\n" + h.hint
	case errors.Is(err, clierr.ErrCancelled):
		return "cancelled"
	case code == clierr.ExitInterrupted:
		return "interrupted"
	case errors.As(err, &partial):
		// Its report has said which, and why; the object says where.
		msg := english.Count(partial.Failed, "row") + " failed"
		if partial.Report != "" {
			msg += ": see " + partial.Report
		}
		return msg
	case errors.As(err, &apiErr):
		if apiErr.StatusCode == 401 {
			return apiErr.Summary() + "\n" + tokenRefusedHint()
		}
		return apiErr.Summary()
	case errors.As(err, &rules) && len(rules) > 1:
		return "invalid input"
	}
	if msg, ok := missingValue(err); ok {
		return msg
	}
	return err.Error()
}

// itemized is an error that lists its own items: the problems of a file,
// each named by where it is (team.Error).
type itemized interface{ Items() validate.Errors }

// errorItems are the API's errors[] of err, else the items it lists, else
// the rules its values broke.
func errorItems(err error) []jsonErrorItem {
	items := []jsonErrorItem{}
	add := func(code, field, message string) {
		it := jsonErrorItem{Code: code, Message: message}
		if field != "" {
			it.Field = &field
		}
		items = append(items, it)
	}
	var (
		apiErr *api.Error
		rules  validate.Errors
		rule   *validate.Error
		listed itemized
	)
	switch {
	case errors.As(err, &apiErr):
		for _, it := range apiErr.Errors {
			add(it.Code, it.Field, it.Message)
		}
	case errors.As(err, &listed):
		for _, r := range listed.Items() {
			add(r.Code, r.Field, r.Message)
		}
	case errors.As(err, &rules):
		for _, r := range rules {
			add(r.Code, r.Field, r.Message)
		}
	case errors.As(err, &rule):
		add(rule.Code, rule.Field, rule.Message)
	}
	return items
}

// ErrorsAsJSON reports whether the run's error is written as ErrorJSON's
// object: when the output is json or ndjson (-o, CONVO_OUTPUT or the
// profile) and neither --jq nor --template is given, whose output is text
// of the person's own making. A command line that cobra could not parse
// (an unknown flag, a value a flag refused) never had its settings
// resolved: then the output flags are read from args, the command line
// (lineSettings). cmd is the command that ran, or was to.
func (f *Factory) ErrorsAsJSON(cmd *cobra.Command, args []string) bool {
	s := f.Settings
	if s == nil && cmd != nil {
		s = f.lineSettings(cmd, args)
	}
	if s == nil || s.JQ != "" || s.Template != "" {
		return false
	}
	switch output.Format(strings.ToLower(strings.TrimSpace(s.Output))) {
	case output.JSON, output.NDJSON:
		return true
	}
	return false
}

// lineSettings resolves the settings of a command line cobra refused,
// from its output flags (-o, --jq, --template) wherever they are on the
// line, before or after the mistake, every other flag ignored, over the
// environment and the profile. A flag of cmd's own that shadows one of
// them (messages send --template) is not one of them.
func (f *Factory) lineSettings(cmd *cobra.Command, args []string) *config.Settings {
	fs := pflag.NewFlagSet("line", pflag.ContinueOnError)
	fs.ParseErrorsAllowlist.UnknownFlags = true
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	for _, name := range []string{"output", "jq", "template"} {
		global := cmd.Root().PersistentFlags().Lookup(name)
		if global == nil {
			continue
		}
		if own := cmd.Flags().Lookup(name); own != nil && own != global {
			continue
		}
		shorthand := global.Shorthand
		if own := cmd.Flags().ShorthandLookup(shorthand); own != nil && own != global {
			shorthand = ""
		}
		fs.StringP(name, shorthand, "", "")
	}
	// A mistake stops the reading where it is: what was read counts.
	_ = fs.Parse(args)
	file, err := f.Config()
	if err != nil {
		file = &config.File{}
	}
	s, _ := config.Resolve(fs, file)
	return s
}
