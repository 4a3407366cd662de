package users

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
)

type restoreOptions struct {
	f   *cmdutil.Factory
	ctx context.Context
	id  int64
}

func newCmdRestore(f *cmdutil.Factory, runF func(*restoreOptions) error) *cobra.Command {
	opts := &restoreOptions{f: f}
	cmd := &cobra.Command{
		Use:   "restore ID",
		Short: "Reactivate a deactivated attendant",
		Long: `Reactivate a deactivated user. It fails with EXTERNAL_REFERENCE_ALREADY_USED
when another active user took their external reference meanwhile.`,
		Example: `  # Reactivate attendant 4 (see convo users list --status inactive)
  convo users restore 4`,
		Args:              cmdutil.ExactArgs(1, "user ID"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteUsers(f, "inactive")),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseID(args[0], "user ID")
			if err != nil {
				return err
			}
			opts.ctx, opts.id = cmd.Context(), id
			if runF != nil {
				return runF(opts)
			}
			return restoreRun(opts)
		},
	}
	return cmdutil.Prints(f, cmd, userSpec)
}

func restoreRun(opts *restoreOptions) error {
	c, err := opts.f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	res, err := c.RestoreUser(opts.ctx, opts.id)
	if err != nil {
		return err
	}
	return cmdutil.PrintResult(opts.f, res, res.Data.ID)
}
