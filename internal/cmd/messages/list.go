package messages

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

func newCmdList(f *cmdutil.Factory) *cobra.Command {
	var (
		params    api.MessageListParams
		attendant string
	)
	cmd := &cobra.Command{
		Use:   "list CHAT_TOKEN [--type T] [--direction D] [--visibility V] [--attendant ID|EMAIL|NAME|@me] [--content S]",
		Short: "List the messages of a chat",
		Long: `List the history of a chat, oldest first: what the contact wrote (incoming),
what attendants sent (outgoing, FROM names the attendant) and internal notes
(--visibility internal). Find chat tokens with ` + "`convo chats list`" + `.`,
		Example: `  # The history of a chat, oldest first
  convo messages list 42ef115f20394e9daca8

  # What the contact wrote
  convo messages list 42ef115f20394e9daca8 --direction incoming

  # The internal notes of the staff
  convo messages list 42ef115f20394e9daca8 --visibility internal

  # Messages of Bruno Lima that mention an order, as JSON
  convo messages list 42ef115f20394e9daca8 --content pedido --attendant "bruno lima" -o json`,
		Args:              cmdutil.ExactArgs(1, "chat token"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteChats(f)),
		RunE: cmdutil.RunList(f, func(ctx context.Context, args []string, c *api.Client, o api.ListOptions) (*api.Pager[api.Message], error) {
			token, err := cmdutil.ChatToken(args[0])
			if err != nil {
				return nil, err
			}
			params.ListOptions = o
			if attendant != "" {
				if params.Attendant, err = f.AttendantID(ctx, c, attendant); err != nil {
					return nil, err
				}
			}
			return c.ListMessages(token, params), nil
		}),
	}
	cmdutil.EnumFlag(cmd, &params.Type, "type", "", validate.MessageTypes, "only messages of `TYPE`")
	cmdutil.EnumFlag(cmd, &params.Direction, "direction", "", validate.Directions,
		"only messages in `DIRECTION`: incoming (from the contact) or outgoing (from the company)")
	cmdutil.EnumFlag(cmd, &params.Visibility, "visibility", "", validate.Visibilities,
		"only messages of `VISIBILITY`: client (seen by the contact) or internal (notes)")
	cmdutil.AttendantFlag(f, cmd, &attendant, "attendant", "", "only messages of the `ATTENDANT`: a user's id, e-mail or name, or @me")
	cmd.Flags().StringVar(&params.Content, "content", "", "only messages whose content contains `TEXT`")
	return cmdutil.Prints(f, cmd, messageSpec)
}
