package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"unicode/utf8"
)

func TestDebugLog(t *testing.T) {
	srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		// A careless server echoing the credentials back.
		w.Header().Set("X-Echo-Authorization", r.Header.Get("Authorization"))
		writeJSON(w, 201, `{"success":true,"message":"Tag criada com sucesso.","data":{"id":12,"text":"VIP","owner_token":"`+testToken+`"}}`)
	})
	var log bytes.Buffer
	// A proxy in front of the API may want a user and password in the URL.
	base := strings.Replace(srv.URL, "http://", "http://proxyuser:proxypass@", 1)
	c, _ := newTestClient(t, base, func(o *Options) { o.Debug = &log })
	if _, err := c.CreateTag(context.Background(), TagCreate{Text: "VIP", Color: "#FFD700"}); err != nil {
		t.Fatal(err)
	}
	out := log.String()
	for _, want := range []string{
		"> POST " + strings.Replace(srv.URL, "http://", "http://proxyuser:xxxxx@", 1) + "/api/v1/tags\n",
		"> Authorization: Bearer ***\n",
		"> Content-Type: application/json\n",
		"> User-Agent: " + testUA + "\n",
		`{"text":"VIP","color":"#FFD700"}`,
		"< 201 Created (",
		"< X-Echo-Authorization: Bearer ***\n",
		`"message":"Tag criada com sucesso."`,
		`"owner_token":"***"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("debug log lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, testToken) || strings.Contains(out, "proxypass") {
		t.Errorf("debug log shows a credential:\n%s", out)
	}
}

// TestDebugLogNeverShowsPartOfTheToken puts the token where the debug log
// cuts a long body, and in the URL of a failing request.
func TestDebugLogNeverShowsPartOfTheToken(t *testing.T) {
	body := `{"success":true,"data":"` + strings.Repeat("x", debugBodyLimit-len(`{"success":true,"data":"`)-len(testToken)/2) +
		testToken + strings.Repeat("y", 100) + `"}`
	srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, body)
	})
	var log bytes.Buffer
	c, _ := newTestClient(t, srv.URL, func(o *Options) { o.Debug = &log })
	if _, err := c.Do(context.Background(), Request{Method: "GET", Path: "/tags"}); err != nil {
		t.Fatal(err)
	}
	failing, _ := newTestClient(t, refusedURL(t), func(o *Options) { o.Debug = &log; o.MaxRetries = 0 })
	_, _ = failing.Do(context.Background(), Request{Method: "GET", Path: "/tags", Query: map[string][]string{"q": {testToken}}})

	out := log.String()
	if half := testToken[:len(testToken)/2]; strings.Contains(out, half) {
		t.Errorf("debug log shows part of the token (%q):\n%s", half, out)
	}
	if !strings.Contains(out, "bytes in all)") {
		t.Errorf("debug log does not say the body was cut:\n%s", out)
	}
	if !strings.Contains(out, "! ") || !strings.Contains(out, "q=***") {
		t.Errorf("debug log lacks the failed request:\n%s", out)
	}
}

// TestRedirectToAnotherHost checks that the token never follows a redirect
// off the API's host.
func TestRedirectToAnotherHost(t *testing.T) {
	other, otherHits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		if auth := r.Header.Get("Authorization"); auth != "" {
			t.Errorf("the other host received Authorization %q", auth)
		}
		writeJSON(w, 200, okTag)
	})
	api, apiHits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusFound)
	})
	c, sleeps := newTestClient(t, api.URL)
	_, err := c.GetTag(context.Background(), 3)
	if err == nil || !strings.Contains(err.Error(), "refusing to follow a redirect to "+other.URL) {
		t.Fatalf("error %v, want a refused redirect", err)
	}
	if otherHits.Load() != 0 {
		t.Errorf("the other host received %d requests", otherHits.Load())
	}
	if apiHits.Load() != 1 || len(sleeps.recorded()) != 0 {
		t.Errorf("API hit %d times after waits %v: a refused redirect is not worth retrying", apiHits.Load(), sleeps.recorded())
	}
}

func TestRedirectWithinHost(t *testing.T) {
	var auth []string
	srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		auth = append(auth, r.Header.Get("Authorization"))
		if r.URL.Path == "/api/v1/tags/3" {
			http.Redirect(w, r, "/api/v1/tags/4", http.StatusMovedPermanently)
			return
		}
		writeJSON(w, 200, `{"success":true,"data":{"id":4,"text":"Atacado"}}`)
	})
	c, _ := newTestClient(t, srv.URL)
	res, err := c.GetTag(context.Background(), 3)
	if err != nil {
		t.Fatal(err)
	}
	if res.Data.ID != 4 {
		t.Errorf("data = %+v, want the redirect's target", res.Data)
	}
	want := "Bearer " + testToken
	if len(auth) != 2 || auth[0] != want || auth[1] != want {
		t.Errorf("Authorization per request = %q, want %q on both", auth, want)
	}
}

func TestRedirectLoop(t *testing.T) {
	srv, hits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, r.URL.Path, http.StatusFound)
	})
	c, _ := newTestClient(t, srv.URL)
	_, err := c.GetTag(context.Background(), 3)
	if err == nil || !strings.Contains(err.Error(), "stopped after 5 redirects") {
		t.Fatalf("error %v, want the redirect loop stopped", err)
	}
	if hits.Load() != 5 {
		t.Errorf("server hit %d times, want 5", hits.Load())
	}
}

// TestResponseTooLarge streams a body past MaxResponseBytes, a chunk at a
// time, and checks the client stops reading and says why.
func TestResponseTooLarge(t *testing.T) {
	srv, hits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"success":true,"data":"`))
		chunk := bytes.Repeat([]byte("a"), 64<<10)
		for sent := 0; sent <= MaxResponseBytes; sent += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return // the client hung up, as it should
			}
		}
		_, _ = w.Write([]byte(`"}`))
	})
	c, sleeps := newTestClient(t, srv.URL)
	_, err := c.GetTag(context.Background(), 3)
	var te *TransportError
	if !errors.As(err, &te) || !strings.Contains(err.Error(), "response body larger than 32 MiB") {
		t.Fatalf("error %T %v, want a refused oversized body", err, err)
	}
	if hits.Load() != 1 || len(sleeps.recorded()) != 0 {
		t.Errorf("server hit %d times after waits %v: an oversized answer is not worth retrying", hits.Load(), sleeps.recorded())
	}
}

// TestDebugLogCutsBodiesOnRuneBoundary keeps the log valid UTF-8 when a long
// Portuguese body is cut.
func TestDebugLogCutsBodiesOnRuneBoundary(t *testing.T) {
	srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, `{"success":true,"data":"`+strings.Repeat("ç", debugBodyLimit)+`"}`)
	})
	var log bytes.Buffer
	c, _ := newTestClient(t, srv.URL, func(o *Options) { o.Debug = &log })
	if _, err := c.Do(context.Background(), Request{Method: "GET", Path: "/tags"}); err != nil {
		t.Fatal(err)
	}
	if !utf8.Valid(log.Bytes()) {
		t.Error("debug log is not valid UTF-8 after cutting a body")
	}
	if !strings.Contains(log.String(), "çç… (8218 bytes in all)") {
		t.Errorf("debug log does not end the cut body as expected:\n%.200s…", log.String()[log.Len()-200:])
	}
}

// TestRedirectOfAWriteIsAnError: a POST, PUT or DELETE answered with any
// redirect fails naming where it was sent, and nothing is sent there: Go
// would turn a POST answered with 301, 302 or 303 into a GET of the new
// place, whose answer would pass for the POST's.
func TestRedirectOfAWriteIsAnError(t *testing.T) {
	for _, method := range []string{"POST", "PUT", "DELETE"} {
		for _, status := range []int{301, 302, 303, 307, 308} {
			t.Run(fmt.Sprintf("%s %d", method, status), func(t *testing.T) {
				var elsewhere atomic.Int32
				srv, hits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
					if r.URL.Path == "/api/v1/list" {
						elsewhere.Add(1)
						writeJSON(w, 200, `{"success":true,"data":[{"id":3,"text":"VIP"}]}`)
						return
					}
					http.Redirect(w, r, "/api/v1/list?page=1", status)
				})
				c, sleeps := newTestClient(t, srv.URL)
				err := callByMethod(context.Background(), c, method)
				var te *TransportError
				want := fmt.Sprintf("the server answered %s with %d %s to %s/api/v1/list?page=1; convo never follows a redirect of a %s: check the base URL",
					method, status, http.StatusText(status), srv.URL, method)
				if !errors.As(err, &te) || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), method+" /tags") {
					t.Fatalf("error %T %v\nwant a *TransportError containing %q", err, err, want)
				}
				if hits.Load() != 1 || elsewhere.Load() != 0 || len(sleeps.recorded()) != 0 {
					t.Errorf("%d requests, %d at the redirect's target, waits %v: want the first request only", hits.Load(), elsewhere.Load(), sleeps.recorded())
				}
			})
		}
	}
}

// TestCertificateErrorsAreNotRetried: a certificate that cannot be trusted
// will not become trustworthy in a second: one handshake, no retry.
func TestCertificateErrorsAreNotRetried(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, 200, okTag)
	}))
	var conns atomic.Int32
	srv.Config.ConnState = func(_ net.Conn, state http.ConnState) {
		if state == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshakes
	srv.StartTLS()
	t.Cleanup(srv.Close)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	trusting := srv.Client().Transport
	tests := []struct {
		name      string
		url       string
		transport http.RoundTripper
		want      string
	}{
		{"unknown authority", srv.URL, nil, "certificate signed by unknown authority"},
		{"another host's certificate", "https://localhost:" + port, trusting, "certificate is valid for"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := conns.Load()
			c, sleeps := newTestClient(t, tt.url, func(o *Options) { o.Transport = tt.transport })
			_, err := c.GetTag(context.Background(), 3)
			var te *TransportError
			if !errors.As(err, &te) || !strings.Contains(err.Error(), tt.want) || te.Retries != 0 {
				t.Fatalf("error %v, want %q without retries", err, tt.want)
			}
			if n := conns.Load() - before; n != 1 || len(sleeps.recorded()) != 0 {
				t.Errorf("%d connections after waits %v, want 1 and none", n, sleeps.recorded())
			}
		})
	}
	// The same server, trusted, answers: the failures were the certificate's.
	c, _ := newTestClient(t, srv.URL, func(o *Options) { o.Transport = trusting })
	if _, err := c.GetTag(context.Background(), 3); err != nil {
		t.Fatal(err)
	}
}

// TestIsPermanent: what the client does not retry, a bulk command can tell
// from the error it returns.
func TestIsPermanent(t *testing.T) {
	redirect, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/elsewhere", http.StatusFound)
	})
	c, _ := newTestClient(t, redirect.URL)
	_, err := c.CreateTag(context.Background(), TagCreate{Text: "VIP"})
	if !IsPermanent(err) {
		t.Errorf("redirected POST: IsPermanent(%v) = false", err)
	}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake
	srv.StartTLS()
	t.Cleanup(srv.Close)
	c, _ = newTestClient(t, srv.URL)
	if _, err := c.GetTag(context.Background(), 3); !IsPermanent(err) {
		t.Errorf("untrusted certificate: IsPermanent(%v) = false", err)
	}
	c, _ = newTestClient(t, refusedURL(t), func(o *Options) { o.MaxRetries = 0 })
	if _, err := c.GetTag(context.Background(), 3); err == nil || IsPermanent(err) {
		t.Errorf("refused connection: IsPermanent(%v) = true, want a failure worth another attempt", err)
	}
}
