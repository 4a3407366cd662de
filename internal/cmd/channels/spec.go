package channels

import "github.com/convo-cli/convo/internal/output"

// channelSpec prints a channel.
var channelSpec = output.Spec{
	Noun: "channels",
	Columns: []output.Column{
		{Header: "TOKEN", Path: "token", Kind: output.KindID},
		{Header: "NAME", Path: "name"},
		{Header: "TYPE", Path: "type", Kind: output.KindID},
		{Header: "STATUS", Path: "status", Kind: output.KindID},
	},
	Fields: []string{"token", "name", "type", "status"},
}
