package contract_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/routers/legacy"

	"github.com/convo-cli/convo/internal/contract"
)

// endpoints is the endpoint list of the API specification, verbatim.
var endpoints = []string{
	"GET /contacts/customfields",
	"GET /contacts",
	"GET /contacts/{id}",
	"POST /contacts",
	"PUT /contacts/{id}",
	"DELETE /contacts/{id}",
	"GET /contacts/{id}/notes",
	"POST /contacts/{id}/notes",
	"POST /contacts/verifynumber",
	"GET /chats/{token}/messages",
	"POST /messages",
	"GET /users",
	"GET /users/{id}",
	"POST /users",
	"PUT /users/{id}",
	"DELETE /users/{id}",
	"POST /users/{id}/restore",
	"GET /tags",
	"GET /tags/{id}",
	"POST /tags",
	"PUT /tags/{id}",
	"DELETE /tags/{id}",
	"GET /chats",
	"POST /chats/{token}/transfer",
	"GET /channels",
	"GET /templates",
}

func TestDocumentValidates(t *testing.T) {
	doc := contract.Load(t)
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("docs/openapi.yaml is not a valid OpenAPI document: %v", err)
	}
	if doc.OpenAPI != "3.0.3" {
		t.Errorf("openapi = %q, want 3.0.3", doc.OpenAPI)
	}
	if len(doc.Servers) != 1 || doc.Servers[0].URL != "{base_url}/api/v1" {
		t.Fatalf("servers = %v, want the single server {base_url}/api/v1", doc.Servers)
	}
	if v := doc.Servers[0].Variables["base_url"]; v == nil || v.Default != "http://127.0.0.1:8080" {
		t.Errorf("server variable base_url = %+v, want default http://127.0.0.1:8080", v)
	}
	if len(doc.Security) != 1 || doc.Security[0]["bearerAuth"] == nil {
		t.Errorf("global security = %v, want bearerAuth", doc.Security)
	}
	if s := doc.Components.SecuritySchemes["bearerAuth"]; s == nil || s.Value.Type != "http" || s.Value.Scheme != "bearer" {
		t.Errorf("security scheme bearerAuth = %+v, want http bearer", s)
	}
}

func TestDocumentHasExactlyTheSpecifiedEndpoints(t *testing.T) {
	doc := contract.Load(t)
	var got []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			got = append(got, method+" "+path)
		}
	}
	want := slices.Clone(endpoints)
	slices.Sort(got)
	slices.Sort(want)
	for _, e := range want {
		if !slices.Contains(got, e) {
			t.Errorf("docs/openapi.yaml lacks %s", e)
		}
	}
	for _, e := range got {
		if !slices.Contains(want, e) {
			t.Errorf("docs/openapi.yaml has %s, which the specification does not list", e)
		}
	}
}

// exchangeCase is one request and the response a test server gives to it, read from testdata.
type exchangeCase struct {
	Name            string            `json:"name"`
	Method          string            `json:"method"`
	Target          string            `json:"target"`
	SkipRequest     bool              `json:"skip_request"`
	NoAuth          bool              `json:"no_auth"`
	Request         json.RawMessage   `json:"request"`
	Status          int               `json:"status"`
	ResponseHeaders map[string]string `json:"response_headers"`
	Response        json.RawMessage   `json:"response"`
	// Violation is a piece of the report expected for the exchange; empty when the exchange is valid.
	Violation string `json:"violation"`
}

func loadCases(t *testing.T, name string) []exchangeCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var cases []exchangeCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatalf("parse testdata/%s: %v", name, err)
	}
	return cases
}

// recorder is a testing.TB that collects what the contract reports instead of failing the test.
type recorder struct {
	testing.TB
	mu     sync.Mutex
	errors []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) reported() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.errors)
}

// side is where the contract sits: wrapping the client's transport or the server's handler.
type side struct {
	name string
	// start serves h on a loopback server and returns a client for it, checked by tb on this side.
	start func(t *testing.T, tb testing.TB, h http.Handler) (*http.Client, string)
}

var sides = []side{
	{"client", func(t *testing.T, tb testing.TB, h http.Handler) (*http.Client, string) {
		srv := httptest.NewServer(h)
		t.Cleanup(srv.Close)
		return &http.Client{Transport: contract.RoundTripper(tb, srv.Client().Transport)}, srv.URL
	}},
	{"server", func(t *testing.T, tb testing.TB, h http.Handler) (*http.Client, string) {
		srv := httptest.NewServer(contract.Middleware(tb, h))
		t.Cleanup(srv.Close)
		return srv.Client(), srv.URL
	}},
}

// received is what the innermost handler saw of a request.
type received struct {
	target string
	header http.Header
	body   []byte
}

// run sends c through the contract on side s and returns what the contract reported. It also checks that
// the contract is transparent: the server gets the request as sent (less the marker header) and the
// client reads the response as served.
func run(t *testing.T, s side, c exchangeCase) []string {
	t.Helper()
	rec := &recorder{TB: t}
	seen := make(chan received, 1)
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			t.Errorf("server: read body: %v", err)
		}
		seen <- received{target: r.URL.RequestURI(), header: r.Header.Clone(), body: body}
		w.Header().Set("Content-Type", "application/json")
		for name, value := range c.ResponseHeaders {
			w.Header().Set(name, value)
		}
		w.WriteHeader(c.Status)
		_, _ = w.Write(c.Response)
	})
	client, base := s.start(t, rec, handler)

	req, err := http.NewRequest(c.Method, base+c.Target, bytes.NewReader(c.Request))
	if err != nil {
		t.Fatal(err)
	}
	if !c.NoAuth {
		req.Header.Set("Authorization", "Bearer test-token")
	}
	if len(c.Request) > 0 {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.SkipRequest {
		req.Header.Set(contract.SkipRequestHeader, "1")
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", c.Method, c.Target, err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatalf("read response body: %v", err)
	}
	if resp.StatusCode != c.Status || !bytes.Equal(body, c.Response) {
		t.Errorf("client got %d %s, want %d %s", resp.StatusCode, body, c.Status, c.Response)
	}

	got := <-seen
	if got.target != c.Target {
		t.Errorf("server got target %s, want %s as sent", got.target, c.Target)
	}
	if !bytes.Equal(got.body, c.Request) {
		t.Errorf("server got body %s, want %s as sent", got.body, c.Request)
	}
	if v := got.header.Values(contract.SkipRequestHeader); len(v) > 0 {
		t.Errorf("server got header %s: %v, want it removed", contract.SkipRequestHeader, v)
	}
	if want := req.Header.Get("Authorization"); got.header.Get("Authorization") != want {
		t.Errorf("server got Authorization %q, want %q", got.header.Get("Authorization"), want)
	}
	return rec.reported()
}

func TestValidExchangesPass(t *testing.T) {
	for _, s := range sides {
		for _, c := range loadCases(t, "valid.json") {
			t.Run(s.name+"/"+c.Name, func(t *testing.T) {
				t.Parallel()
				if reported := run(t, s, c); len(reported) > 0 {
					t.Errorf("valid exchange reported as a violation:\n%s", strings.Join(reported, "\n"))
				}
			})
		}
	}
}

func TestViolationsAreReported(t *testing.T) {
	for _, s := range sides {
		for _, c := range loadCases(t, "violations.json") {
			t.Run(s.name+"/"+c.Name, func(t *testing.T) {
				t.Parallel()
				reported := run(t, s, c)
				if len(reported) == 0 {
					t.Fatalf("violation not reported; want a report mentioning %q", c.Violation)
				}
				if !slices.ContainsFunc(reported, func(r string) bool { return strings.Contains(r, c.Violation) }) {
					t.Errorf("no report mentions %q:\n%s", c.Violation, strings.Join(reported, "\n"))
				}
				// Every report names the request, so that a failing test points at the call.
				request := c.Method + " " + c.Target
				for _, r := range reported {
					if !strings.Contains(r, request) {
						t.Errorf("report does not name %q: %s", request, r)
					}
				}
			})
		}
	}
}

// TestValidExchangesCoverEveryOperation makes sure each operation of the document accepts at least one
// realistic successful exchange, so that no operation is described too strictly to be met.
func TestValidExchangesCoverEveryOperation(t *testing.T) {
	doc := contract.Load(t)
	router, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	covered := map[string]bool{}
	for _, c := range loadCases(t, "valid.json") {
		if c.Status >= 300 {
			continue
		}
		u, err := url.Parse(c.Target)
		if err != nil {
			t.Fatal(err)
		}
		route, _, err := router.FindRoute(&http.Request{Method: c.Method, URL: u})
		if err != nil {
			t.Fatalf("%s: %s %s: %v", c.Name, c.Method, c.Target, err)
		}
		covered[route.Method+" "+route.Path] = true
	}
	for _, e := range endpoints {
		if !covered[e] {
			t.Errorf("testdata/valid.json has no successful exchange for %s", e)
		}
	}
}
