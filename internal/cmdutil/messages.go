package cmdutil

import (
	"encoding/json"

	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/output"
)

// MessageSpec prints the messages of a chat. In plain and csv, FROM is the
// attendant who sent an outgoing message, as the API says (an incoming
// message has no user), and VISIBILITY says whether the customer saw the
// message (client) or it is an internal note (internal). A table names the author of every message instead:
// the contact for incoming ones, which chat (called when the first row is
// shown) tells, and the attendant or signature for
// outgoing ones; its DIRECTION says "note" for an internal note, and its
// CONTENT shows a take's note as people read it (desk.Message.Readable).
// Direction and type are short enumerations, kept whole like ids.
func MessageSpec(chat func() *desk.Chat) output.Spec {
	decode := func(item json.RawMessage) desk.Message {
		var m desk.Message
		_ = json.Unmarshal(item, &m.Message)
		return m
	}
	return output.Spec{
		Noun: "messages",
		Columns: []output.Column{
			{Header: "ID", Path: "id", Kind: output.KindID},
			{Header: "AT", Path: "created_at", Kind: output.KindTime},
			{Header: "DIRECTION", Path: "direction", Kind: output.KindID, Show: func(item json.RawMessage) string {
				m := decode(item)
				if m.IsNote() {
					return "note"
				}
				return m.Direction
			}},
			{Header: "VISIBILITY", Path: "visibility", Kind: output.KindID, DataOnly: true},
			{Header: "TYPE", Path: "type", Kind: output.KindID},
			{Header: "FROM", Path: "user.name", Kind: output.KindText, Show: func(item json.RawMessage) string {
				return desk.Author(chat(), decode(item))
			}},
			{Header: "CONTENT", Path: "content", Kind: output.KindText, Show: func(item json.RawMessage) string {
				return decode(item).Readable()
			}},
		},
		Fields: []string{"id", "signature", "content", "type", "token", "direction", "visibility",
			"created_at", "is_forwarded", "user", "user.id", "user.name", "user.email", "user.type", "file", "file.*"},
	}
}
