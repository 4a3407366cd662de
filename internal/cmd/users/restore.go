package users

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
)

func newCmdRestore(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "restore ID",
		Short: "Reactivate a deactivated attendant",
		Long: `Reactivate a deactivated user. It fails with EXTERNAL_REFERENCE_ALREADY_USED
when another active user took their external reference meanwhile.

The user is printed when the API's answer holds it; the specification promises
no data for this operation, so an answer without it prints only the API's
message (on stderr), and nothing on stdout, with exit code 0.`,
		Example: `  # Reactivate attendant 4 (see convo users list --status inactive)
  convo users restore 4`,
		Args:              cmdutil.ExactArgs(1, "user ID"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteUsers(f, "inactive")),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseID(args[0], "user ID")
			if err != nil {
				return err
			}
			c, err := f.APIClient(cmd.Context())
			if err != nil {
				return err
			}
			res, err := c.RestoreUser(cmd.Context(), id)
			if err != nil {
				return err
			}
			if res.Raw == nil && res.Message == "" {
				res.Message = "User restored."
			}
			return cmdutil.PrintResult(f, res, id)
		},
	}
	return cmdutil.Prints(f, cmd, userSpec)
}
