package sandboxtest

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/convo-cli/convo/internal/sandbox"
)

// Answers counts what the server answered, faults included, and Take
// starts the count again.
func TestAnswers(t *testing.T) {
	store := Seeded(t, filepath.Join(t.TempDir(), "sandbox.db"))
	var answers Answers
	h := sandbox.NewServer(store, sandbox.Options{FailRate: 1, Logger: answers.Logger()})
	ok := sandbox.NewServer(store, sandbox.Options{Logger: answers.Logger()})
	get := func(h http.Handler, token string) {
		r := httptest.NewRequest(http.MethodGet, "/api/v1/tags", nil)
		r.Header.Set("Authorization", "Bearer "+token)
		h.ServeHTTP(httptest.NewRecorder(), r)
	}
	get(h, sandbox.AdminToken1)
	get(h, sandbox.AdminToken1)
	get(ok, sandbox.AdminToken1)
	get(ok, "no-such-token")
	if got, want := answers.Take(), map[int]int{503: 2, 200: 1, 401: 1}; !reflect.DeepEqual(got, want) {
		t.Errorf("answers %v, want %v", got, want)
	}
	if got := answers.Take(); len(got) != 0 {
		t.Errorf("answers after Take: %v, want none", got)
	}
}
