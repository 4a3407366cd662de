package sandbox

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/contract"
)

// fuzzBodyRoutes are every route that reads a request body. The path ids
// name resources that exist, so that the body is what gets decoded.
var fuzzBodyRoutes = []struct{ method, path string }{
	{http.MethodPost, "/contacts"},
	{http.MethodPut, "/contacts/2"},
	{http.MethodPost, "/contacts/2/notes"},
	{http.MethodPost, "/contacts/verifynumber"},
	{http.MethodPost, "/chats/" + chatToken(2) + "/transfer"},
	{http.MethodPost, "/messages"},
	{http.MethodPost, "/users"},
	{http.MethodPut, "/users/3"},
	{http.MethodPost, "/users/4/restore"},
	{http.MethodPost, "/tags"},
	{http.MethodPut, "/tags/2"},
}

// fuzzListRoutes are every route that reads a query string.
var fuzzListRoutes = []string{
	"/contacts", "/contacts/customfields", "/contacts/1/notes", "/chats", "/chats/" + chatToken(1) + "/messages",
	"/users", "/tags", "/channels", "/templates",
}

// fuzzServer is one seeded sandbox per fuzzing process, served in-process.
// Successful writes of earlier inputs stay in it: the fuzzer also explores
// the states its own requests create.
func fuzzServer(f *testing.F) http.Handler {
	return NewServer(openStore(f), Options{Now: func() time.Time { return testNow }})
}

// FuzzRequestBodies sends arbitrary bytes as the body of every POST and PUT
// route. Whatever the bytes, the answer is a JSON envelope that
// docs/openapi.yaml allows: success with data, or an error with a message,
// and never a server failure (5xx). Seeds: testdata/fuzz/FuzzRequestBodies.
func FuzzRequestBodies(f *testing.F) {
	h := fuzzServer(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		checked := contract.Middleware(t, h)
		for _, rt := range fuzzBodyRoutes {
			req := httptest.NewRequest(rt.method, "/api/v1"+rt.path, bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			checkEnvelope(t, checked, req)
		}
	})
}

// FuzzListQueries sends an arbitrary query string to every list route:
// filters, booleans, ids and page numbers of any spelling are a list or a
// 422 naming the parameter, never a server failure. Seeds:
// testdata/fuzz/FuzzListQueries.
func FuzzListQueries(f *testing.F) {
	h := fuzzServer(f)
	f.Fuzz(func(t *testing.T, query string) {
		checked := contract.Middleware(t, h)
		for _, path := range fuzzListRoutes {
			req := httptest.NewRequest(http.MethodGet, "/api/v1"+path, nil)
			req.URL.RawQuery = query
			checkEnvelope(t, checked, req)
		}
	})
}

// checkEnvelope serves req as company 1's admin and checks the answer: a
// status below 500, JSON, and an envelope that is either a success with
// data or a failure with a message.
func checkEnvelope(t *testing.T, h http.Handler, req *http.Request) {
	t.Helper()
	req.Header.Set("Authorization", "Bearer "+AdminToken1)
	req.Header.Set(contract.SkipRequestHeader, "1")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	label := req.Method + " " + req.URL.RequestURI()
	if rec.Code >= 500 {
		t.Fatalf("%s: status %d: %s", label, rec.Code, rec.Body)
	}
	if mt, _, err := mime.ParseMediaType(rec.Header().Get("Content-Type")); err != nil || mt != "application/json" {
		t.Fatalf("%s: Content-Type %q", label, rec.Header().Get("Content-Type"))
	}
	var env struct {
		Success *bool           `json:"success"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil || env.Success == nil {
		t.Fatalf("%s: status %d, not an envelope (%v): %s", label, rec.Code, err, rec.Body)
	}
	success := rec.Code < 300
	switch {
	case *env.Success != success:
		t.Fatalf("%s: status %d with success %v: %s", label, rec.Code, *env.Success, rec.Body)
	case success && len(env.Data) == 0:
		t.Fatalf("%s: success without data: %s", label, rec.Body)
	case !success && env.Message == "":
		t.Fatalf("%s: error without a message: %s", label, rec.Body)
	}
}
