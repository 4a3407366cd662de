package bulk

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/csv"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/convo-cli/convo/internal/dirs"
	"github.com/convo-cli/convo/internal/safetext"
)

// ReportColumns are the columns a failure report adds after a row's
// cells: where the row is in the input and why it failed. A CSV input
// leaves them out (see CSVSource), so that a report, fixed, can be
// imported again as it is.
var ReportColumns = []string{"error_line", "error_code", "error_field", "error_message"}

// Report is the CSV of failed rows, made to be opened in a spreadsheet,
// fixed and imported again: a UTF-8 byte order mark (without it, Excel
// reads UTF-8 as the machine's code page), the input's delimiter, the
// input's header and each row's original cells (for JSON Lines the record
// as written), then ReportColumns. Every cell is encoded as convo writes
// CSV (safetext.CSVCell): a spreadsheet evaluates none, and CSVSource reads
// back the values. It holds contacts' personal data: it is
// a dirs.PrivateFile. Nothing is created until the first failure, so that a
// clean run leaves no report. Rows are listed in the input's order,
// whatever order the workers finished them in (see Close).
type Report struct {
	path string
	// header is the input's header; nil for JSON Lines.
	header    []string
	delimiter rune
	// fallbackDir receives the report when its own directory cannot (a
	// read-only input directory must not make a run unfinishable).
	fallbackDir string
	warn        func(string)

	tmp *dirs.PrivateFile
	// w encodes one row at a time into row, which is appended to the file
	// at offset, so that where each row is is known.
	w      *csv.Writer
	row    bytes.Buffer
	out    *bufio.Writer
	offset int64
	// rows are the rows written, where they are; sorted says they came in
	// the input's order.
	rows   []reportRow
	sorted bool
}

// reportRow is a row of the report in its file.
type reportRow struct {
	line   int
	offset int64
	size   int
}

// NewReport is the report of failed rows at path, comma-separated; header
// is the input's header (nil for JSON Lines). warn receives the note that
// the report went to fallbackDir instead.
func NewReport(path string, header []string, fallbackDir string, warn func(string)) *Report {
	return &Report{path: path, header: header, delimiter: ',', fallbackDir: fallbackDir, warn: warn}
}

// NewReportOf is NewReport for the rows of src: a CSV input's header and
// delimiter, or the records of JSON Lines.
func NewReportOf(src Source, path, fallbackDir string, warn func(string)) *Report {
	r := NewReport(path, nil, fallbackDir, warn)
	if cs, ok := src.(*CSVSource); ok {
		r.header, r.delimiter = cs.Header, cs.Delimiter
	}
	return r
}

// byteOrderMark starts the report.
const byteOrderMark = "\uFEFF"

// Add writes one failed row.
func (r *Report) Add(rec Record, why Failure) error {
	if r.w == nil {
		if err := r.create(); err != nil {
			return err
		}
	}
	row := make([]string, 0, len(r.header)+len(ReportColumns))
	if r.header == nil {
		row = append(row, string(rec.JSON))
	} else {
		// A record of the wrong width keeps the header's width here, so that
		// the report itself is a regular CSV; its message says how many
		// fields the line had.
		for i := range r.header {
			cell := ""
			if i < len(rec.Cells) {
				cell = rec.Cells[i]
			}
			row = append(row, cell)
		}
	}
	row = append(row, strconv.Itoa(rec.Line), why.Code, why.Field, why.Message)
	if err := r.write(safetext.CSVRow(row)); err != nil {
		return fmt.Errorf("write the report %s: %w", r.path, err)
	}
	if n := len(r.rows); n > 0 && rec.Line < r.rows[n-1].line {
		r.sorted = false
	}
	r.rows = append(r.rows, reportRow{line: rec.Line, offset: r.offset - int64(r.row.Len()), size: r.row.Len()})
	return nil
}

// write appends one row to the file.
func (r *Report) write(cells []string) error {
	r.row.Reset()
	if err := r.w.Write(cells); err != nil {
		return err
	}
	r.w.Flush()
	if err := r.w.Error(); err != nil {
		return err
	}
	n, err := r.out.Write(r.row.Bytes())
	r.offset += int64(n)
	return err
}

// create starts the temporary file, beside the report or in the fallback
// directory.
func (r *Report) create() error {
	tmp, err := dirs.CreatePrivate(r.path)
	if err != nil && r.fallbackDir != "" {
		fallback := filepath.Join(r.fallbackDir, "reports", filepath.Base(r.path))
		if ftmp, ferr := dirs.CreatePrivate(fallback); ferr == nil {
			r.warn(fmt.Sprintf("cannot write the report %s (%v): writing it to %s", r.path, err, fallback))
			r.path, tmp, err = fallback, ftmp, nil
		}
	}
	if err != nil {
		return fmt.Errorf("create the report %s: %w", r.path, err)
	}
	r.tmp, r.out, r.sorted = tmp, bufio.NewWriter(tmp), true
	r.w = csv.NewWriter(&r.row)
	r.w.Comma = r.delimiter
	var cols []string
	if r.header == nil {
		cols = append(cols, "record")
	} else {
		cols = append(cols, r.header...)
	}
	n, err := r.out.WriteString(byteOrderMark)
	r.offset += int64(n)
	if err != nil {
		return fmt.Errorf("write the report %s: %w", r.path, err)
	}
	return r.write(safetext.CSVRow(append(cols, ReportColumns...)))
}

// Flush hands what was written to the operating system.
func (r *Report) Flush() error {
	if r.out == nil {
		return nil
	}
	if err := r.out.Flush(); err != nil {
		return fmt.Errorf("write the report %s: %w", r.path, err)
	}
	return nil
}

// Close finishes the report and puts it in place. It returns the report's
// path, or "" when no row failed. Rows that finished out of the input's
// order (workers side by side) are put in order here: the file is written
// again from where each row is in the first, so that memory holds only
// those places, never the rows.
func (r *Report) Close() (string, error) {
	if r.out == nil {
		return "", nil
	}
	err := r.Flush()
	if err == nil && !r.sorted {
		err = r.reorder()
	}
	if err != nil {
		r.tmp.Discard()
		return "", err
	}
	if err := r.tmp.Commit(); err != nil {
		return "", fmt.Errorf("write the report %s: %w", r.path, err)
	}
	return r.path, nil
}

// reorder writes the rows again in the order of their lines, after the
// header, to a new file that takes the first's place.
func (r *Report) reorder() error {
	slices.SortStableFunc(r.rows, func(a, b reportRow) int { return cmp.Compare(a.line, b.line) })
	sorted, err := dirs.CreatePrivate(r.path)
	if err != nil {
		return fmt.Errorf("write the report %s: %w", r.path, err)
	}
	out := bufio.NewWriter(sorted)
	copyRange := func(offset, size int64) error {
		_, err := io.Copy(out, io.NewSectionReader(r.tmp, offset, size))
		return err
	}
	// The byte order mark and the header are all that comes before the
	// first row written.
	err = copyRange(0, slices.MinFunc(r.rows, func(a, b reportRow) int { return cmp.Compare(a.offset, b.offset) }).offset)
	for _, row := range r.rows {
		if err != nil {
			break
		}
		err = copyRange(row.offset, int64(row.size))
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		sorted.Discard()
		return fmt.Errorf("write the report %s: %w", r.path, err)
	}
	r.tmp.Discard()
	r.tmp = sorted
	return nil
}
