package tags

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
		Short: "Show a tag",
		Example: `  # Show tag 1
  convo tags view 1

  # As JSON
  convo tags view 1 -o json`,
		Args:              cmdutil.ExactArgs(1, "tag ID"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteTagIDs(f)),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseID(args[0], "tag ID")
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
	return cmdutil.Prints(f, cmd, tagSpec)
}

func viewRun(opts *viewOptions) error {
	c, err := opts.f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	res, err := c.GetTag(opts.ctx, opts.id)
	if err != nil {
		return err
	}
	return cmdutil.PrintObject(opts.f, res.Raw)
}
