package chats

import "github.com/convo-cli/convo/internal/output"

// chatSpec prints a chat with its contact and last message.
var chatSpec = output.Spec{
	Noun: "chats",
	Columns: []output.Column{
		{Header: "TOKEN", Path: "token", Kind: output.KindID},
		{Header: "CONTACT", Path: "contact.name"},
		{Header: "PHONE", Path: "contact.phone", Kind: output.KindID},
		{Header: "STATUS", Path: "status", Kind: output.KindID},
		{Header: "OPEN", Path: "is_open", Kind: output.KindBool},
		{Header: "UNREAD", Path: "unreadCount", Kind: output.KindID},
		{Header: "LAST MESSAGE", Path: "lastMessage.content"},
		{Header: "AT", Path: "lastMessage.created_at", Kind: output.KindTime},
	},
	Fields: []string{"id", "token", "is_open", "status", "unreadCount", "contact", "contact.id", "contact.name", "contact.phone",
		"lastMessage", "lastMessage.id", "lastMessage.content", "lastMessage.created_at"},
}

// transferSpec prints the outcome of a transfer; an empty ATTENDANT means
// the chat waits in the queue.
var transferSpec = output.Spec{
	Noun: "transfers",
	Columns: []output.Column{
		{Header: "CHAT", Path: "chatToken", Kind: output.KindID},
		{Header: "CHANNEL", Path: "channel", Kind: output.KindID},
		{Header: "ATTENDANT", Path: "attendant", Kind: output.KindID},
	},
	Fields: []string{"chatToken", "channel", "attendant"},
}
