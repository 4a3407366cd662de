package contacts

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
)

func newCmdView(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "view CONTACT",
		Short: "Show a contact",
		Long: `Show one contact with its tags and custom-field values. CONTACT is the
contact's id or its phone number (as written anywhere else, see
--default-country).

The table shows the usual columns; -o json (or yaml) shows every field,
custom fields included.`,
		Example: `  # Show contact 1
  convo contacts view 1

  # The same contact, by its phone number
  convo contacts view "+55 21 97919-0371"

  # Every field, custom fields included, as JSON
  convo contacts view 1 -o json

  # Only its custom fields
  convo contacts view 1 --jq .customfields`,
		Args:              cmdutil.ExactArgs(1, cmdutil.ContactArg),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteContacts(f)),
		RunE: cmdutil.RunWithContact(f, func(ctx context.Context, c *api.Client, ref resolve.ContactRef) error {
			_, raw, err := resolve.Contact(ctx, c, ref, naming.Flags)
			if err != nil {
				return err
			}
			return cmdutil.PrintObject(f, raw)
		}),
	}
	return cmdutil.Prints(f, cmd, contactSpec)
}
