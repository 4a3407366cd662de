package output

import (
	"cmp"
	"fmt"

	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/safetext"
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
	fmt.Fprintf(ios.ErrOut, "The list of %s is incomplete: it stopped after item %s.\n", noun, english.Comma(printed))
}

// Footer tells on stderr that more pages exist and how to get them:
// "Showing 20 of 1,234 (page 1 of 62). Use --all or --page 2.". It prints
// nothing on the last page.
func Footer(ios *IOStreams, shown, total, page, lastPage int) {
	if lastPage <= page {
		return
	}
	fmt.Fprintf(ios.ErrOut, "Showing %s of %s (page %s of %s). Use --all or --page %s.\n",
		english.Comma(shown), english.Comma(total), english.Comma(page), english.Comma(lastPage), english.Comma(page+1))
}

// Success confirms a write on stderr: "✓ Contato criado com sucesso. (id 42)".
// id is left out when nil. The message is often the API's, shown as
// safetext.Line shows it.
func Success(ios *IOStreams, message string, id any) {
	line := ios.ColorScheme().SuccessIcon() + " " + safetext.Line(message)
	if id != nil {
		line += safetext.Line(fmt.Sprintf(" (id %v)", id))
	}
	fmt.Fprintln(ios.ErrOut, line)
}
