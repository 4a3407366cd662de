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
		Short: "Read, answer, take, follow and transfer chats",
		Long: `A chat is a conversation with a contact on one channel, named by its token.
Its status is entrance (the company wrote last), waiting (the contact wrote
last) or finished.

The agent's desk: convo chats next --take gives you the customer who has
waited longest, convo chats view shows a chat, convo chats reply answers it
(and takes it, when nobody has it), and convo chats follow reports customers'
messages as they arrive. convo chats take makes a chat yours, convo chats
release hands it back to the waiting queue. A CHAT argument is a chat's
token, or a contact's id or phone number when the contact has one open chat.

The API cannot finish (resolve, close) a chat: there is no such call. When
you are done with a customer, answer them (the chat leaves the waiting queue
until they write again), or release the chat for someone else to take.`,
	})
	cmd.AddCommand(newCmdList(f), newCmdView(f), newCmdReply(f), newCmdNext(f), newCmdTake(f), newCmdRelease(f),
		newCmdFollow(f), newCmdTransfer(f))
	return cmd
}
