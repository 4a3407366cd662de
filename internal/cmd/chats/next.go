package chats

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/safetext"
)

func newCmdNext(f *cmdutil.Factory) *cobra.Command {
	v := &viewer{f: f, last: defaultLast}
	var (
		o   desk.NextOptions
		tag string
	)
	cmd := &cobra.Command{
		Use:   "next [--channel TOKEN] [--tag ID|NAME] [--take] [--last N]",
		Short: "Show the chat that has waited longest",
		Long: `Show, as convo chats view does, the open chat that has waited longest for an
answer (its last message is the oldest of the waiting queue) among those no
other attendant has taken and, when you are a user attendant (not an admin),
on the channels you may be given chats on. --channel and --tag narrow the
queue.

--take first makes the chat yours, as convo chats take does: a transfer to
you (@me, see convo config set attendant) on its own channel, which leaves it
waiting with you as its attendant, confirmed against others taking it at the
same moment. A chat another attendant took first, or that the API does not
let you take, is passed over for the next one, so that two attendants
running convo chats next --take at once get two different chats. Then answer
it with convo chats reply.

When no chat is waiting, it says so on standard error and exits 0.`,
		Example: `  # The customer who has waited longest
  convo chats next

  # Take the longest-waiting chat of the website widget, then answer it
  CHAT=$(convo chats next --channel site-widget-0007 --take --jq .chat.token)
  convo chats reply "$CHAT" --text "Olá! Sou eu quem vai te atender."`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			c, err := f.APIClient(ctx)
			if err != nil {
				return err
			}
			if tag != "" {
				if o.Tag, err = resolve.TagID(ctx, c, tag, naming.Flags); err != nil {
					return err
				}
			}
			// Without --take, the chats you have are yours to be given;
			// without an attendant set, every taken chat is someone else's.
			if o.Take || f.Me().Ref != "" {
				if o.Me, err = f.AttendantID(ctx, c, resolve.MeRef); err != nil {
					return err
				}
			}
			d, err := desk.Open(ctx, c)
			if err != nil {
				return err
			}
			ch, err := d.Next(ctx, o)
			if errors.Is(err, desk.ErrNoneWaiting) {
				// "No chat is waiting.", or why none is for you.
				msg := safetext.Line(err.Error())
				fmt.Fprintf(f.IOStreams.ErrOut, "%s.\n", english.Capitalize(msg))
				return nil
			}
			if err != nil {
				return err
			}
			if o.Take {
				output.Success(f.IOStreams, fmt.Sprintf("Chat %s is yours; answer it with: convo chats reply %s --text …", ch.Token, ch.Token), nil)
			}
			return v.show(ctx, d, ch)
		},
	}
	cmdutil.ChannelFlag(f, cmd, &o.Channel, "channel", api.ChannelListParams{}, "only chats on the channel with `TOKEN`")
	cmdutil.TagFlag(f, cmd, &tag, "tag", "only chats with the tag of this `ID|TEXT`")
	cmd.Flags().BoolVar(&o.Take, "take", false, "make the chat yours first: a transfer to @me on its own channel")
	v.addFlags(cmd)
	return cmdutil.Prints(f, cmd, v.spec())
}
