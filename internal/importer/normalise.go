package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/validate"
)

// contactRow is a row checked against every rule known before sending:
// phone normalised, booleans parsed, custom-field values in the form the API
// stores. Tags are still references (names or ids): resolving them may need
// the API.
type contactRow struct {
	phone   string
	name    *string
	blocked *bool
	fields  map[string]any
	tags    []string
}

// normaliser turns records into contact rows. It is read-only after
// construction and shared by the workers.
type normaliser struct {
	layout  *layout // nil for JSON Lines
	fields  map[string]api.CustomField
	country string
	// ignoreUnknown skips unknown keys of JSON Lines records, as it skips
	// unknown CSV columns.
	ignoreUnknown bool
}

// normalise checks one record. A blank CSV cell means "no value": nothing is
// sent for it, so that an update never clears a field because a spreadsheet
// cell was empty.
func (n *normaliser) normalise(rec bulk.Record) (contactRow, error) {
	if rec.Err != nil {
		return contactRow{}, rec.Err
	}
	if rec.JSON != nil {
		return n.normaliseJSON(rec.JSON)
	}
	var (
		row  contactRow
		errs validate.Errors
	)
	for i, col := range n.layout.columns {
		cell := strings.TrimSpace(rec.Cells[i])
		if col.ignored() || (cell == "" && col.builtin != fieldPhone) {
			continue
		}
		switch col.builtin {
		case fieldPhone:
			phone, err := validate.Phone(fieldPhone, cell, n.country, naming.Flags)
			errs.Add(err)
			row.phone = phone
		case fieldName:
			errs.Add(validate.ContactName(fieldName, cell))
			row.name = &cell
		case fieldBlocked:
			b, err := validate.ParseBool(fieldBlocked, cell)
			errs.Add(err)
			row.blocked = &b
		case fieldTags:
			row.tags = splitTags(cell)
		default:
			errs.Add(row.setField(*col.custom, cell))
		}
	}
	return row, errs.Err()
}

// setField checks v against custom field f and keeps it.
func (row *contactRow) setField(f api.CustomField, v any) error {
	value, err := validate.CustomFieldValue(resolve.Rule(f), v)
	if err != nil {
		return err
	}
	if value == nil {
		return nil // blank: not sent
	}
	if row.fields == nil {
		row.fields = map[string]any{}
	}
	row.fields[f.Name] = value
	return nil
}

// splitTags reads a tags cell: names or ids separated by ";", blanks and
// repeats dropped.
func splitTags(cell string) []string {
	var tags []string
	for t := range strings.SplitSeq(cell, ";") {
		if t = strings.TrimSpace(t); t != "" && !slices.Contains(tags, t) {
			tags = append(tags, t)
		}
	}
	return tags
}

// jsonKeys are the keys of a POST /contacts body.
var jsonKeys = []string{"phone", "name", "blocked", "customfields", "tags"}

// normaliseJSON checks a JSON Lines record: a POST /contacts body, whose tags
// may also be given by name and whose blocked may also be a string such as
// "sim".
func (n *normaliser) normaliseJSON(line []byte) (contactRow, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(line, &obj); err != nil {
		return contactRow{}, bulk.InvalidRecord(fmt.Errorf("not a JSON object: %v", err))
	}
	var (
		row  contactRow
		errs validate.Errors
	)
	errs.Add(bulk.CheckKeys(line))
	for _, key := range slices.Sorted(maps.Keys(obj)) {
		if !slices.Contains(jsonKeys, key) && !n.ignoreUnknown {
			errs.Add(&validate.Error{Field: key, Code: validate.CodeInvalid,
				Message: fmt.Sprintf("unknown field; a record has %s", strings.Join(jsonKeys, ", "))})
		}
	}
	if raw, ok := obj["phone"]; ok && !isNull(raw) {
		var phone string
		if err := decodeText(raw, &phone); err != nil {
			errs.Add(invalidJSON("phone", "must be a string", err))
		} else {
			p, err := validate.Phone(fieldPhone, phone, n.country, naming.Flags)
			errs.Add(err)
			row.phone = p
		}
	} else {
		errs.Add(validate.Required(fieldPhone, ""))
	}
	if raw, ok := obj["name"]; ok && !isNull(raw) {
		var name string
		if err := json.Unmarshal(raw, &name); err != nil {
			errs.Add(invalidJSON("name", "must be a string", err))
		} else {
			errs.Add(validate.ContactName(fieldName, name))
			row.name = &name
		}
	}
	if raw, ok := obj["blocked"]; ok && !isNull(raw) {
		errs.Add(row.setBlockedJSON(raw))
	}
	if raw, ok := obj["tags"]; ok && !isNull(raw) {
		errs.Add(row.setTagsJSON(raw))
	}
	if raw, ok := obj["customfields"]; ok && !isNull(raw) {
		errs.Add(n.setFieldsJSON(&row, raw))
	}
	return row, errs.Err()
}

func (row *contactRow) setBlockedJSON(raw json.RawMessage) error {
	var b bool
	if err := json.Unmarshal(raw, &b); err == nil {
		row.blocked = &b
		return nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return invalidJSON(fieldBlocked, "must be true or false", err)
	}
	b, err := validate.ParseBool(fieldBlocked, s)
	row.blocked = &b
	return err
}

func (row *contactRow) setTagsJSON(raw json.RawMessage) error {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return invalidJSON(fieldTags, "must be an array of tag ids or names", err)
	}
	// An empty array is given tags all the same: none, which --replace-tags
	// makes the contact's.
	row.tags = []string{}
	for _, it := range items {
		var ref string
		if err := decodeText(it, &ref); err != nil {
			return invalidJSON(fieldTags, "must be an array of tag ids or names", err)
		}
		if ref = strings.TrimSpace(ref); ref != "" && !slices.Contains(row.tags, ref) {
			row.tags = append(row.tags, ref)
		}
	}
	return nil
}

func (n *normaliser) setFieldsJSON(row *contactRow, raw json.RawMessage) error {
	var values map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // numbers keep their digits
	if err := dec.Decode(&values); err != nil {
		return invalidJSON("customfields", "must be an object of custom-field names and values", err)
	}
	var errs validate.Errors
	for _, name := range slices.Sorted(maps.Keys(values)) {
		col, ok := lookupField(name, n.fields)
		if !ok || col.custom == nil {
			errs.Add(&validate.Error{Field: "customfields." + name, Code: validate.CodeInvalid,
				Message: fmt.Sprintf("no custom field named %q; see `convo contacts fields`", name)})
			continue
		}
		errs.Add(row.setField(*col.custom, values[name]))
	}
	return errs.Err()
}

// decodeText reads a JSON string, or a JSON number as its digits (phones and
// tag ids are often written as numbers).
func decodeText(raw json.RawMessage, out *string) error {
	if err := json.Unmarshal(raw, out); err == nil {
		return nil
	}
	var n json.Number
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&n); err != nil {
		return err
	}
	if _, err := strconv.ParseInt(n.String(), 10, 64); err != nil {
		return fmt.Errorf("%s is not a whole number", n)
	}
	*out = n.String()
	return nil
}

func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

func invalidJSON(field, expected string, err error) *validate.Error {
	return &validate.Error{Field: field, Code: validate.CodeInvalid, Message: fmt.Sprintf("%s (%v)", expected, err)}
}
