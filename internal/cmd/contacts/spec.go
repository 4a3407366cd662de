package contacts

import "github.com/convo-cli/convo/internal/output"

// contactSpec prints contacts. The phone is an identifier that must never be
// cut, so it is a KindID column.
var contactSpec = output.Spec{
	Noun: "contacts",
	Columns: []output.Column{
		{Header: "ID", Path: "id", Kind: output.KindID},
		{Header: "PHONE", Path: "phone", Kind: output.KindID},
		{Header: "NAME", Path: "name", Kind: output.KindText},
		{Header: "TAGS", Path: "tags", Kind: output.KindNames},
		{Header: "BLOCKED", Path: "blocked", Kind: output.KindBool},
		{Header: "UPDATED", Path: "updated_at", Kind: output.KindTime},
	},
	Fields: []string{"id", "phone", "name", "avatar", "type", "blocked", "customfields", "customfields.*", "tags", "created_at", "updated_at"},
}

// customFieldSpec prints the company's contact custom fields.
var customFieldSpec = output.Spec{
	Noun: "custom fields",
	Columns: []output.Column{
		{Header: "ID", Path: "id", Kind: output.KindID},
		{Header: "NAME", Path: "name", Kind: output.KindID},
		{Header: "TYPE", Path: "type", Kind: output.KindText},
		{Header: "OPTIONS", Path: "options", Kind: output.KindText},
		{Header: "ACTIVE", Path: "is_active", Kind: output.KindBool},
		{Header: "ORDER", Path: "order", Kind: output.KindText},
	},
	Fields: []string{"id", "name", "type", "placeholder", "options", "is_active", "order"},
}

// verifySpec prints the outcome of a number check in the formats other than
// the table, which gets a one-line summary instead.
var verifySpec = output.Spec{
	Noun: "results",
	Columns: []output.Column{
		{Header: "PHONE", Path: "phone", Kind: output.KindID},
		{Header: "VALID", Path: "valid", Kind: output.KindBool},
		{Header: "CAN RECEIVE", Path: "can_receive_message", Kind: output.KindBool},
		{Header: "BUSINESS", Path: "is_business", Kind: output.KindBool},
		{Header: "REASON", Path: "reason", Kind: output.KindText},
	},
	Fields: []string{"valid", "phone", "can_receive_message", "is_business", "reason"},
}
