package contacts

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
)

type viewOptions struct {
	f   *cmdutil.Factory
	ctx context.Context

	id int64
}

func newCmdView(f *cmdutil.Factory, runF func(*viewOptions) error) *cobra.Command {
	opts := &viewOptions{f: f}
	cmd := &cobra.Command{
		Use:   "view ID",
		Short: "Show a contact",
		Long: `Show one contact with its tags and custom-field values.

The table shows the usual columns; -o json (or yaml) shows every field,
custom fields included.`,
		Example: `  # Show contact 1
  convo contacts view 1

  # Every field, custom fields included, as JSON
  convo contacts view 1 -o json

  # Only its custom fields
  convo contacts view 1 --jq .customfields`,
		Args:              cmdutil.ExactArgs(1, "contact ID"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteContacts(f)),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseID(args[0], "contact ID")
			if err != nil {
				return err
			}
			opts.ctx, opts.id = cmd.Context(), id
			if runF != nil {
				return runF(opts)
			}
			return viewRun(opts)
		},
	}
	return cmdutil.Prints(f, cmd, contactSpec)
}

func viewRun(opts *viewOptions) error {
	c, err := opts.f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	res, err := c.GetContact(opts.ctx, opts.id)
	if err != nil {
		return err
	}
	return cmdutil.PrintObject(opts.f, res.Raw)
}
