package chats

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/resolve"
)

// defaultLast is how many messages a chat is shown with.
const defaultLast = 20

func newCmdView(f *cmdutil.Factory) *cobra.Command {
	v := &viewer{f: f, last: defaultLast}
	cmd := &cobra.Command{
		Use:   "view CHAT [--last N]",
		Short: "Show a chat and its latest messages",
		Long: `Show a chat: who the contact is, the channel it is on, its state and, on a
chatapp channel, when the customer last wrote; then its latest --last N
messages (default 20), oldest first, each with its time, its author and its
whole text, wrapped to the terminal's width. Internal notes are marked "note"
and set apart. CHAT is a chat's token, or a contact's id or phone number when
the contact has one open chat.

With -o json (or yaml) it prints {"chat": …, "channel": …, "messages": […]}:
the chat as convo chats list prints it, its channel as convo channels list
does, and the messages, oldest first, as convo messages list does (--fields
and the columns of plain and csv are the messages'). With -o ndjson, plain
or csv it prints the messages alone.

Reading a chat costs two or three requests once convo knows it; see
docs/agent.md for what each command costs.`,
		Example: `  # A chat and its 20 latest messages
  convo chats view 42ef115f20394e9daca8

  # The only open chat of a contact, by phone, with its 5 latest messages
  convo chats view 5551916761484 --last 5

  # The chat as JSON: its contact's name and what the latest message says
  convo chats view 42ef115f20394e9daca8 -o json --jq '.chat.contact.name, .messages[-1].content'`,
		Args:              cmdutil.ExactArgs(1, resolve.ChatArg),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteChats(f)),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			d, ch, err := f.OpenChat(ctx, args[0])
			if err != nil {
				return err
			}
			return v.show(ctx, d, ch)
		},
	}
	v.addFlags(cmd)
	return cmdutil.Prints(f, cmd, v.spec())
}

// viewer shows a chat as `chats view` does; `chats next` shows the chat it
// finds the same way.
type viewer struct {
	f    *cmdutil.Factory
	last int64
	// shown is the chat being shown.
	shown *desk.Chat
}

func (v *viewer) addFlags(cmd *cobra.Command) {
	cmdutil.IDFlag(cmd, &v.last, "last", "show the newest `N` messages")
}

// spec is what a viewer prints in the formats other than the table: the
// messages, whose author in a table would be the shown chat's contact.
func (v *viewer) spec() output.Spec {
	return cmdutil.MessageSpec(func() *desk.Chat { return v.shown })
}

// show prints the chat in the run's output format: the rendered
// conversation in a table, the {"chat", "channel", "messages"} document in
// json and yaml, the messages alone otherwise.
func (v *viewer) show(ctx context.Context, d *desk.Desk, ch *desk.Chat) error {
	f := v.f
	ios := f.IOStreams
	v.shown = ch
	out, err := f.CheckedOutput()
	if err != nil {
		return err
	}
	n := int(v.last)
	if out.Format == output.Table {
		conv, err := d.Conversation(ctx, ch, n)
		if err != nil {
			return err
		}
		if ios.IsStdoutTTY() && f.Settings.Pager != "" {
			if err := ios.StartPager(f.Settings.Pager); err != nil {
				return err
			}
			defer ios.StopPager()
		}
		text := desk.Render(conv, desk.RenderOptions{Width: ios.TerminalWidth(), Color: ios.ColorScheme(), Now: time.Now(), Location: time.Local})
		if _, err := io.WriteString(ios.Out, text); err != nil {
			return fmt.Errorf("write output: %w", err)
		}
		return nil
	}
	msgs, _, err := d.Latest(ctx, ch.Token, api.MessageListParams{}, n)
	if err != nil {
		return err
	}
	if out.Format == output.JSON || out.Format == output.YAML {
		doc, err := document(ch, msgs, out.Fields)
		if err != nil {
			return err
		}
		// --fields picked the messages' fields; --jq and --template see the
		// whole document.
		out.Fields = nil
		return output.PrintObject(ios, out, output.Spec{Noun: "chats"}, doc)
	}
	list, err := output.NewList(ios, out, v.spec())
	if err != nil {
		return err
	}
	for _, m := range msgs {
		if err := list.AddValid(m.Raw); err != nil {
			return err
		}
	}
	return list.Close()
}

// document is a chat as `chats view -o json` prints it: the chat as listed,
// its channel, and its messages as listed, with only fields (when given).
func document(ch *desk.Chat, msgs []desk.Message, fields []string) (json.RawMessage, error) {
	items := make([]json.RawMessage, len(msgs))
	for i, m := range msgs {
		items[i] = output.Project(m.Raw, fields)
	}
	doc, err := json.Marshal(struct {
		Chat     json.RawMessage   `json:"chat"`
		Channel  api.Channel       `json:"channel"`
		Messages []json.RawMessage `json:"messages"`
	}{ch.Raw, ch.Channel, items})
	if err != nil {
		return nil, fmt.Errorf("encode the chat: %w", err)
	}
	return doc, nil
}
