package sandbox

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"
)

func TestFailRate(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.FailRate = 1 })
	for _, rq := range []request{
		{token: AdminToken1, method: http.MethodPost, path: "/contacts", body: map[string]any{"phone": "5511987654321"}},
		{token: AdminToken1, method: http.MethodDelete, path: "/contacts/1"},
		{token: AdminToken1, method: http.MethodGet, path: "/channels"},
		{token: "", method: http.MethodGet, path: "/channels", invalid: true}, // before authentication too
	} {
		r := e.do(rq)
		r.wantError(t, http.StatusServiceUnavailable, msgUnavailable, "", "")
		if r.Header.Get("Retry-After") == "" {
			t.Errorf("%s %s: no Retry-After", rq.method, rq.path)
		}
	}
	// Nothing was processed.
	var contacts int
	if err := e.st.reader(t.Context()).queryRow("SELECT count(*) FROM contacts WHERE company_id = 1").Scan(&contacts); err != nil || contacts != 50 {
		t.Errorf("contacts after refused requests: %d (%v)", contacts, err)
	}
}

func TestRateLimit(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.RateLimit = 2 })
	// A burst of one second's worth passes, then the token waits.
	e.get(AdminToken1, "/channels").want(t, http.StatusOK)
	e.get(AdminToken1, "/channels").want(t, http.StatusOK)
	r := e.get(AdminToken1, "/channels")
	r.wantError(t, http.StatusTooManyRequests, msgTooManyRequests, "", "")
	if s, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || s < 1 {
		t.Errorf("Retry-After %q", r.Header.Get("Retry-After"))
	}
	// Another token has its own budget.
	e.get(AgentToken1, "/channels").want(t, http.StatusOK)
}

func TestLimitersStayBounded(t *testing.T) {
	l := newLimiters(1)
	now := time.Now()
	for i := range maxLimiters + 10 {
		if _, ok := l.take(fmt.Sprint("token-", i), now); !ok {
			t.Fatal("a new token has no budget")
		}
	}
	if len(l.byName) > maxLimiters {
		t.Errorf("%d limiters kept", len(l.byName))
	}
	if wait, ok := l.take("token-10009", now); ok || wait <= 0 || wait > time.Second {
		t.Errorf("second request within the second: allowed %v, wait %v", ok, wait)
	}
}

func TestLatency(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.Latency = 40 * time.Millisecond })
	start := time.Now()
	e.get(AdminToken1, "/channels").want(t, http.StatusOK)
	if d := time.Since(start); d < 40*time.Millisecond {
		t.Errorf("answered in %v", d)
	}
	// A client that gives up is not waited for, and nothing is processed.
	h := NewServer(e.st, Options{Latency: time.Hour})
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	req := httptest.NewRequestWithContext(ctx, http.MethodPost, "/api/v1/tags", nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Body.Len() != 0 {
		t.Errorf("a cancelled request was answered: %s", rec.Body)
	}
}
