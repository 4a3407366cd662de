//go:build linux

package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/cmd/cmdtest/binary"
	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/sandbox/sandboxtest"
)

// BenchmarkInboxFirstScreenInATerminal is the time from starting
// `convo --sandbox inbox` in a pseudo-terminal of 80×24 to the waiting
// queue on its screen, as a person waits for it: the process's start,
// opening the sandbox, learning the destination and @me, the first poll
// and the first frame. convo is built as releases are; the sandbox holds
// 10,000 chats of company 1, of which 50 wait: INBOX_BENCH_DB (as
// internal/tools/seedchats makes it, and scripts/bench inbox gives it),
// else one made first. It reports the median and the slowest run.
func BenchmarkInboxFirstScreenInATerminal(b *testing.B) {
	bin := binary.Build(b, "-trimpath", "-ldflags=-s -w")
	dir := b.TempDir()
	data := filepath.Join(dir, "data")
	if err := os.MkdirAll(data, 0o700); err != nil {
		b.Fatal(err)
	}
	db := filepath.Join(data, "sandbox.db")
	if src := os.Getenv("INBOX_BENCH_DB"); src != "" {
		raw, err := os.ReadFile(src)
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(db, raw, 0o600); err != nil {
			b.Fatal(err)
		}
	} else {
		if err := sandboxtest.WriteSeeded(db); err != nil {
			b.Fatal(err)
		}
		st, err := sandbox.Open(context.Background(), db)
		if err != nil {
			b.Fatal(err)
		}
		_, _, err = st.AddChats(context.Background(), 10_000, 50, time.Now())
		if err := errors.Join(err, st.Close()); err != nil {
			b.Fatal(err)
		}
	}
	env := append(os.Environ(),
		"CONVO_CONFIG_DIR="+filepath.Join(dir, "config"), "CONVO_DATA_DIR="+data,
		"CONVO_TOKEN=", "CONVO_ATTENDANT=", "CONVO_SANDBOX=", "CONVO_PROFILE=", "CONVO_DEBUG=", "CONVO_BASE_URL=",
		"CONVO_OUTPUT=", "DBUS_SESSION_BUS_ADDRESS=", "NO_COLOR=", "TERM=xterm-256color")
	var times []time.Duration
	for b.Loop() {
		start := time.Now()
		term := startInTerminal(b, env, bin, "--sandbox", "inbox")
		term.waitFor(b, "waiting 50")
		times = append(times, time.Since(start))
		b.StopTimer()
		term.send("q")
		if code := term.wait(b); code != 0 {
			b.Fatalf("q exited with %d; the terminal showed:\n%s", code, term.text())
		}
		b.StartTimer()
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "ms/first-screen-median")
	b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "ms/first-screen-max")
}
