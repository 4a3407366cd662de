// Package tags holds the `convo tags` commands.
package tags

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
)

// NewCmdTags builds `convo tags` and its subcommands.
func NewCmdTags(f *cmdutil.Factory) *cobra.Command {
	cmd := cmdutil.Group(&cobra.Command{
		Use:   "tags <command>",
		Short: "Manage tags",
		Long: `Tags label contacts and chats. Commands that take a tag (contacts list --tag,
chats list --tag, contacts create --tag) accept its id or its text.`,
	})
	cmd.AddCommand(newCmdList(f), newCmdView(f), newCmdCreate(f), newCmdUpdate(f), newCmdDelete(f))
	return cmd
}
