package bulk

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"time"
)

// LineLedger is a journal keyed by the input's line numbers, for runs that
// may do a row again when they cannot tell whether an earlier run did it
// (an import, whose resend of a created contact only meets a duplicate).
// Its records:
//
//	d 640 2026-11-25T14:03:07.250000Z
//	           rows up to line 640 may have been sent from this time on, by
//	           the server's clock (written before they are; the time may be
//	           missing, in journals of earlier versions or when the server's
//	           answers carry no Date)
//	c 17       line 17 done (a letter of the run's Done: c, u, s for an import)
//	f 18       line 18 failed or was left unsent: certainly not done
//
// A row that a d covers but that has no record after it is "in doubt": it
// was in flight when the run died, and may have been done since the time
// of the first d that covered it (DoubtSince). The state costs one bit per
// line and kind, so that a journal of ten million lines costs a little over
// a megabyte, and a time per second of runs; line numbers past the input's
// end make the journal damaged rather than the state large.
type LineLedger struct {
	j     *Journal
	state *LineState
	// done is the record letter of each outcome that finishes a row.
	done map[Outcome]byte
	// ServerTime, when set, is the earliest the server's clock can read
	// now, for the dispatch marks; false when it is not known.
	ServerTime func() (time.Time, bool)
}

// Record letters of a LineLedger.
const (
	recDispatched = 'd'
	recFailed     = 'f'
)

// NewLineState is the state of a line-keyed journal for an input of lines
// lines, whose done letters are done.
func NewLineState(lines int, done map[Outcome]byte) *LineState {
	s := &LineState{lines: lines, doneLetters: map[byte]bool{}}
	for _, l := range done {
		s.doneLetters[l] = true
	}
	return s
}

// NewLineLedger is the ledger of j, opened with state.
func NewLineLedger(j *Journal, state *LineState, done map[Outcome]byte) *LineLedger {
	return &LineLedger{j: j, state: state, done: done}
}

// Admit skips the rows done; the others are in doubt when an earlier run
// sent them without recording what became of them.
func (l *LineLedger) Admit(rec Record) (do, inDoubt bool) {
	if l.state.IsDone(rec.Line) {
		return false, false
	}
	return true, l.state.InDoubt(rec.Line)
}

// Dispatch writes the mark before the batch can be sent.
func (l *LineLedger) Dispatch(lastLine int) error {
	at := ""
	if l.ServerTime != nil {
		if t, ok := l.ServerTime(); ok {
			at = t.UTC().Format(time.RFC3339Nano)
		}
	}
	return l.j.WriteNowValue(recDispatched, strconv.Itoa(lastLine), at)
}

// Take records a finished row: done, or certainly not done. A row that
// failed but may have been done is left in doubt: a later run's duplicate
// answer is this row's own doing.
func (l *LineLedger) Take(r Result) {
	if letter, ok := l.done[r.Outcome]; ok {
		l.j.Add(letter, strconv.Itoa(r.Line), "")
		return
	}
	if (r.Outcome == Failed || r.Outcome == Unfinished) && !r.MaybeDone {
		l.j.Add(recFailed, strconv.Itoa(r.Line), "")
	}
}

// Flush writes the records taken.
func (l *LineLedger) Flush() error { return l.j.Flush() }

// LineState is what earlier runs recorded in a line-keyed journal.
type LineState struct {
	lines       int
	doneLetters map[byte]bool

	done, failed bitset
	// doubtMax is the highest line an earlier run may have sent.
	doubtMax int
	// sent are the times from which the lines were first sent: each from
	// the line of one mark (after the last's) to the next's; marks within a
	// second of the one before are folded into it, keeping its earlier time.
	sent []sentFrom
	// lastMark is the d of the run being read, for clearing the failures
	// that its rows were sent again after.
	lastMark int
}

// sentFrom says that the lines from line on were first sent at or after at
// (zero: not known).
type sentFrom struct {
	line int
	at   time.Time
}

// Apply takes one record; a line number must be within the input.
func (s *LineState) Apply(letter byte, key, value string) error {
	if letter == RecRun {
		s.lastMark = 0
		return nil
	}
	if value != "" && letter != recDispatched {
		return fmt.Errorf("a line record has no value")
	}
	line, err := keyLine(key, s.lines)
	if err != nil {
		return err
	}
	switch {
	case letter == recDispatched:
		var at time.Time
		if value != "" {
			if at, err = time.Parse(time.RFC3339Nano, value); err != nil {
				return fmt.Errorf("%q is no time", value)
			}
		}
		if line > s.doubtMax {
			s.addSent(s.doubtMax+1, at)
		}
		// A run sends every row that is not done, in order: the rows up to
		// this mark were sent again, so an earlier failure of theirs no
		// longer says the API did not do them.
		s.failed.clearRange(s.lastMark+1, line)
		s.lastMark = max(s.lastMark, line)
		s.doubtMax = max(s.doubtMax, line)
	case s.doneLetters[letter]:
		s.done.set(line)
	case letter == recFailed:
		s.failed.set(line)
	default:
		return fmt.Errorf("unknown record %q", letter)
	}
	return nil
}

// addSent records that the lines from line on were first sent at at.
func (s *LineState) addSent(line int, at time.Time) {
	if n := len(s.sent); n > 0 {
		last := s.sent[n-1].at
		if at.IsZero() && last.IsZero() || !at.IsZero() && !last.IsZero() && !at.Before(last) && at.Sub(last) < time.Second {
			return
		}
	}
	s.sent = append(s.sent, sentFrom{line, at})
}

// DoubtSince is the earliest time, by the server's clock, from which an
// earlier run may have sent the row at line: a row in doubt was done by
// that run if it was done after then. false when the journal does not say.
func (s *LineState) DoubtSince(line int) (time.Time, bool) {
	i, _ := slices.BinarySearchFunc(s.sent, line, func(m sentFrom, line int) int { return cmp.Compare(m.line, line+1) })
	if i == 0 || s.sent[i-1].at.IsZero() {
		return time.Time{}, false
	}
	return s.sent[i-1].at, true
}

// Reset forgets every record.
func (s *LineState) Reset() {
	*s = LineState{lines: s.lines, doneLetters: s.doneLetters}
}

// IsDone reports whether an earlier run finished the row at line.
func (s *LineState) IsDone(line int) bool { return s.done.has(line) }

// InDoubt reports whether an earlier run may have done the row at line
// without recording it.
func (s *LineState) InDoubt(line int) bool {
	return line <= s.doubtMax && !s.done.has(line) && !s.failed.has(line)
}

// Failed reports whether an earlier run recorded the row at line as
// certainly not done.
func (s *LineState) Failed(line int) bool { return s.failed.has(line) }

// bitset is a set of line numbers, one bit each.
type bitset []uint64

func (b *bitset) set(i int) {
	w := i / 64
	if w >= len(*b) {
		*b = append(*b, make([]uint64, w+1-len(*b))...)
	}
	(*b)[w] |= 1 << (i % 64)
}

func (b bitset) has(i int) bool {
	w := i / 64
	return i >= 0 && w < len(b) && b[w]&(1<<(i%64)) != 0
}

// clearRange removes every number in [lo, hi].
func (b bitset) clearRange(lo, hi int) {
	lo = max(lo, 0)
	hi = min(hi, len(b)*64-1)
	for i := lo; i <= hi; {
		if i%64 == 0 && i+63 <= hi {
			b[i/64] = 0
			i += 64
			continue
		}
		b[i/64] &^= 1 << (i % 64)
		i++
	}
}
