package api

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"
)

// ServerClock follows the server's clock through the Date header of its
// answers, for comparing what happened here with the times the server
// writes (a contact's created_at). A Date has whole seconds, but each
// answer bounds the difference between the clocks from both sides: the
// server wrote its Date between the moment the request left and the moment
// the answer arrived. The bounds close in as answers cross a second's
// tick: to within the time between two answers and a round trip.
type ServerClock struct {
	mu sync.Mutex
	// lo and hi bound the server's clock minus ours; known says an answer
	// has set them.
	lo, hi time.Duration
	known  bool
	// rtt is the round trip of the last answer.
	rtt time.Duration

	// now and sleep are our clock, time.Now and Sleep when nil; tests
	// replace them.
	now   func() time.Time
	sleep func(context.Context, time.Duration) error
}

func (k *ServerClock) ourTime() time.Time {
	if k.now != nil {
		return k.now()
	}
	return time.Now()
}

func (k *ServerClock) wait(ctx context.Context, d time.Duration) error {
	if k.sleep != nil {
		return k.sleep(ctx, d)
	}
	return Sleep(ctx, d)
}

// observe takes the Date of an answer to a request sent at sent that
// arrived at received (our clock).
func (k *ServerClock) observe(date string, sent, received time.Time) {
	d, err := http.ParseTime(date)
	if err != nil {
		return
	}
	lo, hi := d.Sub(received), d.Add(time.Second).Sub(sent)
	k.mu.Lock()
	defer k.mu.Unlock()
	k.rtt = received.Sub(sent)
	if !k.known || lo > k.hi || hi < k.lo {
		// The first answer, or one that contradicts the others (a clock
		// set anew): start from it.
		k.lo, k.hi, k.known = lo, hi, true
		return
	}
	k.lo, k.hi = max(k.lo, lo), min(k.hi, hi)
}

// Earliest is the earliest time the server's clock can have read at t, by
// our clock; false when no answer has said yet.
func (k *ServerClock) Earliest(t time.Time) (time.Time, bool) {
	lo, _, known := k.bounds()
	if !known {
		return time.Time{}, false
	}
	return t.Round(0).Add(lo), true
}

// Now is the earliest the server's clock can read now: a lower bound of
// the server's time. Before any answer with a Date (a server in this
// process sends none, and its clock is ours), it is our clock.
func (k *ServerClock) Now() time.Time {
	now := k.ourTime()
	if t, ok := k.Earliest(now); ok {
		return t
	}
	return now
}

func (k *ServerClock) roundTrip() time.Duration {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.rtt
}

func (k *ServerClock) bounds() (lo, hi time.Duration, known bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.lo, k.hi, k.known
}

// maxProbes bounds the requests Later sends.
const maxProbes = 3

// Later reports whether ts, a time the server wrote (a created_at), is
// later than the server's clock read at t, by our clock, or so little
// before it that the server may have written it for a request sent at t:
// within twice a round trip. Who asks is telling "created by my request
// sent at t" from "there before it": the one is never taken for the other,
// and the other is, if it was written within that margin. When the
// answers so far cannot tell (their Dates leave most of a second open), it
// calls probe, a cheap request to the server, at the moment whose answer's
// Date tells: a second's wait at most, for each of maxProbes. known is
// false when the server's answers carry no Date; err is probe's, when it
// got no answer.
func (k *ServerClock) Later(ctx context.Context, ts, t time.Time, probe func(context.Context) error) (later, known bool, err error) {
	x := ts.Sub(t.Round(0)) // later ⟺ offset < x
	for i := 0; ; i++ {
		lo, hi, ok := k.bounds()
		margin := 2*k.roundTrip() + time.Millisecond
		switch {
		case ok && lo >= x:
			return false, true, nil
		case ok && hi <= x+margin:
			return true, true, nil
		case i == maxProbes:
			return true, ok, nil // a round trip's worth of doubt: taken as later
		case ok:
			// Were the offset x-margin, the server's clock would tick at
			// the start of its next second: ask a round trip before, so
			// that the answer's Date says on which side of x the offset
			// is, give or take the margin.
			ifX := k.ourTime().Add(x)
			tick := ifX.Truncate(time.Second).Add(time.Second)
			wait := tick.Sub(ifX) - margin
			if wait < 0 {
				wait += time.Second
			}
			if err := k.wait(ctx, wait); err != nil {
				return false, false, err
			}
		}
		var answered *Error
		if err := probe(ctx); err != nil && !errors.As(err, &answered) {
			return false, false, err // no answer, no Date
		}
	}
}
