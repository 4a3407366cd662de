package api

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	apiclient "github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/output"
)

// paginate walks the list of the GET req with the client's pager, from its
// page (the query's, else 1) to the last page, printing the data items of
// each page as they arrive: one JSON array (one line per item with -o
// ndjson). It holds one page at a time, and ends as every walk does (see
// apiclient.Pager).
func paginate(ctx context.Context, f *cmdutil.Factory, c *apiclient.Client, req apiclient.Request, opts output.Options) error {
	printer, err := output.NewList(f.IOStreams, opts, output.Spec{Noun: "items"})
	if err != nil {
		return err
	}
	if p := req.Query.Get("page"); p != "" {
		if page, err := strconv.Atoi(p); err != nil || page < 1 {
			return clierr.FlagErrorf("invalid page %q: want a positive whole number", p)
		}
	}
	for page, err := range c.List(req.Path, req.Query).Follow(true).RawPages(ctx) {
		if err != nil {
			// What arrived stays; an unfinished array tells scripts the list
			// is not whole.
			_ = printer.Flush()
			var tooLarge *apiclient.PageTooLargeError
			if errors.As(err, &tooLarge) {
				return fmt.Errorf("%w: ask for smaller pages with -f per_page=%d", tooLarge.Err, tooLarge.Smaller())
			}
			return err
		}
		for _, item := range page.Items {
			if err := printer.Add(item); err != nil {
				return err
			}
		}
		if err := printer.Flush(); err != nil {
			return err
		}
	}
	return printer.Close()
}
