package contacts

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/output"
)

type deleteOptions struct {
	f   *cmdutil.Factory
	ctx context.Context

	id int64
}

func newCmdDelete(f *cmdutil.Factory, runF func(*deleteOptions) error) *cobra.Command {
	opts := &deleteOptions{f: f}
	cmd := &cobra.Command{
		Use:   "delete ID [--yes]",
		Short: "Delete a contact with all its chats and messages",
		Long: `Delete a contact. The API also deletes, permanently, every chat of the
contact and every message of those chats; nothing can be restored.

On a terminal you are shown what will be lost and asked to confirm. Without a
terminal (scripts, CI) the command refuses to run unless --yes is given.`,
		Example: `  # Delete contact 50 and its chats; a script confirms with --yes
  convo contacts delete 50 --yes`,
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
	if !f.Settings.Yes {
		if err := confirmDelete(opts.ctx, f, c, opts.id); err != nil {
			return err
		}
	}
	msg, err := c.DeleteContact(opts.ctx, opts.id)
	if err != nil {
		return err
	}
	output.Success(f.IOStreams, msg, nil)
	return nil
}

// confirmDelete looks the contact up and counts its chats, so that the
// question says exactly what will be lost, then asks (or, without a
// terminal, refuses).
func confirmDelete(ctx context.Context, f *cmdutil.Factory, c *api.Client, id int64) error {
	res, err := c.GetContact(ctx, id)
	if err != nil {
		return err
	}
	contact := res.Data
	chats, err := countChats(ctx, c, contact)
	if err != nil {
		return err
	}
	who := contact.Phone
	if contact.Name != "" {
		who = contact.Name + ", " + contact.Phone
	}
	subject := fmt.Sprintf("contact %d (%s)", id, who)
	// The question names the chats too: some prompters (huh's accessible
	// mode) show only the question, not the consequence under it.
	var question, consequence string
	switch chats {
	case 0:
		question = fmt.Sprintf("Delete %s?", subject)
		consequence = fmt.Sprintf("Deleting %s is permanent; it has no chats.", subject)
	case 1:
		question = fmt.Sprintf("Delete %s and its chat?", subject)
		consequence = fmt.Sprintf("Deleting %s also deletes its chat and all its messages, permanently.", subject)
	default:
		question = fmt.Sprintf("Delete %s and its %d chats?", subject, chats)
		consequence = fmt.Sprintf("Deleting %s also deletes its %d chats and all their messages, permanently.", subject, chats)
	}
	return f.ConfirmDestructive(question, consequence)
}

// countChats counts the contact's chats. The chats filter takes an id or a
// phone and may match phones partially, so the chats are listed by the
// contact's full phone and only those of this very contact are counted.
func countChats(ctx context.Context, c *api.Client, contact api.Contact) (int, error) {
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
