package bulk

import (
	"fmt"
	"strconv"
)

// LineLedger is a journal keyed by the input's line numbers, for runs that
// may do a row again when they cannot tell whether an earlier run did it
// (an import, whose resend of a created contact only meets a duplicate).
// Its records:
//
//	d 640      rows up to line 640 may have been sent (written before they are)
//	c 17       line 17 done (a letter of the run's Done: c, u, s for an import)
//	f 18       line 18 failed or was left unsent: certainly not done
//
// A row that a d covers but that has no record after it is "in doubt": it
// was in flight when the run died, and may have been done. The state costs
// one bit per line and kind, so that a journal of ten million lines costs a
// little over a megabyte; line numbers past the input's end make the
// journal damaged rather than the state large.
type LineLedger struct {
	j     *Journal
	state *LineState
	// done is the record letter of each outcome that finishes a row.
	done map[Outcome]byte
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
	return l.j.WriteNow(recDispatched, strconv.Itoa(lastLine))
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
	// lastMark is the d of the run being read, for clearing the failures
	// that its rows were sent again after.
	lastMark int
}

// Apply takes one record; a line number must be within the input.
func (s *LineState) Apply(letter byte, key, value string) error {
	if letter == RecRun {
		s.lastMark = 0
		return nil
	}
	if value != "" {
		return fmt.Errorf("a line record has no value")
	}
	line, err := keyLine(key, s.lines)
	if err != nil {
		return err
	}
	switch {
	case letter == recDispatched:
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
