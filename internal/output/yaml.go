package output

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
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
	return p.write(b.Bytes())
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
// quoted instead of turning into other types.
func stringNode(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
	if strings.Contains(s, "\n") && strings.IndexAny(s, " \t\n") == 0 {
		// yaml.v3 writes a multi-line string as a literal block, which
		// cannot start with a tab (the output does not parse) or a line
		// break (it reads back as another string). Quoted, it survives.
		n.Style = yaml.DoubleQuotedStyle
	}
	return n
}
