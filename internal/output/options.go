package output

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"text/template"

	"github.com/itchyny/gojq"
)

// Format is an output format name, the value of -o/--output.
type Format string

// The output formats.
const (
	Table  Format = "table"
	Plain  Format = "plain"
	JSON   Format = "json"
	NDJSON Format = "ndjson"
	CSV    Format = "csv"
	YAML   Format = "yaml"
)

// Formats lists the valid format names, for flag help and completion.
var Formats = []string{string(Table), string(Plain), string(JSON), string(NDJSON), string(CSV), string(YAML)}

// Options is what the user asked for with the output flags.
type Options struct {
	// Format is -o/--output; empty means "pick the default" (see Resolve).
	Format Format
	// Fields is --fields: top-level or dotted paths such as contact.phone.
	Fields []string
	// JQ is -q/--jq, a jq expression.
	JQ string
	// Template is -t/--template, a Go text/template.
	Template string

	resolved bool
	jq       *gojq.Code
	tmpl     *template.Template
}

// UsageError is an invalid combination or value of output flags. Callers map
// it to the usage exit code (2); its message is meant for the user as is.
type UsageError struct {
	Message string
}

func (e *UsageError) Error() string { return e.Message }

func usageErrorf(format string, args ...any) *UsageError {
	return &UsageError{Message: fmt.Sprintf(format, args...)}
}

// Resolve fills in the default format, checks the flags against each other
// and compiles --jq and parses --template once, so that printing many items
// never recompiles them and a mistake is reported before any request is sent.
//
// The default format is table when stdout is a terminal and plain otherwise;
// --jq and --template without a format imply json. --jq and --template work
// only with json (applied to the whole document) and ndjson (applied to each
// item). Every problem is returned as a *UsageError. Resolving twice is a
// no-op; printers resolve options themselves when the caller has not.
func (o *Options) Resolve(ios *IOStreams) error {
	if o.resolved {
		return nil
	}
	o.Format = Format(strings.ToLower(strings.TrimSpace(string(o.Format))))
	switch {
	case o.Format == "" && (o.JQ != "" || o.Template != ""):
		o.Format = JSON
	case o.Format == "" && ios.IsStdoutTTY():
		o.Format = Table
	case o.Format == "":
		o.Format = Plain
	case !slices.Contains(Formats, string(o.Format)):
		return usageErrorf("invalid output format %q: valid formats are %s", o.Format, strings.Join(Formats, ", "))
	}
	if o.JQ != "" && o.Template != "" {
		return usageErrorf("--jq and --template cannot be used together")
	}
	if (o.JQ != "" || o.Template != "") && o.Format != JSON && o.Format != NDJSON {
		flag := "--jq"
		if o.Template != "" {
			flag = "--template"
		}
		return usageErrorf("%s works only with --output json or ndjson, not %s", flag, o.Format)
	}
	if o.JQ != "" {
		code, err := compileJQ(o.JQ)
		if err != nil {
			return err
		}
		o.jq = code
	}
	if o.Template != "" {
		tmpl, err := parseTemplate(ios, o.Template)
		if err != nil {
			return err
		}
		o.tmpl = tmpl
	}
	o.resolved = true
	return nil
}

func compileJQ(expr string) (*gojq.Code, error) {
	query, err := gojq.Parse(expr)
	if err != nil {
		var perr *gojq.ParseError
		if errors.As(err, &perr) {
			return nil, usageErrorf("invalid --jq expression: %v (at position %d)", err, perr.Offset)
		}
		return nil, usageErrorf("invalid --jq expression: %v", err)
	}
	code, err := gojq.Compile(query)
	if err != nil {
		return nil, usageErrorf("invalid --jq expression: %v", err)
	}
	return code, nil
}

func parseTemplate(ios *IOStreams, text string) (*template.Template, error) {
	tmpl, err := template.New("template").Funcs(templateFuncs(ios)).Parse(text)
	if err != nil {
		return nil, usageErrorf("invalid --template: %v", err)
	}
	return tmpl, nil
}
