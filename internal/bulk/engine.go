// Package bulk is the engine of convo's bulk commands: a CSV or JSON Lines
// input goes through
//
//	reader → dispatcher → workers → collector (journal, report, counters)
//
// joined by bounded channels, so that memory stays flat whatever the size of
// the input: one goroutine reads and parses records and hands them out in
// order; the workers do each row (a Process function, the command's part);
// one collector journals finished rows, writes failed ones to the report and
// counts. No row is kept after the collector has seen it.
//
// The engine knows nothing of what a row means. A command brings its
// Process, its Outcomes beyond Unfinished and Failed, and a Ledger over its
// journal: LineLedger, keyed by the input's line numbers, for runs that may
// do a row again when in doubt (an import, whose resend only meets a
// duplicate), or its own, keyed by what it must never do twice.
//
// Requests go through the engine's Caller: one throttle for every worker
// (the run's rate; a 429 pauses them all), and a circuit that stops the run
// when the whole API keeps failing. A failure that no row can get past (a
// refused token, a resource every row needs gone) stops it through Abort.
package bulk

import (
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// Outcome is what became of a row. The engine knows the first two; a
// command numbers its own from FirstOutcome.
type Outcome uint8

const (
	// Unfinished: the run stopped before the row was done; the next run
	// does it again. Not counted.
	Unfinished Outcome = iota
	// Failed: the row failed; it goes to the report.
	Failed
	// FirstOutcome is the first of a command's own outcomes.
	FirstOutcome
)

// maxOutcomes bounds the outcomes a command may have.
const maxOutcomes = 16

// Counters are the running totals, read by the progress display while the
// collector adds to them.
type Counters struct {
	n           [maxOutcomes]atomic.Int64
	alreadyDone atomic.Int64
}

// Of is the rows that ended with o.
func (c *Counters) Of(o Outcome) int64 { return c.n[o].Load() }

// AlreadyDone is the rows skipped because the journal has them as done.
func (c *Counters) AlreadyDone() int64 { return c.alreadyDone.Load() }

// Finished is the rows this run has done with, whatever became of them.
func (c *Counters) Finished() int64 {
	var sum int64
	for o := Failed; o < maxOutcomes; o++ {
		sum += c.n[o].Load()
	}
	return sum
}

// Job is a row on its way to a worker.
type Job struct {
	Record
	// InDoubt: an earlier run may have done this row without recording it.
	InDoubt bool
}

// Result is a row on its way to the collector.
type Result struct {
	Line    int
	Outcome Outcome
	// Record and Why are kept for the rows the report lists: those failed,
	// and those of another outcome that has a reason to give (Why.Code),
	// such as a row skipped for repeating an earlier one.
	Record Record
	Why    Failure
	// MaybeDone: the row is not done, but the API may have done it (an
	// ambiguous failure), so the journal must not say it certainly was not.
	MaybeDone bool
}

// Process does one row, in a worker. stop ends the run: a row that has not
// sent anything yet is then left Unfinished.
type Process func(stop context.Context, j Job) Result

// Ledger is the journal as the engine uses it.
type Ledger interface {
	// Admit is asked in input order: whether rec is to be done (false: an
	// earlier run did it), and whether an earlier run may have done it
	// without recording it.
	Admit(rec Record) (do, inDoubt bool)
	// Dispatch is told, before rows go to the workers, the line of the
	// last of them: what may be sent from now on. The rows are those
	// admitted up to that line (a batch, or its first rows when the Gate
	// let only them go).
	Dispatch(lastLine int) error
	// Take records a finished row; Flush writes what it took. Both are
	// called by the collector only.
	Take(r Result)
	Flush() error
}

// Config configures a run.
type Config struct {
	// Workers is the number of rows in flight; below 1 means 4.
	Workers int
	// Rate caps requests per second; 0 is no cap.
	Rate float64
	// Circuit is when the run stops because the API keeps failing; zero
	// fields mean DefaultCircuit's.
	Circuit Circuit
	// Grace is how long requests in flight may go on after the run's
	// context is cancelled; zero means 10 s.
	Grace time.Duration
	// Batch is how many rows one Dispatch covers; below 1 means 1.
	Batch int
	// Ledger is the journal; nil for none.
	Ledger Ledger
	// Gate, when set, is asked before rows are dispatched how many of the
	// batch, from its first, may go now (a sending window, a daily limit):
	// at least one, once it has waited while none could; the others are
	// asked about again. Its error ends the dispatching: the rows
	// dispatched before go on to their end (a row's Process may hold it
	// back too), and Run returns the error. It is given the run's stop
	// context, which ends its wait.
	Gate func(stop context.Context, batch []Job) (int, error)
	// Report receives the failed rows; nil for none.
	Report *Report
}

// Engine is one bulk run.
type Engine struct {
	cfg    Config
	counts Counters
	caller *Caller

	// stop ends dispatching: Ctrl-C, the circuit, or Abort.
	stop    context.Context
	stopAll context.CancelFunc
	// cancelRequests ends the requests in flight (after the grace period
	// once ctx is cancelled).
	cancelRequests func()

	fatalOnce sync.Once
	fatal     error
	// held is the Gate's error that ended the dispatching.
	held error
}

// New prepares a run under ctx; Close must follow.
func New(ctx context.Context, cfg Config) *Engine {
	if cfg.Workers < 1 {
		cfg.Workers = 4
	}
	if cfg.Grace <= 0 {
		cfg.Grace = 10 * time.Second
	}
	cfg.Batch = max(cfg.Batch, 1)
	e := &Engine{cfg: cfg}
	e.stop, e.stopAll = context.WithCancel(ctx)
	requests, cancel := requestContext(ctx, cfg.Grace)
	e.cancelRequests = cancel
	e.caller = &Caller{throttle: newThrottle(cfg.Rate), breaker: newBreaker(cfg.Circuit, time.Now, e.Abort), ctx: requests}
	return e
}

// Caller sends the run's requests.
func (e *Engine) Caller() *Caller { return e.caller }

// Counters are the run's totals.
func (e *Engine) Counters() *Counters { return &e.counts }

// Abort stops the run for err, a failure no row can get past: a refused
// token, or a resource every row needs that is gone (a disconnected
// channel). Rows not started are left for the next run; rows in flight
// finish; the journal stays as it is. The first error wins, and Run
// returns it.
func (e *Engine) Abort(err error) {
	e.fatalOnce.Do(func() {
		e.fatal = err
		e.stopAll()
	})
}

// Close ends the requests still in flight.
func (e *Engine) Close() { e.cancelRequests() }

// requestContext is the context of the run's requests: it outlives ctx by
// grace, so that Ctrl-C lets the requests in flight finish.
func requestContext(ctx context.Context, grace time.Duration) (context.Context, func()) {
	requests, cancel := context.WithCancel(context.WithoutCancel(ctx))
	var timer *time.Timer
	var mu sync.Mutex
	stopAfter := context.AfterFunc(ctx, func() {
		mu.Lock()
		defer mu.Unlock()
		timer = time.AfterFunc(grace, cancel)
	})
	return requests, func() {
		stopAfter()
		mu.Lock()
		if timer != nil {
			timer.Stop()
		}
		mu.Unlock()
		cancel()
	}
}

// Run moves every record of src through process and returns what stopped
// the run early: an Abort's error, the circuit's, or the input, journal or
// report failing. Ctrl-C is not an error here: the caller sees its context.
func (e *Engine) Run(src Source, process Process) error {
	jobs := make(chan Job, e.cfg.Workers*4)
	results := make(chan Result, e.cfg.Workers*4)

	dispatched := make(chan struct{})
	go func() {
		defer close(dispatched)
		if err := e.dispatch(src, jobs); err != nil {
			e.Abort(err)
		}
		close(jobs)
	}()
	var workers sync.WaitGroup
	for range e.cfg.Workers {
		workers.Go(func() {
			for j := range jobs {
				if e.stop.Err() != nil {
					results <- Result{Line: j.Line, MaybeDone: j.InDoubt} // unfinished, and not sent
					continue
				}
				results <- process(e.stop, j)
			}
		})
	}
	go func() {
		workers.Wait()
		close(results)
	}()
	if err := e.collect(results); err != nil {
		e.Abort(err)
		for range results {
			// Let the workers finish; their rows are done again next time.
		}
	}
	<-dispatched
	if e.fatal != nil {
		return e.fatal
	}
	return e.held
}

// dispatch reads the records in order and hands out those not done yet,
// in batches, each announced to the ledger before any of them can be sent.
func (e *Engine) dispatch(src Source, jobs chan<- Job) error {
	batch := make([]Job, 0, e.cfg.Batch)
	send := func() error {
		for len(batch) > 0 {
			n := len(batch)
			if e.cfg.Gate != nil {
				var err error
				if n, err = e.cfg.Gate(e.stop, batch); err != nil {
					// The rows left are not dispatched: none of them was
					// attempted. Stopping while it waited is no error.
					if e.stop.Err() == nil {
						e.held = err
					}
					return errHeld
				}
				n = min(max(n, 1), len(batch))
			}
			if e.cfg.Ledger != nil {
				if err := e.cfg.Ledger.Dispatch(batch[n-1].Line); err != nil {
					return err
				}
			}
			// Even when the run is stopping, the rows go out: the workers
			// hand them back unsent, and the journal says they were not
			// done instead of leaving them in doubt.
			for _, j := range batch[:n] {
				jobs <- j
			}
			batch = append(batch[:0], batch[n:]...)
		}
		return nil
	}
	for e.stop.Err() == nil {
		rec, err := src.Next()
		if errors.Is(err, io.EOF) {
			return ignoreHeld(send())
		}
		if err != nil {
			return err
		}
		job := Job{Record: rec}
		if e.cfg.Ledger != nil {
			var do bool
			if do, job.InDoubt = e.cfg.Ledger.Admit(rec); !do {
				e.counts.alreadyDone.Add(1)
				continue
			}
		}
		batch = append(batch, job)
		if len(batch) == e.cfg.Batch {
			if err := send(); err != nil {
				return ignoreHeld(err)
			}
		}
	}
	return nil
}

// errHeld ends the dispatching when the Gate says so (see Config.Gate).
var errHeld = errors.New("held back")

func ignoreHeld(err error) error {
	if errors.Is(err, errHeld) {
		return nil
	}
	return err
}

// collect counts, journals and reports the results until the workers are
// done, writing the records in batches (see writeInterval).
func (e *Engine) collect(results <-chan Result) error {
	tick := time.NewTicker(writeInterval)
	defer tick.Stop()
	pending := 0
	for {
		select {
		case r, ok := <-results:
			if !ok {
				return e.flush()
			}
			if err := e.take(r); err != nil {
				return err
			}
			if pending++; pending < syncEvery {
				continue
			}
		case <-tick.C:
		}
		pending = 0
		if err := e.flush(); err != nil {
			return err
		}
	}
}

func (e *Engine) flush() error {
	if e.cfg.Ledger != nil {
		if err := e.cfg.Ledger.Flush(); err != nil {
			return err
		}
	}
	if e.cfg.Report != nil {
		return e.cfg.Report.Flush()
	}
	return nil
}

// take counts one result and records it.
func (e *Engine) take(r Result) error {
	if r.Outcome != Unfinished {
		e.counts.n[r.Outcome].Add(1)
	}
	if (r.Outcome == Failed || r.Why.Code != "") && e.cfg.Report != nil {
		if err := e.cfg.Report.Add(r.Record, r.Why); err != nil {
			return err
		}
	}
	if e.cfg.Ledger != nil {
		e.cfg.Ledger.Take(r)
	}
	return nil
}
