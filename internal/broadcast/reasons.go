package broadcast

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/validate"
)

// Why rows failed, in words: the report's error_message of a row the API
// refused says it as convo knows it for the codes it knows, else the API's
// own message, else that the API refused it with its code; the summary
// counts the rows of each reason.

// apiWords are convo's words for the API's codes of a refused send.
var apiWords = map[string]string{
	"CHANNEL_DISCONNECTED":  "the channel is disconnected: reconnect it, then run the campaign again to send to the rest",
	"NUMBER_NOT_ON_CHATAPP": "the number is not on the messaging app",
}

// templateRefused is what a send refused for its template says.
const templateRefused = "the template cannot be sent: it is not approved (pending, rejected or paused), or not on this channel"

// explain rewords the failure of a row the API refused (see above).
func explain(f bulk.Failure) bulk.Failure {
	if strings.Contains(f.Code, ";") {
		return f // several errors, each given as the API worded it
	}
	switch words, known := apiWords[f.Code]; {
	case known:
		f.Message = words
	case f.Field == "template":
		f.Message = templateRefused + " (" + f.Message + ")"
	case strings.TrimSpace(f.Message) == "":
		f.Message = "the API refused it (" + f.Code + ")"
	}
	return f
}

// short is a reason of the summary: the words of a known code, or what
// the code says of its field.
func short(f bulk.Failure) string {
	if strings.Contains(f.Code, ";") {
		return "several problems (see the report)"
	}
	if words, known := apiWords[f.Code]; known {
		words, _, _ = strings.Cut(words, ":")
		return words
	}
	if f.Field == "template" {
		return "the template cannot be sent"
	}
	field := f.Field
	if field == "" {
		field = "the row"
	}
	switch f.Code {
	case validate.CodeRequired:
		return field + " missing"
	case validate.CodeInvalid:
		return field + " not valid"
	case validate.CodeTooLong:
		return field + " too long"
	case validate.CodeTooShort:
		return field + " too short"
	case bulk.CodeInvalidRecord:
		return "a line that cannot be read"
	case bulk.CodeAPIError:
		return "the API failed"
	case bulk.CodeNetworkError:
		return "no answer from the API"
	case CodeUnknownOutcome:
		return "may have been sent; looked for by the next run"
	}
	return "the API refused it (" + f.Code + ")"
}

// Reason is why rows failed, and how many.
type Reason struct {
	Code   string `json:"code"`
	Field  string `json:"field"`
	Reason string `json:"reason"`
	Count  int    `json:"count"`
}

// reasons counts the failures of a run by code and field.
type reasons struct {
	mu sync.Mutex
	by map[[2]string]int
}

func (r *reasons) add(f bulk.Failure) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.by == nil {
		r.by = map[[2]string]int{}
	}
	r.by[[2]string{f.Code, f.Field}]++
}

// list is the reasons, the most frequent first.
func (r *reasons) list() []Reason {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]Reason, 0, len(r.by))
	for k, n := range r.by {
		f := bulk.Failure{Code: k[0], Field: k[1]}
		out = append(out, Reason{Code: f.Code, Field: f.Field, Reason: short(f), Count: n})
	}
	slices.SortFunc(out, func(a, b Reason) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Code, b.Code), cmp.Compare(a.Field, b.Field))
	})
	return out
}
