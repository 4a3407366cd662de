package importer

import (
	"bytes"
	"os"
	"path/filepath"
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

// inputOf writes a CSV of n rows and returns its path.
func inputOf(t *testing.T, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "in.csv")
	if err := os.WriteFile(path, []byte(csvRows(n)), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestProgressLines(t *testing.T) {
	var out syncBuffer
	c := &counters{}
	c.alreadyDone.Store(10)
	c.created.Store(20)
	c.failed.Store(2)
	p := startProgress(FeedbackLines, &out, c, inputOf(t, 100), 1, 30*time.Millisecond)
	time.Sleep(100 * time.Millisecond)
	p.stop()
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) < 2 {
		t.Fatalf("want a line every interval, got %q", out.String())
	}
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "progress: 32 of ~100 rows (32%) · ") || !strings.Contains(last, " rows/s · ETA ") || !strings.HasSuffix(last, " · 2 failed") {
		t.Errorf("progress line %q", last)
	}
}

func TestProgressBar(t *testing.T) {
	var out syncBuffer
	c := &counters{}
	p := startProgress(FeedbackBar, &out, c, inputOf(t, 10), 1, time.Second)
	for range 10 {
		c.created.Add(1)
		time.Sleep(20 * time.Millisecond)
	}
	p.stop()
	if s := out.String(); !strings.Contains(s, "10 / 10 rows") || !strings.Contains(s, "rows/s") || !strings.Contains(s, "[") {
		t.Errorf("bar output %q", s)
	}
}

func TestProgressQuiet(t *testing.T) {
	var out syncBuffer
	p := startProgress(FeedbackNone, &out, &counters{}, inputOf(t, 10), 1, time.Millisecond)
	time.Sleep(20 * time.Millisecond)
	p.stop()
	if out.String() != "" {
		t.Errorf("--quiet printed %q", out.String())
	}
}

func TestCountLines(t *testing.T) {
	dir := t.TempDir()
	for content, want := range map[string]int64{"": 0, "a\n": 1, "a\nb": 2, "a\n\"b\nc\"\n": 3, strings.Repeat("x\n", 300000): 300000} {
		path := filepath.Join(dir, "f")
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		if n, err := countLines(path); err != nil || n != want {
			t.Errorf("%d bytes: %d lines (%v), want %d", len(content), n, err, want)
		}
	}
}
