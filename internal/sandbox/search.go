package sandbox

import (
	"database/sql/driver"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
	"modernc.org/sqlite"
)

// fold is the form in which the partial-match filters compare text: lower
// case and without accents, so that "joao" and "JOÃO" both find "João".
// SQLite's own LIKE and lower() know only ASCII letters.
func fold(s string) string {
	if isASCII(s) {
		return strings.ToLower(s)
	}
	// A transformer keeps state, so each call builds its own chain.
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		out = s // compare the text unfolded rather than not at all
	}
	return strings.ToLower(out)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// foldSQL is fold as the SQL function sandbox_fold(text).
func foldSQL(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
	switch v := args[0].(type) {
	case string:
		return fold(v), nil
	case []byte:
		return fold(string(v)), nil
	default:
		return v, nil
	}
}

// contains is the SQL condition "column contains the folded needle"; instr
// needs no escaping of % and _ as LIKE would.
func contains(column string) string {
	return "instr(sandbox_fold(" + column + "), ?) > 0"
}
