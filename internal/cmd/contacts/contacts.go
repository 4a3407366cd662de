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
--default-country "(11) 98765-4321"). Digits only are a phone when they form
a valid number with their country code (5511987654321) or, with
--default-country, a valid national number (11987654321 with BR); any other
digits are an id, however long (999999999).`,
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
		newCmdOptOut(f),
	)
	return cmd
}
