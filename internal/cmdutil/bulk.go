package cmdutil

import (
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/convo-cli/convo/internal/clierr"
)

// What the bulk commands (contacts import, messages broadcast) share on
// their command line.

// ParseDelimiter reads --delimiter: one character, or "tab" or "\t".
func ParseDelimiter(s string) (rune, error) {
	switch strings.ToLower(s) {
	case "tab", `\t`:
		return '\t', nil
	}
	r, size := utf8.DecodeRuneInString(s)
	if size != len(s) || r == '"' || r == '\r' || r == '\n' || r == utf8.RuneError {
		return 0, clierr.FlagErrorf(`--delimiter: want one character such as ";" or "," (or "tab"), got %q`, s)
	}
	return r, nil
}

// ResumeCommand rebuilds the command line of a bulk run, for the message
// that says how to resume it: its arguments and the flags given, --restart
// left out (resuming must not start over), quoted for a POSIX shell.
func ResumeCommand(cmd *cobra.Command, args []string) string {
	words := strings.Fields(cmd.CommandPath())
	words = append(words, args...)
	cmd.Flags().Visit(func(fl *pflag.Flag) {
		if fl.Name == "restart" {
			return
		}
		if sv, ok := fl.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				words = append(words, "--"+fl.Name+"="+v)
			}
			return
		}
		if fl.Value.Type() == "bool" && fl.Value.String() == "true" {
			words = append(words, "--"+fl.Name)
			return
		}
		words = append(words, "--"+fl.Name+"="+fl.Value.String())
	})
	for i, w := range words {
		words[i] = shellQuote(w)
	}
	return strings.Join(words, " ")
}

// shellQuote quotes s for a POSIX shell when it holds anything but
// letters, digits and the punctuation shells leave alone.
func shellQuote(s string) string {
	safe := s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
			strings.ContainsRune("_@%+=:,./-", r)))
	}) < 0
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
