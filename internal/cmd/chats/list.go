package chats

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/validate"
)

func newCmdList(f *cmdutil.Factory) *cobra.Command {
	var (
		params                  api.ChatListParams
		contact, tag, attendant string
		// channelOf names the channel of each chat in a table.
		channelOf func(token string) string
	)
	cmd := &cobra.Command{
		Use:   "list [--status S] [--open=BOOL] [--contact ID|PHONE] [--tag ID|NAME] [--channel TOKEN] [--attendant ID|EMAIL|NAME|@me]",
		Short: "List chats",
		Long: `List the chats of the channels your token may access, each with its contact and
last message. Filters combine: every one given must match.

--contact takes a contact's id or phone number; --tag a tag's id or text;
--attendant a user's id, e-mail or name, or @me (see convo config set
attendant); --open=false lists the closed chats.`,
		Example: `  # Open chats waiting for an answer
  convo chats list --status waiting --open

  # Closed chats
  convo chats list --open=false

  # The chats of a contact, by phone number
  convo chats list --contact "+55 21 97919-0371"

  # VIP chats on the website widget that Bruno Lima handles
  convo chats list --tag VIP --channel site-widget-0007 --attendant "bruno lima"

  # The tokens of every chat with unread messages
  convo chats list --all --jq '.[] | select(.unreadCount > 0) | .token'`,
		Args: cmdutil.NoArgs,
		RunE: cmdutil.RunList(f, func(ctx context.Context, _ []string, c *api.Client, o api.ListOptions) (*api.Pager[api.Chat], error) {
			params.ListOptions = o
			if out, err := f.CheckedOutput(); err == nil && out.Format == output.Table && len(out.Fields) == 0 {
				if channelOf, err = knownChannels(ctx, c, params.Channel); err != nil {
					return nil, err
				}
			}
			if contact != "" {
				ref, err := f.ParseContact(contact, "--contact")
				if err != nil {
					return nil, err
				}
				params.Contact = ref.Query()
			}
			var err error
			if tag != "" {
				if params.Tag, err = resolve.TagID(ctx, c, tag, naming.Flags); err != nil {
					return nil, err
				}
			}
			if attendant != "" {
				if params.Attendant, err = f.AttendantID(ctx, c, attendant); err != nil {
					return nil, err
				}
			}
			return c.ListChats(params), nil
		}),
	}
	cmdutil.EnumFlag(cmd, &params.Status, "status", "", validate.ChatStatuses, "only chats in `STATUS`")
	cmdutil.NilBoolFlag(cmd, &params.IsOpen, "open", "only open chats; --open=false: only closed ones")
	cmdutil.ContactFlag(f, cmd, &contact, "contact", "only chats of the contact with this `ID|PHONE`")
	cmdutil.TagFlag(f, cmd, &tag, "tag", "only chats with the tag of this `ID|TEXT`")
	cmdutil.ChannelFlag(f, cmd, &params.Channel, "channel", api.ChannelListParams{}, "only chats on the channel with `TOKEN`")
	cmdutil.AttendantFlag(f, cmd, &attendant, "attendant", "", "only chats of the `ATTENDANT`: a user's id, e-mail or name, or @me")
	return cmdutil.Prints(f, cmd, chatSpec(func(token string) string {
		if channelOf == nil {
			return ""
		}
		return channelOf(token)
	}))
}

// knownChannels tells the channel of the chats a table lists: the one
// --channel names, else what the desk's cache knows, which costs a request
// the first time a login is used (to know whose cache to read).
func knownChannels(ctx context.Context, c *api.Client, channel string) (func(token string) string, error) {
	if channel != "" {
		return func(string) string { return channel }, nil
	}
	d, err := desk.Open(ctx, c)
	if err != nil {
		return nil, err
	}
	return func(token string) string {
		ch, _ := d.KnownChannel(token)
		return ch.Token
	}, nil
}
