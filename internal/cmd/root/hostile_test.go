package root_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/cmd/root"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/safetext"
)

// hostileToken is the token the hostile servers receive; it must never be
// printed.
const hostileToken = "hostile-secret-token-5f1c9a"

// convoAgainst runs `convo args...` in-process, logged in with hostileToken
// to the server at baseURL through the production factory, so that the
// client, its retries and the error printing are the real ones. ctx lets a
// test interrupt the run as Ctrl-C does; errOut, when not nil, also
// receives stderr as it is written. The test calls cmdtest.New first, for a
// clean convo environment and empty config and data directories.
func convoAgainst(t *testing.T, ctx context.Context, baseURL string, errOut io.Writer, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	t.Setenv("CONVO_TOKEN", hostileToken)
	t.Setenv("CONVO_BASE_URL", baseURL)
	ios, _, out, errBuf := output.Test()
	if errOut != nil {
		ios.ErrOut = io.MultiWriter(errBuf, errOut)
	}
	f := cmdutil.NewFactory("test", ios, nil)
	code = root.Run(ctx, f, args)
	return code, out.String(), errBuf.String()
}

// stackTrace matches what a panic or a dumped stack prints.
var stackTrace = regexp.MustCompile(`panic:|goroutine \d+|\.go:\d+`)

// assertOneErrorLine checks what the user sees of a failure: nothing on
// stdout, one line on stderr that says what went wrong, no stack trace and
// no token.
func assertOneErrorLine(t *testing.T, stdout, stderr, first, want string) {
	t.Helper()
	if stdout != "" {
		t.Errorf("stdout = %q, want nothing", stdout)
	}
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	if len(lines) != 1 || !strings.HasPrefix(lines[0], first) || !strings.Contains(lines[0], want) {
		t.Errorf("stderr =\n%s\nwant one line starting %q and containing %q", stderr, first, want)
	}
	if stackTrace.MatchString(stderr) {
		t.Errorf("stderr shows a stack trace:\n%s", stderr)
	}
	if strings.Contains(stderr, hostileToken) {
		t.Errorf("stderr shows the token:\n%s", stderr)
	}
}

// hijack takes over the connection to write raw bytes, then drops it with a
// reset (no orderly close), as a crashing proxy does.
func hijack(t *testing.T, w http.ResponseWriter, raw string) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		t.Error(err)
		return
	}
	_, _ = conn.Write([]byte(raw))
	if tcp, ok := conn.(*net.TCPConn); ok {
		_ = tcp.SetLinger(0) // close sends RST
	}
	_ = conn.Close()
}

// TestHostileServers runs a command against servers that misbehave in the
// ways real networks and proxies do. Each is one clear error line and exit
// code 1 (4 for a refused token), never a panic, a stack trace or the token.
func TestHostileServers(t *testing.T) {
	const htmlPage = `<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx/1.25.3</center></body></html>`
	tests := []struct {
		name    string
		handler http.HandlerFunc
		args    []string
		code    int
		want    string // part of the error line
		hint    string // the line after it, if any
	}{
		{
			name: "connection reset mid-body",
			handler: func(w http.ResponseWriter, r *http.Request) {
				hijack(t, w, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n"+`{"success":true,"data":[{"id":1,`)
			},
			code: 1, want: "GET /tags: read response (HTTP 200)",
		},
		{
			name: "truncated JSON",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprint(w, `{"success":true,"data":[{"id":1,"text":"VI`)
			},
			code: 1, want: "HTTP 200 OK: the server answered with something that is not JSON (application/json, 42 bytes)",
		},
		{
			name: "HTML error page of a proxy",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				w.WriteHeader(http.StatusBadGateway)
				fmt.Fprint(w, htmlPage)
			},
			code: 1, want: "HTTP 502 Bad Gateway: the server answered with something that is not JSON (text/html, 143 bytes): 502 Bad Gateway 502 Bad Gateway nginx/1.25.3",
		},
		{
			name: "200 with success false",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprint(w, `{"success":false,"message":"Não foi possível listar as tags."}`)
			},
			code: 1, want: "error: Não foi possível listar as tags.",
		},
		{
			name: "wrong content type and no JSON",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/plain")
				fmt.Fprint(w, "OK")
			},
			code: 1, want: "HTTP 200 OK: the server answered with something that is not JSON (text/plain, 2 bytes): OK",
		},
		{
			name: "no answer within --timeout",
			handler: func(w http.ResponseWriter, r *http.Request) {
				<-r.Context().Done()
			},
			args: []string{"--timeout", "200ms"},
			code: 1, want: "GET /tags: no answer within 200ms (see --timeout)",
		},
		{
			name: "body stalls past --timeout",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprint(w, `{"success":true,"data":[`)
				w.(http.Flusher).Flush()
				<-r.Context().Done()
			},
			args: []string{"--timeout", "200ms"},
			code: 1, want: "response not complete within 200ms (see --timeout)",
		},
		{
			name: "gigantic response",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprint(w, `{"success":true,"data":"`)
				chunk := bytes.Repeat([]byte("a"), 1<<20)
				for range 40 {
					if _, err := w.Write(chunk); err != nil {
						return // the client stopped reading, as it should
					}
				}
				fmt.Fprint(w, `"}`)
			},
			code: 1, want: "response body larger than 32 MiB",
		},
		{
			name: "401",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusUnauthorized)
				fmt.Fprint(w, `{"success":false,"message":"Não autenticado."}`)
			},
			code: 4, want: "error: Não autenticado.",
			hint: cmdutil.EnvTokenRefusedHint, // the token is in CONVO_TOKEN
		},
		{
			name: "403",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusForbidden)
				fmt.Fprint(w, `{"success":false,"message":"Acesso negado."}`)
			},
			code: 4, want: "error: Acesso negado.",
		},
		{
			name: "a message that writes to the terminal",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusForbidden)
				fmt.Fprint(w, `{"success":false,"message":"Acesso negado.\u001b]52;c;cHduZWQ=\u0007\nerror: forjado\u009b2J\u202e"}`)
			},
			code: 4, want: `error: Acesso negado.^[]52;c;cHduZWQ=^G\nerror: forjado\u009b2J\u202e`,
		},
		{
			name: "a page that is not JSON, with controls",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/plain")
				fmt.Fprint(w, "\x1b]0;owned\x07\x1b[2JOK")
			},
			code: 1, want: `(text/plain, 16 bytes): ^[]0;owned^G^[[2JOK`,
		},
		{
			name: "503 after every retry",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusServiceUnavailable)
				fmt.Fprint(w, `{"success":false,"message":"Serviço temporariamente indisponível."}`)
			},
			args: []string{"--max-retries", "1"},
			code: 1, want: "error: Serviço temporariamente indisponível. (after 1 retry)",
		},
	}
	cmdtest.New(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(tt.handler)
			t.Cleanup(srv.Close)
			args := append([]string{"tags", "list", "--max-retries", "0"}, tt.args...)
			code, stdout, stderr := convoAgainst(t, t.Context(), srv.URL, nil, args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tt.code, stderr)
			}
			if tt.hint != "" {
				// What to do comes on a line of its own after the error.
				if !strings.HasSuffix(stderr, "\n"+tt.hint+"\n") {
					t.Errorf("stderr %q does not end with the hint %q", stderr, tt.hint)
				}
				stderr = strings.TrimSuffix(stderr, tt.hint+"\n")
			}
			assertOneErrorLine(t, stdout, stderr, "error: ", tt.want)
		})
	}
}

// TestJSONWithTheWrongContentTypeIsAccepted: a server that labels its JSON
// text/html or nothing at all is still understood; only the body decides.
func TestJSONWithTheWrongContentTypeIsAccepted(t *testing.T) {
	cmdtest.New(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=iso-8859-1")
		fmt.Fprint(w, `{"success":true,"data":[{"id":7,"text":"VIP","emoji":null,"color":"#FFD700","created_at":"2026-01-02T03:04:05.000000Z"}],"pagination":{"total":1,"per_page":50,"current_page":1,"last_page":1}}`)
	}))
	t.Cleanup(srv.Close)
	code, stdout, stderr := convoAgainst(t, t.Context(), srv.URL, nil, "tags", "list", "--fields", "id,text")
	if code != 0 || stdout != "7\tVIP\n" {
		t.Errorf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
}

// TestRedirectToAnotherHostKeepsTheToken: the API answers with a redirect
// to another server, which must receive nothing at all.
func TestRedirectToAnotherHostKeepsTheToken(t *testing.T) {
	cmdtest.New(t)
	var otherHits atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		otherHits.Add(1)
		if strings.Contains(r.Header.Get("Authorization"), hostileToken) {
			t.Error("the other host received the token")
		}
	}))
	t.Cleanup(other.Close)
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.RequestURI(), http.StatusTemporaryRedirect)
	}))
	t.Cleanup(api.Close)
	code, stdout, stderr := convoAgainst(t, t.Context(), api.URL, nil, "tags", "list")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	assertOneErrorLine(t, stdout, stderr, "error: ", "refusing to follow a redirect to "+other.URL)
	if otherHits.Load() != 0 {
		t.Errorf("the other host received %d requests", otherHits.Load())
	}
}

// signalWriter closes seen the first time what was written contains want.
type signalWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	want string
	seen chan struct{}
	once sync.Once
}

func (w *signalWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if strings.Contains(w.buf.String(), w.want) {
		w.once.Do(func() { close(w.seen) })
	}
	return len(p), nil
}

// TestRetryAfterAsTheUserSeesIt: a 429 makes convo wait as long as the
// server asks, in seconds or as an HTTP date, but never more than a minute;
// --debug says how long, and Ctrl-C during the wait ends the command at
// once with exit code 130.
func TestRetryAfterAsTheUserSeesIt(t *testing.T) {
	httpDate := func(d time.Duration) func() string {
		return func() string { return time.Now().Add(d).UTC().Format(http.TimeFormat) }
	}
	tests := []struct {
		name      string
		header    func() string // at the time of the answer
		announced string
	}{
		{"seconds", func() string { return "7" }, "! retry 1 of 3 in 7s\n"},
		{"HTTP date", httpDate(42 * time.Second), "! retry 1 of 3 in 4"}, // 41 to 42 s: the date has whole seconds
		{"the cap", func() string { return "60" }, "! retry 1 of 3 in 1m0s\n"},
	}
	cmdtest.New(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Retry-After", tt.header())
				w.WriteHeader(http.StatusTooManyRequests)
				fmt.Fprint(w, `{"success":false,"message":"Muitas requisições. Tente novamente em instantes."}`)
			}))
			t.Cleanup(srv.Close)
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			watch := &signalWriter{want: tt.announced, seen: make(chan struct{})}
			go func() {
				select {
				case <-watch.seen:
				case <-time.After(10 * time.Second):
					t.Error("no announcement of the wait within 10s")
				}
				cancel() // Ctrl-C
			}()
			start := time.Now()
			code, stdout, stderr := convoAgainst(t, ctx, srv.URL, watch, "--debug", "tags", "list")
			if code != 130 {
				t.Errorf("exit %d, want 130", code)
			}
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("Ctrl-C took %s to end the wait", took)
			}
			if stdout != "" || !strings.HasSuffix(stderr, "\ninterrupted\n") || stackTrace.MatchString(stderr) {
				t.Errorf("stdout %q; stderr:\n%s", stdout, stderr)
			}
			if strings.Contains(stderr, hostileToken) {
				t.Errorf("--debug shows the token:\n%s", stderr)
			}
		})
	}
}

// TestRetryAfterBeyondTheCap: a server that asks for a longer wait than
// convo makes gets no retry: the command fails at once, saying for how
// long and until when the server asked to wait.
func TestRetryAfterBeyondTheCap(t *testing.T) {
	cmdtest.New(t)
	for _, header := range []string{"300", "99999999999999999999"} {
		var hits atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			hits.Add(1)
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Retry-After", header)
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprint(w, `{"success":false,"message":"Muitas requisições. Tente novamente em instantes."}`)
		}))
		t.Cleanup(srv.Close)
		start := time.Now()
		code, stdout, stderr := convoAgainst(t, t.Context(), srv.URL, nil, "tags", "list")
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("Retry-After %s: took %s, want no wait", header, took)
		}
		if code != 1 || hits.Load() != 1 {
			t.Errorf("Retry-After %s: exit %d after %d requests, want 1 after 1", header, code, hits.Load())
		}
		assertOneErrorLine(t, stdout, stderr, "error: Muitas requisições. Tente novamente em instantes. (the server asks to wait ",
			"; convo waits 1m0s at most: try again then)")
		m := regexp.MustCompile(`wait (\S+), until ([-\d]+ )?(\d\d:\d\d:\d\d);`).FindStringSubmatch(stderr)
		if m == nil {
			t.Fatalf("stderr %q does not say how long and until when", stderr)
		}
		if header == "300" {
			// The date is shown only when the wait ends on another day.
			day := m[2]
			if day == "" {
				day = start.Format("2006-01-02 ")
			}
			until, err := time.ParseInLocation("2006-01-02 15:04:05", day+m[3], time.Local)
			due := start.Add(5 * time.Minute).Truncate(time.Second)
			if d := until.Sub(due); m[1] != "5m0s" || err != nil || d < 0 || d > 2*time.Second {
				t.Errorf("stderr %q, want a wait of 5m0s until %s", stderr, due.Format("15:04:05"))
			}
		} else if want := start.AddDate(100, 0, 0).Format("2006-"); !strings.HasPrefix(m[2], want) {
			t.Errorf("stderr %q, want a date in %s", stderr, want)
		}
	}
}

// TestRetryAfterIsWaitedFor: a short Retry-After is honoured for real and
// the retried request succeeds.
func TestRetryAfterIsWaitedFor(t *testing.T) {
	cmdtest.New(t)
	var hits atomic.Int32
	var firstNanos atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if hits.Add(1) == 1 {
			firstNanos.Store(time.Now().UnixNano())
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprint(w, `{"success":false,"message":"Muitas requisições. Tente novamente em instantes."}`)
			return
		}
		if waited := time.Since(time.Unix(0, firstNanos.Load())); waited < time.Second {
			t.Errorf("retried after %s, before the second Retry-After asked for", waited)
		}
		fmt.Fprint(w, `{"success":true,"data":[],"pagination":{"total":0,"per_page":50,"current_page":1,"last_page":1}}`)
	}))
	t.Cleanup(srv.Close)
	code, stdout, stderr := convoAgainst(t, t.Context(), srv.URL, nil, "tags", "list")
	if code != 0 || stdout != "" || stderr != "No tags match.\n" || hits.Load() != 2 {
		t.Errorf("exit %d after %d requests; stdout %q; stderr:\n%s", code, hits.Load(), stdout, stderr)
	}
}

// TestInterruptedRequest: Ctrl-C while a request is in flight ends the
// command with exit code 130 and one word, whatever the server does; with
// -o json, one object that says so.
func TestInterruptedRequest(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"tags", "list"}, "interrupted\n"},
		{[]string{"tags", "list", "-o", "json"}, `{"error":{"message":"interrupted","exit_code":130,"status":null,"errors":[]}}` + "\n"},
	} {
		cmdtest.New(t)
		arrived := make(chan struct{})
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			close(arrived)
			<-r.Context().Done()
		}))
		t.Cleanup(srv.Close)
		ctx, cancel := context.WithCancel(t.Context())
		go func() {
			<-arrived
			cancel()
		}()
		code, stdout, stderr := convoAgainst(t, ctx, srv.URL, nil, tt.args...)
		if code != 130 || stdout != "" || stderr != tt.want {
			t.Errorf("%v: exit %d; stdout %q; stderr %q; want 130 and %q", tt.args, code, stdout, stderr, tt.want)
		}
	}
}

// TestErrorsNeverQuoteTheToken: a proxy's error page or an API message that
// echoes the request's Authorization header is shown without the token.
func TestErrorsNeverQuoteTheToken(t *testing.T) {
	tests := []struct {
		name, ctype string
		status      int
		body        func(auth string) string
	}{
		{"HTML page echoing the headers", "text/html", http.StatusBadGateway, func(auth string) string {
			return "<html><body><h1>Bad Gateway</h1><p>Request headers: Authorization: " + auth + "</p></body></html>"
		}},
		{"token cut where the page is shortened", "text/plain", http.StatusBadGateway, func(auth string) string {
			return strings.Repeat("x", 110) + " " + auth + " " + strings.Repeat("y", 100)
		}},
		{"envelope echoing the token", "application/json", http.StatusUnprocessableEntity, func(auth string) string {
			return `{"success":false,"message":"Token ` + auth + ` inválido","errors":[{"code":"INVALID_VALUE","field":"token","message":"` + auth + `"}]}`
		}},
	}
	cmdtest.New(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tt.ctype)
				w.WriteHeader(tt.status)
				fmt.Fprint(w, tt.body(r.Header.Get("Authorization")))
			}))
			t.Cleanup(srv.Close)
			code, stdout, stderr := convoAgainst(t, t.Context(), srv.URL, nil, "tags", "list", "--max-retries", "0")
			if code != 1 || stdout != "" {
				t.Errorf("exit %d, stdout %q", code, stdout)
			}
			// Every body quotes "Bearer <token>": not even the token's first
			// letter may show where the message is cut.
			if strings.Contains(stderr, "Bearer "+hostileToken[:1]) {
				t.Errorf("stderr shows the token or part of it:\n%s", stderr)
			}
			if !strings.Contains(stderr, "Bearer *") {
				t.Errorf("stderr does not show where the token was masked:\n%s", stderr)
			}
		})
	}
}

// TestDebugShowsTheServersControlsAsEscapes: --debug quotes what the server
// sent, headers and body; whatever controls they hold reach stderr as
// visible escapes, as the error line that follows does.
func TestDebugShowsTheServersControlsAsEscapes(t *testing.T) {
	cmdtest.New(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("X-Note", "a\u009bb\u202ec")
		w.WriteHeader(http.StatusBadGateway)
		fmt.Fprint(w, "\x1b]52;c;cHduZWQ=\x07\x1b[2J\u009b31m\u202eerro\rfalso")
	}))
	t.Cleanup(srv.Close)
	code, _, stderr := convoAgainst(t, t.Context(), srv.URL, nil, "--debug", "tags", "list", "--max-retries", "0")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if i := strings.IndexFunc(stderr, func(r rune) bool { return r != '\n' && safetext.Escaped(r) }); i >= 0 {
		t.Errorf("stderr holds %q raw at byte %d:\n%q", stderr[i:i+1], i, stderr)
	}
	for _, want := range []string{`X-Note: a\u009bb\u202ec`, `^[]52;c;cHduZWQ=^G^[[2J\u009b31m\u202eerro\rfalso`} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr does not show %q:\n%s", want, stderr)
		}
	}
}
