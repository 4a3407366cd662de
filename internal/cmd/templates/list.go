package templates

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

func newCmdList(f *cmdutil.Factory) *cobra.Command {
	var params api.TemplateListParams
	cmd := &cobra.Command{
		Use:   "list [--channel TOKEN] [--status S] [--category C] [--search S]",
		Short: "List message templates",
		Long: `List the templates of the channels your token may access.

Statuses: approved (can be sent), pending (awaiting approval), rejected.
Categories: marketing, utility (transactional), authentication (codes).`,
		Example: `  # Every template you can see
  convo templates list

  # The templates you can send on a channel
  convo templates list --status approved --channel chatapp-main-001

  # Marketing templates
  convo templates list --category marketing

  # Templates whose name contains "pedido"
  convo templates list --search pedido`,
		Args: cmdutil.NoArgs,
		RunE: cmdutil.RunList(f, func(_ context.Context, _ []string, c *api.Client, o api.ListOptions) (*api.Pager[api.Template], error) {
			params.ListOptions = o
			return c.ListTemplates(params), nil
		}),
	}
	cmdutil.ChannelFlag(f, cmd, &params.Channel, "channel", api.ChannelListParams{}, "only templates of the channel with `TOKEN`")
	cmdutil.EnumFlag(cmd, &params.Status, "status", "", validate.TemplateStatuses, "only templates in `STATUS`")
	cmdutil.EnumFlag(cmd, &params.Category, "category", "", validate.TemplateCategories, "only templates of `CATEGORY`")
	cmd.Flags().StringVar(&params.Search, "search", "", "only templates whose name contains `TEXT`")
	return cmdutil.Prints(f, cmd, listSpec)
}
