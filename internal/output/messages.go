package output

import (
	"cmp"
	"fmt"

	"github.com/dustin/go-humanize"
)

// NoResults says on stderr that a list came back empty: "No contacts match.".
func NoResults(ios *IOStreams, noun string) {
	fmt.Fprintf(ios.ErrOut, "No %s match.\n", cmp.Or(noun, "results"))
}

// incomplete says on stderr that a list stopped before its end, after
// printed items: "The list of contacts is incomplete: it stopped after item
// 200.".
func incomplete(ios *IOStreams, noun string, printed int) {
	noun = cmp.Or(noun, "results")
	if printed == 0 {
		fmt.Fprintf(ios.ErrOut, "The list of %s is incomplete: nothing was printed.\n", noun)
		return
	}
	fmt.Fprintf(ios.ErrOut, "The list of %s is incomplete: it stopped after item %s.\n", noun, comma(printed))
}

// Footer tells on stderr that more pages exist and how to get them:
// "Showing 20 of 1,234 (page 1 of 62). Use --all or --page 2.". It prints
// nothing on the last page.
func Footer(ios *IOStreams, shown, total, page, lastPage int) {
	if lastPage <= page {
		return
	}
	fmt.Fprintf(ios.ErrOut, "Showing %s of %s (page %s of %s). Use --all or --page %s.\n",
		comma(shown), comma(total), comma(page), comma(lastPage), comma(page+1))
}

func comma(n int) string { return humanize.Comma(int64(n)) }

// Success confirms a write on stderr: "✓ Contato criado com sucesso. (id 42)".
// id is left out when nil.
func Success(ios *IOStreams, message string, id any) {
	line := ios.ColorScheme().SuccessIcon() + " " + message
	if id != nil {
		line += fmt.Sprintf(" (id %v)", id)
	}
	fmt.Fprintln(ios.ErrOut, line)
}
