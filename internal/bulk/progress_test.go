package bulk

import (
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/convo-cli/convo/internal/syncbuf"
)

// The lines come every interval of a synctest bubble's clock.
func TestProgressLines(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out syncbuf.Buffer
		c := &Counters{}
		c.alreadyDone.Store(10)
		c.n[FirstOutcome].Store(20)
		c.n[Failed].Store(2)
		p := StartProgress(FeedbackLines, &out, c, 100, 30*time.Millisecond)
		time.Sleep(100 * time.Millisecond)
		p.Stop(false)
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) < 2 {
			t.Fatalf("want a line every interval, got %q", out.String())
		}
		last := lines[len(lines)-1]
		if !strings.HasPrefix(last, "progress: 32 of ~100 rows (32%) · ") || !strings.Contains(last, " rows/s · ETA ") || !strings.HasSuffix(last, " · 2 failed") {
			t.Errorf("progress line %q", last)
		}
	})
}

// The total is known from the start, however soon the run ends: the bar
// never shows the count alone.
func TestProgressBar(t *testing.T) {
	var out syncbuf.Buffer
	c := &Counters{}
	p := StartProgress(FeedbackBar, &out, c, 10, time.Second)
	for range 10 {
		c.n[FirstOutcome].Add(1)
	}
	p.Stop(true)
	if s := out.String(); !strings.Contains(s, "10 / 10 rows") || !strings.Contains(s, "rows/s") || !strings.Contains(s, "[") {
		t.Errorf("bar output %q", s)
	}
}

// The total is an estimate from the input's lines: rows of empty cells
// and cells holding line breaks make it high. The bar ends all the same,
// full at the rows done when the run went through its input, and where the
// run stopped when it was interrupted.
func TestProgressBarEndsWhereTheRunDid(t *testing.T) {
	for _, tt := range []struct {
		complete bool
		want     string
	}{{true, "8 / 8 rows"}, {false, "8 / 10 rows"}} {
		var out syncbuf.Buffer
		c := &Counters{}
		p := StartProgress(FeedbackBar, &out, c, 10, time.Second)
		c.n[FirstOutcome].Add(8)
		stopped := make(chan struct{})
		go func() {
			p.Stop(tt.complete)
			close(stopped)
		}()
		select {
		case <-stopped:
		case <-time.After(10 * time.Second):
			t.Fatalf("complete=%v: Stop did not return: the display waits for rows that never come", tt.complete)
		}
		s := out.String()
		if last := s[strings.LastIndex(s, "\r")+1:]; !strings.Contains(s, tt.want) {
			t.Errorf("complete=%v: the bar ends %q, want it to say %q", tt.complete, last, tt.want)
		}
	}
}

func TestProgressQuiet(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var out syncbuf.Buffer
		p := StartProgress(FeedbackNone, &out, &Counters{}, 10, time.Millisecond)
		time.Sleep(20 * time.Millisecond)
		p.Stop(true)
		if out.String() != "" {
			t.Errorf("--quiet printed %q", out.String())
		}
	})
}
