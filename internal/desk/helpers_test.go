package desk

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/contract"
	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/sandbox/sandboxtest"
)

// Seeded attendants of company 1.
const (
	ana   = 1 // admin, sandbox-admin-1
	bruno = 2 // user of the main chatapp channel and the widget, sandbox-agent-1
)

// env is a seeded sandbox served in process, with every request the desks
// send counted.
type env struct {
	t       *testing.T
	ctx     context.Context
	store   *sandbox.Store
	db      string
	handler http.Handler // counts the requests, then serves them
	raw     http.Handler // serves without counting, for the tests' own requests

	mu       sync.Mutex
	requests []string
	// before, when set, runs before each counted request is served.
	before func(*http.Request)
}

func newEnv(t *testing.T) *env {
	t.Helper()
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "sandbox.db")
	store := sandboxtest.Seeded(t, db)
	e := &env{t: t, ctx: ctx, store: store, db: db}
	e.raw = contract.Middleware(t, sandbox.NewServer(store, sandbox.Options{}))
	e.handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.mu.Lock()
		e.requests = append(e.requests, r.Method+" "+strings.TrimPrefix(r.URL.Path, api.Prefix)+"?"+r.URL.RawQuery)
		before := e.before
		e.mu.Unlock()
		if before != nil {
			before(r)
		}
		e.raw.ServeHTTP(w, r)
	})
	return e
}

// client talks to the sandbox with a bearer token; its requests are counted.
func (e *env) client(token string) *api.Client { return e.newClient(token, e.handler) }

// api talks to the sandbox without being counted, for the tests' own doings.
func (e *env) api(token string) *api.Client { return e.newClient(token, e.raw) }

func (e *env) newClient(token string, h http.Handler) *api.Client {
	e.t.Helper()
	c, err := api.New(api.Options{BaseURL: "http://sandbox.localhost", Token: token, Transport: sandbox.Transport(h)})
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

// desk is a desk of token's company with its cache in dir ("" for none).
func (e *env) desk(token, dir string) *Desk {
	return New(e.client(token), Options{Destination: destination(token), CacheDir: dir})
}

// destination is the destination key of a sandbox token: its company.
func destination(token string) string {
	company := "1"
	if token == sandbox.AdminToken2 {
		company = "2"
	}
	return "http://sandbox.localhost company " + company
}

// refusingTransfers is a desk of the admin's whose transfers that match
// are refused as the API refuses a token without the chat's channel (403).
func (e *env) refusingTransfers(match func(*http.Request) bool) *Desk {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/transfer") && match(r) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusForbidden)
			w.Write([]byte(`{"success":false,"message":"Você não tem permissão para transferir conversas deste canal."}`))
			return
		}
		e.raw.ServeHTTP(w, r)
	})
	return New(e.newClient(sandbox.AdminToken1, h), Options{Destination: destination(sandbox.AdminToken1)})
}

// count returns how many requests were sent since the last count, and what they were.
func (e *env) count() (int, []string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	reqs := e.requests
	e.requests = nil
	return len(reqs), reqs
}

// cost runs f and fails the test unless it sent at most limit requests.
func (e *env) cost(what string, limit int, f func()) int {
	e.t.Helper()
	e.count()
	f()
	n, reqs := e.count()
	e.t.Logf("%s: %d requests", what, n)
	if n > limit {
		e.t.Errorf("%s: %d requests, want at most %d:\n  %s", what, n, limit, strings.Join(reqs, "\n  "))
	}
	return n
}

// chats lists every chat the token sees, by id (the seed's numbering).
func (e *env) chats(token string) map[int64]api.Chat {
	e.t.Helper()
	all, err := e.api(token).ListChats(api.ChatListParams{}).Follow(true).Collect(e.ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	byID := map[int64]api.Chat{}
	for _, c := range all {
		byID[c.ID] = c
	}
	return byID
}

// inbound makes a customer write in, as `convo sandbox inbound` does.
func (e *env) inbound(phone, channel, text string) *api.Message {
	e.t.Helper()
	m, err := sandbox.Inbound(e.ctx, e.store, sandbox.AdminToken1, phone, channel, text)
	if err != nil {
		e.t.Fatal(err)
	}
	return m
}

// exec changes the sandbox's database behind the API's back, to make the
// desk's cache wrong the way an API that works differently would.
func (e *env) exec(query string, args ...any) {
	e.t.Helper()
	db, err := sql.Open("sqlite", "file:"+e.db+"?_pragma=busy_timeout(5000)")
	if err != nil {
		e.t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(e.ctx, query, args...); err != nil {
		e.t.Fatal(err)
	}
}

// mustFind finds a chat or fails the test.
func mustFind(t *testing.T, d *Desk, token string) *Chat {
	t.Helper()
	ch, err := d.Find(context.Background(), token)
	if err != nil {
		t.Fatalf("find %s: %v", token, err)
	}
	return ch
}

func isInputError(err error) bool {
	var in *clierr.InputError
	return errors.As(err, &in)
}

func tokens(chats []*Chat) []string {
	out := make([]string, len(chats))
	for i, c := range chats {
		out[i] = c.Token + "@" + c.Channel.Token
	}
	slices.Sort(out)
	return out
}
