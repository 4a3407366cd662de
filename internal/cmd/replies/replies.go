// Package replies holds the `convo replies` commands: the saved replies of
// the team file.
package replies

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/team"
)

// NewCmdReplies builds `convo replies` and its subcommands.
func NewCmdReplies(f *cmdutil.Factory) *cobra.Command {
	cmd := cmdutil.Group(&cobra.Command{
		Use:   "replies <command>",
		Short: "List, view and check the team's saved replies",
		Long: `Saved replies are a team's answers to the questions customers ask every day,
kept in one YAML file in a git repository so that a change to an answer is
reviewed like a change to code. convo chats reply CHAT --saved SHORTCUT sends
one, with its variables filled in for the chat.

The team file is team_file (convo config set team_file PATH), else
CONVO_TEAM_FILE, else team.yaml in the config directory:

  replies:
    - shortcut: frete            # 2+ characters: a-z 0-9 _ -, unique
      title: Prazo de frete
      text: |
        Olá {{contact.first_name}}! Chega em {{prazo}} dias úteis.
        {{attendant.name}}
      channels: [chatapp]        # optional: channel types or tokens

Variables filled in from the chat:
` + variableHelp() + `Any other name without a dot ({{prazo}}) is given with --var prazo=VALUE, or
typed in on a terminal; so is a variable the API has no value for.

Editors check and complete the file with its JSON Schema, docs/schema/team.schema.json:
see docs/agent.md. convo replies check checks it as CI would, offline. A
missing or broken team file stops only the commands that use it.`,
	})
	cmd.AddCommand(newCmdList(f), newCmdView(f), newCmdCheck(f))
	return cmd
}

// variableHelp lists the variables of the API, one a line.
func variableHelp() string {
	var b strings.Builder
	for _, v := range team.Variables {
		b.WriteString("  {{" + v.Name + "}}")
		b.WriteString(strings.Repeat(" ", max(1, 29-len(v.Name))))
		b.WriteString(v.Description + "\n")
	}
	return b.String()
}
