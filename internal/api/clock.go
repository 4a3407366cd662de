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

func (k *ServerClock) bounds() (lo, hi time.Duration, known bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.lo, k.hi, k.known
}

// maxProbes bounds the requests Later sends.
const maxProbes = 3

// Later reports whether ts, a time the server wrote (a created_at), is
// later than the server's clock read at t, by our clock. When the answers
// so far cannot tell (ts is within their uncertainty of that reading, at
// most a second), it calls probe, a cheap request to the server, at the
// moment its answer's Date tells, and tries again: a second's wait at
// most for each of maxProbes. What is left then is a round trip's
// uncertainty, decided by its middle. known is false when the server's
// answers carry no Date; err is probe's.
func (k *ServerClock) Later(ctx context.Context, ts, t time.Time, probe func(context.Context) error) (later, known bool, err error) {
	rtt := time.Duration(0)
	for range maxProbes {
		lo, hi, ok := k.bounds()
		x := ts.Sub(t.Round(0)) // later ⟺ offset < x
		switch {
		case ok && x >= hi:
			return true, true, nil
		case ok && x <= lo:
			return false, true, nil
		case ok:
			// Were the offset x, the server's clock would tick at the
			// start of its next second: ask so that the answer is stamped
			// then, and its Date says on which side the offset is.
			ifX := k.ourTime().Add(x)
			tick := ifX.Truncate(time.Second).Add(time.Second)
			if err := k.wait(ctx, tick.Sub(ifX)-rtt/2); err != nil {
				return false, false, err
			}
		}
		sent := k.ourTime()
		var answered *Error
		if err := probe(ctx); err != nil && !errors.As(err, &answered) {
			return false, false, err // no answer, no Date
		}
		rtt = k.ourTime().Sub(sent)
	}
	lo, hi, ok := k.bounds()
	return ok && ts.Sub(t.Round(0)) > lo+(hi-lo)/2, ok, nil
}
