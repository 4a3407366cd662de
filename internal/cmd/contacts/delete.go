package contacts

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/resolve"
)

func newCmdDelete(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "delete CONTACT [--yes]",
		Short: "Delete a contact with all its chats and messages",
		Long: `Delete a contact, given by its id or its phone number. The API also deletes,
permanently, every chat of the contact and every message of those chats;
nothing can be restored.

On a terminal you are shown what will be lost and asked to confirm. Without a
terminal (scripts, CI) the command refuses to run unless --yes is given.`,
		Example: `  # Delete contact 50 and its chats; a script confirms with --yes
  convo contacts delete 50 --yes`,
		Args:              cmdutil.ExactArgs(1, cmdutil.ContactArg),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteContacts(f)),
		RunE: cmdutil.RunWithContact(f, func(ctx context.Context, c *api.Client, ref resolve.ContactRef) error {
			id, err := confirmDelete(ctx, f, c, ref)
			if err != nil {
				return err
			}
			msg, err := c.DeleteContact(ctx, id)
			if err != nil {
				return err
			}
			output.Success(f.IOStreams, msg, nil)
			return nil
		}),
	}
}

// confirmDelete finds the contact and, unless --yes, counts its chats so
// that the question says exactly what will be lost, then asks (or, without
// a terminal, refuses). It returns the contact's id.
func confirmDelete(ctx context.Context, f *cmdutil.Factory, c *api.Client, ref resolve.ContactRef) (int64, error) {
	if f.Settings.Yes {
		return resolve.ContactID(ctx, c, ref, naming.Flags)
	}
	contact, _, err := resolve.Contact(ctx, c, ref, naming.Flags)
	if err != nil {
		return 0, err
	}
	chats, err := countChats(ctx, c, contact)
	if err != nil {
		return 0, err
	}
	who := contact.Phone
	if contact.Name != "" {
		who = contact.Name + ", " + contact.Phone
	}
	subject := fmt.Sprintf("contact %d (%s)", contact.ID, who)
	// The action names the chats too: some prompters (huh's accessible
	// mode) show only the question, not the consequence under it.
	var action, consequence string
	switch chats {
	case 0:
		action = "delete " + subject
		consequence = fmt.Sprintf("Deleting %s is permanent; it has no chats.", subject)
	case 1:
		action = fmt.Sprintf("delete %s and its chat", subject)
		consequence = fmt.Sprintf("Deleting %s also deletes its chat and all its messages, permanently.", subject)
	default:
		action = fmt.Sprintf("delete %s and its %d chats", subject, chats)
		consequence = fmt.Sprintf("Deleting %s also deletes its %d chats and all their messages, permanently.", subject, chats)
	}
	return contact.ID, f.ConfirmDestructive(action, consequence)
}

// countChats counts the contact's chats. The chats filter takes an id or a
// phone, and a server may match phones partially, so the chats are listed
// by the contact's full phone and only those of this very contact count.
func countChats(ctx context.Context, c *api.Client, contact *api.Contact) (int, error) {
	params := api.ChatListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}, Contact: contact.Phone}
	n := 0
	for chat, err := range c.ListChats(params).Follow(true).All(ctx) {
		if err != nil {
			return 0, fmt.Errorf("count the chats of contact %d: %w", contact.ID, err)
		}
		if chat.Contact.ID == contact.ID {
			n++
		}
	}
	return n, nil
}
