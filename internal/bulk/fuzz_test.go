package bulk

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
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

// FuzzEncoding scans arbitrary bytes as an input in each encoding, as the
// fingerprinting pass does, in chunks of every size. The verdict (text, or
// not text from which line and why) and the count of lines never depend on
// where the chunks end; a refused input names a line within it, and its
// message is built without panicking; an accepted one reads (one byte at a
// time) as valid UTF-8 with exactly the replacement characters (U+FFFD) it
// holds, for UTF-8 its very bytes, with as many lines as the scan counted.
// Seeds: testdata/fuzz/FuzzEncoding.
func FuzzEncoding(f *testing.F) {
	encodings := []Encoding{EncodingAuto, UTF8, Windows1252, ISO88591, UTF16}
	f.Fuzz(func(t *testing.T, input []byte, which, chunk uint8) {
		enc := encodings[int(which)%len(encodings)]
		whole := newTextScan(enc)
		whole.write(input)
		whole.finish()
		split := newTextScan(enc)
		size := int(chunk)%7 + 1
		for i := 0; i < len(input); i += size {
			split.write(input[i:min(i+size, len(input))])
		}
		split.finish()
		if (whole.bad == nil) != (split.bad == nil) || whole.bad == nil && whole.lines != split.lines || whole.form != split.form {
			t.Fatalf("%s: in one chunk %+v, %d lines; in chunks of %d %+v, %d lines", enc, whole.bad, whole.lines, size, split.bad, split.lines)
		}
		// The census of UTF-8 and other rows is the same in any chunks, and
		// so is the refusal it makes.
		if (whole.census == nil) != (split.census == nil) || whole.census != nil &&
			(!sameSpot(whole.census.utf8, split.census.utf8) || !sameSpot(whole.census.bad, split.census.bad)) {
			t.Fatalf("%s: census in one chunk %+v; in chunks of %d %+v", enc, whole.census, size, split.census)
		}
		readAt := func(offset int64) []byte {
			line, _, _ := bytes.Cut(input[offset:min(offset+512, int64(len(input)))], []byte{'\n'})
			return line
		}
		if a, b := whole.encodingError("in.csv", readAt), split.encodingError("in.csv", readAt); a != b || whole.bad != nil && a == "" {
			t.Fatalf("%s: refused as %q in one chunk, as %q in chunks of %d", enc, a, b, size)
		}
		if b := whole.bad; b != nil {
			if *b != *split.bad {
				t.Fatalf("%s: in one chunk %+v; in chunks of %d %+v", enc, *b, size, *split.bad)
			}
			if b.line < 1 || b.line > bytes.Count(input, []byte{'\n'})+1 || b.at < 0 || b.at >= int64(len(input)) || b.lineAt > b.at {
				t.Fatalf("%s: bad text at %+v in %d bytes", enc, *b, len(input))
			}
			if whole.textError("in.csv", input[b.lineAt:]) == "" {
				t.Fatal("no message")
			}
			return
		}
		text, err := io.ReadAll(iotest.OneByteReader(&textReader{src: bytes.NewReader(input), form: whole.form, skip: whole.bom, raw: make([]byte, 5)}))
		if err != nil {
			t.Fatalf("%s: the scan accepted %q, reading it failed: %v", enc, input, err)
		}
		if !utf8.Valid(text) {
			t.Fatalf("%s: %q read as %q, not UTF-8", enc, input, text)
		}
		held := bytes.Count(input, []byte("\uFFFD"))
		switch whole.form {
		case formUTF8:
			if !bytes.Equal(text, input[whole.bom:]) {
				t.Fatalf("UTF-8 %q read as %q", input, text)
			}
		case formUTF16LE, formUTF16BE:
			held = 0
			for i := whole.bom; i+1 < len(input); i += 2 {
				if input[i] == 0xFD && input[i+1] == 0xFF || input[i] == 0xFF && input[i+1] == 0xFD {
					held++ // either byte order: an upper bound of those held
				}
			}
		default:
			held = 0
		}
		if n := bytes.Count(text, []byte("\uFFFD")); n > held {
			t.Fatalf("%s: %q read as %q, with %d replacement characters where the input held %d", enc, input, text, n, held)
		}
		if lines := bytes.Count(text, []byte{'\n'}); lines != whole.lines && lines+1 != whole.lines {
			t.Fatalf("%s: %d lines scanned, %d read", enc, whole.lines, lines)
		}
	})
}

// FuzzReportReadsBack: any values (controls, bidi characters, backslashes,
// carets, formula prefixes, quotes, bytes that are not UTF-8), written to a
// failure report with any of the delimiters, are read back by CSVSource
// exactly as they were, the header's included: a report, fixed, imports
// again the rows as they were. No cell of the report starts a formula.
func FuzzReportReadsBack(f *testing.F) {
	for _, s := range []string{"=1+1", "+5511987654321", "-1+2", "@SUM(1)", "'=x", "''", "\t=1", "\r=1",
		"\x1b]52;c;cHduZWQ=\x07", "\u009b31m", "\u202egnp.exe", `C:\new\^[`, "^[", "a\nb", "\xff", `\u202e`} {
		f.Add(s, s, byte(0))
	}
	f.Fuzz(func(t *testing.T, column, value string, d byte) {
		if slices.Contains(ReportColumns, strings.ToLower(strings.TrimSpace(column))) {
			t.Skip("a column of the report's own is left out on reading")
		}
		delimiter := []rune{',', ';', '\t'}[int(d)%3]
		r := NewReport(filepath.Join(t.TempDir(), "in.errors.csv"), []string{"phone", column}, "", nil)
		r.delimiter = delimiter
		if err := r.Add(Record{Line: 2, Cells: []string{"1", value}}, Failure{Code: "INVALID", Message: value}); err != nil {
			t.Fatal(err)
		}
		path, err := r.Close()
		if err != nil {
			t.Fatal(err)
		}
		written, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(written, []byte("\ufeff"))))
		cr.Comma = delimiter
		records, err := cr.ReadAll()
		if err != nil {
			t.Fatalf("the report is not CSV: %v\n%q", err, written)
		}
		for _, rec := range records {
			for _, cell := range rec {
				if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
					t.Errorf("cell %q starts a formula:\n%s", cell, written)
				}
			}
		}
		src, err := NewCSVSource(NewReader(bytes.NewReader(written)), delimiter)
		if err != nil {
			t.Fatalf("read the report back: %v\n%q", err, written)
		}
		if want := []string{"phone", column}; !slices.Equal(src.Header, want) {
			t.Errorf("header read back as %q, want %q\n%q", src.Header, want, written)
		}
		rec, err := src.Next()
		if err != nil || rec.Err != nil {
			t.Fatalf("row read back: %v %v\n%q", err, rec.Err, written)
		}
		if want := []string{"1", value}; !slices.Equal(rec.Cells, want) {
			t.Errorf("row read back as %q, want %q\n%q", rec.Cells, want, written)
		}
	})
}

func sameSpot(a, b *badSpot) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }
