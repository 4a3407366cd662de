// Package notes holds the `convo notes` commands.
package notes

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
)

// NewCmdNotes builds `convo notes` and its subcommands.
func NewCmdNotes(f *cmdutil.Factory) *cobra.Command {
	cmd := cmdutil.Group(&cobra.Command{
		Use:   "notes <command>",
		Short: "Read and write notes on contacts",
	})
	cmd.AddCommand(newCmdList(f), newCmdCreate(f))
	return cmd
}
