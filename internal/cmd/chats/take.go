package chats

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/safetext"
)

func newCmdTake(f *cmdutil.Factory) *cobra.Command {
	var force bool
	cmd := &cobra.Command{
		Use:   "take CHAT [--force]",
		Short: "Make a chat yours",
		Long: `Make a chat yours (@me, see convo config set attendant): a transfer to you on
the chat's own channel, which leaves it where it is, waiting or not, with you
as its attendant. CHAT is a chat's token, or a contact's id or phone number
when the contact has one open chat.

A chat has one attendant. A chat another attendant has is refused (exit 1,
naming them) unless --force takes it from them. When several attendants take
one chat at about the same moment, exactly one is told it is theirs and keeps
it; the others are told who has it (exit 1). The API has no way to take a chat
only if nobody has it, so convo confirms each take after its transfer, from
the notes the takes leave in the chat: see docs/agent.md for how, what it
costs and the one case it cannot cover.

A chat that is yours already stays so (exit 0). convo chats release hands a
chat back to the waiting queue.`,
		Example: `  # Take a chat, then answer it
  convo chats take c5e0451fb9df95da3b13
  convo chats reply c5e0451fb9df95da3b13 --text "Olá! Sou eu quem vai te atender."

  # Take the only open chat of a customer, even from a colleague
  convo chats take 5551916761484 --force`,
		Args:              cmdutil.ExactArgs(1, resolve.ChatArg),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteChats(f)),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			d, ch, err := f.OpenChat(ctx, args[0])
			if err != nil {
				return err
			}
			c, err := f.APIClient(ctx)
			if err != nil {
				return err
			}
			me, err := f.AttendantID(ctx, c, resolve.MeRef)
			if err != nil {
				return err
			}
			t, err := d.Take(ctx, ch, desk.TakeOptions{For: me, Force: force})
			if err != nil {
				return heldError(err, ch, "take", force)
			}
			msg := fmt.Sprintf("Chat %s is yours", ch.Token)
			switch {
			case t.Already:
				msg += " already"
			case t.From.ID != 0:
				msg += fmt.Sprintf(", taken from %s", t.From)
			}
			output.Success(f.IOStreams, msg+".", nil)
			if t.Unconfirmed {
				fmt.Fprintf(f.IOStreams.ErrOut, "%s The API did not list the note of the take, so a take by another attendant at the same moment could not be ruled out.\n",
					f.IOStreams.ColorScheme().WarningIcon())
			}
			return printOwner(f, ch, &me)
		},
	}
	cmd.Flags().BoolVar(&force, "force", false, "take the chat even from the attendant who has it")
	return cmdutil.Prints(f, cmd, transferSpec)
}

func newCmdRelease(f *cmdutil.Factory) *cobra.Command {
	var force bool
	cmd := &cobra.Command{
		Use:   "release CHAT [--force]",
		Short: "Hand a chat back to the waiting queue",
		Long: `Hand a chat of yours back to the waiting queue of its own channel (a transfer
without an attendant), where any attendant may take it. CHAT is a chat's
token, or a contact's id or phone number when the contact has one open chat.

A chat another attendant has is refused (exit 1, naming them) unless --force;
a chat already in the queue is left as it is (exit 0, with a note).

The API cannot finish (resolve, close) a chat: releasing it, or simply
answering it, is what there is. A chat in the queue whose customer was
answered last leaves the waiting queue (its status is entrance) until the
customer writes again.`,
		Example: `  # Give a chat of yours back to the queue for a colleague to take
  convo chats release ef5799d7de5e27f1c2ce`,
		Args:              cmdutil.ExactArgs(1, resolve.ChatArg),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteChats(f)),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			d, ch, err := f.OpenChat(ctx, args[0])
			if err != nil {
				return err
			}
			var me int64
			if f.Me().Ref != "" {
				c, err := f.APIClient(ctx)
				if err != nil {
					return err
				}
				if me, err = f.AttendantID(ctx, c, resolve.MeRef); err != nil {
					return err
				}
			}
			r, err := d.Release(ctx, ch, desk.ReleaseOptions{Me: me, Force: force})
			if err != nil {
				err = heldError(err, ch, "release", force)
				if me == 0 {
					err = cmdutil.WithHint(err, "If the chat is yours, say who you are: convo config set attendant ID|EMAIL")
				}
				return err
			}
			subject := "Chat " + ch.Token
			if r.From.ID != 0 && r.From.ID != me {
				subject += fmt.Sprintf(", released from %s,", r.From)
			}
			said := r.Outcome(subject, channelName(ch.Channel))
			if r.From.ID == 0 {
				fmt.Fprintln(f.IOStreams.ErrOut, safetext.Line(said))
			} else {
				output.Success(f.IOStreams, said, nil)
			}
			return printOwner(f, ch, nil)
		},
	}
	cmd.Flags().BoolVar(&force, "force", false, "release the chat even from the attendant who has it")
	return cmdutil.Prints(f, cmd, transferSpec)
}

// heldError adds to a take or release refused because another attendant
// has the chat what to do about it.
func heldError(err error, ch *desk.Chat, verb string, forced bool) error {
	var held *desk.HeldError
	if !errors.As(err, &held) || forced {
		return err
	}
	if held.Race {
		return cmdutil.WithHint(err, "convo chats next --take finds another customer waiting.")
	}
	return cmdutil.WithHint(err, fmt.Sprintf("To %s it from them anyway: convo chats %s %s --force", verb, verb, ch.Token))
}

// printOwner prints who has the chat now, in the shape of a transfer's
// result: its token, its channel and its attendant (null: the queue).
func printOwner(f *cmdutil.Factory, ch *desk.Chat, attendant *int64) error {
	raw, err := json.Marshal(api.TransferResult{ChatToken: ch.Token, Channel: ch.Channel.Token, Attendant: attendant})
	if err != nil {
		return err
	}
	return cmdutil.PrintObject(f, raw)
}

// channelName names a channel in a sentence: its name, else its token.
func channelName(ch api.Channel) string {
	if ch.Name == "" {
		return ch.Token
	}
	return ch.Name
}
