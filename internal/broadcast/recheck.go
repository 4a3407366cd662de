package broadcast

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/validate"
)

// The plan leaves out the contacts blocked or tagged with an --exclude-tag
// when it is made; a customer who opts out while the campaign sends (it
// may wait for its window for a night) must not get it either. So the
// opt-outs are read again while the run sends, and each message is checked
// against a reading begun less than optOutFresh before it goes out: a
// contact blocked or tagged at least that long before its message is
// skipped, OPTED_OUT in the report.
//
// A reading is what the plan reads (the blocked contacts, and those of each
// tag: a request per hundred), begun again when a message is about to go
// and the last is optOutRefresh old: one reading a second while the run
// sends, none while it waits. The reading goes on beside the sends, which
// wait for it only when the last one has grown too old.

const (
	// optOutFresh is how old a reading may be when a message is checked
	// against it.
	optOutFresh = 2 * time.Second
	// optOutRefresh is the age at which a new reading begins.
	optOutRefresh = time.Second
)

// CodeOptedOut is the report's code of a recipient skipped at send time:
// blocked, or given an --exclude-tag tag, after the plan was made.
const CodeOptedOut = "OPTED_OUT"

// recheck reads the opt-outs again while a run sends.
type recheck struct {
	c    *api.Client
	ids  []int64
	tags []string
	// now is our clock, which dates the readings and the checks alike.
	now         func() time.Time
	maxAttempts int
	backoff     func(n int) time.Duration

	mu sync.Mutex
	// last is the latest reading, and when it began.
	last    excluded
	lastAt  time.Time
	reading bool
	// done is closed when the reading in progress ends.
	done chan struct{}
	err  error
	wg   sync.WaitGroup
	// over ends the readings when the run is over (end).
	over context.Context
	end  context.CancelFunc
}

func newRecheck(c *api.Client, ids []int64, tags []string, maxAttempts int, backoff func(int) time.Duration) *recheck {
	r := &recheck{c: c, ids: ids, tags: tags, now: time.Now, maxAttempts: maxAttempts, backoff: backoff}
	r.over, r.end = context.WithCancel(context.Background())
	return r
}

// optedOut says why the recipient k must not be sent now ("" when it may),
// from a reading fresh enough: it waits for one when the last is too old.
// The error is bulk.ErrStopped when stop ends the wait, or why the
// opt-outs could not be read.
func (r *recheck) optedOut(stop context.Context, k validate.PhoneKey) (string, error) {
	for {
		if stop.Err() != nil {
			return "", bulk.ErrStopped
		}
		r.mu.Lock()
		now := r.now()
		age := now.Sub(r.lastAt)
		if r.err != nil {
			err := r.err
			r.mu.Unlock()
			return "", err
		}
		if (r.last == nil || age >= optOutRefresh) && !r.reading {
			r.start(stop)
		}
		if r.last != nil && age < optOutFresh {
			reason, out := r.last[k]
			r.mu.Unlock()
			if !out {
				return "", nil
			}
			return r.why(reason), nil
		}
		done := r.done
		r.mu.Unlock()
		select {
		case <-done:
		case <-stop.Done():
			return "", bulk.ErrStopped
		}
	}
}

// why says in words why a contact is left out.
func (r *recheck) why(reason uint16) string {
	if reason == reasonBlocked {
		return "the contact was blocked after the plan was made: not sent"
	}
	return fmt.Sprintf("the contact was given the tag %s after the plan was made: not sent", r.tags[reason-reasonTag])
}

// start begins a reading, which stop ends, or the run's end; r.mu is
// held.
func (r *recheck) start(stop context.Context) {
	r.reading = true
	r.done = make(chan struct{})
	ctx, cancel := context.WithCancel(stop)
	unhook := context.AfterFunc(r.over, cancel)
	r.wg.Go(func() {
		defer func() { unhook(); cancel() }()
		began := r.now()
		out, err := r.read(ctx)
		r.mu.Lock()
		defer r.mu.Unlock()
		switch {
		case err == nil:
			r.last, r.lastAt = out, began
		case !errors.Is(err, bulk.ErrStopped):
			r.err = fmt.Errorf("stopped: the opt-outs could not be read again before sending: %w", err)
		}
		r.reading = false
		close(r.done)
	})
}

// read reads the opt-outs, trying again a failure that may pass.
func (r *recheck) read(stop context.Context) (excluded, error) {
	for attempt := 1; ; attempt++ {
		out, err := readExcluded(stop, r.c, r.ids, r.tags)
		if stop.Err() != nil {
			return nil, bulk.ErrStopped
		}
		if err == nil || attempt >= r.maxAttempts || bulk.Classify(err) == bulk.Permanent || bulk.Classify(err) == bulk.Fatal {
			return out, err
		}
		if api.Sleep(stop, r.backoff(attempt)) != nil {
			return nil, bulk.ErrStopped
		}
	}
}

// stop ends the reading in progress, once the run is over, and waits for
// it.
func (r *recheck) stop() {
	r.end()
	r.wg.Wait()
}
