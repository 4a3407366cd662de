// Package messages holds the `convo messages` commands.
package messages

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
)

// NewCmdMessages builds `convo messages` and its subcommands.
func NewCmdMessages(f *cmdutil.Factory) *cobra.Command {
	cmd := cmdutil.Group(&cobra.Command{
		Use:   "messages <command>",
		Short: "List and send messages",
	})
	cmd.AddCommand(newCmdList(f), newCmdSend(f), newCmdBroadcast(f))
	return cmd
}
