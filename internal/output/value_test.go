package output

import (
	"encoding/json"
	"testing"
)

func TestRelativeTime(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"2026-11-03T11:57:00.000000Z", "3 minutes ago"},
		{"2026-11-01T12:00:00.000000Z", "2 days ago"},
		{"2026-11-03T11:59:30Z", "30 seconds ago"},
		{"2026-11-03T12:00:00.000000Z", "now"},
		{"2026-11-03T09:00:00-03:00", "now"},
		{"2026-11-03T13:00:00.000000Z", "1 hour from now"},
		{"2025-11-03T12:00:00Z", "1 year ago"},
		{"yesterday", "yesterday"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := relativeTime(tt.in, fixedNow); got != tt.want {
			t.Errorf("relativeTime(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestCellText(t *testing.T) {
	tests := []struct {
		name  string
		raw   string
		kind  Kind
		human bool
		want  string
	}{
		{"null is empty", `null`, KindText, true, ""},
		{"missing is empty", ``, KindText, false, ""},
		{"big id exact", `9007199254740993`, KindID, true, "9007199254740993"},
		{"decimal as written", `1.50`, KindText, false, "1.50"},
		{"bool", `false`, KindBool, true, "false"},
		{"string unescaped", `"Jo\u00e3o \"J\""`, KindText, false, `João "J"`},
		{"time relative for humans", `"2026-11-03T11:57:00.000000Z"`, KindTime, true, "3 minutes ago"},
		{"time as written otherwise", `"2026-11-03T11:57:00.000000Z"`, KindTime, false, "2026-11-03T11:57:00.000000Z"},
		{"names of tags", `[{"id":1,"name":"VIP"},{"id":2,"name":"Novo"}]`, KindNames, true, "VIP, Novo"},
		{"text of tags", `[{"id":1,"text":"VIP","emoji":"⭐"}]`, KindNames, false, "VIP"},
		{"objects without a name", `[{"token":"abc"}]`, KindNames, false, `{"token":"abc"}`},
		{"array of scalars", `["a",1,null,true]`, KindText, false, "a, 1, , true"},
		{"empty array", `[]`, KindNames, true, ""},
		{"object compact, order kept", `{ "b" : 2, "a" : [1] }`, KindText, false, `{"b":2,"a":[1]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cellText(json.RawMessage(tt.raw), tt.kind, tt.human, fixedNow); got != tt.want {
				t.Errorf("cellText(%s) = %q, want %q", tt.raw, got, tt.want)
			}
		})
	}
}

func TestLookup(t *testing.T) {
	top := fieldsOf(chat)
	tests := []struct {
		path string
		want string
		ok   bool
	}{
		{"id", "7", true},
		{"contact.phone", `"5511999990000"`, true},
		{"contact.missing", "", false},
		{"status.deeper", "", false},
		{"nothing", "", false},
	}
	for _, tt := range tests {
		got, ok := lookup(top, tt.path)
		if ok != tt.ok || string(got) != tt.want {
			t.Errorf("lookup(%q) = %s, %v; want %s, %v", tt.path, got, ok, tt.want, tt.ok)
		}
	}
}
