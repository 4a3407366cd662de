package contacts

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

func newCmdFields(f *cmdutil.Factory) *cobra.Command {
	var params api.CustomFieldListParams
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
		RunE: cmdutil.RunList(f, func(_ context.Context, _ []string, c *api.Client, o api.ListOptions) (*api.Pager[api.CustomField], error) {
			params.ListOptions = o
			return c.ListCustomFields(params), nil
		}),
	}
	cmd.Flags().StringVar(&params.Name, "name", "", "only fields whose name contains `TEXT`")
	cmdutil.EnumFlag(cmd, &params.Type, "type", "", validate.CustomFieldTypes, "only fields of `TYPE`")
	cmdutil.NilBoolFlag(cmd, &params.IsActive, "active", "only active fields (--active=false: only inactive ones)")
	return cmdutil.Prints(f, cmd, customFieldSpec)
}
