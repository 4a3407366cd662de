package chats

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmd/send"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/safetext"
)

func newCmdReply(f *cmdutil.Factory) *cobra.Command {
	var (
		content  *send.Flags
		shortcut *string
	)
	cmd := &cobra.Command{
		Use:   "reply CHAT (--text S | --text-file F|- | --saved SHORTCUT [--var NAME=VALUE]... | --type T --url U [--caption S] | --template ID|NAME [...]) [--attendant A]",
		Short: "Answer a chat",
		Long: `Send a message in a chat: to its contact, on its channel, so that the answer
lands in that chat and in no other. CHAT is a chat's token, or a contact's id
or phone number when the contact has one open chat. The message is given as
to convo messages send (see its help): --text or --text-file, a media --type
with --url, a contact card, or --template with its values, asked for on a
terminal when missing.

--saved sends a saved reply of the team file (see convo replies --help): its
text, with its variables filled in for the chat, its contact and the
attendant who sends it, and --var NAME=VALUE for the others. A variable
without a value is asked for on a terminal; elsewhere the command exits 2
naming every one. A saved reply that names channels is refused on others.

The message is sent as --attendant, by default you (@me) when convo config
set attendant has been run. Replying to a chat that no attendant has takes it
first, for that attendant, as convo chats take does (a chat another attendant
has stays theirs); with no attendant set, the reply goes out without taking
the chat, and a note says how to set one. convo config set take_on_reply
false turns taking off. A finished or closed chat is refused before
anything is sent (exit 2): a message would open a new chat; use
convo messages send for that. If the API puts the message in another chat,
a warning says so.

On a chatapp channel, the messaging app delivers only template messages
once 24 hours have passed since the customer last wrote: a free-form reply
then gets a warning suggesting --template, and on a terminal a question
before it is sent.

Here --template names a message template, so the global -t/--template output
option is not available; use --jq to shape the output.`,
		Example: `  # Answer a chat
  convo chats reply 42ef115f20394e9daca8 --text "Seu pedido sai para entrega hoje."

  # Answer the only open chat of a contact, from a file
  echo "Recebemos seu comprovante, obrigado!" > resposta.txt
  convo chats reply 5551916761484 --text-file resposta.txt

  # A picture with a caption
  convo chats reply 42ef115f20394e9daca8 --type image \
    --url https://cdn.exemplo.com.br/pedidos/4521.jpg --caption "Seu pedido embalado"

  # A saved reply of the team's file, with the value of its variable
  convo chats reply 043bf0b9624cd43d116b --saved frete --var prazo=3

  # A template message, and the request it would send
  convo chats reply 42ef115f20394e9daca8 --template rastreio_pedido \
    --var numero_pedido=4521 --button 0=BR4521 --dry-run`,
		Args:              cmdutil.ExactArgs(1, resolve.ChatArg),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteChats(f)),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			if err := content.Check(); err != nil {
				return err
			}
			var s *saved
			if shortcut != nil {
				var err error
				if s, err = loadSaved(f, *shortcut, content.Vars()); err != nil {
					return err
				}
			}
			d, ch, err := f.OpenChat(ctx, args[0])
			if err != nil {
				return err
			}
			to, err := desk.Reply(ch, api.MessageSend{}, naming.Flags)
			if err != nil {
				return err
			}
			var compose func(context.Context) (string, bool, error)
			if s != nil {
				if err := s.reply.CheckChannel(ch.Channel); err != nil {
					return err
				}
				compose = func(ctx context.Context) (string, bool, error) { return s.compose(ctx, f, d, ch, content) }
			}
			if f.Me().Ref != "" {
				content.DefaultAttendant(resolve.MeRef)
			}
			errOut := f.IOStreams.ErrOut
			return content.Send(ctx, to.Phone, to.Channel, send.Hooks{
				Checked: func(ctx context.Context) error { return checkWindow(ctx, f, d, ch, content) },
				Sending: func(ctx context.Context, body api.MessageSend) error {
					if !f.Settings.TakeOnReply {
						return nil
					}
					return takeOnReply(ctx, f, d, ch, body.Attendant)
				},
				Sent: func(res *api.SendResult) {
					if warning := d.Sent(ch, res); warning != "" {
						fmt.Fprintf(errOut, "%s Warning: %s.\n", f.IOStreams.ColorScheme().WarningIcon(), safetext.Line(warning))
					}
				},
				Text: compose,
			})
		},
	}
	content = send.AddFlags(f, cmd, "the `ATTENDANT` the message is sent as: a user's id, e-mail or name, or @me (default: @me when set, else the token's user)")
	cmdutil.NilStringFlag(cmd, &shortcut, "saved", "send the saved reply `SHORTCUT` of the team file, its variables filled in (see convo replies list)")
	_ = cmd.RegisterFlagCompletionFunc("saved", cmdutil.CompleteSaved(f))
	content.ComposesText(cmd, "saved", func() bool { return shortcut != nil })
	_ = cmd.RegisterFlagCompletionFunc("var", cmdutil.CompleteSavedVars(f, func() string {
		if shortcut == nil {
			return ""
		}
		return *shortcut
	}))
	return cmdutil.Prints(f, cmd, send.ResultSpec())
}

// takeOnReply takes the chat for the reply's attendant before it is sent,
// when no attendant has it, and says what became of it.
func takeOnReply(ctx context.Context, f *cmdutil.Factory, d *desk.Desk, ch *desk.Chat, attendant *int64) error {
	var who int64
	if attendant != nil {
		who = *attendant
	}
	t, err := d.TakeOnReply(ctx, ch, who)
	if err != nil {
		return err
	}
	note := t.Note("Chat " + ch.Token)
	ios := f.IOStreams
	switch {
	case note == "":
	case t.Race, t.Refused != nil:
		fmt.Fprintf(ios.ErrOut, "%s %s\n", ios.ColorScheme().WarningIcon(), note)
	case t.Taken != nil:
		output.Success(ios, note, nil)
	default:
		fmt.Fprintln(ios.ErrOut, note)
	}
	return nil
}

// checkWindow warns before a free-form message on a chatapp channel whose
// customer last wrote over 24 hours ago (or never): the messaging app would
// deliver only a template. On a terminal it asks whether to send anyway.
// The API specification does not state the rule and the sandbox does not
// enforce it, so it is a warning, never a refusal.
func checkWindow(ctx context.Context, f *cmdutil.Factory, d *desk.Desk, ch *desk.Chat, content *send.Flags) error {
	if !content.FreeForm() {
		return nil
	}
	w, err := d.Window(ctx, ch)
	if err != nil || !w.Outside {
		return err
	}
	ios := f.IOStreams
	fmt.Fprintf(ios.ErrOut, "%s %s: %s.\nSend a template instead with --template (see convo templates list --channel %s).\n",
		ios.ColorScheme().WarningIcon(), w.Why(time.Now()), desk.WindowHint, safetext.Line(ch.Channel.Token))
	if !ios.CanPrompt() || f.Settings.Yes || content.DryRun() {
		return nil
	}
	ok, err := content.Prompter().Confirm("Send this free-form message anyway?", "", false)
	switch {
	case err != nil:
		return err
	case !ok:
		return clierr.ErrCancelled
	}
	return nil
}
