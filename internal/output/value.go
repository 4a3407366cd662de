package output

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"

	"github.com/dustin/go-humanize"
)

// fieldsOf decodes the top level of an item, keeping each value's raw bytes;
// it is nil when the item is not an object.
func fieldsOf(item json.RawMessage) map[string]json.RawMessage {
	var top map[string]json.RawMessage
	if json.Unmarshal(item, &top) != nil {
		return nil
	}
	return top
}

// lookup follows a dotted path through nested objects. Only the objects on
// the path are decoded, and the value found is the server's bytes.
func lookup(top map[string]json.RawMessage, path string) (json.RawMessage, bool) {
	segments := strings.Split(path, ".")
	v, ok := top[segments[0]]
	for _, seg := range segments[1:] {
		if !ok {
			return nil, false
		}
		var next map[string]json.RawMessage
		if json.Unmarshal(v, &next) != nil || next == nil {
			return nil, false
		}
		v, ok = next[seg]
	}
	return v, ok
}

// cellText renders a raw JSON value as the text of a table or plain cell.
// human selects the terminal rendering (relative times); otherwise values
// stay as the API wrote them. null and missing values are empty; arrays
// are their elements joined with ", ".
func cellText(raw json.RawMessage, kind Kind, human bool, now time.Time) string {
	return listCellText(raw, kind, human, now, ", ")
}

// CSVListSeparator joins the elements of an array (a contact's tags) in a
// csv cell: the separator `convo contacts import` splits a tags cell on, so
// that what convo writes as CSV imports again.
const CSVListSeparator = ";"

// listCellText is cellText with arrays joined with sep.
func listCellText(raw json.RawMessage, kind Kind, human bool, now time.Time, sep string) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	switch raw[0] {
	case '"':
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return string(raw)
		}
		if kind == KindTime && human {
			return relativeTime(s, now)
		}
		return s
	case '[':
		var elems []json.RawMessage
		if json.Unmarshal(raw, &elems) != nil {
			return string(raw)
		}
		parts := make([]string, 0, len(elems))
		for _, e := range elems {
			parts = append(parts, elementText(e, human, now))
		}
		return strings.Join(parts, sep)
	case '{':
		return compactText(raw)
	default:
		// Numbers and booleans: the literal as written.
		return string(raw)
	}
}

// elementText renders one element of an array: objects by their "name" (a
// tag, a user) or "text" (a tag as the API names it), else as compact JSON.
func elementText(raw json.RawMessage, human bool, now time.Time) string {
	if top := fieldsOf(raw); top != nil {
		for _, key := range []string{"name", "text"} {
			var s string
			if json.Unmarshal(top[key], &s) == nil && s != "" {
				return s
			}
		}
		return compactText(raw)
	}
	return cellText(raw, KindText, human, now)
}

func compactText(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// relativeTime renders an ISO 8601 timestamp as "3 minutes ago"; anything
// that does not parse is shown as is.
func relativeTime(s string, now time.Time) string {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return s
	}
	return humanize.RelTime(t, now, "ago", "from now")
}
