package output

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/textwidth"
)

// columnGap separates table columns: the only thing drawn between them.
const columnGap = "  "

// ellipsis ends a truncated cell.
const ellipsis = "…"

// Tables are laid out here, as gh's tableprinter lays out its own: every
// width is measured with textwidth.Width, by grapheme cluster, and the same
// measure cuts a cell to its column and pads it, so a flag, a joined emoji
// or a CJK name never moves the columns after it.

// tableSink renders a list as aligned columns. Rows are buffered until
// Flush, which renders them, so the first page of a long list shows before
// the next one is fetched. The first batch prints the header and sets the
// column widths; later batches are cut to the same widths, so every row
// stays under its header.
type tableSink struct {
	p       *printer
	pending [][]string
	// widths are the columns' display widths, nil until the header is
	// printed.
	widths []int
}

func newTableSink(p *printer) *tableSink {
	return &tableSink{p: p}
}

func (t *tableSink) add(item json.RawMessage) error {
	t.pending = append(t.pending, t.p.cells(item, cellsTable))
	return nil
}

func (t *tableSink) flush() error {
	if len(t.pending) == 0 {
		return nil
	}
	var header []string
	if t.widths == nil {
		t.dropColumns()
	}
	cols := t.p.cols
	if t.widths == nil {
		natural := make([]int, len(cols))
		header = make([]string, len(cols))
		bold := t.p.ios.ColorScheme().Bold
		for i, c := range cols {
			natural[i] = textwidth.Width(c.Header)
			header[i] = bold(c.Header)
		}
		t.widths = widenTo(natural, t.pending, nil)
	} else {
		// A later page may hold a longer id, time or boolean. Those are
		// never cut, so their column widens (and the text columns give the
		// room back when the terminal is full); text is cut to its column.
		t.widths = widenTo(t.widths, t.pending, func(i int) bool { return !cols[i].Kind.truncatable() })
	}
	t.widths = fitWidths(cols, t.widths, t.p.ios.TerminalWidth())
	for _, row := range t.pending {
		for i, cell := range row {
			row[i] = textwidth.Truncate(cell, t.widths[i], ellipsis)
		}
	}
	err := t.p.renderTable(t.widths, header, t.pending)
	t.pending = t.pending[:0]
	return err
}

func (t *tableSink) close(int) error { return t.flush() }

// minTextWidth is the room a text column keeps before a column that may be
// dropped (Column.Drop) is: text cut shorter than this says little.
const minTextWidth = 14

// dropColumns settles, with the first page, which columns the table
// leaves out: those that may be dropped and have nothing to show on the
// page, then, while the narrowest layout (ids, times and booleans whole,
// text columns at minTextWidth or their header) is wider than the
// terminal, the droppable ones of the highest Drop. Later pages keep the
// same columns.
func (t *tableSink) dropColumns() {
	cols := t.p.cols
	keep := make([]bool, len(cols))
	for i, c := range cols {
		keep[i] = c.Drop == 0 || slices.ContainsFunc(t.pending, func(row []string) bool { return row[i] != "" })
	}
	narrowest := func() int {
		total := -len(columnGap)
		for i, c := range cols {
			if !keep[i] {
				continue
			}
			w := textwidth.Width(c.Header)
			for _, row := range t.pending {
				w = max(w, textwidth.Width(row[i]))
			}
			if c.Kind.truncatable() {
				w = min(w, max(textwidth.Width(c.Header), minTextWidth))
			}
			total += w + len(columnGap)
		}
		return total
	}
	for narrowest() > t.p.ios.TerminalWidth() {
		drop := -1
		for i, c := range cols {
			if keep[i] && c.Drop > 0 && (drop < 0 || c.Drop > cols[drop].Drop) {
				drop = i
			}
		}
		if drop < 0 {
			break
		}
		keep[drop] = false
	}
	if !slices.Contains(keep, false) {
		return
	}
	var kept []Column
	for i, c := range cols {
		if keep[i] {
			kept = append(kept, c)
		}
	}
	for r, row := range t.pending {
		cells := make([]string, 0, len(kept))
		for i, cell := range row {
			if keep[i] {
				cells = append(cells, cell)
			}
		}
		t.pending[r] = cells
	}
	t.p.cols = kept
}

// widenTo returns widths grown to fit every row's cells, in the columns for
// which grow says so (all of them when grow is nil).
func widenTo(widths []int, rows [][]string, grow func(col int) bool) []int {
	widths = append([]int(nil), widths...)
	for _, row := range rows {
		for i, cell := range row {
			if grow == nil || grow(i) {
				widths[i] = max(widths[i], textwidth.Width(cell))
			}
		}
	}
	return widths
}

// truncatable reports whether the table may cut values of the kind to fit
// the terminal: free text and lists of names, never ids, times or booleans.
func (k Kind) truncatable() bool {
	return k == KindText || k == KindNames
}

// fitWidths shrinks the widest text columns, one cell at a time, until the
// table fits the terminal. Identifiers, times and booleans keep their width,
// and no column gets narrower than its header; a table that still does not
// fit overflows rather than hide an id.
func fitWidths(cols []Column, natural []int, termWidth int) []int {
	widths := append([]int(nil), natural...)
	total := len(columnGap) * (len(widths) - 1)
	for _, w := range widths {
		total += w
	}
	for total > termWidth {
		widest := -1
		for i, c := range cols {
			shrinkable := c.Kind.truncatable() && widths[i] > textwidth.Width(c.Header)
			if shrinkable && (widest < 0 || widths[i] > widths[widest]) {
				widest = i
			}
		}
		if widest < 0 {
			break
		}
		widths[widest]--
		total--
	}
	return widths
}

// renderTable writes rows, under header unless it is nil, in columns of the
// given display widths: left-aligned, separated by two spaces, with no
// borders or rules, like gh. Cells must already fit their column: each is
// padded to it with the same measure that cut it. Trailing spaces are
// trimmed from every line.
func (p *printer) renderTable(widths []int, header []string, rows [][]string) error {
	var b bytes.Buffer
	line := func(cells []string) {
		for i, cell := range cells {
			if i > 0 {
				b.WriteString(columnGap)
			}
			b.WriteString(cell)
			b.WriteString(strings.Repeat(" ", max(widths[i]-textwidth.Width(cell), 0)))
		}
		b.WriteByte('\n')
	}
	if header != nil {
		line(header)
	}
	for _, row := range rows {
		line(row)
	}
	return p.write(trimLineEnds(b.Bytes()))
}

// trimLineEnds removes the spaces at the end of every line, so output is
// stable for golden files and copy-paste.
func trimLineEnds(text []byte) []byte {
	out := make([]byte, 0, len(text))
	for line := range bytes.Lines(text) {
		body, hasNewline := bytes.CutSuffix(line, []byte("\n"))
		out = append(out, bytes.TrimRight(body, " ")...)
		if hasNewline {
			out = append(out, '\n')
		}
	}
	return out
}

// printVertical renders one object as "HEADER  value" lines, headers bold
// and aligned, values never cut; times show both relative and as written.
func (p *printer) printVertical(item json.RawMessage) error {
	top := fieldsOf(item)
	now := p.ios.now()
	bold := p.ios.ColorScheme().Bold
	widths := []int{0, 0}
	rows := make([][]string, len(p.cols))
	for i, c := range p.cols {
		raw, _ := lookup(top, c.Path)
		value := cellText(raw, c.Kind, true, now)
		if written := cellText(raw, c.Kind, false, now); c.Kind == KindTime && written != value {
			value += " (" + written + ")"
		}
		if c.Show != nil {
			value = c.Show(item)
		}
		value = safetext.Line(value)
		widths[0] = max(widths[0], textwidth.Width(c.Header))
		widths[1] = max(widths[1], textwidth.Width(value))
		rows[i] = []string{bold(c.Header), value}
	}
	return p.renderTable(widths, nil, rows)
}
