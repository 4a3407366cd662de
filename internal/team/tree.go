package team

import (
	"errors"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// The YAML is read with github.com/goccy/go-yaml's parser, whose syntax
// errors carry the line and column of the mistake (go.yaml.in/yaml/v3
// gives no column, and for a wrong indentation the line where the
// enclosing block starts), and turned into a small tree of what the team
// file may hold: every value with its position, aliases resolved.

// kind is the JSON type of a value, as the schema names it.
type kind int

const (
	kindNull kind = iota
	kindString
	kindNumber
	kindBool
	kindMapping
	kindSequence
)

// name is how a problem names a kind of value.
func (k kind) name() string {
	return [...]string{"nothing", "a string", "a number", "true or false", "a mapping", "a list"}[k]
}

// pos is a position in the file: line and column from 1, the column in
// characters.
type pos struct{ line, col int }

// node is a value of the file.
type node struct {
	kind kind
	pos  pos
	// str is a string's value.
	str string
	// pairs are a mapping's keys and values, in order.
	pairs []pair
	// items are a sequence's values.
	items []*node
}

type pair struct {
	key    string
	keyPos pos
	value  *node
}

// syntaxError is a file that is not YAML, at the mistake.
type syntaxError struct {
	pos pos
	msg string
}

func (e *syntaxError) Error() string { return e.msg }

// positioned is how the parser's errors say where they are.
type positioned interface {
	GetToken() *token.Token
	GetMessage() string
}

// parse reads src into a tree: nil for a file with no document (empty, or
// comments only).
func parse(src []byte) (root *node, err error) {
	// The parser is not ours: whatever it does with a strange file, convo
	// reports a problem rather than stopping.
	defer func() {
		if r := recover(); r != nil {
			root, err = nil, &syntaxError{pos: pos{1, 1}, msg: fmt.Sprintf("the file cannot be read as YAML (%v)", r)}
		}
	}()
	f, err := parser.ParseBytes(src, 0)
	if err != nil {
		var p positioned
		if errors.As(err, &p) && p.GetToken() != nil {
			msg := p.GetMessage()
			// What the parser says of a line indented wrong.
			if strings.Contains(msg, "not allowed in this context") {
				msg += " (is the line indented like the lines around it?)"
			}
			return nil, &syntaxError{pos: tokenPos(p.GetToken()), msg: msg}
		}
		return nil, &syntaxError{pos: pos{1, 1}, msg: err.Error()}
	}
	var docs []*ast.DocumentNode
	for _, d := range f.Docs {
		if d.Body != nil {
			docs = append(docs, d)
		}
	}
	switch {
	case len(docs) == 0:
		return nil, nil
	case len(docs) > 1:
		at := docs[1].Start
		if at == nil {
			at = docs[1].Body.GetToken()
		}
		return nil, &syntaxError{pos: tokenPos(at), msg: "a second YAML document: the team file is one document"}
	}
	b := &builder{anchors: map[string]ast.Node{}}
	ast.Walk(b, docs[0].Body)
	return b.build(docs[0].Body)
}

// builder turns the parser's nodes into a tree, knowing the anchors.
type builder struct {
	anchors map[string]ast.Node
}

// Visit collects the anchors of the document, so that aliases can be
// resolved.
func (b *builder) Visit(n ast.Node) ast.Visitor {
	if a, ok := n.(*ast.AnchorNode); ok && a.Name != nil {
		b.anchors[a.Name.GetToken().Value] = a.Value
	}
	return b
}

func tokenPos(t *token.Token) pos {
	if t == nil || t.Position == nil {
		return pos{1, 1}
	}
	return pos{max(t.Position.Line, 1), max(t.Position.Column, 1)}
}

// build converts n. Aliases are followed at most a fixed depth, so that an
// anchor that holds an alias of itself cannot loop.
func (b *builder) build(n ast.Node) (*node, error) { return b.convert(n, 0) }

func (b *builder) convert(n ast.Node, depth int) (*node, error) {
	if n == nil {
		return &node{kind: kindNull}, nil
	}
	at := tokenPos(n.GetToken())
	if depth > 100 {
		return nil, &syntaxError{pos: at, msg: "aliases nested too deep"}
	}
	switch v := n.(type) {
	case *ast.NullNode:
		return &node{kind: kindNull, pos: at}, nil
	case *ast.StringNode:
		return &node{kind: kindString, pos: at, str: v.Value}, nil
	case *ast.LiteralNode:
		return &node{kind: kindString, pos: at, str: v.Value.Value}, nil
	case *ast.IntegerNode, *ast.FloatNode, *ast.InfinityNode, *ast.NanNode:
		return &node{kind: kindNumber, pos: at, str: n.GetToken().Value}, nil
	case *ast.BoolNode:
		return &node{kind: kindBool, pos: at, str: n.GetToken().Value}, nil
	case *ast.TagNode:
		inner, err := b.convert(v.Value, depth+1)
		if err != nil {
			return nil, err
		}
		// !!str makes a scalar a string, as YAML says; other tags add
		// nothing a team file uses.
		if v.Start != nil && v.Start.Value == "!!str" && inner.kind != kindMapping && inner.kind != kindSequence {
			inner.kind = kindString
		}
		return inner, nil
	case *ast.AnchorNode:
		return b.convert(v.Value, depth+1)
	case *ast.AliasNode:
		name := v.Value.GetToken().Value
		target, ok := b.anchors[name]
		if !ok {
			return nil, &syntaxError{pos: at, msg: fmt.Sprintf("alias *%s names no anchor (&%s)", name, name)}
		}
		converted, err := b.convert(target, depth+1)
		if err != nil {
			return nil, err
		}
		// The value is the anchor's; a problem with it is said where it is used.
		moved := *converted
		moved.pos = at
		return &moved, nil
	case *ast.MappingNode:
		return b.mapping(v.Values, at, depth)
	case *ast.MappingValueNode:
		return b.mapping([]*ast.MappingValueNode{v}, at, depth)
	case *ast.SequenceNode:
		seq := &node{kind: kindSequence, pos: at}
		for _, item := range v.Values {
			c, err := b.convert(item, depth+1)
			if err != nil {
				return nil, err
			}
			if c.pos == (pos{}) {
				c.pos = at
			}
			seq.items = append(seq.items, c)
		}
		return seq, nil
	}
	return nil, &syntaxError{pos: at, msg: fmt.Sprintf("unexpected %s", strings.ToLower(n.Type().String()))}
}

// mapping converts the pairs of a mapping at at; a mapping with pairs is
// where its first key is.
func (b *builder) mapping(values []*ast.MappingValueNode, at pos, depth int) (*node, error) {
	m := &node{kind: kindMapping, pos: at}
	for i, mv := range values {
		keyPos := tokenPos(mv.Key.GetToken())
		if i == 0 {
			m.pos = keyPos
		}
		var key string
		switch k := mv.Key.(type) {
		case *ast.MergeKeyNode:
			key = "<<"
		case *ast.MappingKeyNode:
			return nil, &syntaxError{pos: keyPos, msg: "a complex key (?): keys of the team file are plain words"}
		default:
			key = k.GetToken().Value
		}
		value, err := b.convert(mv.Value, depth+1)
		if err != nil {
			return nil, err
		}
		// A key without a value is pointed at by its key.
		if value.pos == (pos{}) || value.kind == kindNull {
			value.pos = keyPos
		}
		m.pairs = append(m.pairs, pair{key: key, keyPos: keyPos, value: value})
	}
	return m, nil
}
