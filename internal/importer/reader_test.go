package importer

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"
)

// readAll reads every record of src.
func readAll(t *testing.T, src source) []record {
	t.Helper()
	var recs []record
	for {
		rec, err := src.next()
		if errors.Is(err, io.EOF) {
			return recs
		}
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
}

func openCSV(t *testing.T, input string, delimiter rune) *csvSource {
	t.Helper()
	src, err := newCSVSource(newReader(strings.NewReader(input)), delimiter)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func TestCSVHeaderAndDelimiter(t *testing.T) {
	tests := []struct {
		name, input string
		delimiter   rune
		header      []string
		first       []string
	}{
		{"comma", "phone,name\n5511988880001,Ana\n", 0, []string{"phone", "name"}, []string{"5511988880001", "Ana"}},
		{"semicolon from a Brazilian spreadsheet", "phone;name;tags\n5511988880001;Ana, a VIP;VIP\n", 0,
			[]string{"phone", "name", "tags"}, []string{"5511988880001", "Ana, a VIP", "VIP"}},
		{"semicolons inside quotes do not count", "\"a;b;c\",phone\nx,5511988880001\n", 0,
			[]string{"a;b;c", "phone"}, []string{"x", "5511988880001"}},
		{"tab", "phone\tname\n5511988880001\tAna\n", 0, []string{"phone", "name"}, []string{"5511988880001", "Ana"}},
		{"byte order mark removed", "\xef\xbb\xbfphone;name\r\n5511988880001;Ana\r\n", 0,
			[]string{"phone", "name"}, []string{"5511988880001", "Ana"}},
		{"single column", "phone\n5511988880001\n", 0, []string{"phone"}, []string{"5511988880001"}},
		{"delimiter given wins", "phone;name,x\n5511988880001;Ana,b\n", ';', []string{"phone", "name,x"}, []string{"5511988880001", "Ana,b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := openCSV(t, tt.input, tt.delimiter)
			if strings.Join(src.header, "|") != strings.Join(tt.header, "|") {
				t.Errorf("header %q, want %q", src.header, tt.header)
			}
			recs := readAll(t, src)
			if len(recs) != 1 || recs[0].err != nil || strings.Join(recs[0].cells, "|") != strings.Join(tt.first, "|") {
				t.Fatalf("records %+v, want one with %q", recs, tt.first)
			}
			if recs[0].line != 2 {
				t.Errorf("line %d, want 2", recs[0].line)
			}
		})
	}
}

func TestCSVLineNumbersAndBadRecords(t *testing.T) {
	input := "phone,name,tags\n" + // 1
		"5511988880001,\"Silva, Ana\",VIP\n" + // 2
		"5511988880002,\"two\nlines\",VIP\n" + // 3-4
		"\n" + // 5: blank, skipped
		"5511988880003,too,many,fields\n" + // 6
		"5511988880004,bad\"quote,x\n" + // 7
		"5511988880005,few\n" + // 8
		"5511988880006,\"ok\",x\n" + // 9
		"5511988880007,\"unclosed,x\n" + // 10
		"5511988880008,y,z\n" // 11, swallowed by the open quote
	recs := readAll(t, openCSV(t, input, 0))
	type want struct {
		line  int
		first string
		err   string
	}
	wants := []want{
		{2, "5511988880001", ""},
		{3, "5511988880002", ""},
		{6, "5511988880003", "has 4 fields, the header has 3"},
		{7, "5511988880004", `bad quoting at line 7, column 18: bare " in non-quoted-field`},
		{8, "5511988880005", "has 2 fields, the header has 3"},
		{9, "5511988880006", ""},
		{10, "5511988880007", "lines 10 to 11 were read as this one record"},
	}
	if len(recs) != len(wants) {
		t.Fatalf("got %d records, want %d: %+v", len(recs), len(wants), recs)
	}
	for i, w := range wants {
		r := recs[i]
		if r.line != w.line || len(r.cells) == 0 || r.cells[0] != w.first {
			t.Errorf("record %d: line %d cells %q, want line %d starting %q", i, r.line, r.cells, w.line, w.first)
		}
		switch {
		case w.err == "" && r.err != nil:
			t.Errorf("line %d: unexpected error %v", r.line, r.err)
		case w.err != "" && (r.err == nil || !strings.Contains(r.err.Error(), w.err)):
			t.Errorf("line %d: error %v, want it to contain %q", r.line, r.err, w.err)
		case w.err != "" && describe(r.err).code != CodeInvalidRecord:
			t.Errorf("line %d: code %q, want %s", r.line, describe(r.err).code, CodeInvalidRecord)
		}
	}
	if got := recs[1].cells[1]; got != "two\nlines" {
		t.Errorf("quoted newline: %q", got)
	}
}

func TestCSVEmptyInput(t *testing.T) {
	for _, input := range []string{"", "\xef\xbb\xbf", "\n\n"} {
		if _, err := newCSVSource(newReader(strings.NewReader(input)), 0); err == nil || !strings.Contains(err.Error(), "header") {
			t.Errorf("%q: error %v, want one about the missing header", input, err)
		}
	}
}

func TestJSONLRecords(t *testing.T) {
	long := `{"phone":"` + strings.Repeat("1", maxJSONLine) + `"}`
	input := "\xef\xbb\xbf{\"phone\":\"5511988880001\"}\n" + // 1
		"\n" + // 2
		"   \r\n" + // 3
		long + "\n" + // 4
		"{\"phone\":\"5511988880002\"}\r\n" + // 5
		"{\"phone\":\"5511988880003\"}" // 6, no newline at the end
	src := newJSONLSource(bufio.NewReaderSize(newReader(strings.NewReader(input)), 16))
	recs := readAll(t, src)
	if len(recs) != 4 {
		t.Fatalf("got %d records: %+v", len(recs), recs)
	}
	lines := []int{1, 4, 5, 6}
	for i, r := range recs {
		if r.line != lines[i] {
			t.Errorf("record %d at line %d, want %d", i, r.line, lines[i])
		}
	}
	if string(recs[0].json) != `{"phone":"5511988880001"}` || string(recs[2].json) != `{"phone":"5511988880002"}` {
		t.Errorf("records %q and %q", recs[0].json, recs[2].json)
	}
	if recs[1].err == nil || !strings.Contains(recs[1].err.Error(), "longer than 1 MiB") || recs[1].json != nil {
		t.Errorf("long line: %+v", recs[1])
	}
}

func TestFormat(t *testing.T) {
	for path, want := range map[string]Format{
		"a.csv": FormatCSV, "A.CSV": FormatCSV, "x.tsv": FormatCSV, "b.jsonl": FormatJSONL, "c.ndjson": FormatJSONL,
		"d.json": "", "-": "", "contatos": "",
	} {
		if got := FormatOf(path); got != want {
			t.Errorf("FormatOf(%q) = %q, want %q", path, got, want)
		}
	}
	for input, want := range map[string]Format{
		"{\"phone\":\"1\"}\n": FormatJSONL, "\xef\xbb\xbf  \n{}": FormatJSONL, "phone,name\n": FormatCSV, "": FormatCSV,
	} {
		if got := sniffFormat(newReader(strings.NewReader(input))); got != want {
			t.Errorf("sniffFormat(%q) = %q, want %q", input, got, want)
		}
	}
}
