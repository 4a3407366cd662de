package team

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/convo-cli/convo/internal/validate"
)

// The one description of the team file: Load checks a file against it, and
// Schema writes it as the JSON Schema that editors validate and complete
// the file with. What JSON Schema cannot say (a shortcut used twice, a
// variable unknown in its namespace, a key written twice) Load checks on
// top of it.

// field is a key of a mapping of the team file.
type field struct {
	name        string
	required    bool
	description string
	rule        rule
}

// rule is what a field's value must be.
type rule struct {
	// of: a list of mappings with these fields.
	of []field
	// list: a list of strings, at least one, none twice; else a string.
	list bool
	// pattern is a regular expression a string matches, in the syntax Go
	// and ECMA-262 (the editors' JSON Schema) read alike; patternHelp says
	// in words what it asks.
	pattern     *regexp.Regexp
	patternHelp string
	// nonBlank: a string holds a character other than a space.
	nonBlank bool
	// oneLine: a string holds no line break.
	oneLine bool
	// channel: each string is a channel type or a channel token.
	channel bool
	// variables: the string's {{variables}} are checked (Load only).
	variables bool
}

// ShortcutPattern is what a shortcut is: two or more lower-case letters,
// digits, "_" and "-".
const ShortcutPattern = `^[a-z0-9_-]{2,}$`

// oneLinePattern and nonBlankPattern are oneLine and nonBlank in the schema.
const (
	oneLinePattern  = `^[^\r\n]*$`
	nonBlankPattern = `\S`
)

// topFields are the keys of the file.
var topFields = []field{
	{name: "replies", required: true, description: "The team's saved replies.", rule: rule{of: replyFields}},
}

// replyFields are the keys of a saved reply.
var replyFields = []field{
	{name: "shortcut", required: true,
		description: "What the reply is called by: convo chats reply CHAT --saved SHORTCUT, / in the inbox. Two or more of a-z, 0-9, _ and -; unique in the file.",
		rule:        rule{pattern: regexp.MustCompile(ShortcutPattern), patternHelp: "two or more lower-case letters a-z, digits, _ and -"}},
	{name: "title", description: "A few words that say what the reply answers, shown beside the shortcut; one line.",
		rule: rule{nonBlank: true, oneLine: true}},
	{name: "text", required: true, description: textDescription(), rule: rule{nonBlank: true, variables: true}},
	{name: "channels", description: fmt.Sprintf("Where the reply is offered: channel types (%s) or channel tokens (%d characters). Leave it out to offer the reply on every channel.",
		strings.Join(validate.ChannelTypes, ", "), validate.ChannelTokenLength),
		rule: rule{list: true, channel: true}},
}

// textDescription documents the text and its variables.
func textDescription() string {
	var b strings.Builder
	b.WriteString("The message sent to the customer. Variables in double braces are filled in when it is sent:")
	for _, v := range Variables {
		fmt.Fprintf(&b, " {{%s}} is %s;", v.Name, v.Description)
	}
	b.WriteString(" any other name without a dot ({{prazo}}) is given with --var prazo=VALUE or typed in.")
	return b.String()
}

// SchemaID is where the schema is published; an editor fetches it from there.
const SchemaID = "https://raw.githubusercontent.com/convo-cli/convo/main/docs/schema/team.schema.json"

// Schema is the JSON Schema (draft 7, which editors read best) of the team
// file, indented, ending with a newline.
func Schema() []byte {
	top := object(topFields)
	top["$schema"] = "http://json-schema.org/draft-07/schema#"
	top["$id"] = SchemaID
	top["title"] = "convo team file"
	top["description"] = "Saved replies a team shares: convo replies list, convo chats reply CHAT --saved SHORTCUT. " +
		"convo replies check FILE also finds what a schema cannot: a shortcut used twice, a variable unknown in its namespace."
	b, err := json.MarshalIndent(top, "", "  ")
	if err != nil {
		// Maps of strings, bools and numbers only.
		panic(err)
	}
	return append(b, '\n')
}

// object is the schema of a mapping with fields.
func object(fields []field) map[string]any {
	props := map[string]any{}
	var required []string
	for _, f := range fields {
		props[f.name] = f.rule.schema(f.description)
		if f.required {
			required = append(required, f.name)
		}
	}
	return map[string]any{"type": "object", "additionalProperties": false, "required": required, "properties": props}
}

// schema is the rule's JSON Schema.
func (r rule) schema(description string) map[string]any {
	if r.of != nil {
		item := object(r.of)
		// VS Code's YAML extension offers it as a template of a new item.
		item["defaultSnippets"] = []any{map[string]any{
			"label":       "saved reply",
			"description": "shortcut, title and text",
			"body":        map[string]any{"shortcut": "$1", "title": "$2", "text": "$3"},
		}}
		return map[string]any{"type": "array", "items": item, "description": description}
	}
	s := map[string]any{"type": "string"}
	var patterns []any
	if r.pattern != nil {
		s["pattern"] = r.pattern.String()
	}
	if r.nonBlank {
		patterns = append(patterns, map[string]any{"pattern": nonBlankPattern})
	}
	if r.oneLine {
		patterns = append(patterns, map[string]any{"pattern": oneLinePattern})
	}
	if len(patterns) > 0 {
		s["allOf"] = patterns
	}
	if r.channel {
		s["anyOf"] = []any{
			map[string]any{"enum": validate.ChannelTypes},
			map[string]any{"minLength": validate.ChannelTokenLength, "maxLength": validate.ChannelTokenLength},
		}
	}
	if r.list {
		s = map[string]any{"type": "array", "minItems": 1, "uniqueItems": true, "items": s}
	}
	s["description"] = description
	return s
}
