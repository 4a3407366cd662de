package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/validate"
)

// shaping is a change to an inferred input schema.
type shaping func(*jsonschema.Schema)

// shape applies steps in order.
func shape(steps ...shaping) shaping {
	return func(s *jsonschema.Schema) {
		for _, step := range steps {
			step(s)
		}
	}
}

// oneType gives each property the one type of its value: inference makes
// an optional pointer or slice ["null", T], which clients that map tool
// schemas onto a one-type dialect (Gemini's function declarations, say)
// refuse. An argument left out is what null would say.
func oneType(s *jsonschema.Schema) {
	for _, p := range s.Properties {
		if i := slices.Index(p.Types, "null"); i >= 0 && len(p.Types) == 2 {
			p.Type, p.Types = p.Types[1-i], nil
		}
	}
}

// field is the schema of the input's property name; a name the input does
// not have is a mistake of this package.
func field(s *jsonschema.Schema, name string) *jsonschema.Schema {
	p, ok := s.Properties[name]
	if !ok {
		panic(fmt.Sprintf("mcpserver: no input property %q", name))
	}
	return p
}

// oneOf makes property name take only values (a table of validate's), or,
// for an array, items among them.
func oneOf(name string, values []string) shaping {
	return func(s *jsonschema.Schema) {
		p := field(s, name)
		if p.Items != nil {
			p = p.Items
		}
		p.Enum = make([]any, len(values))
		for i, v := range values {
			p.Enum[i] = v
		}
	}
}

// between bounds the integer property name to [lo, hi]; hi 0 for no upper
// bound.
func between(name string, lo, hi int) shaping {
	return func(s *jsonschema.Schema) {
		p := field(s, name)
		p.Minimum = new(float64(lo))
		if hi > 0 {
			p.Maximum = new(float64(hi))
		}
	}
}

// length bounds the length, in characters, of the string property name;
// hi 0 for no upper bound.
func length(name string, lo, hi int) shaping {
	return func(s *jsonschema.Schema) {
		p := field(s, name)
		p.MinLength = new(lo)
		if hi > 0 {
			p.MaxLength = new(hi)
		}
	}
}

// byDefault documents the default of property name.
func byDefault(name string, v any) shaping {
	return func(s *jsonschema.Schema) {
		b, err := json.Marshal(v)
		if err != nil {
			panic(err)
		}
		field(s, name).Default = b
	}
}

// channelToken is the rule of a channel token: exactly its length.
func channelToken(name string) shaping {
	return length(name, validate.ChannelTokenLength, validate.ChannelTokenLength)
}

// Paging is the page of a list a tool reads.
type Paging struct {
	Page    int `json:"page,omitempty" jsonschema:"the page to read, from 1"`
	PerPage int `json:"per_page,omitempty" jsonschema:"items per page"`
}

// paging bounds page and per_page as the API does.
func paging() shaping {
	return shape(between("page", 1, 0), between("per_page", 1, validate.PerPageMax), byDefault("per_page", 20))
}

func (p Paging) options() api.ListOptions {
	return api.ListOptions{Page: max(p.Page, 1), PerPage: max(p.PerPage, 1)}
}

// jsonRaw is JSON as the API sent it.
type jsonRaw = json.RawMessage

// listed is one page of a list, as the API sent it.
type listed struct {
	Data       []json.RawMessage `json:"data"`
	Pagination api.Pagination    `json:"pagination"`
}

// page reads the page of pager (one request) as the API listed it; noun
// names its items in the text.
func page[T any](ctx context.Context, pager *api.Pager[T], noun string) (*Result, error) {
	out := listed{Data: []json.RawMessage{}}
	for pg, err := range pager.RawPages(ctx) {
		if err != nil {
			return nil, err
		}
		out.Data, out.Pagination = append(out.Data, pg.Items...), pg.Pagination
	}
	p := out.Pagination
	text := fmt.Sprintf("%s of %s", english.Count(len(out.Data), noun), english.Comma(p.Total))
	if p.LastPage > 1 {
		text += fmt.Sprintf(" (page %d of %d)", p.CurrentPage, p.LastPage)
	}
	return &Result{Text: text + ".", Data: out}, nil
}
