package importer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dustin/go-humanize"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
)

// Feedback is how an import shows its progress on standard error.
type Feedback int

const (
	// FeedbackNone shows nothing (--quiet).
	FeedbackNone Feedback = iota
	// FeedbackBar draws a progress bar: for a terminal.
	FeedbackBar
	// FeedbackLines prints a line every ProgressInterval: for logs.
	FeedbackLines
)

// counters are the running totals, read by the progress display while the
// collector adds to them.
type counters struct {
	created, updated, skipped, failed, valid, alreadyDone atomic.Int64
}

// finished is the rows this run has done with, whatever became of them.
func (c *counters) finished() int64 {
	return c.created.Load() + c.updated.Load() + c.skipped.Load() + c.failed.Load() + c.valid.Load()
}

// progress shows how far the import is. The total is counted in the
// background from the file (newlines, less the header), so it is an
// estimate when quoted cells hold line breaks.
type progress struct {
	out      io.Writer
	counts   *counters
	start    time.Time
	total    atomic.Int64 // 0 while unknown
	interval time.Duration

	stopOnce sync.Once
	quit     chan struct{}
	done     chan struct{}
}

// barRefresh is how often the bar takes the counters.
const barRefresh = 150 * time.Millisecond

// startProgress starts showing progress in mode. path is the input file to
// count the rows of ("" for standard input), headerLines the lines before
// the first row.
func startProgress(mode Feedback, out io.Writer, counts *counters, path string, headerLines int, interval time.Duration) *progress {
	p := &progress{out: out, counts: counts, start: time.Now(), interval: interval,
		quit: make(chan struct{}), done: make(chan struct{})}
	if mode == FeedbackNone {
		close(p.done)
		return p
	}
	if path != "" {
		go func() {
			if n, err := countLines(path); err == nil {
				p.total.Store(max(n-int64(headerLines), 0))
			}
		}()
	}
	if mode == FeedbackBar {
		go p.runBar()
	} else {
		go p.runLines()
	}
	return p
}

// stop ends the display and waits until it has drawn its last state.
func (p *progress) stop() {
	p.stopOnce.Do(func() {
		select {
		case <-p.done:
		default:
			close(p.quit)
		}
	})
	<-p.done
}

// done is the rows dealt with, earlier runs' included.
func (p *progress) doneRows() int64 { return p.counts.alreadyDone.Load() + p.counts.finished() }

// rate is this run's rows per second so far.
func (p *progress) rate() float64 {
	secs := time.Since(p.start).Seconds()
	if secs <= 0 {
		return 0
	}
	return float64(p.counts.finished()) / secs
}

// eta is the time left at the current rate, or "" when unknown.
func (p *progress) eta() string {
	total, done, rate := p.total.Load(), p.doneRows(), p.rate()
	if total <= done || rate <= 0 {
		return ""
	}
	return (time.Duration(float64(total-done)/rate) * time.Second).Round(time.Second).String()
}

func (p *progress) runBar() {
	defer close(p.done)
	bars := mpb.New(mpb.WithOutput(p.out), mpb.WithAutoRefresh(), mpb.WithWidth(100))
	bar := bars.New(0, mpb.BarStyle(),
		// The texts read the counters themselves, so that they agree with
		// each other between the bar's refreshes.
		mpb.PrependDecorators(decor.Any(func(decor.Statistics) string { return p.counter() }, decor.WCSyncSpaceR)),
		mpb.AppendDecorators(decor.Any(func(decor.Statistics) string { return p.tail() })),
	)
	tick := time.NewTicker(barRefresh)
	defer tick.Stop()
	for stopped := false; !stopped; {
		if total := p.total.Load(); total > 0 {
			bar.SetTotal(total, false)
		}
		bar.SetCurrent(p.doneRows())
		select {
		case <-tick.C:
		case <-p.quit:
			stopped = true
		}
	}
	bar.SetCurrent(p.doneRows())
	bar.SetTotal(-1, true) // the count was an estimate: the end is now
	bars.Wait()
}

// tail is what follows the bar: speed, time left, failures so far.
func (p *progress) tail() string {
	parts := []string{fmt.Sprintf("%s rows/s", comma(int64(p.rate())))}
	if eta := p.eta(); eta != "" {
		parts = append(parts, "ETA "+eta)
	}
	if n := p.counts.failed.Load(); n > 0 {
		parts = append(parts, comma(n)+" failed")
	}
	return strings.Join(parts, " · ")
}

func (p *progress) runLines() {
	defer close(p.done)
	tick := time.NewTicker(p.interval)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			fmt.Fprintln(p.out, p.line())
		case <-p.quit:
			return
		}
	}
}

// counter is "done / total rows", or "done rows" while the total is unknown.
func (p *progress) counter() string {
	done, total := p.doneRows(), p.total.Load()
	if total < done || total == 0 {
		return comma(done) + " rows"
	}
	return comma(done) + " / " + comma(total) + " rows"
}

// line is the periodic progress line for logs.
func (p *progress) line() string {
	done, total := p.doneRows(), p.total.Load()
	s := "progress: " + comma(done)
	if total >= done && total > 0 {
		s += fmt.Sprintf(" of ~%s rows (%d%%)", comma(total), done*100/total)
	} else {
		s += " rows"
	}
	return s + " · " + p.tail()
}

func comma(n int64) string { return humanize.Comma(n) }

// countLines counts the lines of the file at path, reading it in chunks:
// a line that does not end in a newline counts too.
func countLines(path string) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	buf := make([]byte, 256<<10)
	var n int64
	last := byte('\n')
	for {
		k, err := f.Read(buf)
		if k > 0 {
			n += int64(bytes.Count(buf[:k], []byte{'\n'}))
			last = buf[k-1]
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return 0, err
		}
	}
	if last != '\n' {
		n++
	}
	return n, nil
}
