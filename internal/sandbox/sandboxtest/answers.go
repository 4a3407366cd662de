package sandboxtest

import (
	"context"
	"log/slog"
	"maps"
	"sync"
)

// Answers counts a sandbox server's answers by status, from the record the
// server logs for each request: give Logger as its Options.Logger. A test
// under faults (sandbox.Options.FailRate, RateLimit) uses it to know that
// the run met them. The zero value is ready.
type Answers struct {
	mu sync.Mutex
	n  map[int]int
}

// Logger is the logger to give the server.
func (a *Answers) Logger() *slog.Logger { return slog.New(answersHandler{a}) }

// Take returns how many answers of each status came since the last Take,
// and counts from zero again.
func (a *Answers) Take() map[int]int {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := maps.Clone(a.n)
	clear(a.n)
	if n == nil {
		n = map[int]int{}
	}
	return n
}

func (a *Answers) add(status int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.n == nil {
		a.n = map[int]int{}
	}
	a.n[status]++
}

// answersHandler counts the status of each request's record.
type answersHandler struct{ a *Answers }

func (h answersHandler) Enabled(context.Context, slog.Level) bool { return true }

func (h answersHandler) Handle(_ context.Context, r slog.Record) error {
	r.Attrs(func(at slog.Attr) bool {
		if at.Key == "status" && at.Value.Kind() == slog.KindInt64 {
			h.a.add(int(at.Value.Int64()))
			return false
		}
		return true
	})
	return nil
}

func (h answersHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h answersHandler) WithGroup(string) slog.Handler      { return h }
