package users

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
)

type viewOptions struct {
	f   *cmdutil.Factory
	ctx context.Context
	id  int64
}

func newCmdView(f *cmdutil.Factory, runF func(*viewOptions) error) *cobra.Command {
	opts := &viewOptions{f: f}
	cmd := &cobra.Command{
		Use:   "view ID",
		Short: "Show an attendant and the channels they can access",
		Example: `  # Attendant 2 and the channels they reach
  convo users view 2

  # Only the tokens of their channels, one a line
  convo users view 2 --jq '.channels[].token'`,
		Args:              cmdutil.ExactArgs(1, "user ID"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteUsers(f, "")),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseID(args[0], "user ID")
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
	return cmdutil.Prints(f, cmd, userSpec)
}

func viewRun(opts *viewOptions) error {
	c, err := opts.f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	res, err := c.GetUser(opts.ctx, opts.id)
	if err != nil {
		return err
	}
	return cmdutil.PrintObject(opts.f, res.Raw)
}
