package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/filearg"
)

// field is one -f or -F, as gh api reads them.
type field struct {
	// arg is the flag's argument, for error messages.
	arg string
	// key is the key as written, for the query string: tags[], filter[name].
	key string
	// path is the key cut at its brackets: tags[] is [tags ""], a[b] is [a b].
	path []string
	// text is the value as given (or read from @FILE), for the query string.
	text string
	// value is the JSON value for a body; nil for key[] alone.
	value json.RawMessage
}

// fieldList holds the fields: -f ones first, then -F ones, each in the
// order given.
type fieldList []field

// parseFields reads -f (raw: always a string) and -F (typed: true, false,
// null and integers as such, @FILE read from a file) arguments, as gh api
// does. @- reads in, which can be read once: not at all when stdinUsed (by
// --input -).
func parseFields(raw, typed []string, in io.Reader, stdinUsed bool) (fieldList, error) {
	var out fieldList
	for _, list := range []struct {
		args  []string
		flag  string
		typed bool
	}{{raw, "-f", false}, {typed, "-F", true}} {
		for _, arg := range list.args {
			key, text, hasValue := strings.Cut(arg, "=")
			path, err := splitKey(key)
			if err != nil {
				return nil, clierr.FlagErrorf("invalid %s %q: %v", list.flag, arg, err)
			}
			fd := field{arg: list.flag + " " + arg, key: key, path: path, text: text}
			if !hasValue {
				if path[len(path)-1] != "" {
					return nil, clierr.FlagErrorf("invalid %s %q: want key=value (key[] alone is an empty array)", list.flag, arg)
				}
				out = append(out, fd)
				continue
			}
			switch {
			case list.typed && strings.HasPrefix(text, "@"):
				name := text[1:]
				if name == filearg.Std {
					if stdinUsed {
						return nil, clierr.FlagErrorf("standard input can be read only once (%s %s)", list.flag, arg)
					}
					stdinUsed = true
				}
				content, err := filearg.Read(name, in)
				if err != nil {
					return nil, clierr.InputErrorf("%s %s: %v", list.flag, key, err)
				}
				fd.text = string(content)
				fd.value = marshalString(fd.text)
			case list.typed:
				fd.value, fd.text = typedValue(text)
			default:
				fd.value = marshalString(text)
			}
			out = append(out, fd)
		}
	}
	return out, nil
}

// splitKey cuts key[sub][]… into its parts: a name, then one part per
// bracket pair, empty for [].
func splitKey(key string) ([]string, error) {
	name, rest, _ := strings.Cut(key, "[")
	if name == "" || strings.Contains(name, "]") {
		return nil, fmt.Errorf("want a key such as name, tags[] or contact[name]")
	}
	path := []string{name}
	if rest == "" && !strings.HasSuffix(key, "[") {
		return path, nil
	}
	for rest = "[" + rest; rest != ""; {
		inner, after, closed := strings.Cut(rest[1:], "]")
		if rest[0] != '[' || !closed || strings.ContainsAny(inner, "[]") {
			return nil, fmt.Errorf("unbalanced brackets in the key %q", key)
		}
		path = append(path, inner)
		rest = after
	}
	return path, nil
}

// typedValue is the JSON value of a -F value, and its text for a query
// string: true, false and null as such (null is empty in a query), an
// integer as a number when written as JSON writes it (007 and +7 stay
// strings, so that no digit is lost), anything else a string.
func typedValue(text string) (json.RawMessage, string) {
	switch text {
	case "true", "false":
		return json.RawMessage(text), text
	case "null":
		return json.RawMessage(text), ""
	}
	if n, err := strconv.ParseInt(text, 10, 64); err == nil && strconv.FormatInt(n, 10) == text {
		return json.RawMessage(text), text
	}
	return marshalString(text), text
}

func marshalString(s string) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	// Values are data, not HTML: keep <, > and & readable in --debug.
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// addTo adds the fields to a query string: each key as written, with its
// value's text; key[] alone adds nothing.
func (fl fieldList) addTo(q url.Values) {
	for _, fd := range fl {
		if fd.value != nil {
			q.Add(fd.key, fd.text)
		}
	}
}

// node is a JSON value built from fields: a value given, an object whose
// keys keep the order they were first given in, or an array.
type node struct {
	kind   nodeKind
	value  json.RawMessage
	keys   []string
	fields map[string]*node
	items  []*node
}

type nodeKind int

const (
	leafNode nodeKind = iota
	objectNode
	arrayNode
)

func (k nodeKind) String() string {
	return [...]string{"a value", "an object", "an array"}[k]
}

func newObject() *node { return &node{kind: objectNode, fields: map[string]*node{}} }

func (n *node) add(key string, child *node) {
	n.keys = append(n.keys, key)
	n.fields[key] = child
}

// body builds the JSON object of the fields: key[]=v adds v to the array
// key, key[sub]=v sets sub in the object key, key[][sub]=v sets sub in the
// last object of the array key, or in a new one when that object has sub
// already. A key given twice without [] is an error: one of the values
// would be lost.
func (fl fieldList) body() (json.RawMessage, error) {
	root := newObject()
	for _, fd := range fl {
		if err := root.set(fd, fd.path); err != nil {
			return nil, err
		}
	}
	var b bytes.Buffer
	root.write(&b)
	return b.Bytes(), nil
}

// set puts fd's value at path under the object n.
func (n *node) set(fd field, path []string) error {
	key, rest := path[0], path[1:]
	child := n.fields[key]
	if len(rest) == 0 {
		switch {
		case child != nil && child.kind != leafNode:
			return clierr.FlagErrorf("field %q is %s and %s (%s)", key, child.kind, leafNode, fd.arg)
		case child != nil:
			return clierr.FlagErrorf("field %q given more than once (%s): use %s[]=value for an array", key, fd.arg, key)
		}
		n.add(key, &node{kind: leafNode, value: fd.value})
		return nil
	}
	want := objectNode
	if rest[0] == "" {
		want = arrayNode
	}
	switch {
	case child == nil && want == objectNode:
		child = newObject()
		n.add(key, child)
	case child == nil:
		child = &node{kind: arrayNode}
		n.add(key, child)
	case child.kind != want:
		return clierr.FlagErrorf("field %q is %s and %s (%s)", key, child.kind, want, fd.arg)
	}
	if want == objectNode {
		return child.set(fd, rest)
	}
	return child.append(fd, rest[1:])
}

// append puts fd's value at path in the array n: the value itself when
// path is empty, else a member of one of its objects.
func (n *node) append(fd field, path []string) error {
	switch {
	case len(path) == 0:
		if fd.value != nil {
			n.items = append(n.items, &node{kind: leafNode, value: fd.value})
		}
		return nil
	case path[0] == "":
		return clierr.FlagErrorf("arrays of arrays cannot be written with fields (%s): use --input", fd.arg)
	}
	var obj *node
	if k := len(n.items); k > 0 && n.items[k-1].kind == objectNode {
		last := n.items[k-1]
		if member := last.fields[path[0]]; member == nil || member.kind == arrayNode && len(path) > 1 && path[1] == "" {
			obj = last
		}
	}
	if obj == nil {
		obj = newObject()
		n.items = append(n.items, obj)
	}
	return obj.set(fd, path)
}

func (n *node) write(b *bytes.Buffer) {
	switch n.kind {
	case leafNode:
		b.Write(n.value)
	case objectNode:
		b.WriteByte('{')
		for i, key := range n.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(marshalString(key))
			b.WriteByte(':')
			n.fields[key].write(b)
		}
		b.WriteByte('}')
	case arrayNode:
		b.WriteByte('[')
		for i, item := range n.items {
			if i > 0 {
				b.WriteByte(',')
			}
			item.write(b)
		}
		b.WriteByte(']')
	}
}
