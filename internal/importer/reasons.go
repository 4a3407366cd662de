package importer

import "github.com/convo-cli/convo/internal/bulk"

// words are an import's words for why its rows fail (see bulk.Words): the
// API's refusal of a contact, and the import's own codes.
var words = bulk.Words{
	Refusals: map[string]string{
		"DUPLICATE_ENTRY": "a contact has this phone already: import with --on-duplicate update to update it, or skip to leave it",
	},
	Own: map[string]string{
		CodeUnknownTag:   "a tag that does not exist",
		errVanished.Code: "the contact of the phone could not be found",
	},
}
