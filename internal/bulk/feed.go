package bulk

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// csvFeed is a CSV input as encoding/csv reads it, one whole record at a
// time. It follows the CSV quoting rules to find where each record ends, so
// that it can cut out what encoding/csv would read without bound:
//
//   - a record longer than MaxRecordBytes: when it spans several lines (a
//     quote that never closes swallows the lines after it), its first line
//     fails and the lines after it are read again as records of their own;
//     a single line that long fails and is skipped to its end;
//   - a quote still open at the end of the input: the same, its first line
//     fails and the lines after it are read again.
//
// A record cut out is replaced by an empty line, which encoding/csv skips
// but counts, so that the line numbers it gives stay those of the input; the
// failed records wait in failed, in line order, for CSVSource to merge.
type csvFeed struct {
	src   *bufio.Reader
	delim []byte
	// replay is read before src: the lines after a failed record's first.
	replay []byte
	// line is the number of input lines consumed so far.
	line int

	rec    []byte // the record being gathered
	out    []byte // the bytes ready for encoding/csv
	outPos int

	failed []Record
	err    error // the input's error (io.EOF at its end), for when out is empty
}

func newCSVFeed(src *bufio.Reader, delimiter rune) *csvFeed {
	return &csvFeed{src: src, delim: utf8.AppendRune(nil, delimiter)}
}

func (f *csvFeed) Read(p []byte) (int, error) {
	for f.outPos == len(f.out) {
		if f.err != nil {
			return 0, f.err
		}
		f.gather()
	}
	n := copy(p, f.out[f.outPos:])
	f.outPos += n
	return n, nil
}

// chunk returns the input up to and including its next newline, or less
// when that is further than the read buffer or the input ends.
func (f *csvFeed) chunk() ([]byte, error) {
	if len(f.replay) > 0 {
		n := len(f.replay)
		if i := bytes.IndexByte(f.replay, '\n'); i >= 0 {
			n = i + 1
		}
		c := f.replay[:n]
		f.replay = f.replay[n:]
		return c, nil
	}
	c, err := f.src.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		err = nil
	}
	return c, err
}

// gather reads the next record into out, or an empty line for a record cut out.
func (f *csvFeed) gather() {
	f.rec = f.rec[:0]
	start := f.line + 1
	var q quoteScan
	for {
		c, err := f.chunk()
		f.rec = append(f.rec, c...)
		ended := q.scan(c, f.delim)
		switch {
		case len(f.rec) > MaxRecordBytes:
			f.cutLong(start, ended, err)
			return
		case ended:
			f.line += bytes.Count(f.rec, []byte{'\n'})
			f.ready(f.rec)
			return
		case err != nil:
			f.err = err
			if errors.Is(err, io.EOF) && q.state == inQuoted {
				f.cutFirstLine(start, "unclosed quote: a quoted cell starts on this line and never ends")
				return
			}
			f.ready(f.rec) // the last record, without a newline
			return
		}
	}
}

// ready hands b to encoding/csv.
func (f *csvFeed) ready(b []byte) {
	f.out, f.rec = b, f.out[:0]
	f.outPos = 0
}

// cutLong cuts out the record being gathered, now longer than
// MaxRecordBytes; ended says that its last chunk ends it, err is the error
// that chunk came with.
func (f *csvFeed) cutLong(start int, ended bool, err error) {
	if i := bytes.IndexByte(f.rec, '\n'); i >= 0 && i+1 < len(f.rec) {
		f.cutFirstLine(start, fmt.Sprintf("record longer than %d MiB: a quoted cell starts on this line and does not end within it (an unclosed quote?)", MaxRecordBytes>>20))
		return
	}
	// One line that long: skip to its end.
	for !ended && err == nil {
		var c []byte
		c, err = f.chunk()
		ended = len(c) > 0 && c[len(c)-1] == '\n'
	}
	if err != nil {
		f.err = err
	}
	f.fail(start, nil, fmt.Sprintf("line longer than %d MiB", MaxRecordBytes>>20))
}

// cutFirstLine fails the first line of the record being gathered, which
// the report shows as written, in its first cell, and reads the lines after
// it again, as records of their own.
func (f *csvFeed) cutFirstLine(start int, why string) {
	i := bytes.IndexByte(f.rec, '\n')
	first := f.rec
	if i >= 0 {
		first = f.rec[:i]
	}
	cells := []string{string(bytes.TrimSuffix(first, []byte{'\r'}))}
	if i >= 0 && i+1 < len(f.rec) {
		// A new slice: f.rec is reused for the records read from it.
		f.replay = append(bytes.Clone(f.rec[i+1:]), f.replay...)
		if errors.Is(f.err, io.EOF) {
			f.err = nil // the input ends after the replayed lines
		}
	}
	f.fail(start, cells, why+"; the lines after it are read as rows of their own")
}

// fail records the failed record at line and puts an empty line in its place.
func (f *csvFeed) fail(line int, cells []string, why string) {
	f.failed = append(f.failed, Record{Line: line, Cells: cells, Err: InvalidRecord(errors.New(why))})
	f.line = line
	f.rec = append(f.rec[:0], '\n')
	f.ready(f.rec)
}

// quoteScan follows the quoting of a CSV record, as encoding/csv reads it
// without LazyQuotes, across the chunks of its lines.
type quoteScan struct {
	state quoteState
	// matched is how many bytes of a multi-byte delimiter were seen.
	matched int
}

type quoteState uint8

const (
	atFieldStart quoteState = iota
	inUnquoted
	inQuoted
	// quoteInQuoted: a quote in a quoted cell, which ends it or is the
	// first of a doubled quote.
	quoteInQuoted
	// afterQuoted: a quoted cell ended; a delimiter or the line's end follows.
	afterQuoted
	// badLine: a quoting error; the record ends with the line.
	badLine
)

// scan takes the next chunk of the record and reports whether the record
// ends with it (the chunk then ends with the record's newline).
func (q *quoteScan) scan(chunk, delim []byte) bool {
	for i := 0; i < len(chunk); i++ {
		if q.state == inQuoted {
			// Most of a long quoted cell: skip to its next quote.
			j := bytes.IndexByte(chunk[i:], '"')
			if j < 0 {
				return false
			}
			i += j
		}
		c := chunk[i]
		switch q.state {
		case atFieldStart:
			if c == '"' {
				q.state = inQuoted
				continue
			}
			q.state = inUnquoted
			q.matched = 0
			fallthrough
		case inUnquoted:
			if c == '\n' {
				return true
			}
			q.delimiter(c, delim)
		case inQuoted:
			if c == '"' {
				q.state = quoteInQuoted
			}
		case quoteInQuoted:
			switch c {
			case '"':
				q.state = inQuoted
			case '\n':
				return true
			case '\r':
				q.state, q.matched = afterQuoted, 0
			default:
				q.state, q.matched = afterQuoted, 0
				if !q.delimiter(c, delim) && q.matched == 0 {
					q.state = badLine
				}
			}
		case afterQuoted:
			if c == '\n' {
				return true
			}
			if !q.delimiter(c, delim) && q.matched == 0 {
				q.state = badLine
			}
		case badLine:
			if c == '\n' {
				return true
			}
		}
	}
	return false
}

// delimiter takes c as a possible byte of the delimiter: it reports whether
// c completes one, which starts a new field.
func (q *quoteScan) delimiter(c byte, delim []byte) bool {
	if c != delim[q.matched] {
		q.matched = 0
		if c != delim[0] {
			return false
		}
	}
	q.matched++
	if q.matched == len(delim) {
		q.state, q.matched = atFieldStart, 0
		return true
	}
	return false
}
