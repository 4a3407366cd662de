package importer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/clierr"
)

// The contact fields a CSV column can hold besides custom fields.
const (
	fieldPhone   = "phone"
	fieldName    = "name"
	fieldBlocked = "blocked"
	fieldTags    = "tags"
)

var builtinFields = []string{fieldPhone, fieldName, fieldBlocked, fieldTags}

// column is what one CSV column holds: a built-in contact field, a custom
// field, or nothing (an unknown column that --ignore-unknown-columns skips).
type column struct {
	// builtin is one of builtinFields, or empty.
	builtin string
	// custom is the custom field, when builtin is empty and the column is used.
	custom *api.CustomField
}

func (c column) ignored() bool { return c.builtin == "" && c.custom == nil }

// layout is the meaning of every column of a CSV input.
type layout struct {
	header  []string
	columns []column
	// warnings are about columns left out although nobody asked for it.
	warnings []string
}

// mapColumns decides what each header column holds: --map first, then the
// built-in fields by name (any case), then custom fields by name. Every
// problem found is an input error, raised before anything is written: a
// mapping that names no column or no field, two columns for one field, no
// phone column, and unknown columns unless ignoreUnknown.
func mapColumns(header []string, maps []bulk.Mapping, fields map[string]api.CustomField, ignoreUnknown bool) (*layout, error) {
	names := make([]string, len(header))
	for i, h := range header {
		names[i] = strings.TrimSpace(h)
	}
	targets := make([]string, len(header))
	for _, m := range maps {
		i := indexFold(names, m.Column)
		if i < 0 {
			return nil, clierr.InputErrorf("--map %s=%s: the header has no column %q; its columns are %s",
				m.Column, m.To, m.Column, quoteList(names))
		}
		targets[i] = m.To
	}

	lay := &layout{header: header, columns: make([]column, len(header))}
	var unknown []string
	used := map[string]string{} // field → the column that holds it
	for i, name := range names {
		target := targets[i]
		if target == "" && name == "" {
			// Spreadsheets often end rows with a separator: a column without
			// a name cannot be a field.
			lay.warnings = append(lay.warnings, fmt.Sprintf("column %d has no name in the header: its cells are ignored", i+1))
			continue
		}
		if target == "" {
			target = name
		}
		col, ok := lookupField(target, fields)
		if !ok {
			if targets[i] != "" {
				return nil, clierr.InputErrorf("--map %s=%s: %q is not a contact field; %s", name, targets[i], targets[i], knownFields(fields))
			}
			unknown = append(unknown, name)
			continue
		}
		key := col.builtin
		if col.custom != nil {
			key = col.custom.Name
		}
		if prev, dup := used[key]; dup {
			return nil, clierr.InputErrorf("columns %q and %q both hold %s; keep one, or rename one with --map", prev, name, key)
		}
		used[key] = name
		lay.columns[i] = col
	}
	if len(unknown) > 0 && !ignoreUnknown {
		return nil, clierr.InputErrorf("unknown columns %s; %s\nRename a column with --map HEADER=FIELD, or skip unknown columns with --ignore-unknown-columns",
			quoteList(unknown), knownFields(fields))
	}
	if _, ok := used[fieldPhone]; !ok {
		return nil, clierr.InputErrorf("no phone column: the header has %s; name the column of phone numbers with --map HEADER=phone", quoteList(names))
	}
	return lay, nil
}

// lookupField finds the field a column name stands for: a built-in field in
// any case, or a custom field by its exact name or, failing that, by the
// only name that differs in case alone.
func lookupField(name string, fields map[string]api.CustomField) (column, bool) {
	for _, b := range builtinFields {
		if strings.EqualFold(name, b) {
			return column{builtin: b}, true
		}
	}
	if f, ok := fields[name]; ok {
		return column{custom: &f}, true
	}
	var match *api.CustomField
	for _, f := range fields {
		if strings.EqualFold(f.Name, name) {
			if match != nil {
				return column{}, false
			}
			match = &f
		}
	}
	return column{custom: match}, match != nil
}

func knownFields(fields map[string]api.CustomField) string {
	s := "known columns are " + strings.Join(builtinFields, ", ")
	if len(fields) == 0 {
		return s + " (the company has no custom fields)"
	}
	names := make([]string, 0, len(fields))
	for name, f := range fields {
		if !f.IsActive {
			name += " (inactive)"
		}
		names = append(names, name)
	}
	slices.Sort(names)
	return s + " and the custom fields " + strings.Join(names, ", ")
}

func indexFold(names []string, want string) int {
	if i := slices.Index(names, want); i >= 0 {
		return i
	}
	return slices.IndexFunc(names, func(n string) bool { return strings.EqualFold(n, want) })
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
