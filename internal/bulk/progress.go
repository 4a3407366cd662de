package bulk

import (
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"github.com/convo-cli/convo/internal/english"
)

// Feedback is how a run shows its progress on standard error.
type Feedback int

const (
	// FeedbackNone shows nothing (--quiet).
	FeedbackNone Feedback = iota
	// FeedbackBar draws a progress bar: for a terminal.
	FeedbackBar
	// FeedbackLines prints a line every ProgressInterval: for logs.
	FeedbackLines
)

// Progress shows how far a run is. The total is the input's lines less
// the header's, known before the run starts (see Scan), so an estimate
// when quoted cells hold line breaks.
type Progress struct {
	out      io.Writer
	counts   *Counters
	start    time.Time
	total    atomic.Int64 // 0: unknown
	interval time.Duration
	mode     Feedback
	// note says why the run is not moving, when it waits on purpose.
	note atomic.Pointer[string]
	// writing keeps the lines of the display and of Note apart.
	writing sync.Mutex

	stopOnce sync.Once
	// complete says, once quit is closed, that the run read its input to
	// the end: the bar ends full, at the rows done.
	complete bool
	quit     chan struct{}
	done     chan struct{}
}

// barRefresh is how often the bar takes the counters.
const barRefresh = 150 * time.Millisecond

// StartProgress starts showing progress in mode: the rows counts has done
// of total (0 when unknown), a line every interval with FeedbackLines.
func StartProgress(mode Feedback, out io.Writer, counts *Counters, total int64, interval time.Duration) *Progress {
	p := &Progress{out: out, counts: counts, start: time.Now(), interval: interval, mode: mode,
		quit: make(chan struct{}), done: make(chan struct{})}
	p.total.Store(total)
	switch mode {
	case FeedbackNone:
		close(p.done)
	case FeedbackBar:
		go p.runBar()
	default:
		go p.runLines()
	}
	return p
}

// Stop ends the display and waits until it has drawn its last state:
// complete says the run went through its whole input, so that the rows
// done are the total, whatever the estimate said (rows of empty cells,
// cells holding line breaks); otherwise (stopped, interrupted) the display
// ends where the run did.
func (p *Progress) Stop(complete bool) {
	p.stopOnce.Do(func() {
		select {
		case <-p.done:
		default:
			p.complete = complete
			close(p.quit)
		}
	})
	<-p.done
}

// Note says why the run does not move while it waits on purpose ("waiting
// until 09:00: outside the window"); "" when it goes on again. The bar
// shows it after its counts; a line is printed at once with it.
func (p *Progress) Note(s string) {
	if old := p.note.Swap(&s); old != nil && *old == s {
		return
	}
	if s != "" && p.mode == FeedbackLines {
		p.printLine()
	}
}

// done is the rows dealt with, earlier runs' included.
func (p *Progress) doneRows() int64 { return p.counts.AlreadyDone() + p.counts.Finished() }

// rate is this run's rows per second so far.
func (p *Progress) rate() float64 {
	secs := time.Since(p.start).Seconds()
	if secs <= 0 {
		return 0
	}
	return float64(p.counts.Finished()) / secs
}

// eta is the time left at the current rate, or "" when unknown.
func (p *Progress) eta() string {
	total, done, rate := p.total.Load(), p.doneRows(), p.rate()
	if total <= done || rate <= 0 {
		return ""
	}
	return (time.Duration(float64(total-done)/rate) * time.Second).Round(time.Second).String()
}

func (p *Progress) runBar() {
	defer close(p.done)
	bars := mpb.New(mpb.WithOutput(p.out), mpb.WithAutoRefresh(), mpb.WithWidth(100))
	// A bar made with a total completes only when it reaches it, and
	// waiting for it would never end when the estimate was high: made
	// without one, the total is set after, and the end said by Stop.
	bar := bars.New(0, mpb.BarStyle(),
		// The texts read the counters themselves, so that they agree with
		// each other between the bar's refreshes.
		mpb.PrependDecorators(decor.Any(func(decor.Statistics) string { return p.counter() }, decor.WCSyncSpaceR)),
		mpb.AppendDecorators(decor.Any(func(decor.Statistics) string { return p.tail() })),
	)
	bar.SetTotal(p.total.Load(), false)
	tick := time.NewTicker(barRefresh)
	defer tick.Stop()
	for stopped := false; !stopped; {
		bar.SetCurrent(p.doneRows())
		select {
		case <-tick.C:
		case <-p.quit:
			stopped = true
		}
	}
	done := p.doneRows()
	bar.SetCurrent(done)
	if p.complete {
		p.total.Store(done)
		bar.SetTotal(-1, true)
	} else {
		bar.Abort(false) // drawn as it stands
	}
	bars.Wait()
}

// tail is what follows the bar: speed, time left, failures so far.
func (p *Progress) tail() string {
	if n := p.note.Load(); n != nil && *n != "" {
		return *n
	}
	parts := []string{FormatRate(p.rate(), "rows")}
	if eta := p.eta(); eta != "" {
		parts = append(parts, "ETA "+eta)
	}
	if n := p.counts.Of(Failed); n > 0 {
		parts = append(parts, english.Comma(n)+" failed")
	}
	return strings.Join(parts, " · ")
}

func (p *Progress) runLines() {
	defer close(p.done)
	tick := time.NewTicker(p.interval)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			p.printLine()
		case <-p.quit:
			return
		}
	}
}

// counter is "done / total rows", or "done rows" while the total is unknown.
func (p *Progress) counter() string {
	done, total := p.doneRows(), p.total.Load()
	if total < done || total == 0 {
		return english.Comma(done) + " rows"
	}
	return english.Comma(done) + " / " + english.Comma(total) + " rows"
}

func (p *Progress) printLine() {
	p.writing.Lock()
	defer p.writing.Unlock()
	fmt.Fprintln(p.out, p.line())
}

// line is the periodic progress line for logs.
func (p *Progress) line() string {
	done, total := p.doneRows(), p.total.Load()
	s := "progress: " + english.Comma(done)
	if total >= done && total > 0 {
		s += fmt.Sprintf(" of ~%s rows (%d%%)", english.Comma(total), done*100/total)
	} else {
		s += " rows"
	}
	return s + " · " + p.tail()
}

// FormatRate writes a rate per second for people: "243 rows/s", with
// thousands separators, and with one decimal below 10 ("9.5 msg/s", "1.0
// rows/s"), where a whole number would hide how slow it is and "1 rows/s"
// would read wrong.
func FormatRate(perSecond float64, unit string) string {
	if perSecond < 9.95 {
		return fmt.Sprintf("%.1f %s/s", perSecond, unit)
	}
	return fmt.Sprintf("%s %s/s", english.Comma(int64(math.Round(perSecond))), unit)
}
