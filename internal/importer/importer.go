// Package importer is the bulk import of contacts, on the engine of
// package bulk: the reader, journal, workers, throttle, circuit, progress
// and report are the engine's; what is about contacts is here. Each row is
// checked (phone, booleans, custom-field values: the normaliser), its tags
// resolved and created (tags.go), and it is written through the API (the
// writer), created, updated or skipped as --on-duplicate says.
//
// # The journal's identity
//
// The journal is bound to the destination (the API root and the company,
// never the token: see package destination) and to the input's content
// (its SHA-256, computed in the pass that also counts its rows). A journal
// of another destination or another content is never applied: the default
// journal of each pair is a file of its own, and one named with --journal
// is started over, with a warning. A damaged journal is set aside with a
// warning and the import starts over: the resend of a row done only meets
// a duplicate. A journal is kept while rows are left to do (an interrupted
// run, failed rows); a run that finishes every row removes it, so that the
// same file imported again later is imported again.
//
// # Never twice, never lost, counted exactly
//
// A POST that fails in a way that may have been processed (5xx, a timeout, a
// broken connection) is tried again; when the API then answers that the
// phone exists (DUPLICATE_ENTRY), the contact is read: it is the row's own
// first POST, and the row counts as created, only if it was created after
// that POST was sent, by the server's clock (its created_at against the Date
// of the API's answers, see api.ServerClock). Otherwise it was there before,
// and the row is skipped, updated or failed as --on-duplicate says: the
// counts under faults are those without them. The journal extends this
// across runs: before rows are handed to the workers a "dispatched" mark is
// written, with the server's time, and a row that an earlier run dispatched
// but never recorded is in doubt. Ctrl-C leaves none: the rows in flight
// finish, and those not sent yet are recorded as not created. A crash or
// kill -9 leaves the rows in flight (and at most the last 100 ms of
// records) in doubt, and when a rerun's POST of such a row is refused as a
// duplicate, the row counts as created if the contact was created after
// the mark's time (a journal of an earlier version, without it, cannot
// tell: the row counts as created). A duplicate of a row not in doubt is a
// contact that was there before.
//
// Failed rows are journaled as not created, not as done: a rerun tries them
// again, so its report lists every row that still fails.
package importer

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/dustin/go-humanize"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/destination"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/safetext"
)

// Options configures an import: those of every bulk run (where the
// mappings rename columns to contact fields, --map HEADER=FIELD), and the
// import's own.
type Options struct {
	bulk.RunOptions
	IgnoreUnknownColumns bool
	OnDuplicate          OnDuplicate
	// ReplaceTags makes an update set the row's tags instead of adding them.
	ReplaceTags bool
	// CreateTags creates tags the rows name that do not exist.
	CreateTags bool
}

func (o *Options) defaults() {
	if o.OnDuplicate == "" {
		o.OnDuplicate = DuplicateSkip
	}
	o.Defaults()
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
	// Journal is the journal's path while it is kept: after a run that
	// left rows to do. nil when none is kept (every row done, dry runs).
	Journal *string `json:"journal"`
	DryRun  bool    `json:"dry_run"`
	// TagsToCreate are the tags a dry run with --create-tags would create.
	TagsToCreate []string `json:"tags_to_create,omitempty"`
	// Interrupted says the import was stopped before the end of the input.
	Interrupted bool `json:"interrupted"`
	// DuplicatesInFile of Skipped have the phone of an earlier row, which
	// is imported instead (the report lists them).
	DuplicatesInFile int `json:"duplicates_in_file"`
	// Failures say why the Failed rows failed, the most frequent first.
	Failures []bulk.Reason `json:"failures"`
}

// The outcomes of a row, beyond bulk.Unfinished and bulk.Failed.
const (
	created = bulk.FirstOutcome + iota
	updated
	skipped
	// valid: a dry run found nothing wrong with the row.
	valid
	// repeated: skipped, for the phone of an earlier row (see repeats).
	repeated
)

// journalLetters are the journal's records of rows done.
var journalLetters = map[bulk.Outcome]byte{created: 'c', updated: 'u', skipped: 's', repeated: 's'}

// dispatchBatch is how many rows one "dispatched" mark of the journal covers.
const dispatchBatch = 32

// Run imports opts.Input through c. Problems found before anything is
// written (unreadable header, unknown or missing columns, a journal that
// another import holds) are returned as *clierr.InputError. Once rows are
// being written, Run always returns the summary: with ctx.Err() when ctx
// was cancelled (requests in flight finish first, within the grace period),
// or the error that stopped the import (the token refused, the circuit,
// the input or the journal failing). Rows that failed are counted and
// reported, not returned as an error.
func Run(ctx context.Context, c *api.Client, opts Options) (*Summary, error) {
	opts.defaults()
	start := time.Now()
	var notes warnings

	fields, err := resolve.CustomFields(ctx, c)
	if err != nil {
		return nil, err
	}
	in, err := opts.Input.Open()
	if err != nil {
		return nil, fmt.Errorf("read the input: %w", err)
	}
	defer in.Close()
	src, err := bulk.NewSource(in, opts.Format, opts.Delimiter)
	if err != nil {
		return nil, err
	}
	norm := &normaliser{fields: fields, country: opts.DefaultCountry, ignoreUnknown: opts.IgnoreUnknownColumns}
	headerLines := 0
	if cs, ok := src.(*bulk.CSVSource); ok {
		if norm.layout, err = mapColumns(cs.Header, opts.Mappings, fields, opts.IgnoreUnknownColumns); err != nil {
			return nil, err
		}
		for _, w := range norm.layout.warnings {
			fmt.Fprintln(opts.Stderr, "warning: "+safetext.Line(w))
		}
		headerLines = 1
	}

	var (
		jrn   *bulk.Journal
		state *bulk.LineState
	)
	cfg := opts.Config(bulk.NewReportOf(src, opts.ReportPath, opts.ReportFallbackDir, notes.add))
	if !opts.DryRun && (opts.JournalPath != "" || opts.JournalDir != "") {
		state = bulk.NewLineState(opts.Input.Lines, journalLetters)
		jrn, err = openJournal(ctx, c, opts, state)
		if err != nil {
			return nil, err
		}
		if jrn != nil {
			ledger := bulk.NewLineLedger(jrn, state, journalLetters)
			ledger.ServerTime = func() (time.Time, bool) { return c.ServerClock().Earliest(time.Now()) }
			cfg.Ledger, cfg.Batch = ledger, dispatchBatch
		}
	}

	eng := bulk.New(ctx, cfg)
	defer eng.Close()
	w := newWriter(c, eng, opts, norm.fields, &notes)
	if cs, ok := src.(*bulk.CSVSource); ok && cs.Delimiter == ';' {
		w.tags.commas = true
	}
	w.repeats = newRepeats(src, norm)
	if cfg.Ledger != nil {
		w.doubtSince = state.DoubtSince
	}
	prog := bulk.StartProgress(opts.Feedback, opts.Stderr, eng.Counters(), int64(max(opts.Input.Lines-headerLines, 0)), opts.ProgressInterval)
	runErr := eng.Run(w.repeats, func(stop context.Context, j bulk.Job) bulk.Result {
		return w.process(stop, norm, j)
	})
	prog.Stop(runErr == nil && ctx.Err() == nil)
	notes.print(opts.Stderr)

	reportPath, err := cfg.Report.Close()
	runErr = errors.Join(runErr, err)
	s := summarise(eng.Counters(), time.Since(start), opts.DryRun)
	s.Failures = w.reasons.List()
	if reportPath != "" {
		s.Report = &reportPath
	}
	if runErr == nil && ctx.Err() != nil {
		s.Interrupted = true
		runErr = ctx.Err()
	}
	if jrn != nil {
		if runErr == nil && s.Failed == 0 {
			// Nothing is left to do: a journal now would only make the same
			// input, imported again later, skip rows that may have gone since.
			runErr = jrn.Remove()
		} else {
			runErr = errors.Join(runErr, jrn.Close())
			path := jrn.Path()
			s.Journal = &path
		}
	}
	if opts.DryRun {
		s.TagsToCreate = w.tags.plannedTags()
	}
	return s, runErr
}

// openJournal opens the import's journal, bound to the destination and the
// input's content. It returns nil, with a warning, when the company cannot
// be told: then the import cannot be resumed, but goes on.
func openJournal(ctx context.Context, c *api.Client, opts Options, state *bulk.LineState) (*bulk.Journal, error) {
	dest, err := destination.Learn(ctx, c)
	if errors.Is(err, destination.ErrUnknownCompany) {
		fmt.Fprintf(opts.Stderr, "warning: %s; this import keeps no journal and cannot be resumed\n", safetext.Line(err.Error()))
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	path := opts.JournalPath
	if path == "" {
		path = DefaultJournalPath(opts.JournalDir, dest.Key(), opts.Input.Fingerprint)
		if err := adoptFormer(path, opts.JournalDir, dest, opts.Input.Fingerprint); err != nil {
			return nil, err
		}
	}
	spec := journalSpec(path, dest, opts.Input, state)
	spec.Restart = opts.Restart
	jrn, warnings, err := bulk.OpenJournal(spec)
	for _, w := range warnings {
		fmt.Fprintln(opts.Stderr, "warning: "+safetext.Line(w))
	}
	return jrn, err
}

// journalSpec is the journal of importing in to dest: bound to the
// destination and the input's content (and the encoding it is read in,
// when it is not UTF-8: other bytes would be other rows), started over
// when it is of another or damaged (a row done again only meets a
// duplicate). A journal an earlier version kept under a former key of the
// destination is this run's too.
func journalSpec(path string, dest destination.Destination, in *bulk.Input, state *bulk.LineState) bulk.JournalSpec {
	input := "input " + in.Fingerprint.String()
	if enc := cmp.Or(in.Encoding, bulk.UTF8); enc != bulk.UTF8 {
		input += " read as " + string(enc)
	}
	var former [][]string
	for _, k := range dest.FormerKeys() {
		former = append(former, []string{"destination " + k, input})
	}
	return bulk.JournalSpec{
		Path:     path,
		Kind:     "import",
		Identity: []string{"destination " + dest.Key(), input},
		Former:   former,
		About:    in.Name + " to " + dest.String(),
		Policy:   bulk.Lenient,
		State:    state,
	}
}

// DefaultJournalPath is where the journal of an input's content imported
// to the destination of key lives in dir: one file per destination and
// content, so that the same content imported again to the same place finds
// it, and nothing else does.
func DefaultJournalPath(dir, key string, fp bulk.Fingerprint) string {
	sum := sha256.Sum256([]byte(key + "\x00" + fp.SHA256))
	return filepath.Join(dir, hex.EncodeToString(sum[:10])+".journal")
}

// adoptFormer moves to path, when nothing is there, the journal an earlier
// version kept for the same import under a former key of dest (see
// destination.Destination.FormerKeys): an import it left unfinished goes
// on from where it stopped, and its journal goes once every row is done.
func adoptFormer(path, dir string, dest destination.Destination, fp bulk.Fingerprint) error {
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	for _, k := range dest.FormerKeys() {
		old := DefaultJournalPath(dir, k, fp)
		err := os.Rename(old, path)
		switch {
		case err == nil:
			return nil
		case !errors.Is(err, fs.ErrNotExist):
			return fmt.Errorf("take over the journal %s: %w", old, err)
		}
	}
	return nil
}

// warnings gather what workers find worth saying, for after the progress
// display, which owns the terminal while it runs.
type warnings struct {
	mu   sync.Mutex
	list []string
}

func (w *warnings) add(s string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.list = append(w.list, s)
}

func (w *warnings) print(out io.Writer) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, s := range w.list {
		fmt.Fprintln(out, "warning: "+safetext.Line(s))
	}
}

func summarise(c *bulk.Counters, elapsed time.Duration, dryRun bool) *Summary {
	s := &Summary{
		Created:          int(c.Of(created)),
		Updated:          int(c.Of(updated)),
		Skipped:          int(c.Of(skipped) + c.Of(repeated)),
		DuplicatesInFile: int(c.Of(repeated)),
		Failed:           int(c.Of(bulk.Failed)),
		Valid:            int(c.Of(valid)),
		AlreadyDone:      int(c.AlreadyDone()),
		Rows:             int(c.Finished()),
		Seconds:          math.Round(elapsed.Seconds()*1000) / 1000,
		DryRun:           dryRun,
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
	skippedPart := "skipped " + humanize.Comma(int64(s.Skipped))
	if s.DuplicatesInFile > 0 {
		skippedPart += " (" + humanize.Comma(int64(s.DuplicatesInFile)) + " repeating an earlier row)"
	}
	switch {
	case !s.DryRun:
		parts = []string{"created " + humanize.Comma(int64(s.Created)), "updated " + humanize.Comma(int64(s.Updated)),
			skippedPart, "failed " + humanize.Comma(int64(s.Failed))}
	case s.Skipped > 0:
		parts = []string{"valid " + humanize.Comma(int64(s.Valid)), skippedPart, "failed " + humanize.Comma(int64(s.Failed))}
	default:
		parts = []string{"valid " + humanize.Comma(int64(s.Valid)), "failed " + humanize.Comma(int64(s.Failed))}
	}
	if s.AlreadyDone > 0 {
		parts = append(parts, "already done "+humanize.Comma(int64(s.AlreadyDone)))
	}
	line := fmt.Sprintf("%s in %.1fs (%s)", strings.Join(parts, " · "), s.Seconds, bulk.FormatRate(s.RowsPerSecond, "rows"))
	if s.DryRun {
		line = "dry run: " + line + "; nothing was written"
	}
	return line
}
