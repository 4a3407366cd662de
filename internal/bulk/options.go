package bulk

import (
	"io"
	"time"

	"github.com/convo-cli/convo/internal/api"
)

// RunOptions are what every bulk run (contacts import, messages
// broadcast) is told about its input, its journal, its report and its
// pace; each command's options embed them.
type RunOptions struct {
	// Input is the input, fingerprinted (see OpenInput).
	Input *Input
	// Format is the input's format; empty means FormatOf its name, or
	// when that says nothing, JSON Lines if the input starts with "{".
	Format Format
	// Delimiter separates CSV cells; 0 detects "," or ";" from the header.
	Delimiter rune
	// Mappings read columns under other names (--map).
	Mappings []Mapping
	// DefaultCountry reads phone numbers without a country code, e.g. "BR".
	DefaultCountry string

	// Concurrency is the number of workers; below 1 means 4.
	Concurrency int
	// Rate caps requests per second; 0 is no cap.
	Rate float64
	// DryRun checks every row and sends nothing.
	DryRun bool

	// JournalPath is the journal; empty for the default one in JournalDir.
	JournalPath string
	// JournalDir holds the default journals; empty (and no JournalPath)
	// for no journal.
	JournalDir string
	// Restart empties the journal first: every row is done again.
	Restart bool
	// ReportPath receives the failed rows, when any fail;
	// ReportFallbackDir when ReportPath's directory cannot.
	ReportPath, ReportFallbackDir string

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
	// Grace is how long requests in flight may go on after ctx is
	// cancelled; zero means 10 s.
	Grace time.Duration
	// Circuit stops the run when the API keeps failing; zero fields mean
	// DefaultCircuit's.
	Circuit Circuit
}

// rowBackoff spaces the attempts at a row: 200 ms before the second,
// doubling up to 5 s, jittered so that workers that failed together do not
// all come back together.
var rowBackoff = api.Backoff{Base: 200 * time.Millisecond, Max: 5 * time.Second}

// Defaults fills in what was left zero.
func (o *RunOptions) Defaults() {
	if o.ProgressInterval <= 0 {
		o.ProgressInterval = 10 * time.Second
	}
	if o.MaxAttempts < 1 {
		o.MaxAttempts = 10
	}
	if o.Backoff == nil {
		o.Backoff = func(n int) time.Duration { return rowBackoff.Delay(n - 1) }
	}
	if o.Stderr == nil {
		o.Stderr = io.Discard
	}
	if o.Format == "" {
		o.Format = FormatOf(o.Input.Name)
	}
}

// Config is the engine's configuration for a run of these options, with
// its report.
func (o *RunOptions) Config(report *Report) Config {
	return Config{Workers: o.Concurrency, Rate: o.Rate, Circuit: o.Circuit, Grace: o.Grace, Report: report}
}
