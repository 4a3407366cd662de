package output

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/convo-cli/convo/internal/safetext"
)

// printer is what every format needs: the streams, the resolved options,
// the resource and, for table/plain/csv, its columns.
type printer struct {
	ios  *IOStreams
	opts Options
	spec Spec
	cols []Column
	// page holds a list's output until the page ends (ListPrinter.Flush):
	// one write per page instead of one per item, which with 100-item pages
	// of NDJSON was a hundred times the system calls.
	page *bytes.Buffer
}

func newPrinter(ios *IOStreams, opts Options, spec Spec) (*printer, error) {
	if err := opts.Resolve(ios); err != nil {
		return nil, err
	}
	if err := spec.ValidateFields(opts.Fields); err != nil {
		return nil, err
	}
	p := &printer{ios: ios, opts: opts, spec: spec}
	switch opts.Format {
	case Table, Plain, CSV:
		p.cols = spec.columns(opts.Fields)
		table := opts.Format == Table
		p.cols = slices.DeleteFunc(slices.Clone(p.cols), func(c Column) bool { return c.TableOnly && !table || c.DataOnly && table })
		if len(p.cols) == 0 {
			return nil, usageErrorf("--output %s needs --fields for this command", opts.Format)
		}
	}
	return p, nil
}

// documentStyle is the layout of a JSON document for the reader: indented
// on a terminal, compact in a pipe, coloured when colour is on.
func (p *printer) documentStyle() jsonStyle {
	style := jsonStyle{indent: p.ios.IsStdoutTTY()}
	if p.ios.ColorEnabled() {
		style.color = p.ios.ColorScheme()
	}
	return style
}

// keep applies --fields to an item bound for json, ndjson or yaml.
func (p *printer) keep(item json.RawMessage) json.RawMessage {
	return Project(item, p.opts.Fields)
}

// cellFormat is the format a row of cells is rendered for.
type cellFormat int

const (
	cellsTable cellFormat = iota // relative times, one line, controls as visible escapes
	cellsPlain                   // values as written, one line, controls as visible escapes
	cellsCSV                     // values as written, encoded by the csv sink
)

// cells renders an item's columns. Text from the API is shown, never
// obeyed: a table or plain cell is safetext.Line of the value, on a
// terminal and in a pipe alike (a pipe into less -R or head ends at a
// terminal too).
func (p *printer) cells(item json.RawMessage, format cellFormat) []string {
	top := fieldsOf(item)
	now := p.ios.now()
	human := format == cellsTable
	row := make([]string, len(p.cols))
	for i, c := range p.cols {
		if c.Show != nil && format == cellsTable {
			row[i] = safetext.Line(c.Show(item))
			continue
		}
		raw, _ := lookup(top, c.Path)
		if format == cellsCSV {
			row[i] = listCellText(raw, c.Kind, human, now, CSVListSeparator)
			continue
		}
		row[i] = safetext.Line(cellText(raw, c.Kind, human, now))
	}
	return row
}

func (p *printer) write(b []byte) error {
	if _, err := p.out().Write(b); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// out is where output goes: the page buffer of a list, else the streams'
// Out (read at each write: a pager may have replaced it).
func (p *printer) out() io.Writer {
	if p.page != nil {
		return p.page
	}
	return p.ios.Out
}

// flushPage writes out what a list printed since the last page ended.
func (p *printer) flushPage() error {
	if p.page == nil || p.page.Len() == 0 {
		return nil
	}
	_, err := p.ios.Out.Write(p.page.Bytes())
	p.page.Reset()
	if err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// listSink is one format's way of printing a list.
type listSink interface {
	add(item json.RawMessage) error
	flush() error
	close(count int) error
}

// ListPrinter prints a list as its items arrive, page by page, holding no
// more than the table's current page (or, for --jq/--template in json mode,
// the whole list: see NewList).
type ListPrinter struct {
	p      *printer
	sink   listSink
	count  int
	closed bool
	// paged is set by the first Flush: a page of the list has arrived.
	paged bool
}

// NewList starts printing a list of spec's resource. Options are resolved
// (and validated) when the caller has not done so.
//
// Each format streams, a page at a time: json writes "[" and the items,
// ndjson and plain a line per item, csv a row, yaml a sequence entry, the
// table its rows, and every Flush writes out what the page printed. The one
// exception is --jq or --template in json mode: they apply to the whole
// array, so the list is buffered until Close (or Abort).
func NewList(ios *IOStreams, opts Options, spec Spec) (*ListPrinter, error) {
	p, err := newPrinter(ios, opts, spec)
	if err != nil {
		return nil, err
	}
	return p.list(), nil
}

func (p *printer) list() *ListPrinter {
	p.page = new(bytes.Buffer)
	var sink listSink
	switch p.opts.Format {
	case Table:
		sink = newTableSink(p)
	case Plain:
		sink = &plainSink{p: p}
	case JSON:
		if p.opts.hasProgram() {
			sink = &documentSink{p: p}
		} else {
			sink = &arraySink{p: p, style: p.documentStyle()}
		}
	case NDJSON:
		sink = &ndjsonSink{p: p}
	case CSV:
		sink = &csvSink{p: p, w: csv.NewWriter(p.page)}
	case YAML:
		sink = &yamlSink{p: p}
	}
	return &ListPrinter{p: p, sink: sink}
}

// Add prints (or, for the table, buffers) one item: the raw bytes of an
// element of the API's `data` array. It refuses an item that is not valid
// JSON.
func (l *ListPrinter) Add(item json.RawMessage) error {
	if !json.Valid(item) {
		return fmt.Errorf("item %d of the list is not valid JSON", l.count+1)
	}
	return l.AddValid(item)
}

// AddValid is Add for an item known to be valid JSON, such as an item of a
// page the API client has decoded (api.RawPage): it spares Add's check, a
// full pass over the item that was an eighth of the CPU time of
// `convo contacts list --all -o ndjson`.
func (l *ListPrinter) AddValid(item json.RawMessage) error {
	if l.closed {
		return errors.New("add to a closed list printer")
	}
	l.count++
	return l.sink.add(item)
}

// Flush marks a page boundary: the table renders the rows buffered so far,
// and the page's output is written.
func (l *ListPrinter) Flush() error {
	l.paged = true
	err := l.sink.flush()
	return errors.Join(err, l.p.flushPage())
}

// Close finishes the output: the table's last rows, the closing "]" of a
// json array, the --jq or --template run of json mode. When no item was
// added it also says "No <noun> match." on stderr. Closing twice is a no-op.
func (l *ListPrinter) Close() error {
	if l.closed {
		return nil
	}
	l.closed = true
	err := l.sink.close(l.count)
	if err := errors.Join(err, l.p.flushPage()); err != nil {
		return err
	}
	if l.count == 0 {
		NoResults(l.p.ios, l.p.spec.Noun)
	}
	return nil
}

// Abort ends a list that could not be finished, because the run was
// interrupted or a page could not be fetched. When pages had arrived (Flush
// was called), what was printed is ended as Close would end it, so it stays
// well-formed (a json array is closed, a csv file has its header, --jq or
// --template run on the items that arrived; ndjson, plain, yaml and the
// table end after the last whole item), and stderr says that the list is
// incomplete. When the first page failed there is no list: nothing is
// printed. It returns cause, which decides the exit code (130 for an
// interruption), joined with any error of ending the output.
func (l *ListPrinter) Abort(cause error) error {
	if l.closed {
		return cause
	}
	l.closed = true
	if !l.paged {
		return cause
	}
	err := errors.Join(l.sink.close(l.count), l.p.flushPage())
	incomplete(l.p.ios, l.p.spec.Noun, l.count)
	if err != nil {
		return errors.Join(cause, err)
	}
	return cause
}

// Count is the number of items added.
func (l *ListPrinter) Count() int { return l.count }

// PrintObject prints a single resource: the raw bytes of the API's `data`
// object. The table shows it as aligned "HEADER  value" lines.
func PrintObject(ios *IOStreams, opts Options, spec Spec, item json.RawMessage) error {
	p, err := newPrinter(ios, opts, spec)
	if err != nil {
		return err
	}
	if !json.Valid(item) {
		return errors.New("the object to print is not valid JSON")
	}
	switch p.opts.Format {
	case Table:
		return p.printVertical(item)
	case JSON:
		if p.opts.hasProgram() {
			return p.opts.runProgram(ios.Out, p.keep(item), p.documentStyle())
		}
		var b bytes.Buffer
		if err := appendJSON(&b, p.keep(item), p.documentStyle(), 0); err != nil {
			return err
		}
		b.WriteByte('\n')
		return p.write(b.Bytes())
	case YAML:
		return p.writeYAML(p.keep(item), false)
	}
	// plain, ndjson and csv print an object as a list of one.
	l := p.list()
	if err := l.Add(item); err != nil {
		return err
	}
	return l.Close()
}

// plainSink writes tab-separated lines, no header, nothing truncated.
type plainSink struct{ p *printer }

func (s *plainSink) add(item json.RawMessage) error {
	return s.p.write([]byte(strings.Join(s.p.cells(item, cellsPlain), "\t") + "\n"))
}

func (s *plainSink) flush() error    { return nil }
func (s *plainSink) close(int) error { return nil }

// arraySink streams a JSON array: "[" with the first item, "," between
// items, "]" at the end; "[]" for an empty list.
type arraySink struct {
	p       *printer
	style   jsonStyle
	started bool
}

func (s *arraySink) add(item json.RawMessage) error {
	var b bytes.Buffer
	if s.started {
		b.WriteByte(',')
	} else {
		b.WriteByte('[')
		s.started = true
	}
	depth := 0
	if s.style.indent {
		b.WriteString("\n" + jsonIndent)
		depth = 1
	}
	if err := appendJSON(&b, s.p.keep(item), s.style, depth); err != nil {
		return err
	}
	return s.p.write(b.Bytes())
}

func (s *arraySink) flush() error { return nil }

func (s *arraySink) close(int) error {
	switch {
	case !s.started:
		return s.p.write([]byte("[]\n"))
	case s.style.indent:
		return s.p.write([]byte("\n]\n"))
	default:
		return s.p.write([]byte("]\n"))
	}
}

// documentSink collects the array for --jq or --template in json mode,
// which see the whole list as one document.
type documentSink struct {
	p   *printer
	buf bytes.Buffer
}

func (s *documentSink) add(item json.RawMessage) error {
	if s.buf.Len() == 0 {
		s.buf.WriteByte('[')
	} else {
		s.buf.WriteByte(',')
	}
	s.buf.Write(s.p.keep(item))
	return nil
}

func (s *documentSink) flush() error { return nil }

func (s *documentSink) close(int) error {
	if s.buf.Len() == 0 {
		s.buf.WriteByte('[')
	}
	s.buf.WriteByte(']')
	return s.p.opts.runProgram(s.p.out(), s.buf.Bytes(), s.p.documentStyle())
}

// ndjsonSink writes one compact item per line, or the results of --jq or
// --template applied to each item. It is never indented or coloured, even on
// a terminal: every line is a record for line-oriented tools.
type ndjsonSink struct{ p *printer }

func (s *ndjsonSink) add(item json.RawMessage) error {
	item = s.p.keep(item)
	if s.p.opts.hasProgram() {
		return s.p.opts.runProgram(s.p.out(), item, jsonStyle{})
	}
	var b bytes.Buffer
	if err := appendJSON(&b, item, jsonStyle{}, 0); err != nil {
		return err
	}
	b.WriteByte('\n')
	return s.p.write(b.Bytes())
}

func (s *ndjsonSink) flush() error    { return nil }
func (s *ndjsonSink) close(int) error { return nil }

// csvSink writes a header row of the column paths, then a row per item,
// values as the API wrote them, each cell encoded by safetext.CSVCell: no
// spreadsheet evaluates it, and convo's import reads back the value. An
// empty list still gets its header, which keeps the file importable.
type csvSink struct {
	p          *printer
	w          *csv.Writer
	headerDone bool
}

func (s *csvSink) writeHeader() error {
	if s.headerDone {
		return nil
	}
	s.headerDone = true
	header := make([]string, len(s.p.cols))
	for i, c := range s.p.cols {
		header[i] = c.Path
	}
	return s.w.Write(safetext.CSVRow(header))
}

func (s *csvSink) add(item json.RawMessage) error {
	if err := s.writeHeader(); err != nil {
		return fmt.Errorf("write csv: %w", err)
	}
	row := s.p.cells(item, cellsCSV)
	if len(row) == 1 && row[0] == "" {
		// encoding/csv writes a lone empty field as an empty line, which CSV
		// readers (encoding/csv among them) skip: the row would be lost.
		// Quoted, it is a record of one empty field.
		if err := s.flush(); err != nil {
			return err
		}
		return s.p.write([]byte("\"\"\n"))
	}
	if err := s.w.Write(safetext.CSVRow(row)); err != nil {
		return fmt.Errorf("write csv: %w", err)
	}
	return s.flush()
}

func (s *csvSink) flush() error {
	s.w.Flush()
	if err := s.w.Error(); err != nil {
		return fmt.Errorf("write csv: %w", err)
	}
	return nil
}

func (s *csvSink) close(int) error {
	if err := s.writeHeader(); err != nil {
		return fmt.Errorf("write csv: %w", err)
	}
	return s.flush()
}

// yamlSink writes a YAML sequence one entry at a time.
type yamlSink struct{ p *printer }

func (s *yamlSink) add(item json.RawMessage) error {
	return s.p.writeYAML(s.p.keep(item), true)
}

func (s *yamlSink) flush() error { return nil }

func (s *yamlSink) close(count int) error {
	if count > 0 {
		return nil
	}
	return s.p.write([]byte("[]\n"))
}
