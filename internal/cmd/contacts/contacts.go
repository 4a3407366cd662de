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
		Long: `Manage contacts. Commands that take a CONTACT accept its id or its phone
number, written as people write it ("+55 11 98765-4321", or with
--default-country "(11) 98765-4321"): digits only and shorter than 8 is an
id, anything else a phone.`,
	})
	cmd.AddCommand(
		newCmdList(f),
		newCmdView(f),
		newCmdCreate(f),
		newCmdUpdate(f),
		newCmdDelete(f),
		newCmdVerify(f),
		newCmdFields(f),
		newCmdImport(f),
		newCmdExport(f),
	)
	return cmd
}
