package tags

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
)

func newCmdList(f *cmdutil.Factory) *cobra.Command {
	var params api.TagListParams
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List tags",
		Long:  "List the company's tags, 50 per page unless --per-page says otherwise.",
		Example: `  # The first 50 tags
  convo tags list

  # Tags whose text contains "cliente"
  convo tags list --search cliente

  # The text of every tag, one a line
  convo tags list --all --jq '.[].text'`,
		Args: cmdutil.NoArgs,
		RunE: cmdutil.RunList(f, func(_ context.Context, _ []string, c *api.Client, o api.ListOptions) (*api.Pager[api.Tag], error) {
			params.ListOptions = o
			return c.ListTags(params), nil
		}),
	}
	cmd.Flags().StringVar(&params.Search, "search", "", "only tags whose text contains `TEXT`")
	return cmdutil.Prints(f, cmd, tagSpec)
}
