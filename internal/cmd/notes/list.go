package notes

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
)

type listOptions struct {
	f   *cmdutil.Factory
	ctx context.Context

	contactID int64
}

func newCmdList(f *cmdutil.Factory, runF func(*listOptions) error) *cobra.Command {
	opts := &listOptions{f: f}
	cmd := &cobra.Command{
		Use:   "list CONTACT_ID",
		Short: "List the notes of a contact",
		Long: `List the internal notes written on a contact, with their author. Notes are
seen by staff only, never by the contact.`,
		Example: `  # The notes on contact 1, with their authors
  convo notes list 1

  # Only their texts
  convo notes list 1 --jq '.[].content'`,
		Args:              cmdutil.ExactArgs(1, "contact ID"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteContacts(f)),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseID(args[0], "contact ID")
			if err != nil {
				return err
			}
			opts.ctx, opts.contactID = cmd.Context(), id
			if runF != nil {
				return runF(opts)
			}
			return listRun(opts)
		},
	}
	return cmdutil.Prints(f, cmd, noteSpec)
}

func listRun(opts *listOptions) error {
	f := opts.f
	c, err := f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	return cmdutil.PrintList(opts.ctx, f, c.ListNotes(opts.contactID, f.ListOptions()))
}
