package chats

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/validate"
)

// The API's Portuguese messages of a refused transfer, from its
// specification.
const (
	msgNotFound        = "Conversa ou canal não encontrado."
	msgNoPermission    = "Você não tem permissão para transferir conversas deste canal."
	msgAttendantAccess = "O atendente informado não tem acesso ao canal de destino."
)

func newCmdTransfer(f *cmdutil.Factory) *cobra.Command {
	var (
		body      api.TransferRequest
		attendant string
	)
	cmd := &cobra.Command{
		Use:   "transfer CHAT [--channel TOKEN] [--attendant ID|EMAIL|NAME|@me] [--message S]",
		Short: "Hand a chat to another attendant or channel",
		Long: `Transfer a chat to a channel and, optionally, an attendant. CHAT is a chat's
token, or a contact's id or phone number when the contact has one open chat.
--channel is the chat's own channel unless given, so that changing only the
attendant needs only --attendant. What happens depends on the destination:

  - the chat's own channel: only the responsible attendant changes; it stays
    the same chat, with its history;
  - another channel: a new chat is created on that channel for the same
    contact, holding a link to the original chat; the result names the new
    chat's token;
  - no --attendant: the chat goes to the waiting queue, for any attendant of
    the channel to take.

--attendant takes a user's id, e-mail or name, or @me (see convo config set
attendant). --message adds an internal note for the staff (at most 1000
characters); the contact never sees it. A transfer gives the chat to whom it
names, whoever had it: convo chats take and convo chats release check who
has it first.

Your token needs access to the chat's channel, and the attendant needs access
to the destination channel; otherwise the API refuses (exit 4).`,
		Example: `  # Hand a chat to Ana Souza on its own channel: it stays the same chat
  convo chats transfer 42ef115f20394e9daca8 --attendant "ana souza"

  # Move a customer's only open chat to the website widget, with a note for the staff
  convo chats transfer 5531958380742 --channel site-widget-0007 --attendant 2 \
    --message "Cliente prefere ser atendido pelo site."

  # Put a chat back in the waiting queue of its channel
  convo chats transfer ef5799d7de5e27f1c2ce`,
		Args:              cmdutil.ExactArgs(1, resolve.ChatArg),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteChats(f)),
		RunE: func(cmd *cobra.Command, args []string) error {
			ref, err := resolve.ParseChat(args[0], f.Settings.DefaultCountry, naming.Flags)
			if err != nil {
				return err
			}
			if err := validate.TransferMessage(body.Message); err != nil {
				return err
			}
			ctx := cmd.Context()
			c, err := f.APIClient(ctx)
			if err != nil {
				return err
			}
			if attendant != "" {
				id, err := f.AttendantID(ctx, c, attendant)
				if err != nil {
					return err
				}
				body.Attendant = &id
			}
			token := ref.Token
			if ref.Contact != nil || body.Channel == "" {
				// The chat's channel, or the chat itself, must be found
				// first; a token and a channel need no lookup.
				_, ch, err := f.OpenChat(ctx, args[0])
				if err != nil {
					return err
				}
				token = ch.Token
				if body.Channel == "" {
					body.Channel = ch.Channel.Token
				}
			}
			res, err := c.TransferChat(ctx, token, body)
			if err != nil {
				return explainRefusal(ctx, c, err, token, body)
			}
			if err := cmdutil.PrintResult(f, res, nil); err != nil {
				return err
			}
			// Say which of the effects happened: a new token or the queue is
			// what a reader would otherwise miss.
			errOut := f.IOStreams.ErrOut
			if res.Data.ChatToken != "" && res.Data.ChatToken != token {
				fmt.Fprintf(errOut, "The chat continues as %s on channel %s, linked to %s.\n", safetext.Line(res.Data.ChatToken), safetext.Line(res.Data.Channel), token)
			}
			if res.Data.Attendant == nil {
				fmt.Fprintln(errOut, "It waits in the queue for an attendant.")
			}
			return nil
		},
	}
	cmdutil.ChannelFlag(f, cmd, &body.Channel, "channel", api.ChannelListParams{},
		"`TOKEN` of the destination channel (default: the chat's own, which changes only the attendant)")
	cmdutil.AttendantFlag(f, cmd, &attendant, "attendant", "active",
		"the `ATTENDANT` who takes the chat (id, e-mail, name or @me); without it, the waiting queue")
	cmd.Flags().StringVar(&body.Message, "message", "", "`TEXT` of an internal note for the staff, at most 1000 characters")
	return cmdutil.Prints(f, cmd, transferSpec)
}

// explainRefusal adds to the API's refusal of a transfer what it leaves
// out: whose access is missing, and which of the chat and the channel it
// could not find. The exit code stays the refusal's.
func explainRefusal(ctx context.Context, c *api.Client, err error, token string, body api.TransferRequest) error {
	var apiErr *api.Error
	if !errors.As(err, &apiErr) {
		return err
	}
	switch apiErr.Message {
	case msgAttendantAccess:
		return cmdutil.WithHint(err, fmt.Sprintf("It is the attendant (user %d) who cannot reach channel %s, not your token: "+
			"give an attendant of that channel (convo users view %d lists a user's channels), or leave --attendant out to queue the chat.",
			*body.Attendant, body.Channel, *body.Attendant))
	case msgNoPermission:
		return cmdutil.WithHint(err, fmt.Sprintf("Your token cannot transfer the chats of chat %s's channel (convo channels list shows the channels it reaches).", token))
	case msgNotFound:
		visible, lookupErr := channelVisible(ctx, c, body.Channel)
		switch {
		case lookupErr != nil:
			return err
		case !visible:
			return cmdutil.WithHint(err, fmt.Sprintf("Channel %s is not among the channels your token can use (convo channels list).", body.Channel))
		}
		return cmdutil.WithHint(err, fmt.Sprintf("No chat your token can see has the token %s (convo chats list).", token))
	}
	return err
}

// channelVisible says whether the channel with token is among those the
// token may access.
func channelVisible(ctx context.Context, c *api.Client, token string) (bool, error) {
	for ch, err := range c.ListChannels(api.ChannelListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}}).Follow(true).All(ctx) {
		if err != nil {
			return false, err
		}
		if ch.Token == token {
			return true, nil
		}
	}
	return false, nil
}
