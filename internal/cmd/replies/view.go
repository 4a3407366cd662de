package replies

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/team"
)

type viewOptions struct {
	chat, attendant string
	vars            []string
}

func newCmdView(f *cmdutil.Factory) *cobra.Command {
	var o viewOptions
	cmd := &cobra.Command{
		Use:   "view SHORTCUT [--chat CHAT [--attendant A]] [--var NAME=VALUE]...",
		Short: "Show a saved reply, as written or as it would answer a chat",
		Long: `Print the text of a saved reply with its variables as written, or with
--chat CHAT as convo chats reply --saved would send it in that chat: filled
in with the chat's contact and channel and the attendant who sends it
(--attendant, by default you: @me). --var NAME=VALUE gives a variable its
value. A variable still without one stays as written, and standard error
says why and how to give it. A reply offered only on other channels than
the chat's is refused (exit 2).

The text goes to standard output, its line breaks kept and any control
character shown as a visible escape; with -o json, an object as
convo replies list prints a reply, with the text as shown here, and with
--chat also "chat" and "missing" (each variable without a value: "name",
and "why" the API has none, null for a variable only a person gives).

--chat costs the requests of finding the chat, and when the text uses
them, one for the contact's custom fields and one for the attendant.`,
		Example: `  # The text as the team wrote it
  convo replies view frete

  # As it would answer a chat
  convo replies view frete --chat 043bf0b9624cd43d116b --var prazo=3`,
		Args:              cmdutil.ExactArgs(1, "SHORTCUT"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteSaved(f)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return view(cmd.Context(), f, args[0], o)
		},
	}
	cmdutil.ChatFlag(f, cmd, &o.chat, "chat", "render the reply for `CHAT`: a chat's token, or a contact with one open chat")
	cmdutil.AttendantFlag(f, cmd, &o.attendant, "attendant", "active", "with --chat, the `ATTENDANT` who would send it (default: @me when set)")
	cmd.Flags().StringArrayVar(&o.vars, "var", nil, "give a variable of the reply its value, as `NAME=VALUE` (repeatable)")
	_ = cmd.RegisterFlagCompletionFunc("var", cmdutil.CompleteSavedVars(f, func() string {
		if len(cmd.Flags().Args()) == 0 {
			return ""
		}
		return cmd.Flags().Arg(0)
	}))
	return cmdutil.Prints(f, cmd, viewSpec)
}

func view(ctx context.Context, f *cmdutil.Factory, shortcut string, o viewOptions) error {
	if o.attendant != "" && o.chat == "" {
		return clierr.FlagErrorf("--attendant renders the reply for a chat: give --chat too")
	}
	r, err := lookup(f, shortcut)
	if err != nil {
		return err
	}
	given, err := r.Given(o.vars, naming.Flags)
	if err != nil {
		return err
	}
	if o.chat == "" {
		rendering := r.Render(team.Values{}, given)
		it := itemOf(r)
		it.Text = rendering.Text
		return show(f, it, rendering, nil)
	}
	d, ch, err := f.OpenChat(ctx, o.chat)
	if err != nil {
		return err
	}
	if err := r.CheckChannel(ch.Channel); err != nil {
		return err
	}
	var attendant int64
	ref := o.attendant
	if ref == "" && f.Me().Ref != "" {
		ref = resolve.MeRef
	}
	if ref != "" && r.Uses(team.AttendantPrefix) {
		c, err := f.APIClient(ctx)
		if err != nil {
			return err
		}
		if attendant, err = f.AttendantID(ctx, c, ref); err != nil {
			return err
		}
	}
	rendering, err := d.RenderSaved(ctx, ch, r, attendant, given)
	if err != nil {
		return err
	}
	doc := rendered{item: itemOf(r), Chat: ch.Token, Missing: []missing{}}
	doc.Text = rendering.Text
	for _, m := range rendering.Missing {
		mm := missing{Name: m.Name}
		if m.Why != "" {
			mm.Why = &m.Why
		}
		doc.Missing = append(doc.Missing, mm)
	}
	return show(f, doc, rendering, rendering.Missing)
}

// show prints the reply: its text alone, unless the run asked for a
// format; then doc. A chat's variables without a value are said on
// standard error.
func show(f *cmdutil.Factory, doc any, r team.Rendering, unfilled []team.Missing) error {
	ios := f.IOStreams
	out, err := f.CheckedOutput()
	if err != nil {
		return err
	}
	if len(unfilled) > 0 {
		lines := make([]string, len(unfilled))
		for i, m := range unfilled {
			lines[i] = "  - " + safetext.Line(m.String())
		}
		verbs := "has no value and stays"
		if len(unfilled) > 1 {
			verbs = "have no value and stay"
		}
		fmt.Fprintf(ios.ErrOut, "%s %s %s as written:\n%s\n", ios.ColorScheme().WarningIcon(),
			english.Count(len(unfilled), "variable"), verbs, strings.Join(lines, "\n"))
	}
	if !f.OutputRequested() || out.Format == output.Plain {
		// The text is for a person: the API's names in it, and the file's
		// own text, show what they hold as escapes (JSON keeps them exact).
		text := safetext.Text(r.Text)
		if !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		if _, err := io.WriteString(ios.Out, text); err != nil {
			return fmt.Errorf("write output: %w", err)
		}
		return nil
	}
	raw, err := encode(doc)
	if err != nil {
		return err
	}
	return cmdutil.PrintObject(f, raw)
}
