package output

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/clipperhouse/displaywidth"

	"github.com/convo-cli/convo/internal/textwidth"
)

func TestTableKeepsColumnsAcrossBatches(t *testing.T) {
	ios, stdout, _ := testStreams(true)
	l, err := NewList(ios, Options{}, contactSpec)
	if err != nil {
		t.Fatal(err)
	}
	pages := [][]json.RawMessage{
		{contacts[1]},
		{json.RawMessage(`{"id":44,"phone":"5511","name":"A name far longer than the first page","tags":[{"name":"Suporte técnico"}],"blocked":false,"updated_at":"2026-11-03T11:59:59.000000Z"}`)},
		{contacts[0]},
	}
	for _, page := range pages {
		for _, item := range page {
			if err := l.Add(item); err != nil {
				t.Fatal(err)
			}
		}
		if err := l.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	want := "ID  PHONE         NAME      TAGS  BLOCKED  UPDATED\n" +
		"42  818012345678  山田太郎        true     2 days ago\n" +
		// Text longer than the first page's is cut to its column.
		"44  5511          A name …  Sup…  false    1 second ago\n" +
		// An id is never cut: its column widens instead.
		"9007199254740993  55119876543…  João Co…  VIP…  false    3 minutes ago\n"
	if stdout.String() != want {
		t.Errorf("stdout =\n%s\nwant\n%s", stdout, want)
	}
}

func TestTableAlignsWideCharacters(t *testing.T) {
	names := []string{
		"João",               // precomposed accent
		"Jose\u0301",         // combining accent
		"山田太郎",               // CJK, two columns a character
		"山田太郎山田",             // CJK cut at an odd width on the narrow terminal
		"김민준",                // Hangul
		"😀 Ana",              // emoji
		"🇧🇷 Bia",             // a flag: two regional indicators, one cluster
		"👨\u200d👩\u200d👧 Lu", // a family: three emoji joined by ZWJ
		"❤\ufe0f Rui",        // a heart with VS16, shown as emoji
		"ＡＢＣＤＥ",              // full-width Latin
		"Ana\u0007\u200bZ",   // control character (stripped) and zero-width space
	}
	items := make([]json.RawMessage, len(names))
	for i, name := range names {
		b, err := json.Marshal(map[string]any{"id": i, "name": name, "blocked": true})
		if err != nil {
			t.Fatal(err)
		}
		items[i] = b
	}
	for _, width := range []int{100, 20} {
		ios, stdout, _ := testStreams(true)
		ios.SetTerminalWidth(width)
		printList(t, ios, Options{Fields: []string{"id", "name", "blocked"}}, contactSpec, items)
		lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
		if len(lines) != len(names)+1 {
			t.Fatalf("width %d: got %d lines, want %d:\n%s", width, len(lines), len(names)+1, stdout)
		}
		// The last column starts at the same screen column on every line.
		column := func(line string) int { return displaywidth.String(line[:strings.LastIndex(line, "  ")+2]) }
		for _, line := range lines[1:] {
			if column(line) != column(lines[0]) {
				t.Errorf("width %d: misaligned row %q under %q", width, line, lines[0])
			}
			if w := displaywidth.String(line); w > width {
				t.Errorf("width %d: row %q is %d columns wide", width, line, w)
			}
		}
	}
}

// wideTextContacts have tags and names with emoji (one that is its own
// cluster, a flag, a ZWJ sequence, one with VS16), CJK and combining
// accents.
var wideTextContacts = []json.RawMessage{
	json.RawMessage(`{"id":1,"phone":"5511911110001","name":"Jose\u0301 Conceic\u0327a\u0303o","tags":[{"name":"🔥 quente"},{"name":"VIP"}],"blocked":false}`),
	json.RawMessage(`{"id":2,"phone":"5511911110002","name":"山田太郎","tags":[{"name":"🇧🇷"},{"name":"🇯🇵 Japão"}],"blocked":true}`),
	json.RawMessage(`{"id":3,"phone":"5511911110003","name":"Família Souza","tags":[{"name":"👨\u200d👩\u200d👧 família"}],"blocked":false}`),
	json.RawMessage(`{"id":4,"phone":"5511911110004","name":"Ana","tags":[{"name":"❤\ufe0f fiel"},{"name":"한국어"}],"blocked":false}`),
}

// TestTableWideTextGolden pins tables whose tags and names hold emoji, CJK
// and combining accents, at full width and cut to a narrow terminal, and
// checks on every line that each column starts at the same screen column
// as its header, measured independently of the table by
// displaywidth.String, which counts grapheme clusters as terminals do. A
// flag tag pushes the BLOCKED column two columns right under a measure
// that counts it rune by rune, four columns wide.
func TestTableWideTextGolden(t *testing.T) {
	fields := []string{"id", "name", "tags", "blocked"}
	for _, tc := range []struct {
		name  string
		width int
	}{
		{"wide_text_table", 100},
		{"wide_text_table_narrow", 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ios, stdout, _ := testStreams(true)
			ios.SetTerminalWidth(tc.width)
			printList(t, ios, Options{Fields: fields}, contactSpec, wideTextContacts)
			assertGolden(t, filepath.Join("testdata", tc.name+".golden"), stdout.Bytes())
			lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
			want := columnStarts(lines[0])
			if len(want) != len(fields) {
				t.Fatalf("header %q has %d columns, want %d", lines[0], len(want), len(fields))
			}
			for _, line := range lines {
				if got := columnStarts(line); !slices.Equal(got, want) {
					t.Errorf("columns start at screen columns %v, want %v (the header's):\n%s\n%s", got, want, lines[0], line)
				}
				if w := displaywidth.String(line); w > tc.width {
					t.Errorf("line is %d columns wide, more than %d: %q", w, tc.width, line)
				}
			}
		})
	}
}

// columnStarts returns the screen columns at which the cells of a table
// line start. Cells are separated by two spaces or more, and no cell of
// wideTextContacts holds two spaces in a row.
func columnStarts(line string) []int {
	var starts []int
	inCell := false
	for i := 0; i < len(line); i++ {
		switch {
		case strings.HasPrefix(line[i:], "  "):
			inCell = false
		case !inCell && line[i] != ' ':
			starts = append(starts, displaywidth.String(line[:i]))
			inCell = true
		}
	}
	return starts
}

func TestTableEastAsianAmbiguousWidth(t *testing.T) {
	// Where ambiguous characters are measured wide (a CJK locale on a
	// legacy terminal, RUNEWIDTH_EASTASIAN=1), the table fits and cuts
	// with the same measure, so nothing is cut twice or overflows. The
	// measure is settled when a process first measures: the test runs in a
	// process started with the variable.
	if os.Getenv(eastAsianChild) != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestTableEastAsianAmbiguousWidth$", "-test.v")
		cmd.Env = append(os.Environ(), "RUNEWIDTH_EASTASIAN=1", eastAsianChild+"=1")
		if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "--- PASS: TestTableEastAsianAmbiguousWidth") {
			t.Fatalf("with RUNEWIDTH_EASTASIAN=1: %v\n%s", err, out)
		}
		return
	}
	if w := textwidth.Width("…"); w != 2 {
		t.Fatalf("with RUNEWIDTH_EASTASIAN=1 an ellipsis is %d cells wide, want 2", w)
	}
	ios, stdout, _ := testStreams(true)
	ios.SetTerminalWidth(60)
	printList(t, ios, Options{}, contactSpec, contacts)
	for _, line := range strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n") {
		if w := textwidth.Width(line); w > 60 {
			t.Errorf("line is %d columns wide, more than 60: %q", w, line)
		}
		if strings.Contains(line, "93  ") && !strings.HasPrefix(line, "9007199254740993  ") {
			t.Errorf("the ID column must never be truncated: %q", line)
		}
	}
	if got := strings.Count(stdout.String(), "…"); got < 3 {
		t.Errorf("cut cells must end with …, found %d:\n%s", got, stdout)
	}
}

func TestTrimLineEnds(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"a  b   \nc \n", "a  b\nc\n"},
		{"  \n\n", "\n\n"},
		{"last line without newline  ", "last line without newline"},
		{"\x1b[1mID\x1b[0m    \n", "\x1b[1mID\x1b[0m\n"},
		{"tab stays\t\n", "tab stays\t\n"},
	}
	for _, tt := range tests {
		if got := string(trimLineEnds([]byte(tt.in))); got != tt.want {
			t.Errorf("trimLineEnds(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
