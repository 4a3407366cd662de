package templates

import (
	"slices"

	"github.com/convo-cli/convo/internal/output"
)

// templateFields are every field of a template, for --fields.
var templateFields = []string{"id", "name", "language", "category", "status", "components", "channel", "channel.token",
	"channel.name", "channel.type", "created_at", "updated_at"}

// listSpec prints templates in a list.
var listSpec = output.Spec{
	Noun: "templates",
	Columns: []output.Column{
		{Header: "ID", Path: "id", Kind: output.KindID},
		{Header: "NAME", Path: "name", Kind: output.KindID},
		{Header: "LANGUAGE", Path: "language", Kind: output.KindID},
		{Header: "CATEGORY", Path: "category", Kind: output.KindID},
		{Header: "STATUS", Path: "status", Kind: output.KindID},
		{Header: "CHANNEL", Path: "channel.name"},
	},
	Fields: templateFields,
}

// viewSpec prints one template: the list's columns and more; its
// components follow in table output.
var viewSpec = output.Spec{
	Noun: "templates",
	Columns: append(slices.Clone(listSpec.Columns),
		output.Column{Header: "CHANNEL TOKEN", Path: "channel.token", Kind: output.KindID},
		output.Column{Header: "CREATED", Path: "created_at", Kind: output.KindTime},
		output.Column{Header: "UPDATED", Path: "updated_at", Kind: output.KindTime},
	),
	Fields: templateFields,
}
