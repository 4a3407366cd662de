// Package templates holds the `convo templates` commands.
package templates

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
)

// NewCmdTemplates builds `convo templates` and its subcommands.
func NewCmdTemplates(f *cmdutil.Factory) *cobra.Command {
	cmd := cmdutil.Group(&cobra.Command{
		Use:   "templates <command>",
		Short: "List message templates",
		Long: `Templates are pre-approved messages with numbered placeholders ({{1}}, {{2}}),
tied to a channel. Only approved templates can be sent, with
` + "`convo messages send --type template`" + `.`,
	})
	cmd.AddCommand(newCmdList(f), newCmdView(f))
	return cmd
}
