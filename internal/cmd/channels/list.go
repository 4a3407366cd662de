package channels

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

type listOptions struct {
	f      *cmdutil.Factory
	ctx    context.Context
	params api.ChannelListParams
}

func newCmdList(f *cmdutil.Factory, runF func(*listOptions) error) *cobra.Command {
	opts := &listOptions{f: f}
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
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ctx = cmd.Context()
			if runF != nil {
				return runF(opts)
			}
			return listRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.params.Type, "type", "", "only channels of `TYPE`: chatapp, chatapp_unofficial, photo_social, social_messenger, secure_chat or widget")
	fl.StringVar(&opts.params.Status, "status", "", "only channels in `STATUS`: connected or disconnected")
	fl.StringVar(&opts.params.Search, "search", "", "only channels whose name contains `TEXT`")
	_ = cmd.RegisterFlagCompletionFunc("type", cobra.FixedCompletions(validate.ChannelTypes, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("status", cobra.FixedCompletions(validate.ChannelStatuses, cobra.ShellCompDirectiveNoFileComp))
	return cmdutil.Prints(f, cmd, channelSpec)
}

func listRun(opts *listOptions) error {
	p := opts.params
	var errs validate.Errors
	if p.Type != "" {
		errs.Add(validate.OneOf("type", p.Type, validate.ChannelTypes))
	}
	if p.Status != "" {
		errs.Add(validate.OneOf("status", p.Status, validate.ChannelStatuses))
	}
	if err := errs.Err(); err != nil {
		return err
	}
	c, err := opts.f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	p.ListOptions = opts.f.ListOptions()
	return cmdutil.PrintList(opts.ctx, opts.f, c.ListChannels(p))
}
