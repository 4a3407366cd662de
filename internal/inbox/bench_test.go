package inbox_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/destination"
	"github.com/convo-cli/convo/internal/inbox"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/sandbox/sandboxtest"
)

// The benchmarks of docs/benchmarks.md (the inbox section), run by
// `scripts/bench inbox`. They read INBOX_BENCH_DB, a sandbox database with
// 10,000 chats of which 50 wait (internal/tools/seedchats); without it,
// they make one in a temporary directory first.

// benchStore opens the benchmark's sandbox, counting the requests served.
func benchStore(b *testing.B) (*sandbox.Store, http.Handler, *atomic.Int64) {
	b.Helper()
	ctx := context.Background()
	var st *sandbox.Store
	if path := os.Getenv("INBOX_BENCH_DB"); path != "" {
		var err error
		if st, err = sandbox.Open(ctx, path); err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { st.Close() })
	} else {
		st = sandboxtest.Seeded(b, filepath.Join(b.TempDir(), "bench.db"))
	}
	if _, _, err := st.AddChats(ctx, 10_000, 50, time.Now()); err != nil {
		b.Fatal(err)
	}
	var n atomic.Int64
	server := sandbox.NewServer(st, sandbox.Options{})
	return st, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		server.ServeHTTP(w, r)
	}), &n
}

func benchClient(b *testing.B, h http.Handler) *api.Client {
	c, err := api.New(api.Options{BaseURL: "http://sandbox.localhost", Token: sandbox.AdminToken1, Transport: sandbox.Transport(h)})
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// startSession does what `convo inbox` does before its first screen:
// learn the destination, open the desk, resolve @me (by e-mail, as the
// sandbox's @me is given).
func startSession(c *api.Client, cacheDir string) func(context.Context) (*inbox.Session, error) {
	return func(ctx context.Context) (*inbox.Session, error) {
		dest, err := destination.Learn(ctx, c)
		if err != nil {
			return nil, err
		}
		me, err := resolve.AttendantID(ctx, c, resolve.MeRef, resolve.Me{Ref: "ana.souza@lojaexemplo.com.br"})
		if err != nil {
			return nil, err
		}
		return &inbox.Session{Desk: desk.New(c, desk.Options{Destination: dest.Key(), CacheDir: cacheDir}), Me: me}, nil
	}
}

// BenchmarkInboxFirstScreen is the time from the program's start to the
// first screen that lists the waiting queue, against the in-process
// sandbox with 10,000 chats: learning the destination, resolving @me and
// the first poll, as `convo inbox` does.
func BenchmarkInboxFirstScreen(b *testing.B) {
	_, h, _ := benchStore(b)
	c := benchClient(b, h)
	dir := b.TempDir()
	var times []time.Duration
	for b.Loop() {
		t0 := time.Now()
		shown := make(chan struct{})
		var once atomic.Bool
		m := inbox.New(inbox.Options{Start: startSession(c, dir), Interval: time.Hour})
		tm := teatest.NewTestModel(b, watch{Model: m, seen: func(view string) {
			if strings.Contains(view, "waiting 50") && once.CompareAndSwap(false, true) {
				close(shown)
			}
		}}, teatest.WithInitialTermSize(80, 24))
		select {
		case <-shown:
		case <-time.After(10 * time.Second):
			b.Fatal("no first screen")
		}
		times = append(times, time.Since(t0))
		b.StopTimer()
		_ = tm.Quit()
		tm.WaitFinished(b)
		b.StartTimer()
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "ms/first-screen-median")
}

// watch passes every message the inbox is about to handle to handled, and
// every frame it draws to seen.
type watch struct {
	tea.Model
	seen    func(string)
	handled func(tea.Msg)
}

func (w watch) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if w.handled != nil {
		w.handled(msg)
	}
	m, cmd := w.Model.Update(msg)
	return watch{m, w.seen, w.handled}, cmd
}

func (w watch) View() tea.View {
	v := w.Model.View()
	if w.seen != nil {
		w.seen(v.Content)
	}
	return v
}

// BenchmarkInboxIdleRefresh compares the requests of a refresh of the
// waiting view with nothing new (the R key) and of an idle `chats follow`
// poll (desk.Poll of the waiting queue), with 10,000 chats of which 50
// wait.
func BenchmarkInboxIdleRefresh(b *testing.B) {
	_, h, n := benchStore(b)
	c := benchClient(b, h)
	ctx := context.Background()

	d := desk.New(c, desk.Options{Destination: "bench"})
	f := desk.Filter{Status: "waiting"}
	st, _, err := d.Poll(ctx, f, nil)
	if err != nil {
		b.Fatal(err)
	}
	n.Store(0)
	if _, _, err := d.Poll(ctx, f, st); err != nil {
		b.Fatal(err)
	}
	poll := n.Load()

	polled := make(chan struct{}, 1)
	shown := make(chan struct{}, 1)
	m := inbox.New(inbox.Options{
		Start:    func(context.Context) (*inbox.Session, error) { return &inbox.Session{Desk: d, Me: 1}, nil },
		Interval: time.Hour,
	})
	tm := teatest.NewTestModel(b, watch{Model: m, seen: func(v string) {
		if strings.Contains(v, "waiting 50") {
			signal(shown)
		}
	}, handled: func(msg tea.Msg) {
		if fmt.Sprintf("%T", msg) == "inbox.polledMsg" {
			signal(polled)
		}
	}}, teatest.WithInitialTermSize(80, 24))
	defer tm.WaitFinished(b)
	defer tm.Quit()
	<-shown
	<-polled
	var refresh int64
	for b.Loop() {
		n.Store(0)
		tm.Send(tea.KeyPressMsg{Code: 'r', ShiftedCode: 'R', Mod: tea.ModShift, Text: "R"})
		<-polled
		refresh = n.Load()
	}
	b.ReportMetric(float64(poll), "requests/idle-poll")
	b.ReportMetric(float64(refresh), "requests/idle-refresh")
}

func signal(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// BenchmarkInboxScrollAll scrolls the all view of 10,000 chats from the
// first chat to the last, a page (of the screen) a key, as fast as the
// keys come; the pages of 100 chats are read as they are reached, beside
// the keys. It reports the time the inbox takes to handle a key and draw
// the screen (median and slowest, over every key of every run) and the
// requests of a run; then, once a filter has made it read all 10,000
// chats, the heap the inbox holds: the heap in use then, less before the
// run (median of the runs).
func BenchmarkInboxScrollAll(b *testing.B) {
	_, h, n := benchStore(b)
	c := benchClient(b, h)
	var (
		mu            sync.Mutex
		frames        []time.Duration
		requests      int64
		held          []uint64
		before, after runtime.MemStats
	)
	for b.Loop() {
		b.StopTimer()
		runtime.GC()
		runtime.ReadMemStats(&before)
		b.StartTimer()
		d := desk.New(c, desk.Options{Destination: "bench"})
		shown, end, all := make(chan struct{}, 1), make(chan struct{}, 1), make(chan struct{}, 1)
		var keyAt time.Time
		m := inbox.New(inbox.Options{
			Start:    func(context.Context) (*inbox.Session, error) { return &inbox.Session{Desk: d, Me: 1}, nil },
			View:     inbox.All,
			Interval: time.Hour,
		})
		tm := teatest.NewTestModel(b, watch{Model: m, handled: func(msg tea.Msg) {
			if _, ok := msg.(tea.KeyPressMsg); ok {
				keyAt = time.Now()
			}
		}, seen: func(v string) {
			if !keyAt.IsZero() {
				mu.Lock()
				frames = append(frames, time.Since(keyAt))
				mu.Unlock()
				keyAt = time.Time{}
			}
			if strings.Contains(v, "all 10,000") {
				signal(shown)
			}
			if strings.Contains(v, "0 of 10,000") {
				signal(all)
			}
			// The last chat, read, selected on the last row of the list.
			if lines := strings.Split(ansi.Strip(v), "\n"); len(lines) == 24 && strings.HasPrefix(lines[21], "› ") &&
				strings.Contains(lines[21], "Alguém pode me responder?") {
				signal(end)
			}
		}}, teatest.WithInitialTermSize(80, 24))
		<-shown
		n.Store(0)
		for range 10_000 / 20 {
			tm.Send(tea.KeyPressMsg{Code: tea.KeyPgDown})
		}
		select {
		case <-end:
		case <-time.After(30 * time.Second):
			b.Fatal("the end of the list never showed")
		}
		requests = n.Load()
		// Then every chat read: a filter reads the pages not read yet.
		b.StopTimer()
		tm.Type("/zzz")
		select {
		case <-all:
		case <-time.After(60 * time.Second):
			b.Fatal("the filter never read every chat")
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		held = append(held, after.HeapInuse-min(before.HeapInuse, after.HeapInuse))
		_ = tm.Quit()
		tm.WaitFinished(b)
		b.StartTimer()
	}
	slices.Sort(frames)
	b.ReportMetric(float64(frames[len(frames)/2].Microseconds())/1000, "ms/key-median")
	b.ReportMetric(float64(frames[len(frames)-1].Microseconds())/1000, "ms/key-max")
	b.ReportMetric(float64(requests), "requests/scroll")
	slices.Sort(held)
	b.ReportMetric(float64(held[len(held)/2])/(1<<20), "MiB-held")
}
