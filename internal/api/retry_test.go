package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

const okTag = `{"success":true,"message":"Tag atualizada com sucesso.","data":{"id":3,"text":"VIP","emoji":null,"color":"#000000","created_at":"2024-03-01T00:00:00.000000Z"}}`

// failThenOK answers the first failures requests with status (and the
// Retry-After header when not empty) and every later one with okTag.
func failThenOK(t *testing.T, failures int32, status int, retryAfter string) (string, *atomic.Int32) {
	t.Helper()
	var seen atomic.Int32
	srv, hits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		if seen.Add(1) > failures {
			writeJSON(w, 200, okTag)
			return
		}
		if retryAfter != "" {
			w.Header().Set("Retry-After", retryAfter)
		}
		writeJSON(w, status, `{"success":false,"message":"Serviço temporariamente indisponível."}`)
	})
	return srv.URL, hits
}

// callByMethod calls an endpoint of each method on tag 3.
func callByMethod(ctx context.Context, c *Client, method string) error {
	var err error
	switch method {
	case "GET":
		_, err = c.GetTag(ctx, 3)
	case "POST":
		_, err = c.CreateTag(ctx, TagCreate{Text: "VIP"})
	case "PUT":
		_, err = c.UpdateTag(ctx, 3, TagUpdate{Text: ptr("VIP")})
	case "DELETE":
		_, err = c.DeleteTag(ctx, 3)
	default:
		panic("no endpoint for " + method)
	}
	return err
}

// inBackoff reports whether d is a backoff before retry number attempt+1:
// 500 ms doubled per attempt up to 30 s, of which the upper half is random.
func inBackoff(d time.Duration, attempt int) bool {
	ceiling := min(500*time.Millisecond<<attempt, 30*time.Second)
	return d >= ceiling/2 && d <= ceiling
}

func TestRetryAfterSeconds(t *testing.T) {
	url, hits := failThenOK(t, 1, 429, "1")
	c, sleeps := newTestClient(t, url)
	res, err := c.GetTag(context.Background(), 3)
	if err != nil {
		t.Fatal(err)
	}
	if res.Data.ID != 3 {
		t.Errorf("data = %+v", res.Data)
	}
	if hits.Load() != 2 {
		t.Errorf("server hit %d times, want 2", hits.Load())
	}
	if got := sleeps.recorded(); len(got) != 1 || got[0] != time.Second {
		t.Errorf("waits = %v, want [1s]", got)
	}
}

// TestRetryAfterHonoured checks the wait a 429 asks for, with Retry-After
// in each form a server may use.
func TestRetryAfterHonoured(t *testing.T) {
	now := time.Now()
	tests := []struct {
		name     string
		header   string
		min, max time.Duration
	}{
		{"seconds", "7", 7 * time.Second, 7 * time.Second},
		{"zero", "0", 0, 0},
		{"HTTP date", now.Add(10 * time.Second).UTC().Format(http.TimeFormat), 8 * time.Second, 10 * time.Second},
		{"the cap", "60", MaxRetryWait, MaxRetryWait},
		{"date in the past", now.Add(-time.Hour).UTC().Format(http.TimeFormat), 0, 0},
		{"missing: backoff", "", 250 * time.Millisecond, 500 * time.Millisecond},
		{"unreadable: backoff", "soon", 250 * time.Millisecond, 500 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, hits := failThenOK(t, 1, 429, tt.header)
			c, sleeps := newTestClient(t, url)
			if _, err := c.GetTag(context.Background(), 3); err != nil {
				t.Fatal(err)
			}
			got := sleeps.recorded()
			if len(got) != 1 || got[0] < tt.min || got[0] > tt.max {
				t.Errorf("Retry-After %q: waits = %v, want one within [%v, %v]", tt.header, got, tt.min, tt.max)
			}
			if hits.Load() != 2 {
				t.Errorf("server hit %d times, want 2", hits.Load())
			}
		})
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		header string
		want   time.Duration
		ok     bool
	}{
		{"1", time.Second, true},
		{" 2 ", 2 * time.Second, true},
		{"0", 0, true},
		{"60", time.Minute, true},
		{"61", 61 * time.Second, true},
		{"999999", 999999 * time.Second, true},
		{"99999999999999999999", maxAsked, true},
		{"184467440737095516150", maxAsked, true}, // overflows uint64
		{"Wed, 01 May 2024 12:00:05 GMT", 5 * time.Second, true},
		{"Wednesday, 01-May-24 12:00:30 GMT", 30 * time.Second, true}, // RFC 850, still allowed
		{"Wed, 01 May 2024 11:00:00 GMT", 0, true},
		{"Thu, 01 May 2025 12:00:00 GMT", 365 * 24 * time.Hour, true},
		{"", 0, false},
		{"-1", 0, false},
		{"1.5", 0, false},
		{"tomorrow", 0, false},
	}
	for _, tt := range tests {
		got, ok := parseRetryAfter(tt.header, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseRetryAfter(%q) = %v, %v; want %v, %v", tt.header, got, ok, tt.want, tt.ok)
		}
	}
}

// TestRetryPolicy checks which failed answers are retried for which methods:
// gateway errors only for idempotent methods, 429 for all, others never.
func TestRetryPolicy(t *testing.T) {
	tests := []struct {
		method string
		status int
		retry  bool
	}{
		{"GET", 503, true},
		{"GET", 502, true},
		{"GET", 504, true},
		{"PUT", 502, true},
		{"PUT", 503, true},
		{"PUT", 504, true},
		{"DELETE", 502, true},
		{"DELETE", 504, true},
		{"GET", 429, true},
		{"POST", 429, true},
		{"POST", 500, false},
		{"POST", 502, false},
		{"POST", 503, false},
		{"POST", 504, false},
		{"GET", 500, false},
		{"GET", 404, false},
		{"PUT", 422, false},
		{"DELETE", 409, false},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+http.StatusText(tt.status), func(t *testing.T) {
			url, hits := failThenOK(t, 1, tt.status, "")
			c, sleeps := newTestClient(t, url)
			err := callByMethod(context.Background(), c, tt.method)
			if !tt.retry {
				var apiErr *Error
				if !errors.As(err, &apiErr) || apiErr.StatusCode != tt.status || apiErr.Retries != 0 {
					t.Fatalf("error = %v, want the %d as an *Error without retries", err, tt.status)
				}
				if hits.Load() != 1 || len(sleeps.recorded()) != 0 {
					t.Errorf("server hit %d times after %v waits, want exactly once", hits.Load(), sleeps.recorded())
				}
				return
			}
			if err != nil {
				t.Fatalf("error after a retry: %v", err)
			}
			if hits.Load() != 2 {
				t.Errorf("server hit %d times, want 2", hits.Load())
			}
			if got := sleeps.recorded(); len(got) != 1 || !inBackoff(got[0], 0) {
				t.Errorf("waits = %v, want one first backoff", got)
			}
		})
	}
}

// TestRetrySendsTheSameBody checks that a retried POST carries its whole body again.
func TestRetrySendsTheSameBody(t *testing.T) {
	var (
		mu     sync.Mutex
		bodies []string
	)
	srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		bodies = append(bodies, string(readAll(t, r)))
		first := len(bodies) == 1
		mu.Unlock()
		if first {
			w.Header().Set("Retry-After", "1")
			writeJSON(w, 429, `{"success":false,"message":"Muitas requisições. Tente novamente em instantes."}`)
			return
		}
		writeJSON(w, 201, `{"success":true,"message":"Nota criada com sucesso.","data":{"id":11}}`)
	})
	c, _ := newTestClient(t, srv.URL)
	res, err := c.CreateNote(context.Background(), 42, NoteCreate{Content: "Ligar às 14h."})
	if err != nil {
		t.Fatal(err)
	}
	if res.Message != "Nota criada com sucesso." {
		t.Errorf("message %q", res.Message)
	}
	want := `{"content":"Ligar às 14h."}`
	if len(bodies) != 2 || bodies[0] != want || bodies[1] != want {
		t.Errorf("bodies = %q, want %q twice", bodies, want)
	}
}

// refusedURL returns the URL of a loopback port that nothing listens on.
func refusedURL(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	return "http://" + addr
}

// TestRetryConnectionRefused checks that a refused connection is retried for
// every method: the request never left, so even a POST is safe to repeat.
func TestRetryConnectionRefused(t *testing.T) {
	for _, method := range []string{"GET", "POST"} {
		t.Run(method, func(t *testing.T) {
			c, sleeps := newTestClient(t, refusedURL(t), func(o *Options) { o.MaxRetries = 2 })
			err := callByMethod(context.Background(), c, method)
			var te *TransportError
			if !errors.As(err, &te) || te.Retries != 2 || !errors.Is(err, syscall.ECONNREFUSED) {
				t.Fatalf("error %T %v, want a refused connection as a *TransportError after 2 retries", err, err)
			}
			if !strings.Contains(err.Error(), "(after 2 retries)") || !strings.HasPrefix(err.Error(), method+" /tags") {
				t.Errorf("error %q should name the request and its retries", err)
			}
			got := sleeps.recorded()
			if len(got) != 2 || !inBackoff(got[0], 0) || !inBackoff(got[1], 1) {
				t.Errorf("waits = %v, want two growing backoffs", got)
			}
		})
	}
}

func TestRetriesStopAtMaxRetries(t *testing.T) {
	tests := []struct {
		method     string
		status     int
		maxRetries int
		wantText   string
	}{
		{"GET", 503, 3, "Serviço temporariamente indisponível. (after 3 retries)"},
		{"DELETE", 502, 1, "Serviço temporariamente indisponível. (after 1 retry)"},
		{"POST", 429, 2, "Serviço temporariamente indisponível. (after 2 retries)"},
		{"GET", 503, 0, "Serviço temporariamente indisponível."},
		{"GET", 503, -1, "Serviço temporariamente indisponível."},
	}
	for _, tt := range tests {
		t.Run(tt.wantText, func(t *testing.T) {
			url, hits := failThenOK(t, 1000, tt.status, "")
			c, sleeps := newTestClient(t, url, func(o *Options) { o.MaxRetries = tt.maxRetries })
			err := callByMethod(context.Background(), c, tt.method)
			retries := max(tt.maxRetries, 0)
			var apiErr *Error
			if !errors.As(err, &apiErr) || apiErr.StatusCode != tt.status || apiErr.Retries != retries {
				t.Fatalf("error = %#v, want the %d after %d retries", err, tt.status, retries)
			}
			if err.Error() != tt.wantText {
				t.Errorf("Error() = %q, want %q", err, tt.wantText)
			}
			if got := int(hits.Load()); got != retries+1 {
				t.Errorf("server hit %d times, want %d", got, retries+1)
			}
			waits := sleeps.recorded()
			if len(waits) != retries {
				t.Fatalf("waits = %v, want %d", waits, retries)
			}
			for i, d := range waits {
				if !inBackoff(d, i) {
					t.Errorf("wait %d = %v, want a backoff within [%v, %v]", i, d, min(500*time.Millisecond<<i, 30*time.Second)/2,
						min(500*time.Millisecond<<i, 30*time.Second))
				}
			}
		})
	}
}

func TestBackoffDelay(t *testing.T) {
	tests := []struct {
		backoff Backoff
		attempt int
		ceiling time.Duration
	}{
		{DefaultBackoff, 0, 500 * time.Millisecond},
		{DefaultBackoff, 1, time.Second},
		{DefaultBackoff, 2, 2 * time.Second},
		{DefaultBackoff, 3, 4 * time.Second},
		{DefaultBackoff, 4, 8 * time.Second},
		{DefaultBackoff, 5, 16 * time.Second},
		{DefaultBackoff, 6, 30 * time.Second},
		{DefaultBackoff, 10, 30 * time.Second},
		{DefaultBackoff, 64, 30 * time.Second},
		{DefaultBackoff, 1 << 40, 30 * time.Second},
		{Backoff{Base: 200 * time.Millisecond, Max: 5 * time.Second}, 0, 200 * time.Millisecond},
		{Backoff{Base: 200 * time.Millisecond, Max: 5 * time.Second}, 3, 1600 * time.Millisecond},
		{Backoff{Base: 200 * time.Millisecond, Max: 5 * time.Second}, 100, 5 * time.Second},
	}
	for _, tt := range tests {
		lo, hi := time.Duration(1<<62), time.Duration(0)
		for range 500 {
			d := tt.backoff.Delay(tt.attempt)
			if d < tt.ceiling/2 || d > tt.ceiling {
				t.Fatalf("%+v.Delay(%d) = %v, want within [%v, %v]", tt.backoff, tt.attempt, d, tt.ceiling/2, tt.ceiling)
			}
			lo, hi = min(lo, d), max(hi, d)
		}
		// Jitter spreads clients that failed together; 500 equal draws
		// would mean there is none.
		if lo == hi {
			t.Errorf("%+v.Delay(%d) always %v: no jitter", tt.backoff, tt.attempt, lo)
		}
	}
}

// TestRetryAfterBeyondTheCap: a 429 that asks for more than MaxRetryWait
// fails at once, for every method, with what the server asked on the
// error and in its message, instead of a wait that would end in failure.
func TestRetryAfterBeyondTheCap(t *testing.T) {
	tests := []struct {
		name   string
		header func(now time.Time) string
		asked  time.Duration // within a second
	}{
		{"seconds", func(time.Time) string { return "300" }, 5 * time.Minute},
		{"one second past the cap", func(time.Time) string { return "61" }, 61 * time.Second},
		{"HTTP date", func(now time.Time) string { return now.Add(2 * time.Hour).UTC().Format(http.TimeFormat) }, 2 * time.Hour},
		{"date next year", func(now time.Time) string { return now.AddDate(1, 0, 0).UTC().Format(http.TimeFormat) }, 0},
	}
	for _, tt := range tests {
		for _, method := range []string{"GET", "POST"} {
			t.Run(tt.name+" "+method, func(t *testing.T) {
				url, hits := failThenOK(t, 1000, 429, tt.header(time.Now()))
				c, sleeps := newTestClient(t, url)
				before := time.Now()
				err := callByMethod(context.Background(), c, method)
				var apiErr *Error
				if !errors.As(err, &apiErr) || apiErr.StatusCode != 429 || apiErr.Retries != 0 {
					t.Fatalf("error %v, want the 429 without retries", err)
				}
				if hits.Load() != 1 || len(sleeps.recorded()) != 0 {
					t.Errorf("server hit %d times after waits %v, want once and no wait", hits.Load(), sleeps.recorded())
				}
				asked := tt.asked
				if asked == 0 {
					asked = before.AddDate(1, 0, 0).Sub(before)
				}
				if d := apiErr.RetryAfter - asked; d < -time.Second || d > time.Second {
					t.Errorf("RetryAfter = %v, want %v", apiErr.RetryAfter, asked)
				}
				if d := apiErr.RetryAt.Sub(before.Add(asked)); d < -time.Second || d > time.Second {
					t.Errorf("RetryAt = %v, want about %v", apiErr.RetryAt, before.Add(asked))
				}
				at := apiErr.RetryAt.Local()
				layout := "15:04:05"
				if asked >= 24*time.Hour || at.YearDay() != before.YearDay() {
					layout = "2006-01-02 15:04:05"
				}
				want := fmt.Sprintf("Serviço temporariamente indisponível. (the server asks to wait %s, until %s; convo waits 1m0s at most: try again then)",
					apiErr.RetryAfter.Round(time.Second), at.Format(layout))
				if err.Error() != want {
					t.Errorf("Error() = %q\nwant      %q", err, want)
				}
			})
		}
	}
}

// TestRetryAfterOnTheError: a wait within the cap is honoured, and the
// error of the answer that ends the retries still says what was asked.
func TestRetryAfterOnTheError(t *testing.T) {
	url, _ := failThenOK(t, 1000, 429, "2")
	c, sleeps := newTestClient(t, url, func(o *Options) { o.MaxRetries = 1 })
	before := time.Now()
	_, err := c.GetTag(context.Background(), 3)
	var apiErr *Error
	if !errors.As(err, &apiErr) || apiErr.RetryAfter != 2*time.Second || apiErr.RetryAt.Before(before.Add(2*time.Second)) {
		t.Fatalf("error %#v, want the 429 asking for 2s", err)
	}
	if got := sleeps.recorded(); len(got) != 1 || got[0] != 2*time.Second {
		t.Errorf("waits %v, want [2s]", got)
	}
	if err.Error() != "Serviço temporariamente indisponível. (after 1 retry)" {
		t.Errorf("Error() = %q: a wait within the cap needs no note", err)
	}
	url, _ = failThenOK(t, 1000, 500, "")
	c, _ = newTestClient(t, url)
	if _, err := c.GetTag(context.Background(), 3); !errors.As(err, &apiErr) || !apiErr.RetryAt.IsZero() || apiErr.RetryAfter != 0 {
		t.Errorf("error %#v, want no Retry-After", err)
	}
}

// TestCancelDuringBackoff uses the real sleep with a long Retry-After and
// checks that cancelling the context ends the wait at once.
func TestCancelDuringBackoff(t *testing.T) {
	srv, hits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "30")
		writeJSON(w, 429, `{"success":false,"message":"Muitas requisições. Tente novamente em instantes."}`)
	})
	c, _ := newTestClient(t, srv.URL)
	c.sleep = Sleep
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(200*time.Millisecond, cancel)

	start := time.Now()
	resp, err := c.Do(ctx, Request{Method: "GET", Path: "/tags"})
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("Do returned after %v, want soon after the cancellation", took)
	}
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want one that is context.Canceled", err)
	}
	if resp == nil || resp.StatusCode != 429 || hits.Load() != 1 {
		t.Errorf("want the cancellation while waiting after one 429, got response %+v after %d hits", resp, hits.Load())
	}
}

// TestCancelBeforeSending checks that an already cancelled context sends nothing and retries nothing.
func TestCancelBeforeSending(t *testing.T) {
	srv, hits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, okTag)
	})
	c, sleeps := newTestClient(t, srv.URL)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := c.GetTag(ctx, 3)
	var te *TransportError
	if !errors.Is(err, context.Canceled) || !errors.As(err, &te) || err.Error() != "GET /tags/3: context canceled" {
		t.Fatalf("error %v, want %q", err, "GET /tags/3: context canceled")
	}
	if hits.Load() != 0 || len(sleeps.recorded()) > 1 {
		t.Errorf("server hit %d times, waits %v", hits.Load(), sleeps.recorded())
	}
}

// cancelAfterAnswer is a transport that answers okTag and then cancels the
// request's context, as a Ctrl-C arriving just after the answer would.
type cancelAfterAnswer struct{ cancel context.CancelFunc }

func (c cancelAfterAnswer) RoundTrip(req *http.Request) (*http.Response, error) {
	defer c.cancel()
	return &http.Response{
		StatusCode: 201, Status: "201 Created", Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(bytes.NewReader([]byte(okTag))), Request: req,
	}, nil
}

// TestAnswerWinsOverLateCancel checks that a request the server answered is
// reported as answered even when the caller gave up right after: a created
// resource must not look like a failure.
func TestAnswerWinsOverLateCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, _ := newTestClient(t, "https://api.example.com", func(o *Options) { o.Transport = cancelAfterAnswer{cancel} })
	res, err := c.CreateTag(ctx, TagCreate{Text: "VIP"})
	if err != nil {
		t.Fatalf("CreateTag: %v, want the answer", err)
	}
	if res.Data.ID != 3 || ctx.Err() == nil {
		t.Errorf("data %+v, context %v", res.Data, ctx.Err())
	}
}

// stallingServer accepts requests and never finishes answering them; when
// sendHeader is true it sends the status line and headers first.
func stallingServer(t *testing.T, sendHeader bool) (string, *atomic.Int32) {
	t.Helper()
	release := make(chan struct{})
	srv, hits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		if sendHeader {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(200)
			_, _ = w.Write([]byte(`{"success":true,"data":`))
			w.(http.Flusher).Flush()
		}
		select {
		case <-r.Context().Done():
		case <-release:
		}
	})
	t.Cleanup(func() { close(release) }) // runs before srv.Close
	return srv.URL, hits
}

func TestAttemptTimeout(t *testing.T) {
	tests := []struct {
		name       string
		sendHeader bool
		method     string
		maxRetries int
		wantHits   int32
		want       string
	}{
		{"no answer", false, "GET", 0, 1, "GET /tags/3: no answer within 100ms (see --timeout)"},
		{"no answer, GET retried", false, "GET", 1, 2, "GET /tags/3: no answer within 100ms (see --timeout) (after 1 retry)"},
		{"no answer, POST not retried", false, "POST", 1, 1, "POST /tags: no answer within 100ms (see --timeout)"},
		{"body never ends", true, "GET", 0, 1, "GET /tags/3: read response (HTTP 200): response not complete within 100ms (see --timeout)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url, hits := stallingServer(t, tt.sendHeader)
			c, _ := newTestClient(t, url, func(o *Options) {
				o.Timeout = 100 * time.Millisecond
				o.MaxRetries = tt.maxRetries
			})
			start := time.Now()
			err := callByMethod(context.Background(), c, tt.method)
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("took %v with a 100ms timeout", took)
			}
			var te *TransportError
			if !errors.As(err, &te) || err.Error() != tt.want {
				t.Errorf("error %T %q, want %q", err, err, tt.want)
			}
			if !TimedOut(err) {
				t.Errorf("TimedOut(%q) is false", err)
			}
			if hits.Load() != tt.wantHits {
				t.Errorf("server hit %d times, want %d", hits.Load(), tt.wantHits)
			}
		})
	}
}

func TestSleepContext(t *testing.T) {
	if err := Sleep(context.Background(), 0); err != nil {
		t.Errorf("Sleep(0) = %v", err)
	}
	start := time.Now()
	if err := Sleep(context.Background(), 20*time.Millisecond); err != nil || time.Since(start) < 20*time.Millisecond {
		t.Errorf("Sleep(20ms) = %v after %v", err, time.Since(start))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, d := range []time.Duration{0, time.Hour} {
		if err := Sleep(ctx, d); !errors.Is(err, context.Canceled) {
			t.Errorf("Sleep(cancelled, %v) = %v, want context.Canceled", d, err)
		}
	}
}

// TestMaybeSent: a failed request tells whether it reached the server, so
// that a command can say whether a message may have gone out.
func TestMaybeSent(t *testing.T) {
	t.Run("no answer after the request arrived", func(t *testing.T) {
		arrived := make(chan struct{})
		srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
			_, _ = io.ReadAll(r.Body)
			close(arrived)
			<-r.Context().Done()
		})
		ctx, cancel := context.WithCancel(context.Background())
		go func() { <-arrived; cancel() }()
		c, _ := newTestClient(t, srv.URL)
		_, err := c.CreateTag(ctx, TagCreate{Text: "VIP"})
		if !errors.Is(err, context.Canceled) || !MaybeSent(err) {
			t.Errorf("error %v, sent %v; want a cancellation that may have been sent", err, MaybeSent(err))
		}
	})
	t.Run("timed out after the request arrived", func(t *testing.T) {
		url, _ := stallingServer(t, false)
		c, _ := newTestClient(t, url, func(o *Options) { o.Timeout = 100 * time.Millisecond })
		if _, err := c.CreateTag(context.Background(), TagCreate{Text: "VIP"}); !MaybeSent(err) {
			t.Errorf("error %v, want one that may have been sent", err)
		}
	})
	t.Run("connection refused", func(t *testing.T) {
		c, _ := newTestClient(t, refusedURL(t), func(o *Options) { o.MaxRetries = 1 })
		if _, err := c.CreateTag(context.Background(), TagCreate{Text: "VIP"}); err == nil || MaybeSent(err) {
			t.Errorf("error %v, want one that was not sent", err)
		}
	})
	t.Run("cancelled while waiting after a 429", func(t *testing.T) {
		url, hits := failThenOK(t, 1000, 429, "30")
		ctx, cancel := context.WithCancel(context.Background())
		c, _ := newTestClient(t, url)
		c.sleep = func(ctx context.Context, d time.Duration) error {
			cancel()
			return Sleep(ctx, d)
		}
		_, err := c.CreateTag(ctx, TagCreate{Text: "VIP"})
		if !errors.Is(err, context.Canceled) || MaybeSent(err) || hits.Load() != 1 {
			t.Errorf("error %v after %d requests, sent %v; want a cancellation that was not sent", err, hits.Load(), MaybeSent(err))
		}
	})
	t.Run("cancelled before sending", func(t *testing.T) {
		srv, hits := countingServer(t, func(w http.ResponseWriter, r *http.Request) { writeJSON(w, 200, okTag) })
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		c, _ := newTestClient(t, srv.URL)
		if _, err := c.CreateTag(ctx, TagCreate{Text: "VIP"}); !errors.Is(err, context.Canceled) || MaybeSent(err) || hits.Load() != 0 {
			t.Errorf("error %v after %d requests, want a cancellation that was not sent", err, hits.Load())
		}
	})
	t.Run("an answer is no doubt", func(t *testing.T) {
		url, _ := failThenOK(t, 1000, 500, "")
		c, _ := newTestClient(t, url)
		if _, err := c.CreateTag(context.Background(), TagCreate{Text: "VIP"}); err == nil || MaybeSent(err) {
			t.Errorf("error %v: an answered request is not in doubt", err)
		}
	})
}
