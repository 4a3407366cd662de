package templates

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
	params api.TemplateListParams
}

func newCmdList(f *cmdutil.Factory, runF func(*listOptions) error) *cobra.Command {
	opts := &listOptions{f: f}
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
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ctx = cmd.Context()
			if runF != nil {
				return runF(opts)
			}
			return listRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.params.Channel, "channel", "", "only templates of the channel with `TOKEN`")
	fl.StringVar(&opts.params.Status, "status", "", "only templates in `STATUS`: approved, pending or rejected")
	fl.StringVar(&opts.params.Category, "category", "", "only templates of `CATEGORY`: marketing, utility or authentication")
	fl.StringVar(&opts.params.Search, "search", "", "only templates whose name contains `TEXT`")
	_ = cmd.RegisterFlagCompletionFunc("status", cobra.FixedCompletions(validate.TemplateStatuses, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("category", cobra.FixedCompletions(validate.TemplateCategories, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("channel", cmdutil.CompleteChannels(f, api.ChannelListParams{}))
	return cmdutil.Prints(f, cmd, listSpec)
}

func listRun(opts *listOptions) error {
	p := opts.params
	var errs validate.Errors
	if p.Channel != "" {
		errs.Add(validate.ChannelToken("channel", p.Channel))
	}
	if p.Status != "" {
		errs.Add(validate.OneOf("status", p.Status, validate.TemplateStatuses))
	}
	if p.Category != "" {
		errs.Add(validate.OneOf("category", p.Category, validate.TemplateCategories))
	}
	if err := errs.Err(); err != nil {
		return err
	}
	c, err := opts.f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	p.ListOptions = opts.f.ListOptions()
	return cmdutil.PrintList(opts.ctx, opts.f, c.ListTemplates(p))
}
