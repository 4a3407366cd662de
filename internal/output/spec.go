package output

import (
	"cmp"
	"encoding/json"
	"slices"
	"strings"

	"github.com/convo-cli/convo/internal/safetext"
)

// Kind says how a column's value is rendered in table, plain and csv output.
type Kind int

// The column kinds. Values of every kind are rendered by their JSON type
// (null as empty, arrays of objects as their names, other objects as compact
// JSON); the kind adds what the JSON type cannot say.
const (
	// KindText is free text: the column the table truncates first.
	KindText Kind = iota
	// KindTime is an ISO 8601 timestamp: relative ("3 minutes ago") in a
	// table, as written by the API in plain and csv.
	KindTime
	// KindBool is a boolean, rendered true/false.
	KindBool
	// KindNames is an array of objects rendered as their "name" (or "text")
	// joined with ", " (in csv with CSVListSeparator), e.g. a contact's tags.
	KindNames
	// KindID is an identifier: never truncated.
	KindID
)

// Column is one column of table, plain and csv output.
type Column struct {
	// Header is the table heading, upper-case.
	Header string
	// Path is the dotted JSON path of the value, e.g. "contact.phone"; it is
	// also the csv heading.
	Path string
	// Kind is how the value is rendered.
	Kind Kind
	// Show, when set, is the text of the column's cell in a table, made
	// from the whole item: what a person reads may need more than the
	// value at Path (an author that is the contact's name for an incoming
	// message), or what the caller knows beside the API (a chat's
	// channel). Plain and csv print the value at Path, as the API wrote it.
	Show func(item json.RawMessage) string
	// TableOnly leaves the column out of plain and csv output, whose
	// columns scripts rely on: for a value that is not always known.
	TableOnly bool
	// DataOnly leaves the column out of a table, where another column
	// already shows what it holds in words: plain and csv keep the API's
	// value.
	DataOnly bool
	// Drop, when above zero, lets a table that does not fit the terminal
	// leave the column out, those of the highest Drop first, rather than
	// squeeze the text columns to nothing; a column with Drop whose every
	// cell of the first page is empty is left out too.
	Drop int
}

// Spec describes how one resource is printed.
type Spec struct {
	// Noun is the plural, lower-case name of the resource: "contacts" makes
	// an empty list say "No contacts match.".
	Noun string
	// Columns are the default columns of table, plain and csv output.
	Columns []Column
	// Fields are every field of the resource, to validate --fields: the
	// top-level names, then, for a field that holds an object, its own
	// fields as dotted paths ("contact", "contact.phone"). "name.*" stands
	// for any field of an object whose keys vary (a contact's customfields).
	// Empty means any field is accepted.
	Fields []string
}

// ValidateFields checks --fields against the resource: every path needs
// non-empty segments and, when the spec lists its fields, must be one of
// them (see Fields). Printers call it too; commands call it before sending
// a request so that a typo costs no API call.
func (s Spec) ValidateFields(fields []string) error {
	for _, f := range fields {
		segments := strings.Split(f, ".")
		if slices.Contains(segments, "") {
			return usageErrorf("invalid field %q in --fields", f)
		}
		if len(s.Fields) > 0 && !s.knows(segments) {
			return usageErrorf("unknown field %q for %s; available fields: %s", f, cmp.Or(s.Noun, "this resource"), strings.Join(s.Fields, ", "))
		}
	}
	return nil
}

// knows says whether the path is one of the spec's fields: listed as it is,
// or inside an object listed as "name.*".
func (s Spec) knows(segments []string) bool {
	if slices.Contains(s.Fields, strings.Join(segments, ".")) {
		return true
	}
	for i := 1; i < len(segments); i++ {
		if slices.Contains(s.Fields, strings.Join(segments[:i], ".")+".*") {
			return true
		}
	}
	return false
}

// columns returns the columns of table, plain and csv output: the --fields
// when given, else the spec's defaults, else one text column per top-level
// field.
func (s Spec) columns(fields []string) []Column {
	if len(fields) == 0 {
		if len(s.Columns) > 0 {
			return s.Columns
		}
		for _, f := range s.Fields {
			if !strings.Contains(f, ".") {
				fields = append(fields, f)
			}
		}
	}
	cols := make([]Column, len(fields))
	for i, path := range fields {
		// A path the user typed, shown as a header: shown, never obeyed.
		cols[i] = Column{Header: safetext.Line(strings.ToUpper(path)), Path: path, Kind: KindText}
		if j := slices.IndexFunc(s.Columns, func(c Column) bool { return c.Path == path }); j >= 0 {
			cols[i].Kind = s.Columns[j].Kind
		}
	}
	return cols
}
