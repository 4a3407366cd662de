package users

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/output"
)

type deactivateOptions struct {
	f   *cmdutil.Factory
	ctx context.Context
	id  int64
}

func newCmdDeactivate(f *cmdutil.Factory, runF func(*deactivateOptions) error) *cobra.Command {
	opts := &deactivateOptions{f: f}
	cmd := &cobra.Command{
		Use:     "deactivate ID [--yes]",
		Aliases: []string{"delete"},
		Short:   "Deactivate an attendant",
		Long: `Deactivate a user (the API's DELETE /users/{id}, a soft delete): their token
stops working, and their external reference is free for another user. Nothing
is lost: ` + "`convo users restore ID`" + ` brings them back.

On a terminal convo asks first; elsewhere --yes is required.`,
		Example: `  # Deactivate attendant 3; a script confirms with --yes
  convo users deactivate 3 --yes

  # The same, by the name of the API's operation
  convo users delete 3 --yes`,
		Args:              cmdutil.ExactArgs(1, "user ID"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteUsers(f, "active")),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseID(args[0], "user ID")
			if err != nil {
				return err
			}
			opts.ctx, opts.id = cmd.Context(), id
			if runF != nil {
				return runF(opts)
			}
			return deactivateRun(opts)
		},
	}
	return cmd
}

func deactivateRun(opts *deactivateOptions) error {
	f := opts.f
	c, err := f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	subject := fmt.Sprintf("user %d", opts.id)
	// The name makes the question clear to a person; nobody is asked
	// otherwise, so nothing is fetched then.
	if !f.Settings.Yes && f.IOStreams.CanPrompt() {
		res, err := c.GetUser(opts.ctx, opts.id)
		if err != nil {
			return err
		}
		subject = fmt.Sprintf("user %d (%s)", opts.id, res.Data.Name)
	}
	consequence := fmt.Sprintf("Deactivating %s signs them out of convo and the API; they can be restored with `convo users restore %d`.", subject, opts.id)
	if err := f.ConfirmDestructive(fmt.Sprintf("Deactivate %s?", subject), consequence); err != nil {
		return err
	}
	msg, err := c.DeactivateUser(opts.ctx, opts.id)
	if err != nil {
		return err
	}
	output.Success(f.IOStreams, msg, nil)
	return nil
}
