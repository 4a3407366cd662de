package replies

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/team"
)

// replyFields are every field of a saved reply, for --fields.
var replyFields = []string{"shortcut", "title", "text", "channels", "variables"}

// listSpec prints saved replies.
var listSpec = output.Spec{
	Noun: "saved replies",
	Columns: []output.Column{
		{Header: "SHORTCUT", Path: "shortcut", Kind: output.KindID},
		// A title is a few words: whole, the text is what is cut.
		{Header: "TITLE", Path: "title", Kind: output.KindID},
		{Header: "CHANNELS", Path: "channels", Drop: 1},
		{Header: "TEXT", Path: "text"},
	},
	Fields: replyFields,
}

// viewSpec prints one saved reply; rendered for a chat, it names the chat
// and the variables still without a value.
var viewSpec = output.Spec{
	Noun:    "saved replies",
	Columns: listSpec.Columns,
	Fields:  append(append([]string{}, replyFields...), "chat", "missing", "missing.name", "missing.why"),
}

// item is a saved reply as the commands print it. Channels is null for a
// reply offered on every channel.
type item struct {
	Shortcut  string   `json:"shortcut"`
	Title     string   `json:"title"`
	Text      string   `json:"text"`
	Channels  []string `json:"channels"`
	Variables []string `json:"variables"`
}

func itemOf(r *team.Reply) item {
	vars := r.Variables()
	if vars == nil {
		vars = []string{}
	}
	return item{Shortcut: r.Shortcut, Title: r.Title, Text: r.Text, Channels: r.Channels, Variables: vars}
}

// rendered is a saved reply rendered for a chat: Text is the text as it
// would be sent, with the variables of Missing as written.
type rendered struct {
	item
	Chat    string    `json:"chat"`
	Missing []missing `json:"missing"`
}

type missing struct {
	Name string `json:"name"`
	// Why is null for a free variable, which only a person gives.
	Why *string `json:"why"`
}

// encode is v as JSON, for the output printers; a text's <, > and & stay
// as they are.
func encode(v any) (json.RawMessage, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("encode the saved reply: %w", err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
