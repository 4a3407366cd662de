package bulk

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
		check := func(format string, src Source) {
			last := 0
			for n := 0; ; n++ {
				if n > len(input)+1 {
					t.Fatalf("%s: more records than the input has bytes", format)
				}
				rec, err := src.Next()
				if errors.Is(err, io.EOF) {
					return
				}
				if err != nil {
					t.Fatalf("%s: reading from memory failed: %v", format, err)
				}
				if rec.Line < 1 || rec.Line > lines || rec.Line < last {
					t.Fatalf("%s: record at line %d (previous %d, input of %d lines)", format, rec.Line, last, lines)
				}
				last = rec.Line
				if rec.Err != nil && rec.Err.Error() == "" {
					t.Fatalf("%s: bad record at line %d without a message", format, rec.Line)
				}
				if csv, ok := src.(*CSVSource); ok && rec.Err == nil && len(rec.Cells) != len(csv.Header) {
					t.Fatalf("csv: line %d has %d fields, the header %d, and was not reported", rec.Line, len(rec.Cells), len(csv.Header))
				}
			}
		}
		check("jsonl", NewJSONLSource(NewReader(bytes.NewReader(input))))
		if !validDelimiter(delimiter) {
			delimiter = 0
		}
		if src, err := NewCSVSource(NewReader(bytes.NewReader(input)), delimiter); err == nil {
			check("csv", src)
		}
	})
}

// validDelimiter is what encoding/csv accepts as Comma (anything else makes
// its Reader fail every read, which the command's flag check prevents).
func validDelimiter(r rune) bool {
	return r != 0 && r != '"' && r != '\r' && r != '\n' && r != utf8.RuneError && utf8.ValidRune(r)
}
