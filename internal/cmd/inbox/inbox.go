// Package inbox holds `convo inbox`, the full-screen terminal inbox.
package inbox

import (
	"context"
	"errors"
	"fmt"
	"os/signal"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/dirs"
	"github.com/convo-cli/convo/internal/inbox"
	"github.com/convo-cli/convo/internal/resolve"
)

type options struct {
	f        *cmdutil.Factory
	view     string
	interval time.Duration
}

// NewCmdInbox builds `convo inbox`.
func NewCmdInbox(f *cmdutil.Factory) *cobra.Command {
	opts := &options{f: f}
	cmd := &cobra.Command{
		Use:   "inbox [--view waiting|mine|open|all] [--interval D]",
		Short: "Work your chats in a live, full-screen terminal inbox",
		Long: `A full-screen inbox for attendants: the chats on the left (or on their own at
80 columns), the open chat with its latest messages, and one key per action.
It refreshes itself every --interval and keeps your place; ● marks the chats
with news since you last looked.

Views (tab cycles them): waiting (the queue, longest waiting first), mine (the
open chats of @me: see convo config set attendant), open, all.

Keys (? shows them in the inbox):
` + inbox.KeyList(80) + `
Before a reply is sent, the chat is read again: if another attendant answered
meanwhile, the inbox says so and asks again. A reply takes the chat first when
no attendant has it (convo config set take_on_reply false turns that off). A
reply left unsent is kept as the chat's draft, also after the inbox ends. / typed
first in a reply offers the team's saved replies (see convo replies --help). The
API cannot finish (resolve) a chat: release it (b) to hand it back to the
queue. It needs a terminal; to watch the queue from a script, use
convo chats follow.`,
		Example: `  # Try it without an account on the built-in sandbox; or start on your own
  # chats, refreshing every 10 seconds
  convo --sandbox inbox  # needs a terminal
  convo inbox --view mine --interval 10s`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return run(cmd.Context(), opts)
		},
	}
	cmdutil.EnumFlag(cmd, &opts.view, "view", "waiting", inbox.ViewNames, "the `VIEW` to start on")
	cmd.Flags().DurationVar(&opts.interval, "interval", 5*time.Second, "refresh every `DURATION`, at least 1s")
	return cmd
}

func run(ctx context.Context, opts *options) error {
	f := opts.f
	ios := f.IOStreams
	if opts.interval < inbox.MinInterval {
		return clierr.FlagErrorf("--interval must be at least %s, not %s", inbox.MinInterval, opts.interval)
	}
	if !ios.IsStdinTTY() || !ios.IsStdoutTTY() {
		return clierr.InputErrorf("convo inbox needs a terminal for its input and output.\n" +
			"To follow the waiting queue from a script or a pipe, use `convo chats follow`.")
	}
	view, _ := inbox.ParseView(opts.view)
	c, err := f.APIClient(ctx)
	if err != nil {
		return err
	}
	dataDir, err := dirs.DataDir()
	if err != nil {
		return err
	}
	// A terminal closed under the inbox ends it as q does: the reply being
	// written is kept.
	ctx, cancel := signal.NotifyContext(ctx, syscall.SIGHUP)
	defer cancel()
	var looked struct{ path, key string }
	m := inbox.New(inbox.Options{
		Start: func(ctx context.Context) (*inbox.Session, error) {
			sess, key, err := start(ctx, f, c)
			if err == nil && key != "" {
				looked.path, looked.key = inbox.LookedPath(dataDir, key), key
				l := inbox.LoadLooked(looked.path, key)
				sess.LookedAt, sess.News = l.At, l.News
			}
			return sess, err
		},
		Context:     ctx,
		View:        view,
		Interval:    opts.interval,
		TakeOnReply: f.Settings.TakeOnReply,
		Team:        f.Team,
		Color:       ios.ColorEnabled(),
		Colors:      ios.ColorScheme(),
	})
	popts := []tea.ProgramOption{tea.WithInput(ios.In), tea.WithOutput(ios.Out), tea.WithContext(ctx)}
	if !ios.ColorEnabled() {
		// Nothing drawn gets a colour, whoever drew it: bold and reverse
		// video remain.
		popts = append(popts, tea.WithColorProfile(colorprofile.Ascii))
	}
	final, err := tea.NewProgram(m, popts...).Run()
	if m, ok := final.(inbox.Model); ok {
		if err := m.KeepDraft(); err != nil {
			fmt.Fprintf(ios.ErrOut, "The reply being written could not be kept as a draft: %v\n", err)
		}
	}
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return fmt.Errorf("inbox: %w", err)
	}
	if looked.path != "" {
		// Only which chats the next run marks depends on it.
		_ = inbox.SaveLooked(looked.path, looked.key, final.(inbox.Model).Left(time.Now()))
	}
	return final.(inbox.Model).Err()
}

// start opens the desk of the destination the requests land at (as every
// desk command does: a request the first time a login is used) and resolves
// @me: what the inbox does before its first screen of chats. key is the
// destination's, "" when the token tells no company.
func start(ctx context.Context, f *cmdutil.Factory, c *api.Client) (*inbox.Session, string, error) {
	d, err := desk.Open(ctx, c)
	if err != nil {
		return nil, "", err
	}
	key := d.Destination()
	sess := &inbox.Session{Desk: d}
	me := f.Me()
	switch {
	case me.Ref == "":
		sess.MeHint = "No attendant is set for @me, so the mine view is empty: run `convo config set attendant ID|EMAIL` (or set CONVO_ATTENDANT)."
	default:
		id, err := resolve.AttendantID(ctx, c, resolve.MeRef, me)
		if err != nil && !api.IsAuth(err) && !isInput(err) {
			return nil, "", err
		}
		if err != nil {
			sess.MeHint = "@me: " + err.Error()
		}
		sess.Me = id
	}
	return sess, key, nil
}

func isInput(err error) bool {
	var input *clierr.InputError
	return errors.As(err, &input)
}
