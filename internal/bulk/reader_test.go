package bulk

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// readAll reads every record of src.
func readAll(t *testing.T, src Source) []Record {
	t.Helper()
	var recs []Record
	for {
		rec, err := src.Next()
		if errors.Is(err, io.EOF) {
			return recs
		}
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
}

func openCSV(t *testing.T, input string, delimiter rune) *CSVSource {
	t.Helper()
	src, err := NewCSVSource(NewReader(strings.NewReader(input)), delimiter)
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
			if strings.Join(src.Header, "|") != strings.Join(tt.header, "|") {
				t.Errorf("header %q, want %q", src.Header, tt.header)
			}
			recs := readAll(t, src)
			if len(recs) != 1 || recs[0].Err != nil || strings.Join(recs[0].Cells, "|") != strings.Join(tt.first, "|") {
				t.Fatalf("records %+v, want one with %q", recs, tt.first)
			}
			if recs[0].Line != 2 {
				t.Errorf("line %d, want 2", recs[0].Line)
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
		"5511988880008,y,z\n" // 11, read on its own after the quote that never closes
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
		{10, "5511988880007,\"unclosed,x", "unclosed quote: a quoted cell starts on this line and never ends; the lines after it are read as rows of their own"},
		{11, "5511988880008", ""},
	}
	if len(recs) != len(wants) {
		t.Fatalf("got %d records, want %d: %+v", len(recs), len(wants), recs)
	}
	for i, w := range wants {
		r := recs[i]
		if r.Line != w.line || len(r.Cells) == 0 || r.Cells[0] != w.first {
			t.Errorf("record %d: line %d cells %q, want line %d starting %q", i, r.Line, r.Cells, w.line, w.first)
		}
		switch {
		case w.err == "" && r.Err != nil:
			t.Errorf("line %d: unexpected error %v", r.Line, r.Err)
		case w.err != "" && (r.Err == nil || !strings.Contains(r.Err.Error(), w.err)):
			t.Errorf("line %d: error %v, want it to contain %q", r.Line, r.Err, w.err)
		case w.err != "" && Describe(r.Err).Code != CodeInvalidRecord:
			t.Errorf("line %d: code %q, want %s", r.Line, Describe(r.Err).Code, CodeInvalidRecord)
		}
	}
	if got := recs[1].Cells[1]; got != "two\nlines" {
		t.Errorf("quoted newline: %q", got)
	}
}

// The rows a spreadsheet leaves after its data, all cells empty or blank
// whatever their number, are no rows: not returned, so neither failed nor
// counted; the lines of the others stay the input's.
func TestCSVBlankRowsAreSkipped(t *testing.T) {
	input := "phone;name;tags;plano\r\n" + // 1
		"5511988880001;Ana;;\r\n" + // 2
		";;;\r\n" + // 3
		" ; ;\t; \r\n" + // 4
		";;\r\n" + // 5: fewer separators, still empty
		";;;;;\r\n" + // 6: more
		"5511988880002;;;\r\n" + // 7
		";;;x\r\n" + // 8: not empty
		";;;\r\n;;;\r\n" // 9, 10
	recs := readAll(t, openCSV(t, input, 0))
	var got []string
	for _, r := range recs {
		got = append(got, fmt.Sprintf("%d:%s", r.Line, strings.Join(r.Cells, "|")))
	}
	if want := []string{"2:5511988880001|Ana||", "7:5511988880002|||", "8:|||x"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("records %q, want %q", got, want)
	}
}

// A failure report imported again: its error_* columns (in any case) are
// neither in the header nor in the records, and a report of its rows has
// them once, after the input's own cells, with the input's delimiter.
func TestCSVLeavesTheReportColumnsOut(t *testing.T) {
	dir := t.TempDir()
	input := "\uFEFFTelefone;error_line;Nome;ERROR_CODE;error_field;error_message\r\n" +
		"(11) 9876-543;3;Ana;INVALID_VALUE;phone;\"is a digit short\"\r\n" +
		"5511988880002;4;Bia;X;;\r\n"
	src := openCSV(t, input, 0)
	if strings.Join(src.Header, "|") != "Telefone|Nome" || src.Delimiter != ';' {
		t.Fatalf("header %q, delimiter %q", src.Header, src.Delimiter)
	}
	recs := readAll(t, src)
	if len(recs) != 2 || strings.Join(recs[0].Cells, "|") != "(11) 9876-543|Ana" || strings.Join(recs[1].Cells, "|") != "5511988880002|Bia" {
		t.Fatalf("records %+v", recs)
	}
	path := filepath.Join(dir, "again.csv")
	r := NewReportOf(src, path, "", noWarning(t))
	if err := r.Add(recs[0], Failure{"INVALID_VALUE", "phone", "is a digit short"}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Close(); err != nil {
		t.Fatal(err)
	}
	checkFile(t, path,
		"\uFEFFTelefone;Nome;error_line;error_code;error_field;error_message\n(11) 9876-543;Ana;2;INVALID_VALUE;phone;is a digit short\n")
}

func TestCSVEmptyInput(t *testing.T) {
	for _, input := range []string{"", "\xef\xbb\xbf", "\n\n"} {
		if _, err := NewCSVSource(NewReader(strings.NewReader(input)), 0); err == nil || !strings.Contains(err.Error(), "header") {
			t.Errorf("%q: error %v, want one about the missing header", input, err)
		}
	}
}

func TestJSONLRecords(t *testing.T) {
	long := `{"phone":"` + strings.Repeat("1", MaxRecordBytes) + `"}`
	input := "\xef\xbb\xbf{\"phone\":\"5511988880001\"}\n" + // 1
		"\n" + // 2
		"   \r\n" + // 3
		long + "\n" + // 4
		"{\"phone\":\"5511988880002\"}\r\n" + // 5
		"{\"phone\":\"5511988880003\"}" // 6, no newline at the end
	src := NewJSONLSource(bufio.NewReaderSize(NewReader(strings.NewReader(input)), 16))
	recs := readAll(t, src)
	if len(recs) != 4 {
		t.Fatalf("got %d records: %+v", len(recs), recs)
	}
	lines := []int{1, 4, 5, 6}
	for i, r := range recs {
		if r.Line != lines[i] {
			t.Errorf("record %d at line %d, want %d", i, r.Line, lines[i])
		}
	}
	if string(recs[0].JSON) != `{"phone":"5511988880001"}` || string(recs[2].JSON) != `{"phone":"5511988880002"}` {
		t.Errorf("records %q and %q", recs[0].JSON, recs[2].JSON)
	}
	if recs[1].Err == nil || !strings.Contains(recs[1].Err.Error(), "longer than 1 MiB") || recs[1].JSON != nil {
		t.Errorf("long line: %+v", recs[1])
	}
}

func TestFormat(t *testing.T) {
	for path, want := range map[string]Format{
		"a.csv": FormatCSV, "A.CSV": FormatCSV, "x.tsv": FormatCSV, "b.jsonl": FormatJSONL, "c.ndjson": FormatJSONL,
		"d.JSON": "", "-": "", "contatos": "",
	} {
		if got := FormatOf(path); got != want {
			t.Errorf("FormatOf(%q) = %q, want %q", path, got, want)
		}
	}
	for input, want := range map[string]Format{
		"{\"phone\":\"1\"}\n": FormatJSONL, "\xef\xbb\xbf  \n{}": FormatJSONL, "phone,name\n": FormatCSV, "": FormatCSV,
	} {
		if got := SniffFormat(NewReader(strings.NewReader(input))); got != want {
			t.Errorf("SniffFormat(%q) = %q, want %q", input, got, want)
		}
	}
}

// A record longer than MaxRecordBytes fails alone, and reading goes on: a
// single long line is skipped to its end; a quote that stays open for that
// long fails its first line, and the lines after it are rows again.
func TestCSVRecordBounds(t *testing.T) {
	long := strings.Repeat("a", MaxRecordBytes+10)
	var swallowed strings.Builder
	for i := range MaxRecordBytes/16 + 100 {
		fmt.Fprintf(&swallowed, "55119%08d,x\n", i) // lines 4 on, 16 bytes each
	}
	input := "phone,name\n" + // 1
		"5511988880001,\"" + long + "\"\n" + // 2: one cell too long
		"5511988880002,\"open\n" + // 3: a quote that never closes in time
		swallowed.String() +
		"5511988880003,Ana\n"
	recs := readAll(t, openCSV(t, input, 0))
	rows := MaxRecordBytes/16 + 100
	if len(recs) != 2+rows+1 {
		t.Fatalf("%d records, want %d", len(recs), 2+rows+1)
	}
	if r := recs[0]; r.Line != 2 || r.Err == nil || !strings.Contains(r.Err.Error(), "line longer than 1 MiB") || len(r.Cells) != 0 {
		t.Errorf("long line: %+v", r.Err)
	}
	if r := recs[1]; r.Line != 3 || r.Err == nil || !strings.Contains(r.Err.Error(), "record longer than 1 MiB: a quoted cell starts on this line") || r.Cells[0] != `5511988880002,"open` {
		t.Errorf("unclosed quote: %+v", r.Err)
	}
	for i, r := range recs[2 : 2+rows] {
		if r.Err != nil || r.Line != 4+i || r.Cells[0] != fmt.Sprintf("55119%08d", i) {
			t.Fatalf("row %d after the open quote: line %d %q %v", i, r.Line, r.Cells, r.Err)
		}
	}
	if last := recs[len(recs)-1]; last.Err != nil || last.Line != 4+rows || last.Cells[1] != "Ana" {
		t.Errorf("last row %+v", last)
	}
}

// A header too long, or whose quote never closes, is refused.
func TestCSVHeaderBounds(t *testing.T) {
	for name, input := range map[string]string{
		"long":     "phone," + strings.Repeat("n", MaxRecordBytes) + "\n5511988880001,a\n",
		"unclosed": "phone,\"name\n5511988880001,a\n",
	} {
		_, err := NewCSVSource(NewReader(strings.NewReader(input)), 0)
		if err == nil || !strings.HasPrefix(err.Error(), "read the CSV header: ") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// repeat is n bytes of b, generated as they are read.
type repeat struct {
	b byte
	n int64
}

func (r *repeat) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	k := int(min(int64(len(p)), r.n))
	for i := range k {
		p[i] = r.b
	}
	r.n -= int64(k)
	return k, nil
}

// Memory stays flat whatever one cell or line holds: reading a 50 MB cell
// (quoted and not), a 50 MB JSON line, or a quote left open over 12 MB of
// lines allocates a few times the record bound, not the input.
func TestReadersMemoryIsBounded(t *testing.T) {
	const size = 50 << 20
	inputs := map[string]func() io.Reader{
		"quoted cell": func() io.Reader {
			return io.MultiReader(strings.NewReader("phone,name\n5511988880001,\""), &repeat{'a', size}, strings.NewReader("\"\n5511988880002,b\n"))
		},
		"bare cell": func() io.Reader {
			return io.MultiReader(strings.NewReader("phone,name\n5511988880001,"), &repeat{'a', size}, strings.NewReader("\n5511988880002,b\n"))
		},
		"open quote over lines": func() io.Reader {
			// Fewer bytes: each line is a record of its own once the quote is cut.
			return io.MultiReader(strings.NewReader("phone,name\n5511988880001,\"x\n"), &repeat{'\n', size / 4}, strings.NewReader("5511988880002,b\n"))
		},
	}
	for name, input := range inputs {
		t.Run(name, func(t *testing.T) {
			var recs int
			grew := allocated(func() {
				src, err := NewCSVSource(NewReader(input()), 0)
				if err != nil {
					t.Fatal(err)
				}
				for {
					rec, err := src.Next()
					if errors.Is(err, io.EOF) {
						break
					}
					if err != nil {
						t.Fatal(err)
					}
					if rec.Err == nil && rec.Cells[0] == "5511988880002" {
						recs++
					}
				}
			})
			if recs != 1 {
				t.Errorf("the row after it was read %d times, want once", recs)
			}
			if grew > 8*MaxRecordBytes {
				t.Errorf("reading allocated %d MiB, want no more than %d MiB", grew>>20, 8*MaxRecordBytes>>20)
			}
		})
	}
	t.Run("json line", func(t *testing.T) {
		grew := allocated(func() {
			src := NewJSONLSource(NewReader(io.MultiReader(strings.NewReader(`{"phone":"`), &repeat{'1', size}, strings.NewReader("\"}\n{}\n"))))
			for {
				if _, err := src.Next(); err != nil {
					break
				}
			}
		})
		if grew > 8*MaxRecordBytes {
			t.Errorf("reading allocated %d MiB", grew>>20)
		}
	})
}

// allocated is how many bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
