package tags

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
)

type listOptions struct {
	f      *cmdutil.Factory
	ctx    context.Context
	search string
}

func newCmdList(f *cmdutil.Factory, runF func(*listOptions) error) *cobra.Command {
	opts := &listOptions{f: f}
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
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ctx = cmd.Context()
			if runF != nil {
				return runF(opts)
			}
			return listRun(opts)
		},
	}
	cmd.Flags().StringVar(&opts.search, "search", "", "only tags whose text contains `TEXT`")
	return cmdutil.Prints(f, cmd, tagSpec)
}

func listRun(opts *listOptions) error {
	c, err := opts.f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	params := api.TagListParams{ListOptions: opts.f.ListOptions(), Search: opts.search}
	return cmdutil.PrintList(opts.ctx, opts.f, c.ListTags(params))
}
