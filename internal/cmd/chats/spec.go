package chats

import (
	"encoding/json"

	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/output"
)

// chatSpec prints a chat with its contact and last message. channelOf,
// when it knows a chat's channel (the desk's cache does, of the chats convo
// has found before), fills the table's CHANNEL column: the API's chat does
// not say it, so plain and csv, whose columns scripts rely on, leave it
// out. A table shows a take's note as people read it (desk.Readable). On
// a narrow terminal the table leaves out OPEN first, then PHONE,
// UNREAD, AT and CHANNEL, before cutting the text columns short.
func chatSpec(channelOf func(token string) string) output.Spec {
	return output.Spec{
		Noun: "chats",
		Columns: []output.Column{
			{Header: "TOKEN", Path: "token", Kind: output.KindID},
			{Header: "CONTACT", Path: "contact.name"},
			{Header: "PHONE", Path: "contact.phone", Kind: output.KindID, Drop: 4},
			{Header: "CHANNEL", Path: "token", Kind: output.KindID, TableOnly: true, Drop: 1, Show: func(item json.RawMessage) string {
				var chat struct{ Token string }
				if json.Unmarshal(item, &chat) != nil {
					return ""
				}
				return channelOf(chat.Token)
			}},
			{Header: "STATUS", Path: "status", Kind: output.KindID},
			{Header: "OPEN", Path: "is_open", Kind: output.KindBool, Drop: 5},
			{Header: "UNREAD", Path: "unreadCount", Kind: output.KindID, Drop: 3},
			{Header: "LAST MESSAGE", Path: "lastMessage.content", Show: func(item json.RawMessage) string {
				var chat struct {
					LastMessage *struct{ Content string } `json:"lastMessage"`
				}
				if json.Unmarshal(item, &chat) != nil || chat.LastMessage == nil {
					return ""
				}
				return desk.Readable(chat.LastMessage.Content)
			}},
			{Header: "AT", Path: "lastMessage.created_at", Kind: output.KindTime, Drop: 2},
		},
		Fields: []string{"id", "token", "is_open", "status", "unreadCount", "contact", "contact.id", "contact.name", "contact.phone",
			"lastMessage", "lastMessage.id", "lastMessage.content", "lastMessage.created_at"},
	}
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
