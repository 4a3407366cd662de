package messages

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/validate"
)

// Defaults of --follow.
const (
	followLast     = 20
	followInterval = 3 * time.Second
)

// pollSleep waits between the polls of --follow; tests replace it, to act
// between polls without waiting.
var pollSleep = api.Sleep

type listOptions struct {
	f         *cmdutil.Factory
	params    api.MessageListParams
	attendant string
	last      *int64
	follow    bool
	interval  time.Duration
	// chat is the chat listed, once found: a table names its contact.
	chat *desk.Chat
}

func newCmdList(f *cmdutil.Factory) *cobra.Command {
	opts := &listOptions{f: f}
	cmd := &cobra.Command{
		Use:   "list CHAT [--last N | --follow [--interval D]] [--type T] [--direction D] [--visibility V] [--attendant ID|EMAIL|NAME|@me] [--content S]",
		Short: "List the messages of a chat",
		Long: `List the history of a chat: what the contact wrote (incoming), what attendants
sent (outgoing) and internal notes (--visibility internal). CHAT is a chat's
token (see ` + "`convo chats list`" + `), or a contact's id or phone number when the
contact has one open chat.

Without --last or --follow, the messages come in the API's order, oldest
first, a page at a time (--page, --per-page, --all, --limit). --last N prints
the newest N, oldest first. --follow prints the newest --last (default 20),
then each new message as it arrives, checking every --interval (default 3s,
at least 1s), until Ctrl-C (exit 130); with -o json it prints one JSON
object a line, as ndjson. The filters apply to all three.

In a table, FROM names the author of every message (the contact for incoming
ones) and DIRECTION says "note" for an internal note; plain and csv print the
API's values (FROM is the attendant of an outgoing message) with a VISIBILITY
column: client for a message the customer sees, internal for a note.`,
		Example: `  # The history of a chat, oldest first
  convo messages list 42ef115f20394e9daca8

  # The ten newest messages, oldest first
  convo messages list 42ef115f20394e9daca8 --last 10

  # The latest message of Ana Beatriz's only open chat, as JSON
  convo messages list 5551916761484 --last 1 -o json

  # What the contact wrote
  convo messages list 42ef115f20394e9daca8 --direction incoming

  # The internal notes of the staff
  convo messages list 42ef115f20394e9daca8 --visibility internal

  # Messages of Bruno Lima that mention an order, as JSON
  convo messages list 42ef115f20394e9daca8 --content pedido --attendant "bruno lima" -o json`,
		Args:              cmdutil.ExactArgs(1, resolve.ChatArg),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteChats(f)),
		RunE: func(cmd *cobra.Command, args []string) error {
			return opts.run(cmd.Context(), args[0])
		},
	}
	cmdutil.EnumFlag(cmd, &opts.params.Type, "type", "", validate.MessageTypes, "only messages of `TYPE`")
	cmdutil.EnumFlag(cmd, &opts.params.Direction, "direction", "", validate.Directions,
		"only messages in `DIRECTION`: incoming (from the contact) or outgoing (from the company)")
	cmdutil.EnumFlag(cmd, &opts.params.Visibility, "visibility", "", validate.Visibilities,
		"only messages of `VISIBILITY`: client (seen by the contact) or internal (notes)")
	cmdutil.AttendantFlag(f, cmd, &opts.attendant, "attendant", "", "only messages of the `ATTENDANT`: a user's id, e-mail or name, or @me")
	cmd.Flags().StringVar(&opts.params.Content, "content", "", "only messages whose content contains `TEXT`")
	cmdutil.NilIDFlag(cmd, &opts.last, "last", "print the newest `N` messages, oldest first")
	cmd.Flags().BoolVar(&opts.follow, "follow", false, "print the newest messages, then each new one as it arrives, until Ctrl-C")
	cmdutil.IntervalFlag(cmd, &opts.interval, "interval", followInterval, "with --follow, how often to check for new messages: a `DURATION` of at least 1s")
	return cmdutil.Prints(f, cmd, cmdutil.MessageSpec(func() *desk.Chat { return opts.chat }))
}

func (o *listOptions) run(ctx context.Context, arg string) error {
	f := o.f
	if s := f.Settings; o.latest() && (s.All || s.Page != 0 || s.Limit != 0) {
		return clierr.FlagErrorf("--last and --follow read the newest messages: --page, --all and --limit do not apply")
	}
	ref, err := resolve.ParseChat(arg, f.Settings.DefaultCountry, naming.Flags)
	if err != nil {
		return err
	}
	out, err := f.CheckedOutput()
	if err != nil {
		return err
	}
	c, err := f.APIClient(ctx)
	if err != nil {
		return err
	}
	if o.attendant != "" {
		if o.params.Attendant, err = f.AttendantID(ctx, c, o.attendant); err != nil {
			return err
		}
	}
	// The API takes a token; a contact is looked up, and a table, which
	// names the contact, needs the chat.
	token := ref.Token
	var d *desk.Desk
	if ref.Contact != nil || out.Format == output.Table || o.latest() {
		if d, err = desk.Open(ctx, c); err != nil {
			return err
		}
	}
	if ref.Contact != nil || out.Format == output.Table {
		if o.chat, err = d.Resolve(ctx, ref, naming.Flags); err != nil {
			return err
		}
		token = o.chat.Token
	}
	if !o.latest() {
		o.params.ListOptions = f.ListOptions()
		return cmdutil.PrintList(ctx, f, c.ListMessages(token, o.params))
	}
	if o.follow && out.Format == output.JSON {
		out.Format = output.NDJSON // a stream has no end to close an array at
	}
	list, err := output.NewList(f.IOStreams, out, cmdutil.MessageSpec(func() *desk.Chat { return o.chat }))
	if err != nil {
		return err
	}
	n := followLast
	if o.last != nil {
		n = int(*o.last)
	}
	// seen is how many of the messages the filters select were there at the
	// last look; -1 before the first.
	seen, shown := -1, 0
	look := func(ctx context.Context) error {
		var (
			msgs []desk.Message
			err  error
		)
		if seen < 0 {
			msgs, seen, err = d.Latest(ctx, token, o.params, n)
		} else {
			msgs, seen, err = d.FilteredAfter(ctx, token, o.params, seen)
		}
		if err != nil {
			return err
		}
		shown += len(msgs)
		return addMessages(list, msgs)
	}
	if !o.follow {
		if err := look(ctx); err != nil {
			return list.Abort(err)
		}
		if err := list.Close(); err != nil {
			return err
		}
		if seen > shown {
			fmt.Fprintf(f.IOStreams.ErrOut, "The latest %d of %d messages.\n", shown, seen)
		}
		return nil
	}
	errOut := f.IOStreams.ErrOut
	poll := desk.Polling{Interval: o.interval, Sleep: pollSleep, Report: func(err error, _ int, next time.Duration) {
		if err == nil {
			fmt.Fprintln(errOut, "The API answers again.")
			return
		}
		fmt.Fprintf(errOut, "%s; trying again in %s\n", cmdutil.ErrorLines(err)[0], next)
	}}
	err = poll.Run(ctx, look)
	if errors.Is(err, context.Canceled) {
		// Ctrl-C is how following ends: what was printed is whole.
		return errors.Join(list.Close(), err)
	}
	return list.Abort(err)
}

// latest says whether the newest messages are asked for, rather than the
// API's pages.
func (o *listOptions) latest() bool { return o.last != nil || o.follow }

// addMessages prints messages and writes them out at once.
func addMessages(list *output.ListPrinter, msgs []desk.Message) error {
	for _, m := range msgs {
		if err := list.AddValid(m.Raw); err != nil {
			return err
		}
	}
	return list.Flush()
}
