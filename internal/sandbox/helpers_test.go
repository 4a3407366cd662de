package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/contract"
	"github.com/convo-cli/convo/internal/filetemplate"
)

// testNow is the clock of every test server, so that timestamps are known.
var testNow = time.Date(2026, 5, 17, 13, 45, 12, 123456000, time.UTC)

// testEnv is a seeded sandbox on a file database, served through the
// contract checker of docs/openapi.yaml.
type testEnv struct {
	t  *testing.T
	st *Store
	h  http.Handler
}

// seeded is the seed at testNow, made once and copied for each test: seeding
// takes 15 times as long as copying.
var seeded = filetemplate.Template{Make: func(path string) error {
	ctx := context.Background()
	st, err := Open(ctx, path)
	if err != nil {
		return err
	}
	if err := st.Seed(ctx, testNow); err != nil {
		st.Close()
		return err
	}
	return st.Close()
}}

// openStore opens a database seeded at testNow, closed when the test ends.
func openStore(t testing.TB) *Store {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sandbox.db")
	if err := seeded.CopyTo(path); err != nil {
		t.Fatal(err)
	}
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := st.Close(); err != nil {
			t.Errorf("close store: %v", err)
		}
	})
	return st
}

func newEnv(t *testing.T, tune ...func(*Options)) *testEnv {
	t.Helper()
	st := openStore(t)
	opts := Options{Now: func() time.Time { return testNow }}
	for _, f := range tune {
		f(&opts)
	}
	return &testEnv{t: t, st: st, h: contract.Middleware(t, NewServer(st, opts))}
}

// response is an answer of the server with its envelope decoded.
type response struct {
	Status     int
	Header     http.Header
	Body       []byte
	Success    bool            `json:"success"`
	Message    string          `json:"message"`
	Data       json.RawMessage `json:"data"`
	Pagination *api.Pagination `json:"pagination"`
	Errors     []api.ErrorItem `json:"errors"`
}

// request describes one call: body is nil (none), a string (sent as it is)
// or a value encoded as JSON; invalid marks a request that breaks the
// contract on purpose, so that only its response is checked.
type request struct {
	token, method, path string
	body                any
	invalid             bool
}

func (e *testEnv) do(rq request) *response {
	e.t.Helper()
	var body io.Reader
	switch b := rq.body.(type) {
	case nil:
	case string:
		body = strings.NewReader(b)
	default:
		enc, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		body = bytes.NewReader(enc)
	}
	req := httptest.NewRequest(rq.method, "/api/v1"+rq.path, body)
	if rq.token != "" {
		req.Header.Set("Authorization", "Bearer "+rq.token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if rq.invalid {
		req.Header.Set(contract.SkipRequestHeader, "1")
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	return decodeResponse(e.t, rec.Code, rec.Header(), rec.Body.Bytes())
}

func decodeResponse(t *testing.T, status int, header http.Header, body []byte) *response {
	t.Helper()
	r := &response{Status: status, Header: header, Body: body}
	if err := json.Unmarshal(body, r); err != nil {
		t.Fatalf("response %d is not JSON: %v\n%s", status, err, body)
	}
	if ct := header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}
	return r
}

// get, post, put and del send valid requests as token.
func (e *testEnv) get(token, path string) *response {
	e.t.Helper()
	return e.do(request{token: token, method: http.MethodGet, path: path})
}

func (e *testEnv) post(token, path string, body any) *response {
	e.t.Helper()
	return e.do(request{token: token, method: http.MethodPost, path: path, body: body})
}

func (e *testEnv) put(token, path string, body any) *response {
	e.t.Helper()
	return e.do(request{token: token, method: http.MethodPut, path: path, body: body})
}

func (e *testEnv) del(token, path string) *response {
	e.t.Helper()
	return e.do(request{token: token, method: http.MethodDelete, path: path})
}

// bad sends a request that breaks the contract on purpose.
func (e *testEnv) bad(token, method, path string, body any) *response {
	e.t.Helper()
	return e.do(request{token: token, method: method, path: path, body: body, invalid: true})
}

// want fails the test unless the status is status.
func (r *response) want(t *testing.T, status int) *response {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d; body:\n%s", r.Status, status, r.Body)
	}
	return r
}

// wantError checks an error answer: its status, its message when given, and
// for a code an item with that code (and that field, when given).
func (r *response) wantError(t *testing.T, status int, message, code, field string) {
	t.Helper()
	r.want(t, status)
	if r.Success {
		t.Errorf("success is true in an error answer: %s", r.Body)
	}
	if message != "" && r.Message != message {
		t.Errorf("message %q, want %q", r.Message, message)
	}
	if code == "" {
		return
	}
	if !slices.ContainsFunc(r.Errors, func(it api.ErrorItem) bool { return it.Code == code && (field == "" || it.Field == field) }) {
		t.Errorf("no error item with code %s on field %q in %s", code, field, r.Body)
	}
}

// wantInvalid checks a 422 with an item of code on field.
func (r *response) wantInvalid(t *testing.T, code, field string) {
	t.Helper()
	r.wantError(t, http.StatusUnprocessableEntity, msgValidation, code, field)
}

// data decodes the data of a successful answer.
func data[T any](t *testing.T, r *response) T {
	t.Helper()
	var v T
	if !r.Success {
		t.Fatalf("not a success: %s", r.Body)
	}
	if err := json.Unmarshal(r.Data, &v); err != nil {
		t.Fatalf("decode data: %v\n%s", err, r.Data)
	}
	return v
}

// chatToken is the token of a seeded chat.
func chatToken(id int64) string { return seedToken("chat", id) }

// listAll fetches every page of a list.
func listAll[T any](t *testing.T, e *testEnv, token, path string) []T {
	t.Helper()
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	var all []T
	for page := 1; ; page++ {
		r := e.get(token, fmt.Sprintf("%s%sper_page=100&page=%d", path, sep, page)).want(t, http.StatusOK)
		all = append(all, data[[]T](t, r)...)
		if page >= r.Pagination.LastPage {
			return all
		}
	}
}

func ptr[T any](v T) *T { return &v }
