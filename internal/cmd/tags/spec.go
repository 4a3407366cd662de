package tags

import "github.com/convo-cli/convo/internal/output"

// tagSpec prints a tag; every verb returns the same shape.
var tagSpec = output.Spec{
	Noun: "tags",
	Columns: []output.Column{
		{Header: "ID", Path: "id", Kind: output.KindID},
		{Header: "TEXT", Path: "text"},
		{Header: "EMOJI", Path: "emoji", Kind: output.KindID},
		{Header: "COLOR", Path: "color", Kind: output.KindID},
		{Header: "CREATED", Path: "created_at", Kind: output.KindTime},
	},
	Fields: []string{"id", "text", "emoji", "color", "created_at"},
}
