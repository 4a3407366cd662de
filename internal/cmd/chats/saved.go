package chats

import (
	"context"
	"fmt"
	"strings"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmd/send"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/prompt"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/team"
)

// saved is a saved reply chosen with --saved, and the values --var gives
// its variables: read before any request, so that a mistake costs none.
type saved struct {
	reply *team.Reply
	given map[string]string
}

// loadSaved finds the saved reply of the shortcut in the team file and
// reads the --var values for it.
func loadSaved(f *cmdutil.Factory, shortcut string, vars []string) (*saved, error) {
	if strings.TrimSpace(shortcut) == "" {
		return nil, clierr.FlagErrorf("--saved needs the SHORTCUT of a saved reply (see convo replies list)")
	}
	file, err := f.Team()
	if err != nil {
		return nil, err
	}
	r, err := file.Lookup(shortcut, naming.Flags)
	if err != nil {
		return nil, err
	}
	given, err := r.Given(vars, naming.Flags)
	if err != nil {
		return nil, err
	}
	return &saved{reply: r, given: given}, nil
}

// compose writes the saved reply's text for the chat: filled with the
// values of the chat, its contact and the attendant who sends it, and
// --var's. A variable still without a value is asked for on a terminal,
// each with the text as it stands; elsewhere it is an input error that
// names every one and the flag that gives it.
func (s *saved) compose(ctx context.Context, f *cmdutil.Factory, d *desk.Desk, ch *desk.Chat, content *send.Flags) (string, bool, error) {
	var attendant int64
	if ref := content.Attendant(); ref != "" && s.reply.Uses(team.AttendantPrefix) {
		c, err := f.APIClient(ctx)
		if err != nil {
			return "", false, err
		}
		if attendant, err = f.AttendantID(ctx, c, ref); err != nil {
			return "", false, err
		}
	}
	values, err := d.SavedValues(ctx, ch, s.reply, attendant)
	if err != nil {
		return "", false, err
	}
	r := s.reply.Render(values, s.given)
	if len(r.Missing) == 0 {
		return r.Text, false, nil
	}
	ios := f.IOStreams
	if !ios.CanPrompt() {
		return "", false, missingValuesError(s.reply, r.Missing)
	}
	// The text holds the contact's and the attendant's names as the API
	// wrote them; the prompts show their own text safe.
	fmt.Fprintf(ios.ErrOut, "Saved reply %s needs %s:\n%s\n\n", safetext.Line(s.reply.Shortcut),
		english.Count(len(r.Missing), "more value"), send.Indent(safetext.Text(strings.TrimRight(r.Text, "\n"))))
	ask := content.Prompter()
	for _, m := range r.Missing {
		title := "Value of {{" + m.Name + "}}"
		if m.Why != "" {
			title += " (" + m.Why + ")"
		}
		answer, err := ask.Input(prompt.Input{Title: title, Description: r.Text, Validate: func(v string) error {
			if strings.TrimSpace(v) == "" {
				return fmt.Errorf("type a value for {{%s}}", m.Name)
			}
			return nil
		}})
		if err != nil {
			return "", false, err
		}
		if strings.TrimSpace(answer) == "" {
			return "", false, clierr.InputErrorf("no value for {{%s}}", m.Name)
		}
		s.given[m.Name] = answer
		r = s.reply.Render(values, s.given)
	}
	return r.Text, true, nil
}

// missingValuesError names every variable without a value and the flag
// that gives it.
func missingValuesError(r *team.Reply, missing []team.Missing) error {
	lines := make([]string, len(missing))
	for i, m := range missing {
		lines[i] = "  - " + m.String()
	}
	it := "them"
	if len(missing) == 1 {
		it = "it"
	}
	return clierr.InputErrorf("saved reply %q needs %s; without a terminal to ask on, give %s with:\n%s",
		r.Shortcut, english.Count(len(missing), "more value"), it, strings.Join(lines, "\n"))
}
