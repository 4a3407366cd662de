package importer

import (
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"
)

// DefaultReportPath is where failed rows are reported when --report is not
// given: next to the input, the input's name followed by .errors.csv
// (contatos.csv → contatos.csv.errors.csv, so that lista.csv and lista.jsonl
// never share one); for standard input (path "") in the current directory,
// named after the time of the run.
func DefaultReportPath(path string, now time.Time) string {
	if path == "" {
		return "import-" + now.Format("20060102-150405") + ".errors.csv"
	}
	return path + ".errors.csv"
}

// report is the CSV of failed rows: the line, the row's original cells
// (for JSON Lines the record as written), and why it failed. The file is
// created with the first failure, so that a clean run leaves none.
type report struct {
	path string
	// header is the input's header; nil for JSON Lines.
	header []string
	f      *os.File
	w      *csv.Writer
	rows   int
}

func newReport(path string, header []string) *report {
	return &report{path: path, header: header}
}

// add writes one failed row.
func (r *report) add(rec record, why failure) error {
	if r.w == nil {
		if err := r.create(); err != nil {
			return err
		}
	}
	row := make([]string, 0, len(r.header)+4)
	row = append(row, strconv.Itoa(rec.line))
	if r.header == nil {
		row = append(row, string(rec.json))
	} else {
		// A record of the wrong width keeps the header's width here, so that
		// the report itself is a regular CSV; its message says how many
		// fields the line had.
		for i := range r.header {
			cell := ""
			if i < len(rec.cells) {
				cell = rec.cells[i]
			}
			row = append(row, cell)
		}
	}
	row = append(row, why.code, why.field, why.message)
	r.rows++
	if err := r.w.Write(row); err != nil {
		return fmt.Errorf("write the report %s: %w", r.path, err)
	}
	return nil
}

func (r *report) create() error {
	// The report holds contacts' personal data: readable by its owner only.
	f, err := os.OpenFile(r.path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("create the report: %w", err)
	}
	r.f, r.w = f, csv.NewWriter(f)
	cols := []string{"line"}
	if r.header == nil {
		cols = append(cols, "record")
	} else {
		cols = append(cols, r.header...)
	}
	return r.w.Write(append(cols, "code", "field", "message"))
}

// flush hands what was written to the operating system.
func (r *report) flush() error {
	if r.w == nil {
		return nil
	}
	r.w.Flush()
	if err := r.w.Error(); err != nil {
		return fmt.Errorf("write the report %s: %w", r.path, err)
	}
	return nil
}

// close finishes the report; it reports whether one was written.
func (r *report) close() (bool, error) {
	if r.w == nil {
		return false, nil
	}
	err := r.flush()
	return true, errors.Join(err, r.f.Close())
}
