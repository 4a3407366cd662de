package notes

import "github.com/convo-cli/convo/internal/output"

// noteSpec prints contact notes; the author is the note's user.
var noteSpec = output.Spec{
	Noun: "notes",
	Columns: []output.Column{
		{Header: "ID", Path: "id", Kind: output.KindID},
		{Header: "AUTHOR", Path: "user.name", Kind: output.KindText},
		{Header: "CONTENT", Path: "content", Kind: output.KindText},
		{Header: "CREATED", Path: "created_at", Kind: output.KindTime},
	},
	Fields: []string{"id", "content", "user", "user.id", "user.name", "created_at"},
}
