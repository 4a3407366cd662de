package cmdutil

import (
	"context"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/output"
)

// PrintList streams a list through the output printer: page by page as the
// pager fetches them (so a table shows the first page before the next is
// asked for), following --all and --limit; then, on stderr, a footer when
// more pages exist.
func PrintList[T any](ctx context.Context, f *Factory, spec output.Spec, pager *api.Pager[T]) error {
	s, ios := f.Settings, f.IOStreams
	opts, err := CheckOutput(f, spec)
	if err != nil {
		return err
	}
	printer, err := output.NewList(ios, opts, spec)
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
func PrintResult[T any](f *Factory, spec output.Spec, res *api.Result[T], id any) error {
	if res.Message != "" {
		output.Success(f.IOStreams, res.Message, id)
	}
	return PrintObject(f, spec, res.Raw)
}

// PrintObject prints one object in the run's output format.
func PrintObject(f *Factory, spec output.Spec, raw []byte) error {
	opts, err := CheckOutput(f, spec)
	if err != nil {
		return err
	}
	return output.PrintObject(f.IOStreams, opts, spec, raw)
}

// CheckOutput resolves the run's output flags (-o, --fields, --jq,
// --template) for spec and rejects bad ones. Commands that write call it
// before sending anything: once the API has changed something, a typo in
// --fields must not turn the run into a failure, nor cost a typed answer.
func CheckOutput(f *Factory, spec output.Spec) (output.Options, error) {
	opts := f.OutputOptions()
	if err := opts.Resolve(f.IOStreams); err != nil {
		return opts, err
	}
	return opts, spec.ValidateFields(opts.Fields)
}
