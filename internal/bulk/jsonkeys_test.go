package bulk

import "testing"

func TestRepeatedKey(t *testing.T) {
	for record, want := range map[string]string{
		`{"phone":"1","name":"Ana"}`:                             "",
		`{"phone":"1","name":"Ana","phone":"2"}`:                 "phone",
		`{"customfields":{"cidade":"Recife","cidade":"Olinda"}}`: "customfields.cidade",
		`{"a":{"b":1},"c":{"b":2}}`:                              "",
		`{"tags":[{"id":1},{"id":2}],"phone":"1"}`:               "",
		`{"tags":[{"id":1,"id":2}]}`:                             "tags.id",
		`{"tags":["phone","phone"],"name":"phone"}`:              "",
		`{"a":[1,[2,{"x":1}],{"y":{"z":1,"z":2}}]}`:              "a.y.z",
		`{"x":null,"y":true,"z":1.5,"x":0}`:                      "x",
		`{"name":"Ana","Name":"Bia"}`:                            "",
		`{"phone":"1"`:                                           "",
		`not json`:                                               "",
		`{"caf\u00e9":1,"café":2}`:                               "café",
		`{"a":{},"b":{},"a":[]}`:                                 "a",
	} {
		if got := repeatedKey([]byte(record)); got != want {
			t.Errorf("repeatedKey(%s) = %q, want %q", record, got, want)
		}
	}
}
