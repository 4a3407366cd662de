package notes

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
)

func newCmdList(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "list CONTACT",
		Short: "List the notes of a contact",
		Long: `List the internal notes written on a contact, given by its id or its phone
number, with their author. Notes are seen by staff only, never by the
contact.`,
		Example: `  # The notes on contact 1, with their authors
  convo notes list 1

  # Only their texts
  convo notes list 1 --jq '.[].content'`,
		Args:              cmdutil.ExactArgs(1, cmdutil.ContactArg),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteContacts(f)),
		RunE: cmdutil.RunList(f, func(ctx context.Context, args []string, c *api.Client, o api.ListOptions) (*api.Pager[api.Note], error) {
			ref, err := f.ParseContact(args[0], "contact")
			if err != nil {
				return nil, err
			}
			id, err := resolve.ContactID(ctx, c, ref, naming.Flags)
			if err != nil {
				return nil, err
			}
			return c.ListNotes(id, o), nil
		}),
	}
	return cmdutil.Prints(f, cmd, noteSpec)
}
