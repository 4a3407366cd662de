package output

import "github.com/olekukonko/tablewriter/pkg/twwidth"

// Text is measured in terminal columns by one function, the one tablewriter
// pads table cells with: twwidth.Width, which the vendored tablewriter
// (third_party/github.com/olekukonko/tablewriter/PATCH.md) computes by
// grapheme cluster, as terminals lay text out. Column widths, the cuts that
// fit a cell to its column, the template helper truncate and tablewriter's
// padding therefore agree: a tag with an emoji, a flag or a joined emoji
// sequence, a CJK name or a combining accent never moves a column.

// displayWidth is the number of terminal columns s takes; ANSI escape
// sequences take none.
func displayWidth(s string) int { return twwidth.Width(s) }

// truncate cuts s to width display columns between grapheme clusters,
// ending it with "…" when anything was cut; the "…" counts within width.
func truncate(s string, width int) string {
	if displayWidth(s) <= width {
		return s
	}
	return twwidth.Truncate(s, width, ellipsis)
}
