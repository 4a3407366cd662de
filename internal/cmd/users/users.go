// Package users holds the `convo users` commands.
package users

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
)

// NewCmdUsers builds `convo users` and its subcommands.
func NewCmdUsers(f *cmdutil.Factory) *cobra.Command {
	cmd := cmdutil.Group(&cobra.Command{
		Use:   "users <command>",
		Short: "Manage attendants",
		Long: `Users are the company's attendants. An admin reaches every channel; a user of
type "user" only the channels given with --channel. Creating, changing,
deactivating and restoring users takes an admin's token.`,
	})
	cmd.AddCommand(newCmdList(f), newCmdView(f), newCmdCreate(f), newCmdUpdate(f),
		newCmdDeactivate(f), newCmdRestore(f))
	return cmd
}
