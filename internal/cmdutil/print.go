package cmdutil

import (
	"context"
	"errors"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/output"
)

// printing is what the output check of the running command resolved.
type printing struct {
	spec output.Spec
	opts output.Options
}

// AddOutputFlags defines, on cmd's persistent flags, the output flags every
// command shares: -o (its formats checked, listed and completed from
// output.Formats), --fields, --jq and --template. Prints checks them against
// the resource of a command.
func AddOutputFlags(cmd *cobra.Command) {
	var format string
	enumFlag(cmd, cmd.PersistentFlags(), "output", "o", output.Formats, "output `FORMAT` (env CONVO_OUTPUT)",
		func() string { return format }, func(s string) { format = s })
	pf := cmd.PersistentFlags()
	pf.StringSlice("fields", nil, "`FIELDS` to show or keep, comma-separated; dotted paths allowed (contact.phone); with no value, lists the fields")
	pf.StringP("jq", "q", "", "filter JSON output with a jq `EXPRESSION`")
	pf.StringP("template", "t", "", "format JSON output with a Go `TEMPLATE`")
}

// Prints attaches spec, the resource cmd prints, to cmd, as gh attaches
// --json: before cmd runs (after the settings are resolved, before anything
// is sent) -o, --fields, --jq and --template are checked against spec, and
// the Print functions print with what the check resolved; they refuse to
// print for a command that did not declare its output. --fields given
// without a value lists the resource's fields. It returns cmd.
func Prints(f *Factory, cmd *cobra.Command, spec output.Spec) *cobra.Command {
	chainPreRun(cmd, func(*cobra.Command, []string) error { return f.CheckOutput(spec) })
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		var missing *pflag.ValueRequiredError
		if c == cmd && errors.As(err, &missing) && missing.GetFlag().Name == "fields" && len(spec.Fields) > 0 {
			return clierr.FlagErrorf("--fields needs the fields to show, comma-separated; %s have:\n  %s",
				spec.Noun, strings.Join(spec.Fields, "\n  "))
		}
		if cmd.HasParent() {
			return cmd.Parent().FlagErrorFunc()(c, err)
		}
		return err
	})
	return cmd
}

// chainPreRun makes fn run before cmd, after any PreRunE it already has.
func chainPreRun(cmd *cobra.Command, fn func(*cobra.Command, []string) error) {
	prev := cmd.PreRunE
	cmd.PreRunE = func(c *cobra.Command, args []string) error {
		if prev != nil {
			if err := prev(c, args); err != nil {
				return err
			}
		}
		return fn(c, args)
	}
}

// CheckOutput resolves the run's output flags (-o, --fields, --jq,
// --template) for spec and rejects bad ones; the Print functions use what
// it resolved. Prints runs it before the command does anything: once the
// API has changed something, a typo in --fields must not turn the run into
// a failure, nor cost a typed answer.
func (f *Factory) CheckOutput(spec output.Spec) error {
	opts := f.OutputOptions()
	if err := opts.Resolve(f.IOStreams); err != nil {
		return err
	}
	if err := spec.ValidateFields(opts.Fields); err != nil {
		return err
	}
	f.printing = &printing{spec: spec, opts: opts}
	return nil
}

// errUndeclaredOutput is a command printing data without Prints: a bug.
var errUndeclaredOutput = errors.New("internal error: the command prints data without declaring what (cmdutil.Prints)")

// CheckedOutput is the output the command's check resolved: the format
// (never empty), the fields, the jq expression or template.
func (f *Factory) CheckedOutput() (output.Options, error) {
	if f.printing == nil {
		return output.Options{}, errUndeclaredOutput
	}
	return f.printing.opts, nil
}

// OutputRequested says whether the run asked for a data format (-o,
// CONVO_OUTPUT, config output, --jq or --template), for the commands whose
// default is a summary for people rather than their resource's table.
func (f *Factory) OutputRequested() bool {
	s := f.Settings
	return s.Output != "" || s.JQ != "" || s.Template != ""
}

// PrintList streams a list through the output printer: page by page as the
// pager fetches them (so a table shows the first page before the next is
// asked for), following --all and --limit; then, on stderr, a footer when
// more pages exist.
func PrintList[T any](ctx context.Context, f *Factory, pager *api.Pager[T]) error {
	p := f.printing
	if p == nil {
		return errUndeclaredOutput
	}
	s, ios := f.Settings, f.IOStreams
	printer, err := output.NewList(ios, p.opts, p.spec)
	if err != nil {
		return err
	}
	if ios.IsStdoutTTY() && s.Pager != "" {
		if err := ios.StartPager(s.Pager); err != nil {
			return err
		}
		defer ios.StopPager()
	}
	pager.Follow(s.All).Limit(s.Limit)
	for page, err := range pager.RawPages(ctx) {
		if err != nil {
			return printer.Abort(err)
		}
		for _, item := range page.Items {
			// A page's items are valid JSON (api.RawPage): not checked again.
			if err := printer.AddValid(item); err != nil {
				return err
			}
		}
		if err := printer.Flush(); err != nil {
			return err
		}
	}
	if err := printer.Close(); err != nil {
		return err
	}
	// Close has said "No contacts match." for an empty list.
	if pg := pager.Pagination(); printer.Count() > 0 && !s.All && s.Limit == 0 {
		output.Footer(ios, printer.Count(), pg.Total, pg.CurrentPage, pg.LastPage)
	}
	return nil
}

// PrintResult prints the object a write returned: the API's message on
// stderr ("✓ Contato criado com sucesso. (id 42)"), the object on stdout.
// id may be nil.
func PrintResult[T any](f *Factory, res *api.Result[T], id any) error {
	if f.printing == nil {
		return errUndeclaredOutput
	}
	if res.Message != "" {
		output.Success(f.IOStreams, res.Message, id)
	}
	if res.Raw == nil {
		// An answer without data, of the operations the specification
		// promises none for: its message has said what happened.
		return nil
	}
	return PrintObject(f, res.Raw)
}

// PrintObject prints one object in the run's output format.
func PrintObject(f *Factory, raw []byte) error {
	p := f.printing
	if p == nil {
		return errUndeclaredOutput
	}
	return output.PrintObject(f.IOStreams, p.opts, p.spec, raw)
}
