package users

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

func newCmdList(f *cmdutil.Factory) *cobra.Command {
	var params api.UserListParams
	cmd := &cobra.Command{
		Use:   "list [--search S] [--type admin|user] [--status active|inactive]",
		Short: "List attendants",
		Long: `List the company's users, active and deactivated; DEACTIVATED shows when a
deactivated user was deactivated.`,
		Example: `  # Every attendant, active and deactivated
  convo users list

  # The deactivated ones
  convo users list --status inactive

  # Attendants of type user whose name contains "lima"
  convo users list --type user --search lima

  # Who signs their messages
  convo users list --fields id,name,signature_active`,
		Args: cmdutil.NoArgs,
		RunE: cmdutil.RunList(f, func(_ context.Context, _ []string, c *api.Client, o api.ListOptions) (*api.Pager[api.UserListItem], error) {
			params.ListOptions = o
			return c.ListUsers(params), nil
		}),
	}
	cmd.Flags().StringVar(&params.Search, "search", "", "only users whose name contains `TEXT`")
	cmdutil.EnumFlag(cmd, &params.Type, "type", "", validate.UserTypes, "only users of `TYPE`")
	cmdutil.EnumFlag(cmd, &params.Status, "status", "", validate.UserStatuses, "only `STATUS` users (inactive: deactivated)")
	return cmdutil.Prints(f, cmd, listSpec)
}
