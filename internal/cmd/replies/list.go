package replies

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/team"
)

func newCmdList(f *cmdutil.Factory) *cobra.Command {
	var chat string
	cmd := &cobra.Command{
		Use:   "list [--chat CHAT]",
		Short: "List the saved replies of the team file",
		Long: `List the saved replies of the team file: shortcut, title, the channels it is
offered on (empty: every channel) and text. --chat CHAT lists only the
replies offered on the chat's channel, which costs the requests of finding
the chat; without it, nothing is asked of the API.

With -o json each reply is an object: shortcut, title, text, channels (null
for every channel) and variables (the names in its text, in order).`,
		Example: `  # The team's saved replies
  convo replies list

  # Those that can answer a chat
  convo replies list --chat 42ef115f20394e9daca8

  # Shortcuts and variables, for a script
  convo replies list --jq '.[] | "\(.shortcut): \(.variables | join(", "))"'`,
		Aliases: []string{"ls"},
		Args:    cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return list(cmd.Context(), f, chat)
		},
	}
	cmdutil.ChatFlag(f, cmd, &chat, "chat", "only the replies offered on the channel of `CHAT`: a chat's token, or a contact with one open chat")
	return cmdutil.Prints(f, cmd, listSpec)
}

func list(ctx context.Context, f *cmdutil.Factory, chat string) error {
	out, err := f.CheckedOutput()
	if err != nil {
		return err
	}
	file, err := f.Team()
	if err != nil {
		return err
	}
	replies := file.Replies
	if chat != "" {
		_, ch, err := f.OpenChat(ctx, chat)
		if err != nil {
			return err
		}
		replies = file.Offered(ch.Channel, "")
	}
	printer, err := output.NewList(f.IOStreams, out, listSpec)
	if err != nil {
		return err
	}
	for _, r := range replies {
		raw, err := encode(itemOf(r))
		if err != nil {
			return err
		}
		if err := printer.AddValid(raw); err != nil {
			return err
		}
	}
	return printer.Close()
}

// lookup loads the team file and finds the reply of shortcut.
func lookup(f *cmdutil.Factory, shortcut string) (*team.Reply, error) {
	file, err := f.Team()
	if err != nil {
		return nil, err
	}
	return file.Lookup(shortcut, naming.Flags)
}
