package output

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/convo-cli/convo/internal/jsonstring"
	"github.com/convo-cli/convo/internal/safetext"
)

const jsonIndent = "  "

// jsonStyle is how JSON is laid out: indented for a reader at a terminal,
// compact for a program, coloured when color is set.
type jsonStyle struct {
	indent bool
	color  *ColorScheme
}

// appendJSON writes raw JSON in the given style without decoding it, so the
// server's key order, number spellings and string escapes survive. depth is
// the nesting level the value sits at (1 for an item of a streamed array).
// raw must be valid JSON: compact JSON is copied without a second check.
// Bytes of its strings that are not UTF-8 are written as \ufffd, as
// encoding/json writes them: output that scripts read is valid UTF-8. The
// characters a terminal would obey or that hide text, which JSON allows raw
// in a string (C1 controls such as U+009B, bidi overrides, U+2028), are
// written as \u escapes (safetext.JSON): the values are the same.
func appendJSON(dst *bytes.Buffer, raw []byte, style jsonStyle, depth int) error {
	// json.Indent would copy trailing whitespace; the caller ends the line.
	raw = safetext.JSON(jsonstring.ToValidUTF8(bytes.TrimSpace(raw)))
	var err error
	switch {
	case style.color != nil:
		if !json.Valid(raw) {
			err = errors.New("not valid JSON")
		} else {
			colorizeJSON(dst, raw, style, depth)
		}
	case style.indent:
		err = json.Indent(dst, raw, strings.Repeat(jsonIndent, depth), jsonIndent)
	case isCompact(raw):
		// What the API sends usually is compact already, and every caller
		// has checked that raw is valid: copying it spares json.Compact's
		// second validation, a third of the CPU of `list --all -o ndjson`.
		dst.Write(raw)
	default:
		err = json.Compact(dst, raw)
	}
	if err != nil {
		return fmt.Errorf("format JSON: %w", err)
	}
	return nil
}

// isCompact reports whether JSON has no whitespace outside its strings,
// which is what json.Compact removes.
func isCompact(raw []byte) bool {
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '"':
			i = jsonstring.End(raw, i) - 1
		case ' ', '\t', '\n', '\r':
			return false
		}
	}
	return true
}

// colorizeJSON lays out valid JSON like json.Indent or json.Compact would,
// with keys, strings, numbers and literals in distinct colours. It works on
// the bytes, token by token, so values are never re-encoded.
func colorizeJSON(dst *bytes.Buffer, src []byte, style jsonStyle, depth int) {
	cs := style.color
	var stack []byte // open '{' and '['
	expectKey := false
	newline := func() {
		if style.indent {
			dst.WriteByte('\n')
			dst.WriteString(strings.Repeat(jsonIndent, depth))
		}
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch c {
		case ' ', '\t', '\n', '\r':
			i++
		case '{', '[':
			closing := byte('}')
			if c == '[' {
				closing = ']'
			}
			j := skipSpace(src, i+1)
			if src[j] == closing {
				dst.WriteByte(c)
				dst.WriteByte(closing)
				i = j + 1
				continue
			}
			dst.WriteByte(c)
			stack = append(stack, c)
			depth++
			newline()
			expectKey = c == '{'
			i++
		case '}', ']':
			stack = stack[:len(stack)-1]
			depth--
			newline()
			dst.WriteByte(c)
			i++
		case ',':
			dst.WriteByte(',')
			newline()
			expectKey = stack[len(stack)-1] == '{'
			i++
		case ':':
			dst.WriteByte(':')
			if style.indent {
				dst.WriteByte(' ')
			}
			expectKey = false
			i++
		case '"':
			j := jsonstring.End(src, i)
			if expectKey {
				dst.WriteString(cs.Cyan(string(src[i:j])))
			} else {
				dst.WriteString(cs.Green(string(src[i:j])))
			}
			i = j
		default:
			j := i
			for j < len(src) && strings.IndexByte(" \t\r\n,:]}", src[j]) < 0 {
				j++
			}
			tok := string(src[i:j])
			if c == 't' || c == 'f' || c == 'n' {
				dst.WriteString(cs.Yellow(tok))
			} else {
				dst.WriteString(cs.Magenta(tok))
			}
			i = j
		}
	}
}

func skipSpace(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	return i
}

// Project applies --fields to an item a command puts inside a document of
// its own (the messages of `chats view -o json`): only the given dotted
// paths are kept, as project keeps them; no fields keep the whole item.
func Project(item json.RawMessage, fields []string) json.RawMessage {
	if len(fields) == 0 {
		return item
	}
	return project(item, fields)
}

// project keeps only the given dotted paths of an item, in the order given,
// nesting dotted paths: contact.phone and id give {"contact":{"phone":…},"id":…}.
// Values are copied as raw bytes; a path the item lacks becomes null.
func project(item json.RawMessage, fields []string) json.RawMessage {
	type node struct {
		key      string
		value    json.RawMessage
		children []*node
	}
	root := &node{}
	top := fieldsOf(item)
	for _, path := range fields {
		n := root
		for _, seg := range strings.Split(path, ".") {
			var child *node
			for _, c := range n.children {
				if c.key == seg {
					child = c
					break
				}
			}
			if child == nil {
				child = &node{key: seg}
				n.children = append(n.children, child)
			}
			n = child
		}
		if v, ok := lookup(top, path); ok {
			n.value = v
		}
	}
	var b bytes.Buffer
	var write func(n *node)
	write = func(n *node) {
		switch {
		case n.value != nil && (len(n.children) == 0 || string(n.value) != "null"):
			// A whole value asked for (contact) wins over parts of it (contact.phone).
			b.Write(n.value)
			return
		case len(n.children) == 0:
			b.WriteString("null")
			return
		}
		b.WriteByte('{')
		for i, c := range n.children {
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(marshalString(c.key))
			b.WriteByte(':')
			write(c)
		}
		b.WriteByte('}')
	}
	write(root)
	return b.Bytes()
}

// marshalString encodes s as a JSON string without HTML escaping.
func marshalString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // encoding a string cannot fail
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}
