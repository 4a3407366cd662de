package users

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
)

func newCmdRestore(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "restore ID",
		Short: "Reactivate a deactivated attendant",
		Long: `Reactivate a deactivated user. It fails with EXTERNAL_REFERENCE_ALREADY_USED
when another active user took their external reference meanwhile.`,
		Example: `  # Reactivate attendant 4 (see convo users list --status inactive)
  convo users restore 4`,
		Args:              cmdutil.ExactArgs(1, "user ID"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteUsers(f, "inactive")),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseID(args[0], "user ID")
			if err != nil {
				return err
			}
			return write(cmd.Context(), f, func(c *api.Client) (*api.Result[api.UserDetail], error) {
				return c.RestoreUser(cmd.Context(), id)
			})
		},
	}
	return cmdutil.Prints(f, cmd, userSpec)
}
