// Package contacts holds the `convo contacts` commands.
package contacts

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
)

// NewCmdContacts builds `convo contacts` and its subcommands.
func NewCmdContacts(f *cmdutil.Factory) *cobra.Command {
	cmd := cmdutil.Group(&cobra.Command{
		Use:   "contacts <command>",
		Short: "Manage contacts, their custom fields and tags",
	})
	cmd.AddCommand(
		newCmdList(f, nil),
		newCmdView(f, nil),
		newCmdCreate(f, nil),
		newCmdUpdate(f, nil),
		newCmdDelete(f, nil),
		newCmdVerify(f, nil),
		newCmdFields(f, nil),
	)
	cmd.AddCommand(newCmdImport(f, nil))
	return cmd
}
