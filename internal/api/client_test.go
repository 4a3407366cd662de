package api

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

const (
	testToken = "tok-5f2c9a71e0d84b36"
	testUA    = "convo/1.2.3"
)

// sleepRecorder stands in for Client.sleep: it records every wait and returns
// at once, so that retry tests neither wait nor guess how long they waited.
type sleepRecorder struct {
	mu    sync.Mutex
	waits []time.Duration
}

func (r *sleepRecorder) sleep(ctx context.Context, d time.Duration) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.waits = append(r.waits, d)
	return ctx.Err()
}

func (r *sleepRecorder) recorded() []time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]time.Duration(nil), r.waits...)
}

// newTestClient returns a client of baseURL with the test token, three
// retries and a sleepRecorder in place of the real sleep; configure adjusts
// the options before the client is built.
func newTestClient(t *testing.T, baseURL string, configure ...func(*Options)) (*Client, *sleepRecorder) {
	t.Helper()
	opts := Options{BaseURL: baseURL, Token: testToken, UserAgent: testUA, MaxRetries: 3, Timeout: 10 * time.Second}
	for _, f := range configure {
		f(&opts)
	}
	c, err := New(opts)
	if err != nil {
		t.Fatalf("New(%+v): %v", opts, err)
	}
	rec := &sleepRecorder{}
	c.sleep = rec.sleep
	return c, rec
}

// countingServer serves h and counts the requests it receives.
func countingServer(t *testing.T, h http.HandlerFunc) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

// writeJSON answers with status and body as application/json.
func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(body))
}

// readAll reads a request body inside a handler.
func readAll(t *testing.T, r *http.Request) []byte {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Errorf("read request body: %v", err)
	}
	return b
}

func ptr[T any](v T) *T { return &v }

func TestNewInsecureHTTP(t *testing.T) {
	tests := []struct {
		name     string
		baseURL  string
		token    string
		insecure bool
		wantErr  error // nil: New succeeds
	}{
		{"http remote with token", "http://api.example.com", testToken, false, ErrInsecureHTTP},
		{"http remote ip with token", "http://203.0.113.7:8080", testToken, false, ErrInsecureHTTP},
		{"http 127.0.0.1", "http://127.0.0.1:8080", testToken, false, nil},
		{"http other loopback ip", "http://127.0.0.2", testToken, false, nil},
		{"http localhost", "http://localhost:8080", testToken, false, nil},
		{"http LOCALHOST", "http://LOCALHOST", testToken, false, nil},
		{"http ipv6 loopback", "http://[::1]:8080", testToken, false, nil},
		{"https remote", "https://api.example.com", testToken, false, nil},
		{"https remote ip", "https://203.0.113.7", testToken, false, nil},
		{"http remote allowed", "http://api.example.com", testToken, true, nil},
		{"http remote without token", "http://api.example.com", "", false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(Options{BaseURL: tt.baseURL, Token: tt.token, AllowInsecureHTTP: tt.insecure})
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("New(%q) error = %v, want %v", tt.baseURL, err, tt.wantErr)
			}
		})
	}
}

func TestNewRejectsBadBaseURL(t *testing.T) {
	for _, base := range []string{"", "api.example.com", "ftp://api.example.com", "https://", "://x", "/api/v1"} {
		t.Run(base, func(t *testing.T) {
			_, err := New(Options{BaseURL: base, Token: testToken})
			if err == nil {
				t.Fatalf("New(%q) succeeded, want an error", base)
			}
			if errors.Is(err, ErrInsecureHTTP) || !strings.Contains(err.Error(), "absolute http(s) URL") {
				t.Errorf("New(%q) error = %v, want one that asks for an absolute http(s) URL", base, err)
			}
		})
	}
}

// TestBaseURLPath checks where requests go for base URLs with and without
// the API prefix, a trailing slash, or a path of their own (a reverse proxy).
func TestBaseURLPath(t *testing.T) {
	tests := []struct {
		suffix string // appended to the test server's URL
		want   string
	}{
		{"", "/api/v1/tags/3"},
		{"/", "/api/v1/tags/3"},
		{"/api/v1", "/api/v1/tags/3"},
		{"/api/v1/", "/api/v1/tags/3"},
		{"/convo", "/convo/api/v1/tags/3"},
	}
	for _, tt := range tests {
		t.Run(tt.suffix, func(t *testing.T) {
			var got string
			srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
				got = r.URL.EscapedPath()
				writeJSON(w, 200, `{"success":true,"data":{"id":3}}`)
			})
			c, _ := newTestClient(t, srv.URL+tt.suffix)
			if _, err := c.GetTag(context.Background(), 3); err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("base %q: server saw path %q, want %q", srv.URL+tt.suffix, got, tt.want)
			}
		})
	}
}

// TestLoginDigest tells logins apart by their root and token, without the
// token in it.
func TestLoginDigest(t *testing.T) {
	digest := func(base, token string) string {
		c, err := New(Options{BaseURL: base, Token: token})
		if err != nil {
			t.Fatal(err)
		}
		return c.LoginDigest()
	}
	one := digest("https://api.example.com", "s3cr3t-token")
	if one != digest("https://api.example.com/api/v1/", "s3cr3t-token") {
		t.Error("two spellings of one root and token are two logins")
	}
	if one == digest("https://api.example.com", "other-token") || one == digest("https://staging.example.com", "s3cr3t-token") {
		t.Error("another token, or another root, is the same login")
	}
	if len(one) != 64 || strings.Contains(one, "s3cr3t") {
		t.Errorf("digest %q, want 64 hex digits without the token", one)
	}
}

func TestNoAuthorizationWithoutToken(t *testing.T) {
	var auth []string
	srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Values("Authorization")
		writeJSON(w, 200, `{"success":true,"data":[]}`)
	})
	c, _ := newTestClient(t, srv.URL, func(o *Options) { o.Token = "" })
	if _, err := c.ListChannels(ChannelListParams{}).Collect(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(auth) != 0 {
		t.Errorf("Authorization sent without a token: %q", auth)
	}
}

// TestDoRawBody checks that Do sends json.RawMessage and []byte bodies as
// they are, for `convo api --input`.
func TestDoRawBody(t *testing.T) {
	const body = `{"text": "as typed",  "emoji":null}`
	for name, b := range map[string]any{"RawMessage": json.RawMessage(body), "bytes": []byte(body)} {
		t.Run(name, func(t *testing.T) {
			var got []byte
			srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
				got = readAll(t, r)
				writeJSON(w, 201, `{"success":true,"data":{"id":1}}`)
			})
			c, _ := newTestClient(t, srv.URL)
			resp, err := c.Do(context.Background(), Request{Method: "POST", Path: "/tags", Body: b})
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != body {
				t.Errorf("server got body %q, want %q", got, body)
			}
			if resp.StatusCode != 201 || string(resp.Envelope.Data) != `{"id":1}` {
				t.Errorf("response %d %s", resp.StatusCode, resp.Envelope.Data)
			}
		})
	}
}

func TestDoRejectsBadPath(t *testing.T) {
	srv, hits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {})
	c, _ := newTestClient(t, srv.URL)
	_, err := c.Do(context.Background(), Request{Method: "GET", Path: "/contacts/%zz"})
	if err == nil || !strings.Contains(err.Error(), "/contacts/%zz") {
		t.Fatalf("error = %v, want one naming the path", err)
	}
	if hits.Load() != 0 {
		t.Errorf("server hit %d times, want 0", hits.Load())
	}
}
