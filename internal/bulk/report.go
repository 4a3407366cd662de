package bulk

import (
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// Report is the CSV of failed rows: the line, the row's original cells
// (for JSON Lines the record as written), and why it failed. It holds
// contacts' personal data, so it is written as convo writes its config: to
// a new file of mode 0600 beside the target, renamed over it at the end.
// An existing report, its mode, and a symbolic link planted at its place
// are replaced, never written through. Nothing is created until the first
// failure, so that a clean run leaves no report.
type Report struct {
	path string
	// header is the input's header; nil for JSON Lines.
	header []string
	// fallbackDir receives the report when its own directory cannot (a
	// read-only input directory must not make a run unfinishable).
	fallbackDir string
	warn        func(string)

	tmp  *os.File
	w    *csv.Writer
	rows int
}

// NewReport is the report of failed rows at path; header is the input's
// header (nil for JSON Lines). warn receives the note that the report went
// to fallbackDir instead.
func NewReport(path string, header []string, fallbackDir string, warn func(string)) *Report {
	return &Report{path: path, header: header, fallbackDir: fallbackDir, warn: warn}
}

// Add writes one failed row.
func (r *Report) Add(rec Record, why Failure) error {
	if r.w == nil {
		if err := r.create(); err != nil {
			return err
		}
	}
	row := make([]string, 0, len(r.header)+4)
	row = append(row, strconv.Itoa(rec.Line))
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
	row = append(row, why.Code, why.Field, why.Message)
	r.rows++
	if err := r.w.Write(row); err != nil {
		return fmt.Errorf("write the report %s: %w", r.path, err)
	}
	return nil
}

// create starts the temporary file, beside the report or in the fallback
// directory.
func (r *Report) create() error {
	tmp, err := createBeside(r.path)
	if err != nil && r.fallbackDir != "" {
		fallback := filepath.Join(r.fallbackDir, "reports", filepath.Base(r.path))
		if ftmp, ferr := createBeside(fallback); ferr == nil {
			r.warn(fmt.Sprintf("cannot write the report %s (%v): writing it to %s", r.path, err, fallback))
			r.path, tmp, err = fallback, ftmp, nil
		}
	}
	if err != nil {
		return fmt.Errorf("create the report %s: %w", r.path, err)
	}
	r.tmp, r.w = tmp, csv.NewWriter(tmp)
	cols := []string{"line"}
	if r.header == nil {
		cols = append(cols, "record")
	} else {
		cols = append(cols, r.header...)
	}
	return r.w.Write(append(cols, "code", "field", "message"))
}

// createBeside creates a private temporary file in path's directory.
func createBeside(path string) (*os.File, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(0o600); err != nil {
		_ = f.Close()
		_ = os.Remove(f.Name())
		return nil, err
	}
	return f, nil
}

// Flush hands what was written to the operating system.
func (r *Report) Flush() error {
	if r.w == nil {
		return nil
	}
	r.w.Flush()
	if err := r.w.Error(); err != nil {
		return fmt.Errorf("write the report %s: %w", r.path, err)
	}
	return nil
}

// Close finishes the report and puts it in place. It returns the report's
// path, or "" when no row failed.
func (r *Report) Close() (string, error) {
	if r.w == nil {
		return "", nil
	}
	err := r.Flush()
	if err == nil {
		err = r.tmp.Sync()
	}
	err = errors.Join(err, r.tmp.Close())
	if err == nil {
		err = os.Rename(r.tmp.Name(), r.path)
	}
	if err != nil {
		_ = os.Remove(r.tmp.Name())
		return "", fmt.Errorf("write the report %s: %w", r.path, err)
	}
	return r.path, nil
}
