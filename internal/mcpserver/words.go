package mcpserver

import (
	"slices"
	"strings"

	"github.com/convo-cli/convo/internal/naming"
)

// arguments are the tools' arguments that give what a flag of the command
// line gives, where their names differ by more than the dashes.
var arguments = map[string]string{"var": "variables", "button": "buttons", "exclude-tag": "exclude_tags", "field": "fields"}

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
	"convo tags list":      "list_tags",
	"convo users list":     "list_users",
	"convo channels list":  "list_channels",
	"convo templates list": "list_templates",
	"convo chats list":     "list_chats",
	"convo replies list":   "list_saved_replies",
}

// names names options in what the tools answer the model: by the tools'
// arguments, and a command by the tool of this server that does the same.
func (s *Server) names() naming.Names {
	return naming.Arguments(argument, func(command string) string {
		if t := toolsFor[command]; slices.Contains(s.tools, t) {
			return t
		}
		return ""
	})
}
