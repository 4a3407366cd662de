package output

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"

	yaml "go.yaml.in/yaml/v3"

	"github.com/convo-cli/convo/internal/safetext"
)

// writeYAML writes an item as a YAML mapping, or as one "- " entry of a
// sequence when asEntry is set; entries written one after another form the
// list.
func (p *printer) writeYAML(item json.RawMessage, asEntry bool) error {
	node, err := yamlNode(item)
	if err != nil {
		return fmt.Errorf("convert to YAML: %w", err)
	}
	if asEntry {
		node = &yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{node}}
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(node); err != nil {
		return fmt.Errorf("encode YAML: %w", err)
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("encode YAML: %w", err)
	}
	// yaml.v3 escapes C0 and C1 controls in a double-quoted scalar but
	// writes bidi and invisible characters raw; every string holding one is
	// double-quoted (stringNode), where \u escapes read as in JSON.
	return p.write(safetext.JSON(b.Bytes()))
}

// yamlNode converts JSON to a YAML node tree from the token stream rather
// than through Go maps, which would sort the keys, and with numbers kept as
// the literals the API wrote.
func yamlNode(raw json.RawMessage) (*yaml.Node, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	return nextYAMLNode(dec)
}

func nextYAMLNode(dec *json.Decoder) (*yaml.Node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		node := &yaml.Node{Kind: yaml.SequenceNode}
		if t == '{' {
			node.Kind = yaml.MappingNode
		}
		for dec.More() {
			if node.Kind == yaml.MappingNode {
				key, err := dec.Token()
				if err != nil {
					return nil, err
				}
				node.Content = append(node.Content, stringNode(key.(string)))
			}
			child, err := nextYAMLNode(dec)
			if err != nil {
				return nil, err
			}
			node.Content = append(node.Content, child)
		}
		if _, err := dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
		return node, nil
	case string:
		return stringNode(t), nil
	case json.Number:
		// No tag: the literal is written plain, exactly as the API spelled it.
		return &yaml.Node{Kind: yaml.ScalarNode, Value: t.String()}, nil
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: fmt.Sprint(t)}, nil
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}, nil
	}
	return nil, errors.New("unexpected JSON token")
}

// stringNode is tagged !!str so that strings such as "true" or "0042" are
// quoted instead of turning into other types: yaml.v3 quotes what a YAML 1.2
// reader would take for another type. Strings that only a YAML 1.1 reader
// misreads are quoted too (see yaml11NotString), as are the ones a literal
// block or a plain scalar would not carry intact.
func stringNode(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
	switch {
	case strings.Contains(s, "\n") && strings.IndexAny(s, " \t\n") == 0:
		// yaml.v3 writes a multi-line string as a literal block, which
		// cannot start with a tab (the output does not parse) or a line
		// break (it reads back as another string). Quoted, it survives.
		n.Style = yaml.DoubleQuotedStyle
	case strings.ContainsFunc(s, hiddenInYAML):
		// Characters a terminal obeys or that hide text: double-quoted,
		// they are written as escapes (see writeYAML).
		n.Style = yaml.DoubleQuotedStyle
	case strings.ContainsAny(s, "\u0085\u2028\u2029"):
		// Line breaks for YAML 1.1, not for 1.2: unquoted or in single
		// quotes a 1.1 reader folds them into spaces. Double-quoted, they
		// are escaped (\N, \L, \P).
		n.Style = yaml.DoubleQuotedStyle
	case yaml11NotString().MatchString(s):
		n.Style = yaml.DoubleQuotedStyle
	}
	return n
}

// hiddenInYAML reports the characters safetext escapes, but for the line
// breaks and tabs that YAML's literal blocks carry.
func hiddenInYAML(r rune) bool {
	return r != '\n' && r != '\t' && safetext.Escaped(r)
}

// yaml11NotString matches the plain scalars that a YAML 1.1 reader (PyYAML,
// go-yaml v2, SnakeYAML, Ruby's Psych, many configuration tools) resolves to
// something other than a string, following the types of
// https://yaml.org/type/: booleans (y, Yes, NO, on, Off…), nulls (~, null),
// integers in bases 2, 8, 10, 16 and 60 (0b101, 0755, 1_000, 0x1F, 1:30),
// floats (.5, 1e3, 1:30.5, .inf, .NaN), timestamps (2026-11-03,
// 2026-11-03 10:00:00), the merge key << and the value key =, which PyYAML
// refuses to read. yaml.v3, a YAML 1.2 writer, leaves most of them unquoted.
// Compiled on first use, not at start-up.
var yaml11NotString = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:` + strings.Join([]string{
		// bool
		`y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF`,
		// null
		`~|null|Null|NULL|`,
		// int
		`[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+`,
		// float, and the exponent forms of YAML 1.2 that go-yaml v2 reads too
		`[-+]?(?:[0-9][0-9_]*)?\.[0-9._]*(?:[eE][-+]?[0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)`,
		`[-+]?[0-9][0-9_]*[eE][-+]?[0-9]+`,
		// timestamp
		`[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?`,
		// merge, value
		`<<|=`,
	}, "|") + `)$`)
})
