package apicmd

import (
	"bytes"
	"encoding/json"
	"io"
	"net/url"
	"os"
	"regexp"
	"strings"

	"github.com/convo-cli/convo/internal/clierr"
)

// field is one -f or --raw-field.
type field struct {
	// key is the name without a trailing [].
	key string
	// array is set for key[]=value.
	array bool
	// text is the value as given (or read from @FILE), for the query string.
	text string
	// value is the JSON value for a body.
	value json.RawMessage
}

// fieldList holds the fields in the order they were given.
type fieldList []field

// jsonNumber matches the JSON spelling of a number; "0012" or "1e" stay strings.
var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// parseFields reads -f (typed) and --raw-field (string) arguments; @FILE
// values of typed fields are read from the file, @- from in, which can be
// read once: not at all when stdinUsed (by --input -).
func parseFields(typed, raw []string, in io.Reader, stdinUsed bool) (fieldList, error) {
	var out fieldList
	for _, list := range []struct {
		args  []string
		flag  string
		typed bool
	}{{typed, "-f", true}, {raw, "--raw-field", false}} {
		for _, arg := range list.args {
			key, text, hasValue := strings.Cut(arg, "=")
			fd := field{key: key, text: text}
			fd.key, fd.array = strings.CutSuffix(key, "[]")
			if fd.key == "" || (!hasValue && !fd.array) {
				return nil, clierr.FlagErrorf("invalid %s %q: want key=value (key[]=value adds to an array)", list.flag, arg)
			}
			if !hasValue {
				// key[] alone is an empty array.
				out = append(out, fd)
				continue
			}
			if list.typed && strings.HasPrefix(text, "@") {
				if text == "@-" {
					if stdinUsed {
						return nil, clierr.FlagErrorf("standard input can be read only once (%s %s)", list.flag, arg)
					}
					stdinUsed = true
				}
				content, err := readAt(text[1:], in)
				if err != nil {
					return nil, clierr.InputErrorf("%s %s: %v", list.flag, fd.key, err)
				}
				fd.text = content
				fd.value = marshalString(content)
			} else if list.typed {
				fd.value = typedValue(text)
			} else {
				fd.value = marshalString(text)
			}
			out = append(out, fd)
		}
	}
	return out, nil
}

// typedValue is the JSON value of a -f value: a number, true, false or
// null as such, anything else a string.
func typedValue(text string) json.RawMessage {
	switch {
	case text == "true", text == "false", text == "null", jsonNumber.MatchString(text):
		return json.RawMessage(text)
	}
	return marshalString(text)
}

func marshalString(s string) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	// Values are data, not HTML: keep <, > and & readable in --debug.
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func readAt(path string, in io.Reader) (string, error) {
	var (
		data []byte
		err  error
	)
	if path == "-" {
		data, err = io.ReadAll(in)
	} else {
		data, err = os.ReadFile(path)
	}
	return string(data), err
}

// addTo adds the fields to a query string: values as given, arrays as
// repeated key[] parameters.
func (fl fieldList) addTo(q url.Values) {
	for _, fd := range fl {
		key := fd.key
		if fd.array {
			key += "[]"
			if fd.value == nil {
				continue
			}
		}
		q.Add(key, fd.text)
	}
}

// body builds the JSON object of the fields, keys in the order first given.
// A key given twice without [] is an error: one of the values would be lost.
func (fl fieldList) body() (json.RawMessage, error) {
	var order []string
	values := map[string][]json.RawMessage{}
	arrays := map[string]bool{}
	for _, fd := range fl {
		if _, seen := values[fd.key]; !seen {
			order = append(order, fd.key)
			values[fd.key] = []json.RawMessage{}
			arrays[fd.key] = fd.array
		} else if !fd.array || !arrays[fd.key] {
			return nil, clierr.FlagErrorf("field %q given more than once: use %s[]=value for an array", fd.key, fd.key)
		}
		if fd.value != nil {
			values[fd.key] = append(values[fd.key], fd.value)
		}
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, key := range order {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(marshalString(key))
		b.WriteByte(':')
		vs := values[key]
		if !arrays[key] {
			b.Write(vs[0])
			continue
		}
		b.WriteByte('[')
		for j, v := range vs {
			if j > 0 {
				b.WriteByte(',')
			}
			b.Write(v)
		}
		b.WriteByte(']')
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
