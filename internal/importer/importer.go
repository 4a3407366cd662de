// Package importer is the streaming bulk import of contacts: a CSV or JSON
// Lines input goes through
//
//	reader → normaliser → workers → collector (journal, report, counters)
//
// joined by bounded channels, so that memory stays flat whatever the size of
// the input: one goroutine reads and parses records and hands them out in
// order; --concurrency workers check each row (phone, booleans, custom-field
// values), resolve its tags and write it through the API; one collector
// journals finished rows, writes failed ones to the report and counts. No
// row is kept after the collector has seen it.
//
// # Never twice, never lost
//
// A POST that fails in a way that may have been processed (5xx, a timeout, a
// broken connection) is tried again; when the API then answers that the
// phone exists (DUPLICATE_ENTRY), that is the row's own first POST, and the
// row counts as created. The journal extends this across runs: before rows
// are handed to the workers a "dispatched" mark is written, and a row that an
// earlier run dispatched but never recorded is in doubt. Ctrl-C leaves none:
// the rows in flight finish, and those not sent yet are recorded as not
// created. A crash or kill -9 leaves the rows in flight (and at most the last
// 100 ms of records) in doubt, and when a rerun's POST of such a row is
// refused as a duplicate, the row counts as created (the earlier run's POST
// went through), not as skipped or failed. A duplicate of a row not in doubt
// is a contact that was there before: skipped, updated or failed as
// --on-duplicate says.
//
// Failed rows are journaled as not created, not as done: a rerun tries them
// again, so its report lists every row that still fails.
package importer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/resolve"
)

// Format is the format of an input.
type Format string

// The input formats.
const (
	FormatCSV   Format = "csv"
	FormatJSONL Format = "jsonl"
)

// Formats lists the --format values.
var Formats = []string{string(FormatCSV), string(FormatJSONL)}

// Options configures an import.
type Options struct {
	// Input is read once, as a stream.
	Input io.Reader
	// Path is the input's absolute path, used to count its rows and to
	// identify it in the journal; empty for standard input.
	Path string
	// Format is the input's format; empty means FormatOf(Path), or when
	// that says nothing, JSON Lines if the input starts with "{".
	Format Format
	// Delimiter separates CSV cells; 0 detects "," or ";" from the header.
	Delimiter rune
	// Mappings rename columns to contact fields (--map HEADER=FIELD).
	Mappings             []Mapping
	IgnoreUnknownColumns bool
	// DefaultCountry reads phone numbers without a country code, e.g. "BR".
	DefaultCountry string
	OnDuplicate    OnDuplicate
	// ReplaceTags makes an update set the row's tags instead of adding them.
	ReplaceTags bool
	// CreateTags creates tags the rows name that do not exist.
	CreateTags bool
	// Concurrency is the number of workers; below 1 means 4.
	Concurrency int
	// Rate caps requests per second; 0 is no cap.
	Rate float64
	// DryRun checks every row and resolves tags without writing anything.
	DryRun bool
	// JournalPath is the journal; empty for none (standard input, dry runs).
	JournalPath string
	// Restart empties the journal first.
	Restart bool
	// ReportPath receives the failed rows, when any fail.
	ReportPath string

	// Stderr receives progress and warnings.
	Stderr   io.Writer
	Feedback Feedback
	// ProgressInterval is the time between progress lines (FeedbackLines);
	// zero means 10 s.
	ProgressInterval time.Duration

	// MaxAttempts bounds the attempts at a row whose requests keep failing
	// in ways that may pass; zero means 10.
	MaxAttempts int
	// Backoff is the wait before attempt n+1 of a row; nil means 200 ms
	// doubling to 5 s, with jitter.
	Backoff func(n int) time.Duration
	// Grace is how long requests in flight may go on after ctx is cancelled;
	// zero means 10 s.
	Grace time.Duration
}

func (o *Options) defaults() {
	if o.Concurrency < 1 {
		o.Concurrency = 4
	}
	if o.OnDuplicate == "" {
		o.OnDuplicate = DuplicateSkip
	}
	if o.ProgressInterval <= 0 {
		o.ProgressInterval = 10 * time.Second
	}
	if o.MaxAttempts < 1 {
		o.MaxAttempts = 10
	}
	if o.Backoff == nil {
		o.Backoff = defaultBackoff
	}
	if o.Grace <= 0 {
		o.Grace = 10 * time.Second
	}
	if o.Stderr == nil {
		o.Stderr = io.Discard
	}
}

// Summary is what an import did.
type Summary struct {
	Created int `json:"created"`
	Updated int `json:"updated"`
	Skipped int `json:"skipped"`
	Failed  int `json:"failed"`
	// Valid is the rows a dry run found nothing wrong with.
	Valid int `json:"valid"`
	// AlreadyDone is the rows skipped because the journal has them as done.
	AlreadyDone int `json:"already_done"`
	// Rows is the rows this run dealt with (AlreadyDone not included).
	Rows          int     `json:"rows"`
	Seconds       float64 `json:"seconds"`
	RowsPerSecond float64 `json:"rows_per_second"`
	// Report is the failure report's path, when rows failed.
	Report *string `json:"report"`
	// Journal is the journal's path; nil for standard input and dry runs.
	Journal *string `json:"journal"`
	DryRun  bool    `json:"dry_run"`
	// TagsToCreate are the tags a dry run with --create-tags would create.
	TagsToCreate []string `json:"tags_to_create,omitempty"`
	// Interrupted says the import was stopped before the end of the input.
	Interrupted bool `json:"interrupted"`
}

// job is a record on its way to a worker.
type job struct {
	rec record
	// inDoubt: an earlier run may have created this row without recording it.
	inDoubt bool
}

// result is a row on its way to the collector.
type result struct {
	outcome outcome
	// rec is kept for failed rows only, for the report.
	rec  record
	line int
	why  failure
	// maybeCreated: the row is not done but the API may have created it,
	// so the journal must not say it certainly did not.
	maybeCreated bool
}

// dispatchBatch is how many rows one "dispatched" mark of the journal covers.
const dispatchBatch = 32

// Run imports opts.Input through c. Problems found before anything is
// written (unreadable header, unknown or missing columns, a journal of
// another input) are returned as *clierr.InputError. Once rows are being
// written, Run always returns the summary: with ctx.Err() when ctx was
// cancelled (requests in flight finish first, within the grace period), or
// the error that stopped the import (the token refused, the input or the
// journal failing). Rows that failed are counted and reported, not returned
// as an error.
func Run(ctx context.Context, c *api.Client, opts Options) (*Summary, error) {
	opts.defaults()
	start := time.Now()

	fields, err := resolve.CustomFields(ctx, c)
	if err != nil {
		return nil, err
	}
	br := newReader(opts.Input)
	if opts.Format == "" {
		opts.Format = sniffFormat(br)
	}
	norm := &normaliser{fields: fields, country: opts.DefaultCountry, ignoreUnknown: opts.IgnoreUnknownColumns}
	var (
		src         source
		header      []string
		headerLines int
	)
	switch opts.Format {
	case FormatJSONL:
		src = newJSONLSource(br)
	default:
		cs, err := newCSVSource(br, opts.Delimiter)
		if err != nil {
			return nil, err
		}
		if norm.layout, err = mapColumns(cs.header, opts.Mappings, fields, opts.IgnoreUnknownColumns); err != nil {
			return nil, err
		}
		for _, w := range norm.layout.warnings {
			fmt.Fprintln(opts.Stderr, "warning: "+w)
		}
		src, header, headerLines = cs, cs.header, 1
	}

	var jrn *journal
	if opts.JournalPath != "" && opts.Path != "" && !opts.DryRun {
		info, err := os.Stat(opts.Path)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", opts.Path, err)
		}
		var warning string
		jrn, warning, err = openJournal(opts.JournalPath, inputID{opts.Path, info.Size(), info.ModTime()}, opts.Restart)
		if err != nil {
			return nil, err
		}
		if warning != "" {
			fmt.Fprintln(opts.Stderr, "warning: "+warning)
		}
	}

	p := newPipeline(ctx, c, opts, norm, jrn, newReport(opts.ReportPath, header))
	defer p.cancelRequests()
	prog := startProgress(opts.Feedback, opts.Stderr, p.counts, opts.Path, headerLines, opts.ProgressInterval)
	runErr := p.run(src)
	prog.stop()

	wrote, err := p.report.close()
	runErr = errors.Join(runErr, err)
	if jrn != nil {
		runErr = errors.Join(runErr, jrn.close())
	}
	s := p.summary(time.Since(start))
	if wrote {
		s.Report = &opts.ReportPath
	}
	if jrn != nil {
		s.Journal = &opts.JournalPath
	}
	if opts.DryRun {
		s.TagsToCreate = p.writer.tags.plannedTags()
	}
	if runErr == nil && ctx.Err() != nil {
		s.Interrupted = true
		runErr = ctx.Err()
	}
	return s, runErr
}

// pipeline is one import's moving parts.
type pipeline struct {
	opts   Options
	norm   *normaliser
	writer *writer
	jrn    *journal // nil: no journal
	report *report
	counts *counters

	// stop ends dispatching: Ctrl-C, or abort.
	stop    context.Context
	stopAll context.CancelFunc
	// cancelRequests ends the requests in flight (after the grace period
	// once ctx is cancelled).
	cancelRequests func()

	fatalOnce sync.Once
	fatal     error
}

func newPipeline(ctx context.Context, c *api.Client, opts Options, norm *normaliser, jrn *journal, rep *report) *pipeline {
	p := &pipeline{opts: opts, norm: norm, jrn: jrn, report: rep, counts: &counters{}}
	p.stop, p.stopAll = context.WithCancel(ctx)
	var requests context.Context
	requests, p.cancelRequests = requestContext(ctx, opts.Grace)
	calls := &caller{c: c, throttle: newThrottle(opts.Rate), ctx: requests}
	p.writer = &writer{
		calls:       calls,
		tags:        newTagCache(calls, opts.CreateTags, opts.DryRun),
		fields:      norm.fields,
		onDuplicate: opts.OnDuplicate,
		replaceTags: opts.ReplaceTags,
		dryRun:      opts.DryRun,
		maxAttempts: opts.MaxAttempts,
		backoff:     opts.Backoff,
		abort:       p.abort,
	}
	return p
}

// requestContext is the context of the import's requests: it outlives ctx
// by grace, so that Ctrl-C lets the requests in flight finish.
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

// abort stops the import for err; the first error wins.
func (p *pipeline) abort(err error) {
	p.fatalOnce.Do(func() {
		p.fatal = err
		p.stopAll()
	})
}

// run moves every record through the stages and returns what stopped it early.
func (p *pipeline) run(src source) error {
	jobs := make(chan job, p.opts.Concurrency*4)
	results := make(chan result, p.opts.Concurrency*4)

	go func() {
		if err := p.dispatch(src, jobs); err != nil {
			p.abort(err)
		}
		close(jobs)
	}()
	var workers sync.WaitGroup
	for range p.opts.Concurrency {
		workers.Go(func() {
			for j := range jobs {
				results <- p.process(j)
			}
		})
	}
	go func() {
		workers.Wait()
		close(results)
	}()
	if err := p.collect(results); err != nil {
		p.abort(err)
		for range results {
			// Let the workers finish; their rows are redone next time.
		}
	}
	return p.fatal
}

// dispatch reads the records in order and hands out those not done yet.
// With a journal, rows go in batches, each announced by a dispatched mark
// before any of them can be sent.
func (p *pipeline) dispatch(src source, jobs chan<- job) error {
	size := 1
	if p.jrn != nil {
		size = dispatchBatch
	}
	batch := make([]job, 0, size)
	send := func() error {
		if len(batch) == 0 {
			return nil
		}
		if p.jrn != nil {
			if err := p.jrn.mark(batch[len(batch)-1].rec.line); err != nil {
				return err
			}
		}
		// Even when the import is stopping, the batch goes out: the workers
		// hand back its rows unsent, and the journal says they were not
		// created instead of leaving them in doubt.
		for _, j := range batch {
			jobs <- j
		}
		batch = batch[:0]
		return nil
	}
	for p.stop.Err() == nil {
		rec, err := src.next()
		if errors.Is(err, io.EOF) {
			return send()
		}
		if err != nil {
			return err
		}
		if p.jrn != nil && p.jrn.state.isDone(rec.line) {
			p.counts.alreadyDone.Add(1)
			continue
		}
		batch = append(batch, job{rec: rec, inDoubt: p.jrn != nil && p.jrn.state.inDoubt(rec.line)})
		if len(batch) == size {
			if err := send(); err != nil {
				return err
			}
		}
	}
	return nil
}

// process takes one row through checks and writes.
func (p *pipeline) process(j job) result {
	res := result{line: j.rec.line, maybeCreated: j.inDoubt}
	if p.stop.Err() != nil {
		return res // unfinished, and not sent
	}
	row, err := p.norm.normalise(j.rec)
	if err == nil {
		res.outcome, res.maybeCreated, err = p.writer.write(p.stop, row, j.inDoubt)
	} else {
		res.outcome = failed
	}
	if res.outcome == failed {
		res.rec, res.why = j.rec, describe(err)
	}
	return res
}

// collect counts, journals and reports the results until the workers are
// done, writing the records in batches (see writeInterval).
func (p *pipeline) collect(results <-chan result) error {
	tick := time.NewTicker(writeInterval)
	defer tick.Stop()
	pending := 0
	for {
		select {
		case r, ok := <-results:
			if !ok {
				return nil
			}
			if err := p.take(r); err != nil {
				return err
			}
			if pending++; pending < syncEvery {
				continue
			}
		case <-tick.C:
		}
		pending = 0
		if err := p.flush(); err != nil {
			return err
		}
	}
}

func (p *pipeline) flush() error {
	if p.jrn != nil {
		if err := p.jrn.flush(); err != nil {
			return err
		}
	}
	return p.report.flush()
}

// take counts one result and records it.
func (p *pipeline) take(r result) error {
	c := p.counts
	rec := byte(recFailed) // failed or unfinished: see maybeCreated
	switch r.outcome {
	case created:
		c.created.Add(1)
		rec = recCreated
	case updated:
		c.updated.Add(1)
		rec = recUpdated
	case skipped:
		c.skipped.Add(1)
		rec = recSkipped
	case valid:
		c.valid.Add(1)
		return nil
	case failed:
		c.failed.Add(1)
		if err := p.report.add(r.rec, r.why); err != nil {
			return err
		}
	}
	if rec == recFailed && r.maybeCreated {
		// Left in doubt: a later run's duplicate answer is this row's own POST.
		return nil
	}
	if p.jrn != nil {
		p.jrn.record(rec, r.line)
	}
	return nil
}

func (p *pipeline) summary(elapsed time.Duration) *Summary {
	c := p.counts
	s := &Summary{
		Created:     int(c.created.Load()),
		Updated:     int(c.updated.Load()),
		Skipped:     int(c.skipped.Load()),
		Failed:      int(c.failed.Load()),
		Valid:       int(c.valid.Load()),
		AlreadyDone: int(c.alreadyDone.Load()),
		Rows:        int(c.finished()),
		Seconds:     math.Round(elapsed.Seconds()*1000) / 1000,
		DryRun:      p.opts.DryRun,
	}
	if secs := elapsed.Seconds(); secs > 0 {
		s.RowsPerSecond = math.Round(float64(s.Rows)/secs*10) / 10
	}
	return s
}

// Line is the summary for people, one line:
//
//	created 9,812 · updated 0 · skipped 170 · failed 18 in 41.2s (243 rows/s)
//
// with "already done N" added when the journal had rows done, and for a dry
// run "dry run: valid N · failed N … ; nothing was written".
func (s *Summary) Line() string {
	var parts []string
	if s.DryRun {
		parts = []string{"valid " + comma(int64(s.Valid)), "failed " + comma(int64(s.Failed))}
	} else {
		parts = []string{"created " + comma(int64(s.Created)), "updated " + comma(int64(s.Updated)),
			"skipped " + comma(int64(s.Skipped)), "failed " + comma(int64(s.Failed))}
	}
	if s.AlreadyDone > 0 {
		parts = append(parts, "already done "+comma(int64(s.AlreadyDone)))
	}
	line := fmt.Sprintf("%s in %.1fs (%s rows/s)", strings.Join(parts, " · "), s.Seconds, comma(int64(math.Round(s.RowsPerSecond))))
	if s.DryRun {
		line = "dry run: " + line + "; nothing was written"
	}
	return line
}
