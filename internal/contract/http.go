package contract

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// RoundTripper wraps next (http.DefaultTransport when nil) for a client under test: every request it sends
// and every response it receives is checked against docs/openapi.yaml, and each violation is reported with
// t.Errorf naming the method, the path and what is wrong. Requests go through even when they violate the
// document (a test of a 401 sends one without a token on purpose; mark such requests with
// SkipRequestHeader). Response bodies are read in full and restored, so the caller reads them as usual.
func RoundTripper(t testing.TB, next http.RoundTripper) http.RoundTripper {
	t.Helper()
	if next == nil {
		next = http.DefaultTransport
	}
	return &roundTripper{t: t, spec: mustLoad(t), next: next}
}

type roundTripper struct {
	t    testing.TB
	spec *spec
	next http.RoundTripper
}

func (rt *roundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	body, err := readAndClose(req.Body)
	if err != nil {
		return nil, fmt.Errorf("contract: read body of %s %s: %w", req.Method, req.URL.Path, err)
	}
	// A RoundTripper must not modify the caller's request: send a copy without the marker header.
	out, skip := unmark(req)
	setBody(out, body)
	ex := rt.spec.checkRequest(rt.t, out, body, skip)

	resp, err := rt.next.RoundTrip(out)
	if err != nil {
		return nil, err
	}
	respBody, err := readAndClose(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("contract: read response body of %s %s: %w", req.Method, req.URL.Path, err)
	}
	resp.Body = io.NopCloser(bytes.NewReader(respBody))
	ex.checkResponse(req.Context(), resp.StatusCode, resp.Header, respBody)
	return resp, nil
}

// Middleware wraps a handler under test with the same checks as RoundTripper, on the server side: the
// request is checked before next serves it, and the response next writes is checked before it is passed
// on, so that a violation is reported while the test is still waiting for the answer.
func Middleware(t testing.TB, next http.Handler) http.Handler {
	t.Helper()
	s := mustLoad(t)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := readAndClose(r.Body)
		if err != nil {
			t.Errorf("contract: read body of %s %s: %v", r.Method, r.URL.Path, err)
			http.Error(w, "contract: cannot read the request body", http.StatusBadRequest)
			return
		}
		in, skip := unmark(r)
		setBody(in, body)
		ex := s.checkRequest(t, in, body, skip)

		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, in)
		res := rec.Result()
		ex.checkResponse(r.Context(), rec.Code, res.Header, rec.Body.Bytes())

		for name, values := range res.Header {
			w.Header()[name] = values
		}
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes()) // the client hanging up is not the contract's concern
	})
}

// unmark returns a copy of req without SkipRequestHeader and whether the header asked to skip the request check.
func unmark(req *http.Request) (*http.Request, bool) {
	out := req.Clone(req.Context())
	skip := out.Header.Get(SkipRequestHeader) == "1"
	out.Header.Del(SkipRequestHeader)
	return out, skip
}

func readAndClose(body io.ReadCloser) ([]byte, error) {
	if body == nil {
		return nil, nil
	}
	defer body.Close()
	return io.ReadAll(body)
}
