package broadcast

import (
	"net/http"
	"sync"
	"time"
)

// serverClock tells the time by the server's clock, from the Date header of
// its answers: the latest date seen, plus the time that has passed here
// since it arrived. A date has whole seconds, cut down, and it was written
// before its answer arrived, so the estimate never runs ahead of the
// server's clock: a lower bound, which is what "a message created after
// this attempt" needs, whatever the local clock says. Before any answer
// with a date has arrived (the in-process sandbox, whose clock is this
// machine's, sends none), it is the local clock.
type serverClock struct {
	now func() time.Time

	mu sync.Mutex
	// date is the server's time at the local time at.
	date, at time.Time
	known    bool
}

func newServerClock() *serverClock { return &serverClock{now: time.Now} }

// observe takes the Date header of an answer that has just arrived.
func (c *serverClock) observe(h http.Header) {
	date, err := http.ParseTime(h.Get("Date"))
	if err != nil {
		return
	}
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	// Answers arrive out of order from several workers: each gives a lower
	// bound, and the latest bound is the closest.
	if !c.known || date.After(c.date.Add(now.Sub(c.at))) {
		c.date, c.at, c.known = date, now, true
	}
}

// Now is the server's time, or a little before it.
func (c *serverClock) Now() time.Time {
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.known {
		return now
	}
	return c.date.Add(now.Sub(c.at))
}
