package tags

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/output"
)

type deleteOptions struct {
	f   *cmdutil.Factory
	ctx context.Context
	id  int64
}

func newCmdDelete(f *cmdutil.Factory, runF func(*deleteOptions) error) *cobra.Command {
	opts := &deleteOptions{f: f}
	cmd := &cobra.Command{
		Use:   "delete ID [--yes]",
		Short: "Delete a tag",
		Long: `Delete a tag. It is removed from every contact and chat that has it.

On a terminal convo asks first; elsewhere --yes is required.`,
		Example: `  # Delete tag 5; a script confirms with --yes
  convo tags delete 5 --yes`,
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
			return deleteRun(opts)
		},
	}
	return cmd
}

func deleteRun(opts *deleteOptions) error {
	f := opts.f
	c, err := f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	subject := fmt.Sprintf("tag %d", opts.id)
	// The text makes the question clear to a person; nobody is asked
	// otherwise, so nothing is fetched then.
	if !f.Settings.Yes && f.IOStreams.CanPrompt() {
		res, err := c.GetTag(opts.ctx, opts.id)
		if err != nil {
			return err
		}
		subject = fmt.Sprintf("tag %d (%s)", opts.id, res.Data.Text)
	}
	consequence := fmt.Sprintf("Deleting %s removes it from every contact and chat that has it; this cannot be undone.", subject)
	if err := f.ConfirmDestructive(fmt.Sprintf("Delete %s?", subject), consequence); err != nil {
		return err
	}
	msg, err := c.DeleteTag(opts.ctx, opts.id)
	if err != nil {
		return err
	}
	output.Success(f.IOStreams, msg, nil)
	return nil
}
