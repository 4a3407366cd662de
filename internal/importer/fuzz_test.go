package importer

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"unicode/utf8"
)

// FuzzReader reads arbitrary bytes as CSV (delimiter detected or given) and
// as JSON Lines. The reader never panics and always ends; every record,
// good or bad, names a line of the input (from 1, never past its last
// line, never going back); a bad record says what is wrong; a good CSV
// record has exactly the header's fields. Seeds: testdata/fuzz/FuzzReader.
func FuzzReader(f *testing.F) {
	f.Fuzz(func(t *testing.T, input []byte, delimiter rune) {
		lines := bytes.Count(input, []byte("\n")) + 1
		check := func(format string, src source) {
			last := 0
			for n := 0; ; n++ {
				if n > len(input)+1 {
					t.Fatalf("%s: more records than the input has bytes", format)
				}
				rec, err := src.next()
				if errors.Is(err, io.EOF) {
					return
				}
				if err != nil {
					t.Fatalf("%s: reading from memory failed: %v", format, err)
				}
				if rec.line < 1 || rec.line > lines || rec.line < last {
					t.Fatalf("%s: record at line %d (previous %d, input of %d lines)", format, rec.line, last, lines)
				}
				last = rec.line
				if rec.err != nil && rec.err.Error() == "" {
					t.Fatalf("%s: bad record at line %d without a message", format, rec.line)
				}
				if csv, ok := src.(*csvSource); ok && rec.err == nil && len(rec.cells) != len(csv.header) {
					t.Fatalf("csv: line %d has %d fields, the header %d, and was not reported", rec.line, len(rec.cells), len(csv.header))
				}
			}
		}
		check("jsonl", newJSONLSource(newReader(bytes.NewReader(input))))
		if !validDelimiter(delimiter) {
			delimiter = 0
		}
		if src, err := newCSVSource(newReader(bytes.NewReader(input)), delimiter); err == nil {
			check("csv", src)
		}
	})
}

// validDelimiter is what encoding/csv accepts as Comma (anything else makes
// its Reader fail every read, which the command's flag check prevents).
func validDelimiter(r rune) bool {
	return r != 0 && r != '"' && r != '\r' && r != '\n' && r != utf8.RuneError && utf8.ValidRune(r)
}
