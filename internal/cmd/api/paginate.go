package apicmd

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/output"
)

// paginate sends the GET req for its page (the query's, else 1) and every
// later page up to pagination.last_page, printing the data items of each
// page as they arrive: one JSON array (one line per item with -o ndjson).
// It holds one page at a time.
func paginate(ctx context.Context, f *cmdutil.Factory, c *api.Client, req api.Request, opts output.Options) error {
	printer, err := output.NewList(f.IOStreams, opts, output.Spec{Noun: "items"})
	if err != nil {
		return err
	}
	page := 1
	if p := req.Query.Get("page"); p != "" {
		if page, err = strconv.Atoi(p); err != nil || page < 1 {
			return clierr.FlagErrorf("invalid page %q: want a positive whole number", p)
		}
	}
	for ; ; page++ {
		req.Query.Set("page", strconv.Itoa(page))
		resp, err := c.Do(ctx, req)
		if err != nil {
			// What arrived stays; an unfinished array tells scripts the list
			// is not whole.
			_ = printer.Flush()
			return err
		}
		var items []json.RawMessage
		if err := json.Unmarshal(resp.Envelope.Data, &items); err != nil {
			_ = printer.Flush()
			return fmt.Errorf("--paginate: the data of GET %s is not a list: %w", req.Path, err)
		}
		for _, item := range items {
			if err := printer.Add(item); err != nil {
				return err
			}
		}
		if err := printer.Flush(); err != nil {
			return err
		}
		pg := resp.Envelope.Pagination
		if pg == nil || len(items) == 0 || page >= pg.LastPage {
			break
		}
	}
	return printer.Close()
}
