package bulk

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/convo-cli/convo/internal/validate"
)

// CheckKeys fails a JSON Lines record that gives a key twice, in any of
// its objects: encoding/json keeps the last of two values silently, where
// which one was meant cannot be told, as a CSV file with two phone columns
// is refused for the same reason. The error names the key's path
// ("customfields.cidade"). A record that is not valid JSON passes: its
// decoding says what is wrong.
func CheckKeys(record []byte) error {
	if key := repeatedKey(record); key != "" {
		return &validate.Error{Field: key, Code: validate.CodeInvalid, Message: "is given twice in the record: keep one"}
	}
	return nil
}

// repeatedKey returns the path of the first key an object of record gives
// twice, "" when none does or record is not valid JSON.
func repeatedKey(record []byte) string {
	// container is an object or an array being read.
	type container struct {
		object bool
		path   string
		keys   map[string]bool
		// key is the object's key whose value is being read, "" while a
		// key is awaited.
		key     string
		wantKey bool
	}
	var stack []*container
	// valueEnded: the value of the innermost object's key is read.
	valueEnded := func() {
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].wantKey = true
		}
	}
	dec := json.NewDecoder(bytes.NewReader(record))
	for {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		var top *container
		if n := len(stack); n > 0 {
			top = stack[n-1]
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				path := ""
				if top != nil {
					path = top.path
					if top.object {
						path = strings.TrimPrefix(path+"."+top.key, ".")
					}
				}
				stack = append(stack, &container{object: t == '{', path: path, keys: map[string]bool{}, wantKey: t == '{'})
			default:
				stack = stack[:len(stack)-1]
				valueEnded()
			}
		case string:
			if top != nil && top.object && top.wantKey {
				if top.keys[t] {
					return strings.TrimPrefix(top.path+"."+t, ".")
				}
				top.keys[t], top.key, top.wantKey = true, t, false
				continue
			}
			valueEnded()
		default:
			valueEnded()
		}
	}
}
