package contacts

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

type fieldsOptions struct {
	f   *cmdutil.Factory
	ctx context.Context

	name   string
	typ    string
	active *bool
}

func newCmdFields(f *cmdutil.Factory, runF func(*fieldsOptions) error) *cobra.Command {
	opts := &fieldsOptions{f: f}
	var active bool
	cmd := &cobra.Command{
		Use:   "fields [--name S] [--type T] [--active=BOOL]",
		Short: "List the custom fields of contacts",
		Long: `List the company's contact custom fields: the NAME is what --field NAME=VALUE
of contacts create and update takes, TYPE says which values it accepts
(text, number, email, date as YYYY-MM-DD, or one of the OPTIONS of a select).
Inactive fields accept no values.`,
		Example: `  # Every custom field: the names --field takes, with their types
  convo contacts fields

  # The select fields, with the options they accept
  convo contacts fields --type select

  # The active fields, as JSON
  convo contacts fields --active=true -o json`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("type") {
				if err := validate.OneOf("type", opts.typ, validate.CustomFieldTypes); err != nil {
					return err
				}
			}
			opts.ctx = cmd.Context()
			opts.active = changedBool(cmd, "active", active)
			if runF != nil {
				return runF(opts)
			}
			return fieldsRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.name, "name", "", "only fields whose name contains `TEXT`")
	fl.StringVar(&opts.typ, "type", "", "only fields of `TYPE`: text, number, email, date or select")
	fl.BoolVar(&active, "active", false, "only active fields (--active=false: only inactive ones)")
	_ = cmd.RegisterFlagCompletionFunc("type", cobra.FixedCompletions(validate.CustomFieldTypes, cobra.ShellCompDirectiveNoFileComp))
	return cmdutil.Prints(f, cmd, customFieldSpec)
}

func fieldsRun(opts *fieldsOptions) error {
	f := opts.f
	c, err := f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	params := api.CustomFieldListParams{ListOptions: f.ListOptions(), Name: opts.name, Type: opts.typ, IsActive: opts.active}
	return cmdutil.PrintList(opts.ctx, f, c.ListCustomFields(params))
}
