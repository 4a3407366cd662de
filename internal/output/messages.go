package output

import (
	"fmt"

	"github.com/dustin/go-humanize"
)

// NoResults says on stderr that a list came back empty: "No contacts match.".
func NoResults(ios *IOStreams, noun string) {
	if noun == "" {
		noun = "results"
	}
	fmt.Fprintf(ios.ErrOut, "No %s match.\n", noun)
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
