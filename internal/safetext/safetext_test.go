package safetext

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// Hostile texts: what a customer can put in a name or a message to act on
// the terminal that shows it.
const (
	osc52   = "\x1b]52;c;ZWNobyBwd25lZA==\x07"                        // writes the clipboard
	osc8    = "\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\" // a disguised link
	osc0    = "\x1b]0;owned\x07"                                      // retitles the window
	clear   = "\x1b[2J"                                               // clears the screen
	csi8bit = "\u009b31m"                                             // CSI as a C1 character
	rlo     = "\u202egnp.exe"                                         // shows as exe.png
)

func TestLine(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Maria Souza", "Maria Souza"},
		{"João 🙂 Ação", "João 🙂 Ação"},
		{osc52, `^[]52;c;ZWNobyBwd25lZA==^G`},
		{osc8, `^[]8;;https://evil.example^[\click^[]8;;^[\`},
		{osc0, `^[]0;owned^G`},
		{clear + "Ana", `^[[2JAna`},
		{csi8bit, `\u009b31m`},
		{rlo, `\u202egnp.exe`},
		{"a\nb\tc\rd", `a\nb\tc\rd`},
		{"a\r\nb", `a\r\nb`},
		{"\x00\x7f\x1f", `^@^?^_`},
		{"zero\u200bwidth\ufeff", `zero\u200bwidth\ufeff`},
		{"line\u2028sep\u2029", `line\u2028sep\u2029`},
		{"\u2066isolate\u2069", `\u2066isolate\u2069`},
		{"hidden\U000E0041\U000E007F", `hidden\U000e0041\U000e007f`},
		{"bad \xff\x9b byte", `bad \xff\x9b byte`},
		// Kept: writing needs them.
		{"👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"},
		{"می\u200cخواهم", "می\u200cخواهم"},
		{"abc \u200fשלום\u200e", "abc \u200fשלום\u200e"},
		{"\ufffd", "\ufffd"},
		{`C:\Temp ^[ already`, `C:\Temp ^[ already`},
	}
	for _, tt := range tests {
		if got := Line(tt.in); got != tt.want {
			t.Errorf("Line(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Bom dia!\nTudo bem?", "Bom dia!\nTudo bem?"},
		{"col\tcol\r\nnext", "col\tcol\r\nnext"},
		{"fake\rreal", `fake\rreal`},
		{"ends\r", `ends\r`},
		{osc52 + "\n" + clear, "^[]52;c;ZWNobyBwd25lZA==^G\n^[[2J"},
		{"\u202e\n\u009d", "\\u202e\n\\u009d"},
	}
	for _, tt := range tests {
		if got := Text(tt.in); got != tt.want {
			t.Errorf("Text(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestUnchangedTextIsNotCopied: text with nothing to escape, nearly all of
// it, costs no allocation.
func TestUnchangedTextIsNotCopied(t *testing.T) {
	s := strings.Repeat("Olá, João! Seu pedido nº 42 chegou. 🙂 ", 20)
	lines := s + "\r\n" + s + "\tfim\n"
	if n := testing.AllocsPerRun(100, func() { _ = Line(s); _ = Text(lines) }); n != 0 {
		t.Errorf("Line and Text of clean text allocate %v times", n)
	}
}

func TestJSON(t *testing.T) {
	value := "a\u009bb\u202ec\u2028d\U000E0041e\x7ff" + osc52 + "ção"
	src, err := json.Marshal(map[string]string{"name": value})
	if err != nil {
		t.Fatal(err)
	}
	got := JSON(src)
	want := `{"name":"a\u009bb\u202ec\u2028d\udb40\udc41e\u007ff\u001b]52;c;ZWNobyBwd25lZA==\u0007ção"}`
	if string(got) != want {
		t.Errorf("JSON(%s)\n = %s\nwant %s", src, got, want)
	}
	var back map[string]string
	if err := json.Unmarshal(got, &back); err != nil || back["name"] != value {
		t.Errorf("read back as %q (%v), want %q", back["name"], err, value)
	}
	clean := []byte(`{"name":"João","tags":["VIP"]}`)
	if out := JSON(clean); &out[0] != &clean[0] {
		t.Error("JSON copied text with nothing to escape")
	}
}

// TestJSONText: every string of a JSON document, keys too, decodes to what
// Text shows; the document's order, numbers and other values are kept.
func TestJSONText(t *testing.T) {
	value := "a\u009bb\u202ec\u2028d\U000E0041e\x7ff" + osc52 + "ção\nlinha 2\t<b>&"
	src := []byte(`{"z":1.50,"name\u001b[31m":` + mustJSON(t, value) + `,"tags":["VIP","\\\"quoted\""],"ok":true,"none":null}`)
	got, err := JSONText(src)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"z":1.50,"name^[[31m":"a\\u009bb\\u202ec\\u2028d\\U000e0041e^?f^[]52;c;ZWNobyBwd25lZA==^Gção\nlinha 2\t<b>&","tags":["VIP","\\\"quoted\""],"ok":true,"none":null}`
	if string(got) != want {
		t.Errorf("JSONText(%s)\n = %s\nwant %s", src, got, want)
	}
	var back map[string]any
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	for k, v := range back {
		for _, s := range []string{k, fmt.Sprint(v)} {
			if strings.ContainsFunc(s, func(r rune) bool { return Escaped(r) && r != '\n' && r != '\t' }) {
				t.Errorf("%q decodes with a control or invisible character", s)
			}
		}
	}
	clean := []byte(`{"name":"João","tags":["VIP"],"n":"a\"b"}`)
	if out, err := JSONText(clean); err != nil || &out[0] != &clean[0] {
		t.Errorf("JSONText copied text with nothing to escape (%v)", err)
	}
	if _, err := JSONText([]byte(`{"a":"b`)); err == nil {
		t.Error("an unterminated string passed")
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCSVCell: the spreadsheet rule (OWASP: cells starting with =, +, -,
// @, tab or carriage return are neutralised with a quote) and the escapes,
// each read back by ParseCSVCell.
func TestCSVCell(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Maria", "Maria"},
		{`=HYPERLINK("http://x","click")`, `'=HYPERLINK("http://x","click")`},
		{`+cmd|' /C calc'!A0`, `'+cmd|' /C calc'!A0`},
		{"@SUM(1)", "'@SUM(1)"},
		{"-1+2", "'-1+2"},
		{"+5511987654321", "'+5511987654321"},
		{"\t=1+1", `\t=1+1`},
		{"\r=1+1", `\r=1+1`},
		{"'quoted'", "'quoted'"},
		{"'=1+1", "''=1+1"},
		{"''", "'''"},
		{"'", "'"},
		{"a=b", "a=b"},
		{osc52, `^[]52;c;ZWNobyBwd25lZA==^G`},
		{"line\nbreak", `line\nbreak`},
		{`C:\Temp\x`, `C:\Temp\\x`},
		{`a\nb`, `a\\nb`},
		{`back\`, `back\`},
		{`\\`, `\\\`},
		{"^[ not ESC", `\^[ not ESC`},
		{"^^", `\^^`},
		{"2^10", "2^10"},
		{"x^\x1b", `x\^^[`},
		{`\` + "\x1b", `\\^[`},
		{"\u202e", `\u202e`},
		{`\u202e`, `\\u202e`},
		{"=\u202e", `'=\u202e`},
	}
	for _, tt := range tests {
		got := CSVCell(tt.in)
		if got != tt.want {
			t.Errorf("CSVCell(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if back := ParseCSVCell(got); back != tt.in {
			t.Errorf("ParseCSVCell(%q) = %q, want %q", got, back, tt.in)
		}
	}
}

// TestParseCSVCellOfHandMadeFiles: text that only looks like an escape, in
// a file someone wrote, is read as it is.
func TestParseCSVCellOfHandMadeFiles(t *testing.T) {
	for in, want := range map[string]string{
		`caf\u00e9`:       `caf\u00e9`, // no character CSVCell escapes
		`\q \u12 \x41 ^a`: `\q \u12 \x41 ^a`,
		"'hello":          "'hello",
		"'+5511987654321": "+5511987654321",
		"'\t=1":           "\t=1",
		`\u202E`:          "\u202e",
		"x^":              "x^",
		"x\\":             "x\\",
	} {
		if got := ParseCSVCell(in); got != want {
			t.Errorf("ParseCSVCell(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzSanitise: Line and Text never panic, never write more than six bytes
// per byte of text, and leave no raw control, bidi or invisible character
// (nor a byte that is not UTF-8); applied again they change nothing; and
// what they keep of the text is its visible characters, in order.
func FuzzSanitise(f *testing.F) {
	for _, s := range []string{osc52, osc8, osc0, clear, csi8bit, rlo, "a\r\nb", "\xff\xfe", "\U000E0041", "plain", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, fn := range map[string]func(string) string{"Line": Line, "Text": Text} {
			out := fn(s)
			if len(out) > 6*len(s) {
				t.Errorf("%s(%q): %d bytes for %d", name, s, len(out), len(s))
			}
			if !utf8.ValidString(out) {
				t.Errorf("%s(%q) = %q is not UTF-8", name, s, out)
			}
			for i, r := range out {
				if !Escaped(r) {
					continue
				}
				kept := name == "Text" && (r == '\n' || r == '\t' || r == '\r' && strings.HasPrefix(out[i+1:], "\n"))
				if !kept {
					t.Errorf("%s(%q) = %q holds %U raw", name, s, out, r)
				}
			}
			if again := fn(out); again != out {
				t.Errorf("%s is not idempotent on %q: %q then %q", name, s, out, again)
			}
			if !keepsVisible(s, out) {
				t.Errorf("%s(%q) = %q lost visible text", name, s, out)
			}
		}
	})
}

// keepsVisible reports whether the characters of s that are not escaped
// appear in out in order.
func keepsVisible(s, out string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if (r == utf8.RuneError && size == 1) || Escaped(r) {
			continue
		}
		j := strings.IndexRune(out, r)
		if j < 0 {
			return false
		}
		out = out[j+utf8.RuneLen(r):]
	}
	return true
}

// FuzzCSVCell: every string, bytes that are not UTF-8 included, comes back
// from ParseCSVCell as CSVCell was given it; the cell is no formula, holds
// no raw control or invisible character, and is at most six bytes per byte.
func FuzzCSVCell(f *testing.F) {
	for _, s := range []string{osc52, "=1+1", "'=1", "''", `\\^[`, "^\x1b", `\` + "\u202e", "\xff", "+55 11", "-", "@", "'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cell := CSVCell(s)
		if back := ParseCSVCell(cell); back != s {
			t.Fatalf("CSVCell(%q) = %q reads back as %q", s, cell, back)
		}
		if len(cell) > 6*len(s) {
			t.Errorf("CSVCell(%q): %d bytes for %d", s, len(cell), len(s))
		}
		if cell != "" && formulaStart(cell[0]) {
			t.Errorf("CSVCell(%q) = %q starts a formula", s, cell)
		}
		for _, r := range cell {
			if Escaped(r) || r == utf8.RuneError && !strings.ContainsRune(s, utf8.RuneError) {
				t.Errorf("CSVCell(%q) = %q holds %U", s, cell, r)
			}
		}
	})
}

// FuzzJSON: JSON leaves valid JSON with the same values and no raw
// character that Escaped reports.
func FuzzJSON(f *testing.F) {
	f.Add(osc52 + csi8bit + rlo + "\U000E0041\u2028")
	f.Fuzz(func(t *testing.T, s string) {
		src, err := json.Marshal([]string{s, "k"})
		if err != nil {
			t.Skip()
		}
		out := JSON(src)
		var back []string
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("JSON(%s) = %s does not parse: %v", src, out, err)
		}
		var want []string
		_ = json.Unmarshal(src, &want)
		if back[0] != want[0] {
			t.Errorf("JSON(%s) reads back as %q, want %q", src, back[0], want[0])
		}
		for _, r := range string(out) {
			if Escaped(r) {
				t.Errorf("JSON(%s) = %s holds %U raw", src, out, r)
			}
		}
	})
}

// contactJSON is a contact as the API lists it: Portuguese text, nothing to
// escape, the common case.
var contactJSON = []byte(`{"id":1,"phone":"5521979190371","name":"João da Silva Conceição","avatar":null,"type":"chatapp","blocked":false,"customfields":{"cpf":"123.457.789-01","empresa":"Comércio João Ltda","plano":"Básico"},"tags":[{"id":3,"name":"Suporte técnico"}],"created_at":"2025-11-04T11:26:22.312913Z","updated_at":"2026-11-27T11:26:22.347984Z"}`)

// BenchmarkJSON is the cost -o json and ndjson pay per item for escaping.
func BenchmarkJSON(b *testing.B) {
	b.SetBytes(int64(len(contactJSON)))
	for b.Loop() {
		_ = JSON(contactJSON)
	}
}

// BenchmarkLine is the cost of a table or plain cell.
func BenchmarkLine(b *testing.B) {
	name := "João da Silva Conceição · Comércio João Ltda"
	b.SetBytes(int64(len(name)))
	for b.Loop() {
		_ = Line(name)
	}
}

// BenchmarkCSVCell is the cost of a cell of an export.
func BenchmarkCSVCell(b *testing.B) {
	name := "João da Silva Conceição · Comércio João Ltda"
	b.SetBytes(int64(len(name)))
	for b.Loop() {
		_ = CSVCell(name)
	}
}
