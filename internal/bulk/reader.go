package bulk

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/safetext"
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

// Record is one row of the input as read, before any interpretation.
type Record struct {
	// Line is the physical line of the input where the record starts, from 1.
	Line int
	// Cells are a CSV record's fields as read (possibly fewer or more than
	// the header's when the record is malformed).
	Cells []string
	// JSON is a JSON Lines record: the line without its newline.
	JSON []byte
	// Err says what is wrong with a malformed record (an *RowError); the
	// row fails with it and the run goes on.
	Err error
}

// Source reads the records of an input one at a time; it never holds more
// than one record and its read buffers, each bounded by MaxRecordBytes.
type Source interface {
	// Next returns the next record, or io.EOF after the last one. Any other
	// error is the input failing to be read, which ends the run.
	Next() (Record, error)
}

// readBufferSize is the read buffer of both formats, and so the longest
// header line whose delimiter can be detected.
const readBufferSize = 64 << 10

// MaxRecordBytes bounds one record of an input: a CSV record (line breaks in
// quoted cells included) or a JSON line. The API refuses request bodies
// over 1 MiB, so no row beyond it could be sent anyway; a longer record
// fails alone, with its line numbers, and reading goes on after it.
const MaxRecordBytes = 1 << 20

// NewReader wraps in for reading with the UTF-8 byte order mark that Excel
// writes removed: encoding/csv keeps it, and the first header would never match.
func NewReader(in io.Reader) *bufio.Reader {
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

// SniffFormat guesses the format of an input of unknown name: JSON Lines
// when its first non-blank character opens an object, CSV otherwise.
func SniffFormat(br *bufio.Reader) Format {
	b, _ := br.Peek(min(br.Size(), 1024)) // a short input peeks what there is
	if t := bytes.TrimLeft(b, " \t\r\n"); len(t) > 0 && t[0] == '{' {
		return FormatJSONL
	}
	return FormatCSV
}

// NewSource reads in as format, or as SniffFormat sees it when format is
// empty: JSON Lines, or CSV from its header on (see NewCSVSource).
func NewSource(in io.Reader, format Format, delimiter rune) (Source, error) {
	br := NewReader(in)
	if format == "" {
		format = SniffFormat(br)
	}
	if format == FormatJSONL {
		return NewJSONLSource(br), nil
	}
	cs, err := NewCSVSource(br, delimiter)
	if err != nil {
		return nil, err
	}
	return cs, nil
}

// CSVSource reads CSV records after the header. Records are cut by a
// csvFeed, which bounds them, and parsed by encoding/csv; every cell, the
// header's included, is then decoded as convo writes CSV (parseCells), so
// that an export or a failure report reads back exactly what was written.
//
// Two things a spreadsheet leaves are not records: a row whose cells are
// all empty or blank (the ";;;" rows Excel writes after the data) is
// skipped, and the columns of a failure report (ReportColumns), which a
// report imported again has, are left out of the header and of every
// record, so that they are never taken for data nor written twice to the
// report of a report.
type CSVSource struct {
	r    *csv.Reader
	feed *csvFeed
	// Header is the input's first record, without the report's columns.
	Header []string
	// Delimiter separates the cells.
	Delimiter rune
	// width is the number of cells of the input's header; keep the indices
	// of those in Header, nil when they are all there.
	width int
	keep  []int

	// next is the record encoding/csv gave that is not returned yet,
	// because a failed record of the feed comes before it.
	next    Record
	hasNext bool
	eof     bool
}

// NewCSVSource reads the header of a CSV input. delimiter 0 means: detect ","
// or ";" (or a tab) from the header line, whichever occurs most outside quotes.
func NewCSVSource(br *bufio.Reader, delimiter rune) (*CSVSource, error) {
	if delimiter == 0 {
		delimiter = detectDelimiter(peekLine(br))
	}
	feed := newCSVFeed(br, delimiter)
	r := csv.NewReader(feed)
	r.Comma = delimiter
	header, err := r.Read()
	if len(feed.failed) > 0 {
		// The header itself was cut out: too long, or an unclosed quote.
		first := feed.failed[0]
		if err != nil {
			return nil, clierr.InputErrorf("read the CSV header: %v", first.Err)
		}
		if line, _ := r.FieldPos(0); first.Line < line {
			return nil, clierr.InputErrorf("read the CSV header: %v", first.Err)
		}
	}
	switch {
	case errors.Is(err, io.EOF):
		return nil, clierr.InputErrorf("the input is empty: a CSV import needs a header line naming the columns (phone, name, …)")
	case err != nil:
		return nil, clierr.InputErrorf("read the CSV header: %v", err)
	}
	// FieldsPerRecord is now the header's width: a record of another width
	// comes back with ErrFieldCount, and is reported rather than guessed at.
	s := &CSVSource{r: r, feed: feed, Delimiter: delimiter, width: len(header)}
	for i, h := range header {
		if slices.Contains(ReportColumns, strings.ToLower(strings.TrimSpace(h))) {
			if s.keep == nil {
				s.keep = make([]int, i, len(header))
				for j := range i {
					s.keep[j] = j
				}
			}
			continue
		}
		if s.keep != nil {
			s.keep = append(s.keep, i)
		}
	}
	s.Header = parseCells(s.project(header))
	return s, nil
}

// project leaves the report's columns out of cells.
func (s *CSVSource) project(cells []string) []string {
	if s.keep == nil {
		return cells
	}
	out := make([]string, 0, len(s.keep))
	for _, i := range s.keep {
		if i < len(cells) {
			out = append(out, cells[i])
		}
	}
	return out
}

// parseCells decodes, in place, cells written as convo writes CSV
// (safetext.CSVCell): the escapes of control characters, and the quote that
// keeps a spreadsheet from evaluating a cell. A cell of a hand-made file,
// which holds neither, is left as it is.
func parseCells(cells []string) []string {
	for i, c := range cells {
		cells[i] = safetext.ParseCSVCell(c)
	}
	return cells
}

// blank reports whether every cell is empty or spaces.
func blank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
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

// Next returns the records in the order of their lines: those encoding/csv
// parsed, and those the feed cut out as failed.
func (s *CSVSource) Next() (Record, error) {
	if !s.hasNext && !s.eof {
		rec, err := s.read()
		switch {
		case errors.Is(err, io.EOF):
			s.eof = true
		case err != nil:
			return Record{}, err
		default:
			s.next, s.hasNext = rec, true
		}
	}
	if f := s.feed.failed; len(f) > 0 && (!s.hasNext || f[0].Line < s.next.Line) {
		rec := f[0]
		s.feed.failed = f[1:]
		return rec, nil
	}
	if s.hasNext {
		s.hasNext = false
		return s.next, nil
	}
	return Record{}, io.EOF
}

// read parses the next record of encoding/csv that is not blank.
func (s *CSVSource) read() (Record, error) {
	for {
		cells, err := s.r.Read()
		if errors.Is(err, io.EOF) {
			return Record{}, io.EOF
		}
		var perr *csv.ParseError
		if errors.As(err, &perr) && errors.Is(perr.Err, csv.ErrFieldCount) && blank(cells) {
			continue // ";;" under a header of four columns is as empty as ";;;"
		}
		if errors.As(err, &perr) {
			return Record{Line: perr.StartLine, Cells: parseCells(s.project(cells)), Err: InvalidRecord(csvProblem(perr, len(cells), s.width))}, nil
		}
		if err != nil {
			return Record{}, fmt.Errorf("read the input: %w", err)
		}
		if blank(cells) {
			continue
		}
		line, _ := s.r.FieldPos(0)
		return Record{Line: line, Cells: parseCells(s.project(cells))}, nil
	}
}

// csvProblem words a CSV parse error for the failure report.
func csvProblem(perr *csv.ParseError, got, want int) error {
	if errors.Is(perr.Err, csv.ErrFieldCount) {
		return fmt.Errorf("has %d fields, the header has %d", got, want)
	}
	msg := fmt.Sprintf("bad quoting at line %d, column %d: %v", perr.Line, perr.Column, perr.Err)
	if perr.Line > perr.StartLine {
		msg += fmt.Sprintf(" (lines %d to %d were read as this one record)", perr.StartLine, perr.Line)
	}
	return errors.New(msg)
}

// JSONLSource reads JSON Lines: one object per line, blank lines ignored.
type JSONLSource struct {
	br   *bufio.Reader
	line int
	buf  []byte
}

// NewJSONLSource reads JSON Lines from br.
func NewJSONLSource(br *bufio.Reader) *JSONLSource {
	return &JSONLSource{br: br}
}

// Next returns the next non-blank line.
func (s *JSONLSource) Next() (Record, error) {
	for {
		text, tooLong, err := s.readLine()
		if err != nil && !errors.Is(err, io.EOF) {
			return Record{}, fmt.Errorf("read the input: %w", err)
		}
		if len(text) == 0 && errors.Is(err, io.EOF) && !tooLong {
			return Record{}, io.EOF
		}
		s.line++
		if tooLong {
			return Record{Line: s.line, Err: InvalidRecord(fmt.Errorf("line longer than %d MiB", MaxRecordBytes>>20))}, nil
		}
		text = bytes.TrimSpace(text)
		if len(text) == 0 {
			continue
		}
		return Record{Line: s.line, JSON: bytes.Clone(text)}, nil
	}
}

// readLine returns the next line without its newline. A line over
// MaxRecordBytes is skipped to its end and reported as too long, so that one
// bad line never costs more memory than the limit.
func (s *JSONLSource) readLine() (text []byte, tooLong bool, err error) {
	s.buf = s.buf[:0]
	for {
		chunk, err := s.br.ReadSlice('\n')
		if !tooLong {
			if len(s.buf)+len(chunk) > MaxRecordBytes+1 {
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
