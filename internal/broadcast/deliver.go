package broadcast

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
)

// deliverer does the API side of a row, in the workers.
type deliverer struct {
	c       *api.Client
	calls   *bulk.Caller
	abort   func(error)
	layout  *layout
	rows    *rowPlan
	ledger  *ledger
	channel string
	// maxAttempts bounds the attempts at a recipient whose requests keep
	// failing in ways that may pass (429, 5xx, no answer).
	maxAttempts int
	backoff     func(n int) time.Duration

	// learnt: what the first success of the run showed of the content
	// has been recorded; later answers need not be decoded.
	learnt atomic.Bool

	// gate holds messages back while the rules say so; nil without rules
	// of time or number.
	gate *gate
	// recheck reads the opt-outs again as the messages go.
	recheck *recheck
	// invalid are the reasons of the rows the plan found invalid.
	invalid  map[int]bulk.Failure
	reasons  bulk.Reasons
	optedOut atomic.Int64
}

func newDeliverer(c *Campaign, eng *bulk.Engine, led *ledger, g *gate) *deliverer {
	return &deliverer{c: c.c, calls: eng.Caller(), abort: eng.Abort, layout: c.layout, rows: c.rows, ledger: led,
		channel: c.plan.Channel.Token, maxAttempts: c.opts.MaxAttempts, backoff: c.opts.Backoff,
		gate: g, recheck: newRecheck(c.c, c.excludeIDs, c.opts.ExcludeTags, c.opts.MaxAttempts, c.opts.Backoff), invalid: c.invalid,
		reasons: bulk.Reasons{Words: words}}
}

// process takes one row to its outcome: the plan decided all but those to
// send, which are delivered.
func (d *deliverer) process(stop context.Context, j bulk.Job) bulk.Result {
	res := bulk.Result{Line: j.Line, MaybeDone: j.InDoubt}
	switch d.rows.class(j.Line) {
	case classDuplicate:
		res.Outcome = duplicate
		return res
	case classSkipped:
		res.Outcome = skipped
		return res
	case classInvalid:
		res.Outcome = invalid
		d.reasons.Add(d.invalid[j.Line])
		return res
	}
	f := d.ledger.flight(j.Line)
	var err error
	if f.err == nil {
		res.Outcome, res.MaybeDone, err = d.deliver(stop, f, j.InDoubt)
	} else {
		// The plan read this row as good: only a changed input reads it
		// otherwise, which the input's check stops.
		res.Outcome, err = bulk.Failed, f.err
	}
	var out *optedOut
	switch {
	case res.Outcome == bulk.Failed:
		res.Record, res.Why = j.Record, d.reasons.Fail(err)
	case errors.As(err, &out):
		res.Record, res.Why = j.Record, bulk.Failure{Code: CodeOptedOut, Field: colPhone, Message: out.why}
		d.optedOut.Add(1)
	}
	if res.Outcome != sent && !res.MaybeDone && f.err == nil && d.gate != nil {
		d.gate.release(f.r.key)
	}
	return res
}

// optedOut is a recipient skipped as its message was about to go.
type optedOut struct{ why string }

func (o *optedOut) Error() string { return o.why }

// CodeUnknownOutcome is the report's code of a recipient that may have been
// sent and could not be looked for: it is not sent again, and the next run
// looks for it first.
const CodeUnknownOutcome = "UNKNOWN_OUTCOME"

// errCannotTell is a search that found outgoing template messages without
// knowing whether the API's content shows which message is which.
var errCannotTell = errors.New("the recipient's chat has other template messages since the attempt, and the API's content does not tell them apart")

// deliver sends the recipient's message once. A recipient in doubt (an
// earlier run's attempt, or an attempt of this run that failed in a way
// that may have been processed) is looked for first, as what its attempts
// sent: found, it is sent; not found, it is sent; when the search cannot
// tell, it is reported and not sent. stop ends the run: a recipient that
// has sent nothing yet, or would have to wait to try again, is left
// unfinished.
//
// maybeSent says that the message may have gone out although the outcome
// is not sent: the journal leaves it in doubt.
func (d *deliverer) deliver(stop context.Context, f *flight, inDoubt bool) (_ bulk.Outcome, maybeSent bool, _ error) {
	maybeSent = inDoubt
	for attempt := 1; ; attempt++ {
		var err error
		if maybeSent {
			var found bool
			if found, err = d.lookFor(stop, f); err == nil {
				if found {
					return sent, true, nil
				}
				maybeSent = false
			}
		}
		if err == nil {
			if err = d.send(stop, f); err == nil {
				return sent, true, nil
			}
			var out *optedOut
			if errors.As(err, &out) {
				return skipped, maybeSent, err
			}
			if bulk.Classify(err) == bulk.Ambiguous {
				maybeSent = true
			}
		}

		switch kind := bulk.Classify(err); {
		case errors.Is(err, bulk.ErrStopped):
			return bulk.Unfinished, maybeSent, err
		case kind == bulk.Fatal || everyRowFails(err):
			d.abort(d.stopError(err))
			return bulk.Unfinished, maybeSent, err
		case errors.Is(err, errCannotTell), kind == bulk.Permanent, attempt >= d.maxAttempts:
			return bulk.Failed, maybeSent, d.failure(err, maybeSent)
		}
		if stop.Err() != nil {
			return bulk.Unfinished, maybeSent, bulk.ErrStopped
		}
		if bulk.IsRateLimited(err) {
			// The throttle already holds every worker back as long as the
			// server asked; waiting more here would multiply that.
			continue
		}
		wait := d.backoff(attempt)
		if maybeSent && api.TimedOut(err) {
			// The server may still be at work on a request it did not
			// answer in time: it gets as long again before its recipient
			// is looked for.
			wait = max(wait, d.c.Timeout())
		}
		if api.Sleep(stop, wait) != nil {
			return bulk.Unfinished, maybeSent, bulk.ErrStopped
		}
	}
}

// mayGo says whether the recipient's message may go now, as the rules
// say: it waits while they hold the run back (with --no-wait, the
// recipient is left for the next run: bulk.ErrStopped), then checks that
// the contact has not opted out since the plan (an *optedOut when it
// has). After a wait, the attempt is recorded again, dated now.
func (d *deliverer) mayGo(stop context.Context, f *flight) error {
	if d.gate != nil {
		waited, err := d.gate.pass(stop, f.r.key)
		var pause *Pause
		switch {
		case errors.As(err, &pause):
			// Held back with --no-wait: left for the next run, while the
			// recipients that got through go out (the gate stops the
			// dispatching, and Send says why).
			return bulk.ErrStopped
		case errors.Is(err, bulk.ErrStopped):
			return err
		case err != nil:
			d.abort(err)
			return bulk.ErrStopped
		}
		if waited {
			if err := d.ledger.reattempt(f); err != nil {
				d.abort(err)
				return bulk.ErrStopped
			}
		}
	}
	why, err := d.recheck.optedOut(stop, f.r.key)
	switch {
	case errors.Is(err, bulk.ErrStopped):
		return err
	case err != nil:
		d.abort(err)
		return bulk.ErrStopped
	case why != "":
		return &optedOut{why: why}
	}
	return nil
}

// failure is why a recipient failed; one that may have been sent says so.
func (d *deliverer) failure(err error, maybeSent bool) error {
	if !maybeSent {
		return err
	}
	f := bulk.Describe(err)
	return &bulk.RowError{Code: CodeUnknownOutcome, Field: colPhone, Message: "the message may have been sent, and it could not be looked for, so it was not sent again; " +
		"the next run of the campaign looks for it first (" + describe(f) + ")"}
}

// everyRowFails reports whether err is a refusal that every recipient
// would meet: the channel disconnected, or the channel or template refused.
func everyRowFails(err error) bool {
	var apiErr *api.Error
	if !errors.As(err, &apiErr) {
		return false
	}
	if apiErr.HasCode("CHANNEL_DISCONNECTED") {
		return true
	}
	for _, it := range apiErr.Errors {
		if it.Field == "channel" || it.Field == "template" {
			return true
		}
	}
	return false
}

// stopError is why the run stops for a failure every recipient would meet.
func (d *deliverer) stopError(err error) error {
	if api.ErrorCode(err) == "CHANNEL_DISCONNECTED" {
		return fmt.Errorf("stopped: the channel %s was disconnected (%v); reconnect it, then run the same command again to send to the rest", d.channel, err)
	}
	return fmt.Errorf("stopped: every message would be refused: %w", err)
}

// send posts the recipient's message, once the throttle and then the
// rules (mayGo) let it go.
func (d *deliverer) send(stop context.Context, f *flight) error {
	r := f.r
	id := d.layout.api.ID
	body := api.MessageSend{Phone: r.phone, Channel: d.channel, Type: "template", Template: &id, Components: r.comps}
	res, err := bulk.CallChecked(d.calls, stop, func() error { return d.mayGo(stop, f) }, func(ctx context.Context) (*api.Deferred[api.SendResult], error) {
		return d.c.SendMessageDeferred(ctx, body)
	})
	if err != nil || d.learnt.Load() {
		return err
	}
	out, derr := res.Decode()
	if derr == nil && d.learnt.CompareAndSwap(false, true) {
		if err := d.learnContent(r, out.Message.Content); err != nil {
			d.abort(err) // the journal failed; the message is sent all the same
		}
	}
	return nil // sent, whatever the answer's data says
}

// learnContent records whether the content of a message sent holds its
// rendered body, which tells, when a recipient is looked for, its message
// from other messages of the same template.
func (d *deliverer) learnContent(r recipient, content string) error {
	mode := contentPlain
	if content == d.layout.rendered(r) {
		mode = contentRendered
	}
	return d.ledger.learnContent(mode)
}

// lookFor reports whether the recipient's message went out since its
// attempts began (server clock), by LookFor: outgoing template messages
// created since in the recipient's chats on the channel. A message found
// is the recipient's when its content is the rendered body one of the
// attempts sent (their digests are in the journal; an attempt of an
// earlier version recorded none, and is taken to have sent what would be
// sent now); when the API's content is known not to hold it, any such
// message is (which cannot tell the campaign's message from another sent
// with the same template in the same minutes); when that is not known yet,
// messages that do not match leave the search unable to tell.
func (d *deliverer) lookFor(stop context.Context, f *flight) (bool, error) {
	// This run's body is among them: an attempt of this run that failed in
	// a way that may have been processed sent it.
	wanted := f.wanted()
	found, err := LookFor(stop, d.c, Sought{Phone: f.r.phone, Channel: d.channel, Type: "template", Since: time.Unix(f.since, 0),
		Matches: func(content string) bool { return slices.Contains(wanted, bodyDigest(content)) }},
		func(ctx context.Context, req func(context.Context) error) error {
			_, err := bulk.Call(d.calls, ctx, func(ctx context.Context) (struct{}, error) { return struct{}{}, req(ctx) })
			return err
		})
	switch {
	case err != nil:
		return false, err
	case found.Found != nil:
		return true, nil
	case found.Others == 0:
		return false, nil
	case d.ledger.content() == contentPlain:
		return true, nil
	case d.ledger.content() == contentRendered:
		return false, nil
	}
	return false, errCannotTell
}
