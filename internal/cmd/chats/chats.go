// Package chats holds the `convo chats` commands.
package chats

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
)

// NewCmdChats builds `convo chats` and its subcommands.
func NewCmdChats(f *cmdutil.Factory) *cobra.Command {
	cmd := cmdutil.Group(&cobra.Command{
		Use:   "chats <command>",
		Short: "List and transfer chats",
		Long: `A chat is a conversation with a contact on one channel, named by its token.
Its status is entrance (the company wrote last), waiting (the contact wrote
last) or finished. Read its messages with ` + "`convo messages list CHAT_TOKEN`" + `.`,
	})
	cmd.AddCommand(newCmdList(f), newCmdTransfer(f))
	return cmd
}
