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
	// Rows of several problems say so on one line, whatever their codes;
	// a row of two errors of one code and field is that reason once.
	r = Reasons{Words: Words{Own: map[string]string{"UNKNOWN_TAG": "a tag that does not exist"}}}
	for _, f := range []Failure{
		{Code: "FIELD_REQUIRED; UNKNOWN_TAG", Field: "phone; tags"},
		{Code: "UNKNOWN_TAG; UNKNOWN_TAG", Field: "tags; tags"},
		{Code: "UNKNOWN_TAG", Field: "tags"},
		{Code: "INVALID_VALUE; UNKNOWN_TAG", Field: "phone; tags"},
	} {
		r.Add(f)
	}
	want = []string{"  2 rows failed: a tag that does not exist", "  2 rows failed: several problems (see the report)"}
	if got := FailedLines(r.List()); !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := r.List(); len(got) != 3 || got[0] != (Reason{Code: "UNKNOWN_TAG", Field: "tags", Reason: "a tag that does not exist", Count: 2}) {
		t.Errorf("reasons %+v, want the unknown tags counted as one reason, first", got)
	}
	if got := (&Reasons{}).List(); got == nil || len(got) != 0 {
		t.Errorf("no failure: %#v, want an empty list", got)
	}
}
