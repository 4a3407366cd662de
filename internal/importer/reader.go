package importer

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/convo-cli/convo/internal/clierr"
)

// record is one row of the input as read, before any interpretation.
type record struct {
	// line is the physical line of the input where the record starts, from 1.
	line int
	// cells are a CSV record's fields as read (possibly fewer or more than
	// the header's when the record is malformed).
	cells []string
	// json is a JSON Lines record: the line without its newline.
	json []byte
	// err says what is wrong with a malformed record; the row fails with it
	// and the import goes on.
	err error
}

// source reads the records of an input one at a time; it never holds more
// than one record and its read buffer.
type source interface {
	// next returns the next record, or io.EOF after the last one. Any other
	// error is the input failing to be read, which ends the import.
	next() (record, error)
}

// readBufferSize is the read buffer of both formats, and so the longest
// header line whose delimiter can be detected.
const readBufferSize = 64 << 10

// maxJSONLine bounds one JSON Lines record: the API refuses bodies over 1 MiB.
const maxJSONLine = 1 << 20

// newReader wraps in for reading with the UTF-8 byte order mark that Excel
// writes removed: encoding/csv keeps it, and the first header would never match.
func newReader(in io.Reader) *bufio.Reader {
	br := bufio.NewReaderSize(in, readBufferSize)
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte("\xef\xbb\xbf")) {
		_, _ = br.Discard(3) // the bytes were just peeked: Discard cannot fail
	}
	return br
}

// FormatOf tells an input's format from its file name's extension: .csv,
// .tsv and .txt are CSV; .jsonl, .ndjson and .jsonlines JSON Lines. It
// returns "" for any other name.
func FormatOf(path string) Format {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".csv", ".tsv", ".txt":
		return FormatCSV
	case ".jsonl", ".ndjson", ".jsonlines":
		return FormatJSONL
	}
	return ""
}

// sniffFormat guesses the format of an input of unknown name: JSON Lines
// when its first non-blank character opens an object, CSV otherwise.
func sniffFormat(br *bufio.Reader) Format {
	b, _ := br.Peek(min(br.Size(), 1024)) // a short input peeks what there is
	if t := bytes.TrimLeft(b, " \t\r\n"); len(t) > 0 && t[0] == '{' {
		return FormatJSONL
	}
	return FormatCSV
}

// csvSource reads CSV records after the header.
type csvSource struct {
	r      *csv.Reader
	header []string
}

// newCSVSource reads the header of a CSV input. delimiter 0 means: detect ","
// or ";" (or a tab) from the header line, whichever occurs most outside quotes.
func newCSVSource(br *bufio.Reader, delimiter rune) (*csvSource, error) {
	if delimiter == 0 {
		delimiter = detectDelimiter(peekLine(br))
	}
	r := csv.NewReader(br)
	r.Comma = delimiter
	header, err := r.Read()
	switch {
	case errors.Is(err, io.EOF):
		return nil, clierr.InputErrorf("the input is empty: a CSV import needs a header line naming the columns (phone, name, …)")
	case err != nil:
		return nil, clierr.InputErrorf("read the CSV header: %v", err)
	}
	// FieldsPerRecord is now the header's width: a record of another width
	// comes back with ErrFieldCount, and is reported rather than guessed at.
	return &csvSource{r: r, header: header}, nil
}

// peekLine returns the first line of br without consuming it, or as much of
// it as fits in the buffer.
func peekLine(br *bufio.Reader) []byte {
	for n := 512; ; n *= 2 {
		n = min(n, br.Size())
		b, err := br.Peek(n)
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			return b[:i]
		}
		if err != nil || n == br.Size() {
			return b
		}
	}
}

// detectDelimiter picks the separator of a header line: Brazilian and other
// European spreadsheets save with ";", most others with ",".
func detectDelimiter(line []byte) rune {
	counts := map[byte]int{}
	quoted := false
	for _, c := range line {
		switch {
		case c == '"':
			quoted = !quoted
		case !quoted && (c == ',' || c == ';' || c == '\t'):
			counts[c]++
		}
	}
	best := byte(',')
	for _, c := range []byte{';', '\t'} {
		if counts[c] > counts[best] {
			best = c
		}
	}
	return rune(best)
}

func (s *csvSource) next() (record, error) {
	cells, err := s.r.Read()
	if errors.Is(err, io.EOF) {
		return record{}, io.EOF
	}
	var perr *csv.ParseError
	if errors.As(err, &perr) {
		return record{line: perr.StartLine, cells: cells, err: invalidRecord(csvProblem(perr, len(cells), len(s.header)))}, nil
	}
	if err != nil {
		return record{}, fmt.Errorf("read the input: %w", err)
	}
	line, _ := s.r.FieldPos(0)
	return record{line: line, cells: cells}, nil
}

// csvProblem words a CSV parse error for the failure report.
func csvProblem(perr *csv.ParseError, got, want int) error {
	if errors.Is(perr.Err, csv.ErrFieldCount) {
		return fmt.Errorf("has %d fields, the header has %d", got, want)
	}
	msg := fmt.Sprintf("bad quoting at line %d, column %d: %v", perr.Line, perr.Column, perr.Err)
	if perr.Line > perr.StartLine {
		// An unclosed quote swallows the lines after it into this record.
		msg += fmt.Sprintf(" (lines %d to %d were read as this one record)", perr.StartLine, perr.Line)
	}
	return errors.New(msg)
}

// jsonlSource reads JSON Lines: one object per line, blank lines ignored.
type jsonlSource struct {
	br   *bufio.Reader
	line int
	buf  []byte
}

func newJSONLSource(br *bufio.Reader) *jsonlSource {
	return &jsonlSource{br: br}
}

func (s *jsonlSource) next() (record, error) {
	for {
		text, tooLong, err := s.readLine()
		if err != nil && !errors.Is(err, io.EOF) {
			return record{}, fmt.Errorf("read the input: %w", err)
		}
		if len(text) == 0 && errors.Is(err, io.EOF) && !tooLong {
			return record{}, io.EOF
		}
		s.line++
		if tooLong {
			return record{line: s.line, err: invalidRecord(fmt.Errorf("line longer than %d MiB", maxJSONLine>>20))}, nil
		}
		text = bytes.TrimSpace(text)
		if len(text) == 0 {
			continue
		}
		return record{line: s.line, json: bytes.Clone(text)}, nil
	}
}

// readLine returns the next line without its newline. A line over
// maxJSONLine is skipped to its end and reported as too long, so that one
// bad line never costs more memory than the limit.
func (s *jsonlSource) readLine() (text []byte, tooLong bool, err error) {
	s.buf = s.buf[:0]
	for {
		chunk, err := s.br.ReadSlice('\n')
		if !tooLong {
			if len(s.buf)+len(chunk) > maxJSONLine+1 {
				tooLong, s.buf = true, s.buf[:0]
			} else {
				s.buf = append(s.buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			return nil, true, err
		}
		return bytes.TrimSuffix(s.buf, []byte("\n")), false, err
	}
}
