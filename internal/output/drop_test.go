package output

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/textwidth"
)

// rowSpec has columns that a narrow table drops, a column only tables
// show, and a cell a table shows from the whole item.
var rowSpec = Spec{
	Noun: "rows",
	Columns: []Column{
		{Header: "ID", Path: "id", Kind: KindID},
		{Header: "NAME", Path: "name"},
		{Header: "EXTRA", Path: "id", Kind: KindID, TableOnly: true, Drop: 1, Show: func(item json.RawMessage) string {
			var v struct{ Extra string }
			_ = json.Unmarshal(item, &v)
			return v.Extra
		}},
		{Header: "CODE", Path: "code", Kind: KindID, Drop: 3},
		{Header: "KIND", Path: "kind", Kind: KindID, Drop: 2},
		{Header: "NOTE", Path: "note"},
	},
}

func printRows(t *testing.T, format Format, width int, items ...string) string {
	t.Helper()
	ios, stdout, _ := testStreams(true)
	ios.SetTerminalWidth(width)
	raw := make([]json.RawMessage, len(items))
	for i, it := range items {
		raw[i] = json.RawMessage(it)
	}
	printList(t, ios, Options{Format: format}, rowSpec, raw)
	return stdout.String()
}

func TestTableDropsColumnsByPriority(t *testing.T) {
	row := `{"id":1,"name":"Maria Aparecida Santos","code":"ABCDEFGHIJ","kind":"waiting","note":"A note long enough to need cutting","Extra":"chatapp-main-001"}`
	// The narrowest layout of every column: 2 + 14 + 16 + 10 + 7 + 14 and
	// five gaps of 2 = 73 cells.
	for _, tt := range []struct {
		width int
		head  string
	}{
		{120, "ID NAME EXTRA CODE KIND NOTE"},
		{73, "ID NAME EXTRA CODE KIND NOTE"},
		// CODE goes first, then KIND, then EXTRA; the text columns keep
		// some room rather than be cut to nothing.
		{72, "ID NAME EXTRA KIND NOTE"},
		{61, "ID NAME EXTRA KIND NOTE"},
		{60, "ID NAME EXTRA NOTE"},
		{52, "ID NAME EXTRA NOTE"},
		{51, "ID NAME NOTE"},
		// Nothing more may go: the text columns are cut below their share.
		{20, "ID NAME NOTE"},
	} {
		got := printRows(t, Table, tt.width, row)
		if head, _, _ := strings.Cut(got, "\n"); strings.Join(strings.Fields(head), " ") != tt.head {
			t.Errorf("width %d: header %q, want %q\n%s", tt.width, head, tt.head, got)
		}
		for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
			if w := textwidth.Width(line); w > tt.width {
				t.Errorf("width %d: line of %d cells: %q", tt.width, w, line)
			}
		}
	}
}

func TestTableDropsAnEmptyOptionalColumn(t *testing.T) {
	got := printRows(t, Table, 120, `{"id":1,"name":"Ana","code":"X","kind":"k","note":"n"}`, `{"id":2,"name":"Bia","code":"Y","kind":"k","note":"n"}`)
	if head, _, _ := strings.Cut(got, "\n"); head != "ID  NAME  CODE  KIND  NOTE" {
		t.Errorf("a column with nothing to show is kept:\n%s", got)
	}
	// A column without Drop stays, empty or not.
	got = printRows(t, Table, 120, `{"id":1,"code":"X","kind":"k","Extra":"e"}`)
	if head, _, _ := strings.Cut(got, "\n"); head != "ID  NAME  EXTRA  CODE  KIND  NOTE" {
		t.Errorf("an empty column without Drop is dropped:\n%s", got)
	}
}

func TestTableOnlyColumns(t *testing.T) {
	row := `{"id":1,"name":"Ana","code":"X","kind":"k","note":"n","Extra":"e"}`
	if got, want := printRows(t, Plain, 120, row), "1\tAna\tX\tk\tn\n"; got != want {
		t.Errorf("plain = %q, want %q: no table-only column, every cell as written", got, want)
	}
	if got, want := printRows(t, CSV, 120, row), "id,name,code,kind,note\n1,Ana,X,k,n\n"; got != want {
		t.Errorf("csv = %q, want %q", got, want)
	}
}
