package mcpserver

import (
	"slices"
	"strings"

	"github.com/convo-cli/convo/internal/naming"
)

// arguments are the tools' arguments that give what a flag of the command
// line gives, where their names differ by more than the dashes; "" where
// no tool takes one (a plan has no rate or journal: a person sends the
// campaign; the default country is the server's).
var arguments = map[string]string{"var": "variables", "button": "buttons", "exclude-tag": "exclude_tags", "field": "fields", "rate": "", "journal": "", "default-country": ""}

// argument is the tools' argument that gives what --flag gives.
func argument(flag string) string {
	if a, ok := arguments[flag]; ok {
		return a
	}
	return strings.ReplaceAll(flag, "-", "_")
}

// toolsFor are the tools that do what a command does, for the errors that
// point a person at the command.
var toolsFor = map[string]string{
	"convo tags list":       "list_tags",
	"convo users list":      "list_users",
	"convo channels list":   "list_channels",
	"convo templates list":  "list_templates",
	"convo chats list":      "list_chats",
	"convo replies list":    "list_saved_replies",
	"convo contacts create": "create_contact",
	// Only a template reaches a customer outside a chat here.
	"convo messages send": "send_template",
}

// names names options in what the tools answer the model: by the tools'
// arguments, and a command by the tool of this server that does the same.
func (s *Server) names() naming.Names { return naming.Arguments(argument, s.toolFor) }

// toolFor is the tool offered that does what command does, its flags
// given as the tool's arguments ("list_chats with contact 5511987654321");
// "" when none is offered.
func (s *Server) toolFor(command string) string {
	name, flags, given := strings.Cut(command, " --")
	tool := toolsFor[name]
	if !slices.Contains(s.tools, tool) {
		return ""
	}
	if !given {
		return tool
	}
	var args []string
	for _, f := range strings.Split(strings.TrimSuffix(flags, " …"), " --") {
		flag, value, _ := strings.Cut(f, " ")
		args = append(args, argument(flag)+" "+value)
	}
	return tool + " with " + strings.Join(args, " and ")
}
