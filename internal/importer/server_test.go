package importer

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/sandbox/sandboxtest"
)

// testAPI is a freshly seeded sandbox behind a middleware that counts
// requests and lets a test answer some of them itself.
type testAPI struct {
	t *testing.T
	// srv serves handler on a loopback port; nil for a sandbox called in
	// process.
	srv     *httptest.Server
	handler http.Handler

	mu     sync.Mutex
	counts map[string]int // "POST /contacts" → requests
	// hook, when set, sees every request first; it returns true when it
	// has answered. next is the sandbox.
	hook func(w http.ResponseWriter, r *http.Request, next http.Handler) bool
}

// newTestAPI serves the sandbox on a loopback port, as a real API is.
func newTestAPI(t *testing.T) *testAPI {
	t.Helper()
	a := newInProcessAPI(t)
	a.srv = httptest.NewServer(a.handler)
	t.Cleanup(a.srv.Close)
	return a
}

// newInProcessAPI is a sandbox its clients call in process, with no
// network: it runs in a synctest bubble, where timers are the bubble's.
func newInProcessAPI(t *testing.T) *testAPI {
	t.Helper()
	store := sandboxtest.Seeded(t, filepath.Join(t.TempDir(), "sandbox.db"))
	next := sandbox.NewServer(store, sandbox.Options{})
	a := &testAPI{t: t, counts: map[string]int{}}
	a.handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a.mu.Lock()
		a.counts[r.Method+" "+strings.TrimPrefix(r.URL.Path, api.Prefix)]++
		hook := a.hook
		a.mu.Unlock()
		if hook != nil && hook(w, r, next) {
			return
		}
		next.ServeHTTP(w, r)
	})
	return a
}

func (a *testAPI) setHook(h func(w http.ResponseWriter, r *http.Request, next http.Handler) bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.hook = h
}

// count is how many requests method path got.
func (a *testAPI) count(method, path string) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.counts[method+" "+path]
}

// writes is how many requests changed something.
func (a *testAPI) writes() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := 0
	for k, v := range a.counts {
		if !strings.HasPrefix(k, "GET ") {
			n += v
		}
	}
	return n
}

// client is an API client of company 1's admin; retries are the client's own.
func (a *testAPI) client(retries int) *api.Client {
	a.t.Helper()
	opts := api.Options{BaseURL: "http://sandbox.localhost", Transport: sandbox.Transport(a.handler),
		Token: sandbox.AdminToken1, MaxRetries: retries, Timeout: 10 * time.Second}
	if a.srv != nil {
		opts.BaseURL, opts.Transport = a.srv.URL, nil
	}
	c, err := api.New(opts)
	if err != nil {
		a.t.Fatal(err)
	}
	return c
}

// contacts returns company 1's contacts whose phone contains phone.
func (a *testAPI) contacts(phone string) []api.Contact {
	a.t.Helper()
	var out []api.Contact
	params := api.ContactListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}, Phone: phone}
	for ct, err := range a.client(0).ListContacts(params).Follow(true).All(context.Background()) {
		if err != nil {
			a.t.Fatal(err)
		}
		out = append(out, ct)
	}
	return out
}

// contact returns the contact with exactly phone, failing the test unless there is one.
func (a *testAPI) contact(phone string) api.Contact {
	a.t.Helper()
	var found []api.Contact
	for _, ct := range a.contacts(phone) {
		if ct.Phone == phone {
			found = append(found, ct)
		}
	}
	if len(found) != 1 {
		a.t.Fatalf("%d contacts with phone %s, want 1", len(found), phone)
	}
	return found[0]
}
