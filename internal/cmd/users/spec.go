package users

import "github.com/convo-cli/convo/internal/output"

// listSpec prints users as the list returns them: with deleted_at, the
// time a user was deactivated (empty while active).
var listSpec = output.Spec{
	Noun: "users",
	Columns: []output.Column{
		{Header: "ID", Path: "id", Kind: output.KindID},
		{Header: "NAME", Path: "name"},
		{Header: "EMAIL", Path: "email"},
		{Header: "TYPE", Path: "type", Kind: output.KindID},
		{Header: "EXTERNAL REF", Path: "external_reference", Kind: output.KindID},
		{Header: "DEACTIVATED", Path: "deleted_at", Kind: output.KindTime},
	},
	Fields: []string{"id", "name", "email", "type", "signature", "signature_active", "avatar", "external_reference",
		"company_id", "created_at", "updated_at", "deleted_at"},
}

// userSpec prints one user as view, create, update and restore return it:
// with the channels the user can access.
var userSpec = output.Spec{
	Noun: "users",
	Columns: []output.Column{
		{Header: "ID", Path: "id", Kind: output.KindID},
		{Header: "NAME", Path: "name"},
		{Header: "EMAIL", Path: "email"},
		{Header: "TYPE", Path: "type", Kind: output.KindID},
		{Header: "SIGNATURE", Path: "signature"},
		{Header: "EXTERNAL REF", Path: "external_reference", Kind: output.KindID},
		{Header: "CHANNELS", Path: "channels", Kind: output.KindNames},
		{Header: "CREATED", Path: "created_at", Kind: output.KindTime},
		{Header: "UPDATED", Path: "updated_at", Kind: output.KindTime},
	},
	Fields: []string{"id", "name", "email", "type", "signature", "avatar", "external_reference", "channels",
		"created_at", "updated_at"},
}
