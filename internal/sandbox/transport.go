package sandbox

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptrace"
	"strconv"
)

// Transport returns a RoundTripper that serves every request with h in the
// calling goroutine, without a socket: what `convo --sandbox` uses to talk to
// an in-process server through the ordinary API client.
func Transport(h http.Handler) http.RoundTripper {
	return roundTripper{h: h}
}

type roundTripper struct{ h http.Handler }

func (rt roundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := req.Context().Err(); err != nil {
		closeBody(req)
		return nil, err
	}
	// A RoundTripper must not modify the request; the handler gets a copy
	// shaped like one a server receives.
	in := req.Clone(req.Context())
	if in.Body == nil {
		in.Body = http.NoBody
	}
	in.RequestURI = req.URL.RequestURI()
	in.RemoteAddr = "in-process"
	if in.Host == "" {
		in.Host = req.URL.Host
	}
	// The handler has the whole request: say it is written, as
	// http.Transport does, so that a client knows it may be processed.
	if trace := httptrace.ContextClientTrace(req.Context()); trace != nil && trace.WroteRequest != nil {
		trace.WroteRequest(httptrace.WroteRequestInfo{})
	}
	rec := &responseBuffer{header: http.Header{}}
	rt.h.ServeHTTP(rec, in)
	closeBody(req)
	if err := req.Context().Err(); err != nil {
		return nil, err
	}
	status := rec.status
	if status == 0 {
		status = http.StatusOK
	}
	rec.header.Set("Content-Length", strconv.Itoa(rec.body.Len()))
	return &http.Response{
		Status:        strconv.Itoa(status) + " " + http.StatusText(status),
		StatusCode:    status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        rec.header,
		Body:          io.NopCloser(bytes.NewReader(rec.body.Bytes())),
		ContentLength: int64(rec.body.Len()),
		Request:       req,
	}, nil
}

func closeBody(req *http.Request) {
	if req.Body != nil {
		_ = req.Body.Close() // the caller's body; nothing to report to anyone
	}
}

// responseBuffer collects a handler's answer.
type responseBuffer struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (b *responseBuffer) Header() http.Header { return b.header }

func (b *responseBuffer) WriteHeader(status int) {
	if b.status == 0 {
		b.status = status
	}
}

func (b *responseBuffer) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	return b.body.Write(p)
}
