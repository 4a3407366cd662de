package api

import (
	"bytes"
	"encoding/json"
	"testing"
)

// splitMatchesUnmarshal fails unless splitArray cuts data into the elements
// json.Unmarshal finds.
func splitMatchesUnmarshal(t *testing.T, data string) {
	t.Helper()
	var want []json.RawMessage
	if err := json.Unmarshal([]byte(data), &want); err != nil {
		t.Fatalf("test input %s: %v", data, err)
	}
	got, ok := splitArray(json.RawMessage(data))
	if !ok || len(got) != len(want) {
		t.Fatalf("splitArray(%s) = %q, %v; want %q", data, got, ok, want)
	}
	for i := range want {
		if !bytes.Equal(got[i], want[i]) {
			t.Errorf("splitArray(%s)[%d] = %s, want %s", data, i, got[i], want[i])
		}
	}
}

func TestSplitArray(t *testing.T) {
	for _, data := range []string{
		`[]`,
		` [ ] `,
		`[1]`,
		`[{"id":1,"name":"Ana"},{"id":2,"name":"Bia"}]`,
		"[ {\"id\": 1} ,\n  {\"id\": 2}\n]",
		`[{"a":"x,y"},{"b":"]},{["}]`,
		`[{"a":"quote \" and comma \",\" here"},2]`,
		`["ends in a backslash \\",{"c":[1,[2,3],{"d":[]}]}]`,
		`[null,true,false,-1.5e3,"",[],{}]`,
		`["\u00e9, \\u00e9"]`,
	} {
		splitMatchesUnmarshal(t, data)
	}
	for _, data := range []string{``, `null`, `{"id":1}`, `"[1,2]"`} {
		if items, ok := splitArray(json.RawMessage(data)); ok {
			t.Errorf("splitArray(%s) = %q, true; want not an array", data, items)
		}
	}
}

func FuzzSplitArray(f *testing.F) {
	for _, seed := range []string{`[]`, `[{"a":"x,y"},2]`, `["\\",{"b":[1,2]}]`, `[{"a":"]\"["}]`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data string) {
		var items []json.RawMessage
		if json.Unmarshal([]byte(data), &items) != nil {
			return // splitArray is only given arrays that are valid JSON
		}
		splitMatchesUnmarshal(t, data)
	})
}
