package mcpserver

import (
	"context"
	"strings"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/team"
)

func init() {
	catalogue = append(catalogue, listSavedReplies)
}

// SavedListInput narrows the saved replies listed.
type SavedListInput struct {
	Chat string `json:"chat,omitempty" jsonschema:"only the replies offered on this chat's channel, rendered for it (token, or a contact's id or phone with one open chat)"`
}

// savedView is a saved reply as list_saved_replies shows it.
type savedView struct {
	Shortcut  string   `json:"shortcut"`
	Title     string   `json:"title,omitempty"`
	Text      string   `json:"text"`
	Channels  []string `json:"channels,omitempty"`
	Variables []string `json:"variables"`
	// Rendered is the text filled in for the chat asked about; Missing
	// are the variables reply_to_chat must be given.
	Rendered *string  `json:"rendered,omitempty"`
	Missing  []string `json:"missing,omitempty"`
}

func listSavedReplies(s *Server) {
	register(s, def{Name: "list_saved_replies", Title: "List saved replies", Set: SetDesk, Kind: reads,
		Description: "List the team's saved replies (the team file): shortcut, title, text with its {{variables}}, and the channels each is offered on; for a chat, those offered on its channel, filled in for it, with the variables still to give. reply_to_chat sends one with saved and variables."},
		nil,
		func(ctx context.Context, cl *call, in SavedListInput) (*Result, error) {
			file, err := team.Load(s.env.TeamFile)
			if err != nil {
				return nil, err
			}
			var (
				d  *desk.Desk
				ch *desk.Chat
				me int64
			)
			if in.Chat != "" {
				if d, ch, err = s.findChat(ctx, in.Chat); err != nil {
					return nil, err
				}
				c := cl.c
				if me, err = s.me(ctx, c); err != nil {
					return nil, err
				}
			}
			out := []savedView{}
			for _, r := range file.Replies {
				v := savedView{Shortcut: r.Shortcut, Title: r.Title, Text: r.Text, Channels: r.Channels, Variables: r.Variables()}
				if ch != nil {
					if !r.OfferedOn(ch.Channel) {
						continue
					}
					rendering, err := d.RenderSaved(ctx, ch, r, me, nil)
					if err != nil {
						return nil, err
					}
					v.Rendered = &rendering.Text
					for _, m := range rendering.Missing {
						v.Missing = append(v.Missing, m.Name)
					}
				}
				out = append(out, v)
			}
			text := english.Comma(len(out)) + " saved replies in " + file.Path
			if len(out) == 1 {
				text = "1 saved reply in " + file.Path
			}
			if ch != nil {
				text += " offered on chat " + ch.Token + "'s channel"
			}
			return &Result{Text: text + ".", Data: map[string]any{"replies": out}}, nil
		})
}

// savedText is the saved reply shortcut of the team file filled in for the
// chat ch as sent by me, with the values given: a variable still without a
// value is refused, naming it.
func (s *Server) savedText(ctx context.Context, d *desk.Desk, ch *desk.Chat, me int64, shortcut string, values map[string]string) (string, error) {
	file, err := team.Load(s.env.TeamFile)
	if err != nil {
		return "", err
	}
	r, err := file.Lookup(shortcut, s.names())
	if err != nil {
		return "", err
	}
	pairs, err := assignments("variables", values)
	if err != nil {
		return "", err
	}
	given, err := r.Given(pairs, s.names())
	if err != nil {
		return "", err
	}
	rendering, err := d.RenderSaved(ctx, ch, r, me, given)
	if err != nil {
		return "", err
	}
	if len(rendering.Missing) > 0 {
		lines := make([]string, len(rendering.Missing))
		for i, m := range rendering.Missing {
			lines[i] = s.names().Entry("var", m.Name)
			if m.Why != "" {
				lines[i] += " (" + m.Why + ")"
			}
		}
		return "", clierr.InputErrorf("saved reply %q needs %s for this chat: %s", r.Shortcut,
			english.Count(len(lines), "more value"), strings.Join(lines, ", "))
	}
	return rendering.Text, nil
}
