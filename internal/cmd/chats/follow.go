package chats

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/safetext"
)

// followInterval is how often `chats follow` polls by default.
const followInterval = 5 * time.Second

// pollSleep waits between polls; tests replace it, to act between two
// polls without waiting for the interval.
var pollSleep = api.Sleep

// eventSpec prints the events of `chats follow` in the data formats.
var eventSpec = output.Spec{
	Noun: "events",
	Columns: []output.Column{
		{Header: "TYPE", Path: "type", Kind: output.KindID},
		{Header: "AT", Path: "at", Kind: output.KindTime},
		{Header: "CHAT", Path: "chat.token", Kind: output.KindID},
		{Header: "CONTACT", Path: "chat.contact.name"},
		{Header: "PHONE", Path: "chat.contact.phone", Kind: output.KindID},
		{Header: "LAST MESSAGE", Path: "chat.lastMessage.content"},
	},
	Fields: []string{"type", "at", "chat", "chat.id", "chat.token", "chat.is_open", "chat.status", "chat.unreadCount",
		"chat.contact", "chat.contact.id", "chat.contact.name", "chat.contact.phone",
		"chat.lastMessage", "chat.lastMessage.id", "chat.lastMessage.content", "chat.lastMessage.created_at"},
}

type followOptions struct {
	f                       *cmdutil.Factory
	channel, tag, attendant string
	interval                time.Duration
	cursorFile              string
	exec                    string
}

func newCmdFollow(f *cmdutil.Factory) *cobra.Command {
	o := &followOptions{f: f}
	cmd := &cobra.Command{
		Use:   "follow [--channel TOKEN] [--tag ID|NAME] [--attendant A] [--interval D] [--cursor-file F] [--exec CMD]",
		Short: "Report customers' messages and answered chats as they happen",
		Long: `Watch the waiting queue (the chats whose customer wrote last) and report what
changes, until Ctrl-C (exit 130):

  message.received  a customer wrote: a chat came into the queue, or a chat
                    in it has a new message from the customer (a staff note
                    is not one)
  chat.left_queue   a chat left the queue: answered, transferred or finished

The API has no events, so the queue is listed every --interval (default 5s,
at least 1s): one request while at most 100 chats wait, and one or two more
for each chat with news. --channel, --tag and --attendant narrow the queue.
The first look only notes what is there; nothing is reported for it.

On a terminal each event is one readable line. Otherwise (or with -o ndjson
or -o json) each is one JSON object a line, {"type", "at", "chat"}, the chat
as convo chats list prints it (for chat.left_queue, as last seen); -o csv
and -o yaml work too.

--exec runs a shell command (sh -c) for each event, one at a time, with the
event's JSON on its standard input and CONVO_EVENT (the type) and CONVO_CHAT
(the chat's token) in its environment; its output goes to standard error. A
command that fails is reported and following goes on.

--cursor-file keeps what was seen in a file, written after each look's
events are delivered: run again with the same file, convo reports what
changed while it was stopped, without losing an event and, after a clean
stop, without repeating one (after a crash or a second Ctrl-C, the events of
the last look may come again). The file is bound to the API, the company and
the filters it was made with.

When the API cannot be reached, convo says so on standard error and tries
again, waiting longer after each failure (up to a minute), until stopped.`,
		Example: `  # A desktop notification for each customer's message, resuming where the last run stopped
  convo chats follow --cursor-file ~/.convo-queue --exec 'test "$CONVO_EVENT" = message.received && notify-send "convo" "New message in chat $CONVO_CHAT"'  # needs a desktop`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return o.run(cmd.Context())
		},
	}
	cmdutil.ChannelFlag(f, cmd, &o.channel, "channel", api.ChannelListParams{}, "only chats on the channel with `TOKEN`")
	cmdutil.TagFlag(f, cmd, &o.tag, "tag", "only chats with the tag of this `ID|TEXT`")
	cmdutil.AttendantFlag(f, cmd, &o.attendant, "attendant", "", "only chats of the `ATTENDANT`: a user's id, e-mail or name, or @me")
	cmdutil.IntervalFlag(cmd, &o.interval, "interval", followInterval, "how often to look at the queue: a `DURATION` of at least 1s")
	cmd.Flags().StringVar(&o.cursorFile, "cursor-file", "", "keep what was seen in `FILE`, and report what changed since the last run")
	cmd.Flags().StringVar(&o.exec, "exec", "", "run the shell `COMMAND` for each event, with the event's JSON on its standard input")
	return cmdutil.Prints(f, cmd, eventSpec)
}

func (o *followOptions) run(ctx context.Context) error {
	f := o.f
	ios := f.IOStreams
	out, err := f.CheckedOutput()
	if err != nil {
		return err
	}
	var state *desk.State
	if o.cursorFile != "" {
		if state, err = desk.LoadState(o.cursorFile); err != nil {
			return err
		}
	}
	c, err := f.APIClient(ctx)
	if err != nil {
		return err
	}
	// What needs the API before the first look (the tag's and the
	// attendant's ids, the company the cursor belongs to) is learnt in the
	// first poll that reaches it: an API down at the start is waited out
	// like one that goes down later.
	var (
		d      *desk.Desk
		filter = desk.Filter{Status: "waiting", Channel: o.channel}
	)
	start := func(ctx context.Context) (err error) {
		if o.tag != "" && filter.Tag == 0 {
			if filter.Tag, err = resolve.TagID(ctx, c, o.tag, naming.Flags); err != nil {
				return err
			}
		}
		if o.attendant != "" && filter.Attendant == 0 {
			if filter.Attendant, err = f.AttendantID(ctx, c, o.attendant); err != nil {
				return err
			}
		}
		d, err = desk.Open(ctx, c)
		return err
	}

	var list *output.ListPrinter
	switch out.Format {
	case output.Table:
	case output.Plain, output.JSON:
		out.Format = output.NDJSON // one event a line, as it happens
		fallthrough
	default:
		if list, err = output.NewList(ios, out, eventSpec); err != nil {
			return err
		}
	}
	deliver := func(events []desk.Event) error {
		for _, ev := range events {
			raw, err := json.Marshal(ev)
			if err != nil {
				return fmt.Errorf("encode an event: %w", err)
			}
			if list != nil {
				err = list.AddValid(raw)
			} else {
				_, err = io.WriteString(ios.Out, desk.RenderEvent(ev, desk.RenderOptions{
					Width: ios.TerminalWidth(), Color: ios.ColorScheme(), Now: time.Now(), Location: time.Local}))
			}
			if err != nil {
				return err
			}
			o.runExec(ev, raw)
		}
		if list != nil {
			return list.Flush()
		}
		return nil
	}

	poll := desk.Polling{Interval: o.interval, Sleep: pollSleep, Report: func(err error, _ int, next time.Duration) {
		if err == nil {
			fmt.Fprintln(ios.ErrOut, "The API answers again.")
			return
		}
		fmt.Fprintf(ios.ErrOut, "%s %s; trying again in %s\n", ios.ColorScheme().WarningIcon(), cmdutil.ErrorLines(err)[0], next)
	}}
	started := false
	err = poll.Run(ctx, func(ctx context.Context) error {
		if d == nil {
			if err := start(ctx); err != nil {
				return err
			}
		}
		next, events, err := d.Poll(ctx, filter, state)
		if errors.Is(err, desk.ErrStateMismatch) {
			return clierr.InputErrorf("--cursor-file %s: %v; give another file, or remove it to start over", o.cursorFile, err)
		}
		if err != nil {
			return err
		}
		// The events are delivered whole, and the state kept, even when
		// Ctrl-C comes meanwhile: a clean stop repeats none of them.
		if err := deliver(events); err != nil {
			return err
		}
		if !started {
			started = true
			if ios.IsStderrTTY() {
				fmt.Fprintf(ios.ErrOut, "Following the waiting queue, %s waiting; Ctrl-C stops.\n", chatsWaiting(len(next.Chats)))
			}
		}
		state = next
		if o.cursorFile != "" {
			if err := desk.SaveState(o.cursorFile, next); err != nil {
				return fmt.Errorf("save the cursor: %w", err)
			}
		}
		return nil
	})
	if list != nil && list.Count() > 0 {
		err = errors.Join(err, list.Close())
	}
	return err
}

// runExec runs --exec for an event, the event's JSON on its standard
// input, its output on standard error, and says so when it fails. It is
// not stopped by Ctrl-C: on a terminal the command gets the signal itself,
// and an event's delivery is not cut in half.
func (o *followOptions) runExec(ev desk.Event, raw []byte) {
	if o.exec == "" {
		return
	}
	errOut := o.f.IOStreams.ErrOut
	cmd := exec.Command("sh", "-c", o.exec)
	cmd.Stdin = bytes.NewReader(append(raw, '\n'))
	cmd.Stdout, cmd.Stderr = errOut, errOut
	cmd.Env = append(os.Environ(), "CONVO_EVENT="+ev.Type, "CONVO_CHAT="+ev.Listed.Token)
	if err := cmd.Run(); err != nil {
		fmt.Fprintf(errOut, "%s --exec failed for %s of chat %s: %v\n", o.f.IOStreams.ColorScheme().WarningIcon(), ev.Type, safetext.Line(ev.Listed.Token), err)
	}
}

// chatsWaiting says how many chats wait: "no chat", "1 chat", "4 chats".
func chatsWaiting(n int) string {
	switch n {
	case 0:
		return "no chat"
	case 1:
		return "1 chat"
	}
	return fmt.Sprintf("%d chats", n)
}
