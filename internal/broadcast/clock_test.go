package broadcast

import (
	"net/http"
	"testing"
	"time"
)

func TestServerClock(t *testing.T) {
	local := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	c := &serverClock{now: func() time.Time { return local }}
	if got := c.Now(); !got.Equal(local) {
		t.Errorf("before any answer: %v, want the local clock %v", got, local)
	}
	date := func(t time.Time) http.Header { return http.Header{"Date": {t.Format(http.TimeFormat)}} }

	// The server runs an hour behind: its clock, not ours, and time passes
	// from the answer on.
	server := local.Add(-time.Hour)
	c.observe(date(server))
	local = local.Add(1500 * time.Millisecond)
	if got, want := c.Now(), server.Add(1500*time.Millisecond); !got.Equal(want) {
		t.Errorf("after an answer: %v, want %v", got, want)
	}
	// An older answer arriving late gives an earlier bound: kept out.
	c.observe(date(server.Add(-10 * time.Second)))
	if got, want := c.Now(), server.Add(1500*time.Millisecond); !got.Equal(want) {
		t.Errorf("after a late answer: %v, want %v", got, want)
	}
	// A later one moves it on; a header without a date changes nothing.
	c.observe(date(server.Add(3 * time.Second)))
	c.observe(http.Header{})
	if got, want := c.Now(), server.Add(3*time.Second); !got.Equal(want) {
		t.Errorf("after a newer answer: %v, want %v", got, want)
	}
}
