package bulk

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/validate"
)

// Why rows failed, in words: the report's error_message of a row the API
// refused says it as the command knows it for the codes it knows, else the
// API's own message, else that the API refused it with its code; the
// summary counts the rows of each reason. What every bulk command says (a
// field missing, not valid, too long; a line that cannot be read; the API
// failing or not answering) is here; a command brings its own Words.

// Words are a command's words for why its rows fail.
type Words struct {
	// Refusals are the words of the API's codes the command knows: the
	// report says them instead of the API's message, and the summary
	// their part before the first ":".
	Refusals map[string]string
	// Fields are the words of the API's refusal of a field, whatever its
	// code: the report says them with the API's message in brackets, and
	// the summary their part before the first ":".
	Fields map[string]string
	// Own are the summary's reasons of the command's own codes, whose
	// message already says why in words.
	Own map[string]string
}

// Explain rewords the failure of a row (see above).
func (w Words) Explain(f Failure) Failure {
	if several(f) {
		return f // several errors, each given as the API worded it
	}
	if words, known := w.Refusals[f.Code]; known {
		f.Message = words
		return f
	}
	if words, known := w.Fields[f.Field]; known {
		f.Message = words + " (" + f.Message + ")"
		return f
	}
	if strings.TrimSpace(f.Message) == "" {
		f.Message = refused(f.Code)
	}
	return f
}

// Reason is a reason of the summary: the words of a known code, or what
// the code says of its field.
func (w Words) Reason(f Failure) string {
	if several(f) {
		return "several problems (see the report)"
	}
	if words, known := w.Refusals[f.Code]; known {
		words, _, _ = strings.Cut(words, ":")
		return words
	}
	if words, known := w.Fields[f.Field]; known {
		words, _, _ = strings.Cut(words, ":")
		return words
	}
	if reason, known := w.Own[f.Code]; known {
		return reason
	}
	field := cmp.Or(f.Field, "the row")
	switch f.Code {
	case validate.CodeRequired:
		return field + " missing"
	case validate.CodeInvalid:
		return field + " not valid"
	case validate.CodeTooLong:
		return field + " too long"
	case validate.CodeTooShort:
		return field + " too short"
	case CodeInvalidRecord:
		return "a line that cannot be read"
	case CodeAPIError:
		return "the API failed"
	case CodeNetworkError:
		return "no answer from the API"
	}
	return refused(f.Code)
}

// several is a failure of several errors (see Describe).
func several(f Failure) bool { return strings.Contains(f.Code, ";") }

func refused(code string) string { return "the API refused it (" + code + ")" }

// Reason is why rows failed, and how many.
type Reason struct {
	Code   string `json:"code"`
	Field  string `json:"field"`
	Reason string `json:"reason"`
	Count  int    `json:"count"`
}

// Reasons counts the failures of a run by code and field, as its Words say
// them. The workers add to it side by side.
type Reasons struct {
	Words Words

	mu sync.Mutex
	by map[[2]string]int
}

// Fail is why a row failed with err, in the run's words (see Explain),
// counted among the run's reasons.
func (r *Reasons) Fail(err error) Failure {
	f := r.Words.Explain(Describe(err))
	r.Add(f)
	return f
}

// Add counts a failed row. A row of several errors that all have one
// code and one field (two unknown tags) counts as that one reason.
func (r *Reasons) Add(f Failure) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.by == nil {
		r.by = map[[2]string]int{}
	}
	r.by[[2]string{alike(f.Code), alike(f.Field)}]++
}

// alike is the one part of a list joined with "; " whose parts are all
// that part, else the list.
func alike(list string) string {
	parts := strings.Split(list, "; ")
	if slices.ContainsFunc(parts, func(p string) bool { return p != parts[0] }) {
		return list
	}
	return parts[0]
}

// List is the reasons, the most frequent first; empty, not nil, when no
// row failed.
func (r *Reasons) List() []Reason {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]Reason, 0, len(r.by))
	for k, n := range r.by {
		f := Failure{Code: k[0], Field: k[1]}
		out = append(out, Reason{Code: f.Code, Field: f.Field, Reason: r.Words.Reason(f), Count: n})
	}
	slices.SortFunc(out, func(a, b Reason) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Code, b.Code), cmp.Compare(a.Field, b.Field))
	})
	return out
}

// FailedLines say the reasons for people, a line each, indented under the
// summary's line: "  2 rows failed: phone not valid". Reasons said in the
// same words (several problems of different codes) are one line, and the
// lines go the most frequent first, as reasons do.
func FailedLines(reasons []Reason) []string {
	var said []Reason
	for _, r := range reasons {
		if i := slices.IndexFunc(said, func(s Reason) bool { return s.Reason == r.Reason }); i >= 0 {
			said[i].Count += r.Count
			continue
		}
		said = append(said, r)
	}
	slices.SortStableFunc(said, func(a, b Reason) int { return cmp.Compare(b.Count, a.Count) })
	lines := make([]string, 0, len(said))
	for _, r := range said {
		lines = append(lines, fmt.Sprintf("  %s failed: %s", english.Count(r.Count, "row"), safetext.Line(r.Reason)))
	}
	return lines
}
