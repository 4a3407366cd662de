// Package channels holds the `convo channels` commands.
package channels

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
)

// NewCmdChannels builds `convo channels` and its subcommands.
func NewCmdChannels(f *cmdutil.Factory) *cobra.Command {
	cmd := cmdutil.Group(&cobra.Command{
		Use:   "channels <command>",
		Short: "List communication channels",
		Long: `Channels are the company's connections to messaging services. A channel's
16-character token is what --channel takes when sending messages, verifying
numbers, transferring chats, giving users access and filtering templates.`,
	})
	cmd.AddCommand(newCmdList(f))
	return cmd
}
