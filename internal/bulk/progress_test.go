package bulk

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the display's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestProgressLines(t *testing.T) {
	var out syncBuffer
	c := &Counters{}
	c.alreadyDone.Store(10)
	c.n[FirstOutcome].Store(20)
	c.n[Failed].Store(2)
	p := StartProgress(FeedbackLines, &out, c, 100, 30*time.Millisecond)
	time.Sleep(100 * time.Millisecond)
	p.Stop()
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) < 2 {
		t.Fatalf("want a line every interval, got %q", out.String())
	}
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "progress: 32 of ~100 rows (32%) · ") || !strings.Contains(last, " rows/s · ETA ") || !strings.HasSuffix(last, " · 2 failed") {
		t.Errorf("progress line %q", last)
	}
}

// The total is known from the start, however soon the run ends: the bar
// never shows the count alone.
func TestProgressBar(t *testing.T) {
	var out syncBuffer
	c := &Counters{}
	p := StartProgress(FeedbackBar, &out, c, 10, time.Second)
	for range 10 {
		c.n[FirstOutcome].Add(1)
	}
	p.Stop()
	if s := out.String(); !strings.Contains(s, "10 / 10 rows") || !strings.Contains(s, "rows/s") || !strings.Contains(s, "[") {
		t.Errorf("bar output %q", s)
	}
}

func TestProgressQuiet(t *testing.T) {
	var out syncBuffer
	p := StartProgress(FeedbackNone, &out, &Counters{}, 10, time.Millisecond)
	time.Sleep(20 * time.Millisecond)
	p.Stop()
	if out.String() != "" {
		t.Errorf("--quiet printed %q", out.String())
	}
}
