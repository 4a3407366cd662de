package team

import (
	"encoding/json"
	"strconv"
)

// ToJSON reads a YAML file into the JSON values a JSON Schema validator
// checks: what an editor's YAML extension hands its schema.
func ToJSON(src []byte) (any, error) {
	root, err := parse(src)
	if err != nil || root == nil {
		return nil, err
	}
	return root.json(), nil
}

func (n *node) json() any {
	switch n.kind {
	case kindString:
		return n.str
	case kindNumber:
		if _, err := strconv.ParseFloat(n.str, 64); err == nil {
			return json.Number(n.str)
		}
		return 0
	case kindBool:
		return n.str == "true"
	case kindMapping:
		m := map[string]any{}
		for _, p := range n.pairs {
			m[p.key] = p.value.json()
		}
		return m
	case kindSequence:
		items := []any{}
		for _, it := range n.items {
			items = append(items, it.json())
		}
		return items
	}
	return nil
}
