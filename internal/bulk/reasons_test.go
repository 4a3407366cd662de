package bulk

import (
	"slices"
	"testing"
)

// TestReasonsSayWhyInLines: the reasons are counted by code and field, the
// most frequent first, and said a line each; a field's name from the
// input's header reaches the terminal with its control characters escaped.
func TestReasonsSayWhyInLines(t *testing.T) {
	r := Reasons{Words: Words{Own: map[string]string{"MINE": "a reason of mine"}}}
	for _, f := range []Failure{
		{Code: "MINE", Message: "in words already"},
		{Code: "FIELD_REQUIRED", Field: "Nome\x1b[2J"},
		{Code: "FIELD_REQUIRED", Field: "Nome\x1b[2J"},
		{Code: CodeNetworkError},
	} {
		r.Add(f)
	}
	want := []string{"  2 rows failed: Nome^[[2J missing", "  1 row failed: a reason of mine", "  1 row failed: no answer from the API"}
	if got := FailedLines(r.List()); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := (&Reasons{}).List(); got == nil || len(got) != 0 {
		t.Errorf("no failure: %#v, want an empty list", got)
	}
}
