package api

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// The server's clock, 90 minutes and a fraction of a second ahead of ours,
// is learnt from whole-second Date headers: the earliest it can read is
// never after what it reads, and closes in on it as answers cross a tick.
func TestServerClock(t *testing.T) {
	const ahead = 90*time.Minute + 370*time.Millisecond
	base := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	var k ServerClock
	if _, ok := k.Earliest(base); ok {
		t.Fatal("a clock no answer has shown is known")
	}
	// Answers every 10 ms, each taking 4 ms, stamped halfway by the server.
	for i := range 250 {
		sent := base.Add(time.Duration(i) * 10 * time.Millisecond)
		stamped := sent.Add(2*time.Millisecond + ahead)
		k.observe(stamped.Truncate(time.Second).Format(http.TimeFormat), sent, sent.Add(4*time.Millisecond))
		at := sent.Add(4 * time.Millisecond)
		got, ok := k.Earliest(at)
		if truth := at.Add(ahead); !ok || got.After(truth) {
			t.Fatalf("after %d answers: earliest %v, but the server reads %v", i+1, got, truth)
		}
	}
	at := base.Add(3 * time.Second)
	got, _ := k.Earliest(at)
	if gap := at.Add(ahead).Sub(got); gap > 14*time.Millisecond {
		t.Errorf("after answers every 10 ms for 2.5 s the bound is %v behind the server's clock; want it within their spacing and a round trip", gap)
	}
	// A clock set anew: the answers that contradict the bounds start them over.
	later := at.Add(time.Minute)
	k.observe(later.Add(-time.Hour).Format(http.TimeFormat), later, later.Add(time.Millisecond))
	if got, _ := k.Earliest(later); got.After(later.Add(-time.Hour + time.Second)) {
		t.Errorf("after the server's clock went back an hour and a half: earliest %v", got)
	}
}

// The client takes every answer's Date, errors included.
func TestClientFollowsTheServersClock(t *testing.T) {
	ahead := 2 * time.Hour
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Date", time.Now().Add(ahead).UTC().Format(http.TimeFormat))
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"success":false,"message":"Contato não encontrado."}`))
	}))
	defer srv.Close()
	c, err := New(Options{BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetContact(context.Background(), 1); err == nil {
		t.Fatal("want the 404")
	}
	now := time.Now()
	got, ok := c.ServerClock().Earliest(now)
	if !ok || got.Before(now.Add(ahead-time.Second)) || got.After(now.Add(ahead)) {
		t.Errorf("earliest %v, %v; want within a second before %v", got, ok, now.Add(ahead))
	}
}

// A time the server wrote within the second the Date headers leave open is
// placed before or after a moment by probes timed on the server's tick:
// what was written at the moment or after it is later, what was written
// more than twice a round trip before it is not.
func TestServerClockLater(t *testing.T) {
	const (
		ahead = time.Hour + 370*time.Millisecond
		rtt   = 6 * time.Millisecond
	)
	for _, tt := range []struct {
		delta time.Duration
		later bool
	}{
		{-2 * time.Second, false}, {-300 * time.Millisecond, false}, {-3 * rtt, false},
		{0, true}, {rtt / 2, true}, {4 * rtt, true}, {300 * time.Millisecond, true}, {2 * time.Second, true},
	} {
		now := time.Date(2026, 11, 25, 10, 0, 0, 100_000_000, time.UTC)
		k := &ServerClock{now: func() time.Time { return now }, sleep: func(_ context.Context, d time.Duration) error {
			now = now.Add(max(d, 0))
			return nil
		}}
		probes := 0
		probe := func(context.Context) error {
			probes++
			sent := now
			now = now.Add(rtt)
			k.observe(sent.Add(rtt/2+ahead).Truncate(time.Second).Format(http.TimeFormat), sent, now)
			return nil
		}
		// Two answers a few milliseconds apart leave the offset open by
		// most of a second.
		_ = probe(context.Background())
		_ = probe(context.Background())
		moment := now.Add(-50 * time.Millisecond)
		written := moment.Add(ahead + tt.delta)
		later, known, err := k.Later(context.Background(), written, moment, probe)
		if err != nil || !known || later != tt.later {
			t.Errorf("written %v from the moment: later %v, %v, %v", tt.delta, later, known, err)
		}
		if probes-2 > maxProbes {
			t.Errorf("written %v from the moment: %d probes", tt.delta, probes-2)
		}
		if (tt.delta < -time.Second || tt.delta > time.Second) && probes > 2 {
			t.Errorf("written %v from the moment: %d probes where the Dates already told", tt.delta, probes-2)
		}
	}
	var k ServerClock
	if _, known, err := k.Later(context.Background(), time.Now(), time.Now(), func(context.Context) error { return nil }); known || err != nil {
		t.Errorf("a server without Date: known %v, %v", known, err)
	}
}
