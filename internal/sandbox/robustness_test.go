package sandbox

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/validate"
)

func TestBodyLimit(t *testing.T) {
	e := newEnv(t)
	big := `{"phone":"5511987654321","name":"` + strings.Repeat("a", maxBodyBytes) + `"}`
	e.bad(AdminToken1, http.MethodPost, "/contacts", big).wantError(t, http.StatusRequestEntityTooLarge, msgTooLarge, "", "")
	e.bad(AdminToken1, http.MethodPut, "/contacts/1", big).wantError(t, http.StatusRequestEntityTooLarge, msgTooLarge, "", "")
	// Padding after a small object counts too.
	e.bad(AdminToken1, http.MethodPost, "/tags", `{"text":"x"}`+strings.Repeat(" ", maxBodyBytes)).wantError(t, http.StatusRequestEntityTooLarge, msgTooLarge, "", "")
	if got := data[[]api.Contact](t, e.get(AdminToken1, "/contacts?phone=5511987654321")); len(got) != 0 {
		t.Error("a body over the limit was processed")
	}
	// Just under the limit is fine (an unknown field is ignored).
	ok := `{"text":"x","padding":"` + strings.Repeat("a", maxBodyBytes-30) + `"}`
	e.bad(AdminToken1, http.MethodPost, "/tags", ok).want(t, http.StatusCreated)
}

func TestUnknownRoutes(t *testing.T) {
	e := newEnv(t)
	for _, path := range []string{"/nope", "/contacts/1/nope", "/chats/x", "/", "/contacts/1/notes/2"} {
		e.bad(AdminToken1, http.MethodGet, path, nil).wantError(t, http.StatusNotFound, msgNotFound, "", "")
	}
	// Outside the API prefix too.
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	rec := httptest.NewRecorder()
	NewServer(e.st, Options{}).ServeHTTP(rec, req)
	decodeResponse(t, rec.Code, rec.Header(), rec.Body.Bytes()).wantError(t, http.StatusNotFound, msgNotFound, "", "")

	// docs/openapi.yaml documents no 405, so these go to the server directly.
	raw := NewServer(e.st, Options{})

	// A path with an empty, "." or ".." segment is unknown too: an envelope,
	// never the mux's plain-text redirect (which a client would follow with
	// its POST).
	for _, path := range []string{"//api/v1/contacts", "/api/v1//contacts", "/api/v1/contacts//", "/api/v1/./tags", "/api/v1/contacts/../tags", "/api/v1/chats/x/../../contacts"} {
		for _, method := range []string{http.MethodGet, http.MethodPost} {
			req := httptest.NewRequest(method, path, strings.NewReader(`{"phone":"5511987654321"}`))
			req.Header.Set("Authorization", "Bearer "+AdminToken1)
			rec := httptest.NewRecorder()
			raw.ServeHTTP(rec, req)
			r := decodeResponse(t, rec.Code, rec.Header(), rec.Body.Bytes())
			r.wantError(t, http.StatusNotFound, msgNotFound, "", "")
			if loc := r.Header.Get("Location"); loc != "" {
				t.Errorf("%s %s: Location %q", method, path, loc)
			}
		}
	}
	if got := data[[]api.Contact](t, e.get(AdminToken1, "/contacts?phone=5511987654321")); len(got) != 0 {
		t.Error("a POST to a non-canonical path created a contact")
	}
	tests := []struct{ method, path, allow string }{
		{http.MethodPatch, "/contacts/1", "DELETE, GET, HEAD, PUT"},
		{http.MethodDelete, "/contacts", "GET, HEAD, POST"},
		{http.MethodGet, "/messages", "POST"},
		{http.MethodGet, "/chats/" + chatToken(1) + "/transfer", "POST"},
		{http.MethodPost, "/channels", "GET, HEAD"},
		{http.MethodPut, "/users/1/restore", "POST"},
	}
	for _, tt := range tests {
		req := httptest.NewRequest(tt.method, "/api/v1"+tt.path, nil)
		req.Header.Set("Authorization", "Bearer "+AdminToken1)
		rec := httptest.NewRecorder()
		raw.ServeHTTP(rec, req)
		r := decodeResponse(t, rec.Code, rec.Header(), rec.Body.Bytes())
		r.wantError(t, http.StatusMethodNotAllowed, msgMethodNotAllowed, "", "")
		if got := r.Header.Get("Allow"); got != tt.allow {
			t.Errorf("%s %s: Allow %q, want %q", tt.method, tt.path, got, tt.allow)
		}
	}
}

func TestPanicsAreRecovered(t *testing.T) {
	var logged bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logged, nil))
	h := recoverPanics(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }), log)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/contacts", nil))
	decodeResponse(t, rec.Code, rec.Header(), rec.Body.Bytes()).wantError(t, http.StatusInternalServerError, msgInternal, "", "")
	if !strings.Contains(logged.String(), "boom") || !strings.Contains(logged.String(), "/api/v1/contacts") {
		t.Errorf("log: %s", logged.String())
	}
	// The server's own signal to abort a response is passed on.
	abort := recoverPanics(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic(http.ErrAbortHandler) }), log)
	defer func() {
		if v := recover(); v != http.ErrAbortHandler {
			t.Errorf("recovered %v, want http.ErrAbortHandler", v)
		}
	}()
	abort.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/", nil))
}

// A failure of the database is a logged 500, never a panic nor a partial answer.
func TestStoreFailureIsInternalError(t *testing.T) {
	st := openStore(t)
	var logged bytes.Buffer
	h := NewServer(st, Options{Logger: slog.New(slog.NewTextHandler(&logged, nil))})
	if err := st.read.db.Close(); err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodGet, "/api/v1/channels", nil)
	req.Header.Set("Authorization", "Bearer "+AdminToken1)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	decodeResponse(t, rec.Code, rec.Header(), rec.Body.Bytes()).wantError(t, http.StatusInternalServerError, msgInternal, "", "")
	if !strings.Contains(logged.String(), "request failed") || !strings.Contains(logged.String(), "status=500") {
		t.Errorf("log: %s", logged.String())
	}
}

func TestErrorAnswers(t *testing.T) {
	tests := []struct {
		name   string
		err    error
		status int
		items  string // code/field of each errors[] item
		known  bool
	}{
		{"not found", notFound(msgTagNotFound), http.StatusNotFound, "", true},
		{"wrapped", fmt.Errorf("x: %w", notFound(msgTagNotFound)), http.StatusNotFound, "", true},
		{"forbidden", forbidden(msgForbidden), http.StatusForbidden, "", true},
		{"unauthenticated", failure(KindUnauthenticated, msgUnauthenticated), http.StatusUnauthorized, "", true},
		{"disconnected", disconnected(msgSendFailed), http.StatusConflict, "CHANNEL_DISCONNECTED/", true},
		{"conflict", conflict("phone", codeDuplicate, "exists"), http.StatusUnprocessableEntity, "DUPLICATE_ENTRY/phone", true},
		{"one violation", invalid("name", "bad"), http.StatusUnprocessableEntity, "INVALID_VALUE/name", true},
		{"violations", validate.Errors{invalid("a", "bad"), invalid("b", "bad")}, http.StatusUnprocessableEntity, "INVALID_VALUE/a INVALID_VALUE/b", true},
		{"too large", failure(KindTooLarge, msgTooLarge), http.StatusRequestEntityTooLarge, "", true},
		{"client gone", fmt.Errorf("list: %w", context.Canceled), http.StatusServiceUnavailable, "", true},
		{"anything else", errors.New("disk on fire"), http.StatusInternalServerError, "", false},
	}
	for _, tt := range tests {
		got, known := asAPIError(tt.err)
		var items []string
		for _, it := range got.Errors {
			items = append(items, it.Code+"/"+it.Field)
		}
		if got.StatusCode != tt.status || known != tt.known || strings.Join(items, " ") != tt.items {
			t.Errorf("%s: %d %v %v, want %d %v %q", tt.name, got.StatusCode, known, items, tt.status, tt.known, tt.items)
		}
	}
	// A violation without a field still names one, as the envelope requires.
	if got, _ := asAPIError(validate.Errors{{Code: validate.CodeInvalid, Message: "x"}}); got.Errors[0].Field != "body" {
		t.Errorf("field %q", got.Errors[0].Field)
	}
}

// The store reports what went wrong in the API's terms; only the HTTP layer
// knows status codes (statusOf), so no store file may import net/http.
func TestStoreKnowsNoHTTP(t *testing.T) {
	files, err := filepath.Glob("store*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("store files: %v, %v", files, err)
	}
	for _, f := range append(files, "seed.go", "seed_chats.go", "errors.go") {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range parsed.Imports {
			if imp.Path.Value == `"net/http"` {
				t.Errorf("%s imports net/http", f)
			}
		}
	}
	// Every kind declared has its status.
	decls, err := parser.ParseFile(token.NewFileSet(), "errors.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	kinds := 0
	ast.Inspect(decls, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok || spec.Type == nil || fmt.Sprint(spec.Type) != "Kind" {
			return true
		}
		kinds++
		value, _ := strconv.Unquote(spec.Values[0].(*ast.BasicLit).Value)
		if _, ok := statusOf[Kind(value)]; !ok {
			t.Errorf("kind %s has no status", spec.Names[0])
		}
		return true
	})
	if kinds != len(statusOf) {
		t.Errorf("errors.go declares %d kinds, statusOf maps %d", kinds, len(statusOf))
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{"João": "joao", "AÇÃO": "acao", "Ícaro Brandão": "icaro brandao", "plain": "plain"} {
		if got := fold(in); got != want {
			t.Errorf("fold(%q) = %q, want %q", in, got, want)
		}
	}
}
