package channels

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

func newCmdList(f *cmdutil.Factory) *cobra.Command {
	var params api.ChannelListParams
	cmd := &cobra.Command{
		Use:   "list [--type T] [--status S] [--search S]",
		Short: "List the channels you can use",
		Long: `List the company's channels that your token may access: every channel for an
admin, only the assigned ones for an attendant.

Types: chatapp (official business messaging-app API), chatapp_unofficial,
photo_social, social_messenger, secure_chat, widget (website chat).`,
		Example: `  # The channels you can use
  convo channels list

  # Connected chatapp channels: the ones that send templates and verify numbers
  convo channels list --type chatapp --status connected

  # Channels whose name contains "site"
  convo channels list --search site

  # Only the tokens, one a line
  convo channels list -o plain --fields token`,
		Args: cmdutil.NoArgs,
		RunE: cmdutil.RunList(f, func(_ context.Context, _ []string, c *api.Client, o api.ListOptions) (*api.Pager[api.Channel], error) {
			params.ListOptions = o
			return c.ListChannels(params), nil
		}),
	}
	cmdutil.EnumFlag(cmd, &params.Type, "type", "", validate.ChannelTypes, "only channels of `TYPE`")
	cmdutil.EnumFlag(cmd, &params.Status, "status", "", validate.ChannelStatuses, "only channels in `STATUS`")
	cmd.Flags().StringVar(&params.Search, "search", "", "only channels whose name contains `TEXT`")
	return cmdutil.Prints(f, cmd, channelSpec)
}
