package send

import "github.com/convo-cli/convo/internal/output"

// resultSpec prints the result of a send: the message, the chat it went
// to and the contact, which are three objects, hence the dotted paths. The
// content shows what a template became once filled in.
var resultSpec = output.Spec{
	Noun: "messages",
	Columns: []output.Column{
		{Header: "MESSAGE ID", Path: "message.id", Kind: output.KindID},
		{Header: "TOKEN", Path: "message.token", Kind: output.KindID},
		{Header: "TYPE", Path: "message.type", Kind: output.KindID},
		{Header: "CHAT", Path: "chat.token", Kind: output.KindID},
		{Header: "CHAT STATUS", Path: "chat.status", Kind: output.KindID},
		{Header: "PHONE", Path: "contact.phone", Kind: output.KindID},
		{Header: "NAME", Path: "contact.name", Kind: output.KindText},
		{Header: "CONTENT", Path: "message.content", Kind: output.KindText},
	},
	Fields: []string{"message", "message.id", "message.content", "message.type", "message.token", "message.direction",
		"message.visibility", "message.created_at", "chat", "chat.token", "chat.status", "chat.is_open",
		"contact", "contact.phone", "contact.name"},
}
