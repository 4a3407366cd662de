package bulk

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/convo-cli/convo/internal/api"
)

var errUnavailable = &api.Error{StatusCode: 503, Message: "Serviço indisponível."}

// fakeClock is a clock a test moves.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// The circuit trips only when failures in a row and time without a success
// both pass their bounds; intermittent faults never trip it.
func TestCircuit(t *testing.T) {
	clock := &fakeClock{now: time.Unix(0, 0)}
	var tripped error
	b := newBreaker(DefaultCircuit, clock.Now, func(err error) { tripped = err })

	// One request in five failing, a request every 100 ms for an hour.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 36_000 {
		clock.Add(100 * time.Millisecond)
		if rng.IntN(5) == 0 {
			b.failure(errUnavailable)
		} else {
			b.success()
		}
	}
	if tripped != nil {
		t.Fatalf("intermittent faults tripped the circuit: %v", tripped)
	}

	// Down: 20 failures in a row in under a minute do not trip it.
	for range 30 {
		clock.Add(time.Second)
		b.failure(errUnavailable)
	}
	if tripped != nil {
		t.Fatalf("tripped after 30 s: %v", tripped)
	}
	// A success starts the minute again.
	b.success()
	for range 59 {
		clock.Add(time.Second)
		b.failure(errUnavailable)
	}
	if tripped != nil {
		t.Fatalf("tripped 59 s after a success: %v", tripped)
	}
	clock.Add(time.Second)
	b.failure(errUnavailable)
	var ce *CircuitError
	if !errors.As(tripped, &ce) || ce.Failures != 60 || ce.Since != time.Minute ||
		tripped.Error() != "stopped: the API failed the last 60 requests in a row and none succeeded for 1m0s; the last failure: Serviço indisponível." {
		t.Errorf("tripped with %v", tripped)
	}

	// A minute of silence and then failures: the count must be reached too.
	tripped = nil
	b = newBreaker(DefaultCircuit, clock.Now, func(err error) { tripped = err })
	clock.Add(2 * time.Minute)
	for range 19 {
		b.failure(errUnavailable)
	}
	if tripped != nil {
		t.Fatalf("tripped after 19 failures: %v", tripped)
	}
}

// The caller counts what the API answered: a refusal of the row (422) is an
// answer; 5xx, 429 and no answer are failures.
func TestCallerObserves(t *testing.T) {
	e := New(context.Background(), Config{Circuit: Circuit{Failures: 3, Window: time.Nanosecond}})
	defer e.Close()
	k := e.Caller()
	call := func(err error) {
		_, _ = Call(k, context.Background(), func(context.Context) (int, error) { return 0, err })
	}
	for range 10 {
		call(errUnavailable)
		call(&api.Error{StatusCode: 422})
	}
	if e.fatal != nil {
		t.Fatalf("answers between failures tripped it: %v", e.fatal)
	}
	call(errUnavailable)
	call(&api.TransportError{Method: "POST", Path: "/contacts", Err: io.ErrUnexpectedEOF})
	call(&api.Error{StatusCode: 429})
	var ce *CircuitError
	if !errors.As(e.fatal, &ce) {
		t.Errorf("three failures in a row: %v", e.fatal)
	}
}

// sliceSource yields records of lines 1..n.
type sliceSource struct{ next, n int }

func (s *sliceSource) Next() (Record, error) {
	if s.next >= s.n {
		return Record{}, io.EOF
	}
	s.next++
	return Record{Line: s.next}, nil
}

// Abort stops a run for a failure every row would meet (a channel gone):
// the rows not started are left unfinished, not failed, and Run returns
// the error.
func TestAbort(t *testing.T) {
	errGone := errors.New("the channel was disconnected")
	e := New(context.Background(), Config{Workers: 2})
	defer e.Close()
	var (
		done, afterAbort atomic.Int32
		aborted          atomic.Bool
	)
	err := e.Run(&sliceSource{n: 1000}, func(stop context.Context, j Job) Result {
		if aborted.Load() {
			afterAbort.Add(1)
		}
		if j.Line == 10 {
			e.Abort(errGone)
			aborted.Store(true)
			return Result{Line: j.Line}
		}
		done.Add(1)
		return Result{Line: j.Line, Outcome: FirstOutcome}
	})
	if !errors.Is(err, errGone) {
		t.Fatalf("Run: %v", err)
	}
	// After the abort, no row is started but those a worker had already
	// taken and found the run going on: one each.
	c := e.Counters()
	if c.Of(FirstOutcome) != int64(done.Load()) || c.Of(Failed) != 0 || afterAbort.Load() > 2 || done.Load() >= 999 {
		t.Errorf("%d done (counted %d), %d started after the abort at row 10, %d failed", done.Load(), c.Of(FirstOutcome), afterAbort.Load(), c.Of(Failed))
	}
}

func TestFingerprint(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.csv")
	content := "phone,name\n5511988880001,Ana\n5511988880002,Bia" // the last line has no newline
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	scanned, err := scan(path, EncodingAuto)
	if err != nil {
		t.Fatal(err)
	}
	fp := scanned.sum()
	if fp.Size != int64(len(content)) || fp.Lines != 3 || len(fp.SHA256) != 64 {
		t.Errorf("fingerprint %+v", fp)
	}
	spooled, spooler, err := spool(strings.NewReader(content), filepath.Join(dir, "spool"), EncodingAuto, true, MaxStream)
	if err != nil {
		t.Fatal(err)
	}
	_ = spooled.Close()
	if sfp := spooler.sum(); sfp != fp {
		t.Errorf("spooled %+v, scanned %+v", sfp, fp)
	}
	if data, err := os.ReadFile(spooled.Name()); err != nil || string(data) != content {
		t.Errorf("spool holds %q, %v", data, err)
	}

	in, err := OpenInput(path, OpenOptions{})
	if err != nil || in.Fingerprint != fp || in.Spooled {
		t.Fatalf("input %+v, %v", in, err)
	}
	r, err := in.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	// The file is rewritten after it was fingerprinted: reading it to the
	// end says so, rather than importing another content under its journal.
	if err := os.WriteFile(path, []byte(strings.Replace(content, "Ana", "Ema", 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(r); !errors.Is(err, ErrInputChanged) {
		t.Errorf("reading a changed input: %v", err)
	}

	stdin, err := OpenInput("-", OpenOptions{Stdin: strings.NewReader(content), SpoolDir: filepath.Join(dir, "spool")})
	if err != nil || stdin.Fingerprint != fp || !stdin.Spooled || stdin.Name != "standard input" {
		t.Fatalf("standard input %+v, %v", stdin, err)
	}
	if err := stdin.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stdin.Path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the spool is left: %v", err)
	}
}

// A 429 pauses every worker as long as the server asks; one that asks for
// longer than the run's window stops the run instead of leaving it idle
// (on a synctest bubble's clock).
func TestCallerHonoursRetryAfter(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		e := New(context.Background(), Config{Circuit: Circuit{Failures: 100, Window: time.Minute}})
		defer e.Close()
		k := e.Caller()
		_, _ = Call(k, context.Background(), func(context.Context) (int, error) {
			return 0, &api.Error{StatusCode: 429, RetryAt: time.Now().Add(300 * time.Millisecond)}
		})
		start := time.Now()
		_, _ = Call(k, context.Background(), func(context.Context) (int, error) { return 0, nil })
		if waited := time.Since(start); waited < 250*time.Millisecond {
			t.Errorf("the next request waited %s, want the 300 ms the server asked", waited)
		}
		if e.fatal != nil {
			t.Fatalf("a short wait stopped the run: %v", e.fatal)
		}

		_, _ = Call(k, context.Background(), func(context.Context) (int, error) {
			return 0, &api.Error{StatusCode: 429, RetryAt: time.Now().Add(5 * time.Minute), RetryAfter: 5 * time.Minute}
		})
		var we *WaitError
		if !errors.As(e.fatal, &we) || we.Wait < 4*time.Minute || we.Limit != time.Minute ||
			!strings.Contains(we.Error(), "longer than a run pauses (1m0s); run the same command again after then to resume") {
			t.Errorf("a 5-minute wait: %v, want the run stopped with a WaitError", e.fatal)
		}
	})
}
