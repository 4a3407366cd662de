// Package api is a typed client for the customer-messaging API: one method
// per endpoint, the success and error envelopes, pagination, and a transport
// that authenticates, retries and logs.
package api

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strings"
	"sync/atomic"
	"time"
)

// Prefix is the path every endpoint lives under, relative to the base URL.
const Prefix = "/api/v1"

// MaxResponseBytes bounds what the client reads of one response body.
const MaxResponseBytes = 32 << 20

// ErrResponseTooLarge is the error of an answer larger than MaxResponseBytes.
var ErrResponseTooLarge = fmt.Errorf("response body larger than %d MiB", MaxResponseBytes>>20)

// Options configures a Client.
type Options struct {
	// BaseURL is the API root, such as https://api.example.com; Prefix is added.
	BaseURL string
	// Token is sent as a bearer token. It may be empty for requests that need none.
	Token string
	// UserAgent is sent as the User-Agent header.
	UserAgent string
	// Transport carries the requests; nil means http.DefaultTransport.
	Transport http.RoundTripper
	// Timeout bounds each attempt, reading the body included; zero means 30 s.
	Timeout time.Duration
	// MaxRetries is how many times a failed request is retried; zero disables retries.
	MaxRetries int
	// Debug, when not nil, receives a log of every request and response with the token redacted.
	Debug io.Writer
	// AllowInsecureHTTP allows a token over plain http to hosts other than loopback.
	AllowInsecureHTTP bool
}

// Client talks to the API. It is safe for concurrent use.
type Client struct {
	base       *url.URL
	token      string
	userAgent  string
	http       *http.Client
	timeout    time.Duration
	maxRetries int
	debug      *debugLog
	clock      ServerClock
	// sleep waits between retries; tests replace it.
	sleep func(ctx context.Context, d time.Duration) error
}

// New returns a client for opts. It fails when the base URL is not an
// absolute http(s) URL, or when it would send the token in clear text to a
// remote host.
func New(opts Options) (*Client, error) {
	base, err := url.Parse(strings.TrimRight(opts.BaseURL, "/"))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, fmt.Errorf("base URL %q: want an absolute http(s) URL such as https://api.example.com", opts.BaseURL)
	}
	if base.Scheme == "http" && opts.Token != "" && !opts.AllowInsecureHTTP && !IsLoopback(base.Hostname()) {
		return nil, ErrInsecureHTTP
	}
	base.Path = strings.TrimSuffix(base.Path, Prefix) + Prefix
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	transport := opts.Transport
	if transport == nil {
		transport = http.DefaultTransport
	}
	c := &Client{
		base:       base,
		token:      opts.Token,
		userAgent:  opts.UserAgent,
		timeout:    timeout,
		maxRetries: max(opts.MaxRetries, 0),
		sleep:      Sleep,
	}
	if opts.Debug != nil {
		c.debug = &debugLog{w: opts.Debug, token: opts.Token}
	}
	c.http = &http.Client{Transport: transport, CheckRedirect: c.checkRedirect}
	return c, nil
}

// Timeout is how long each attempt may take, reading its answer included.
func (c *Client) Timeout() time.Duration { return c.timeout }

// ServerClock is the server's clock as the client's answers have shown it.
func (c *Client) ServerClock() *ServerClock { return &c.clock }

// redact masks the client's token in text that came from the server.
func (c *Client) redact(s string) string { return Redact(s, c.token) }

// IsLoopback reports whether host names this machine: localhost and its
// subdomains (RFC 6761) or a loopback address.
func IsLoopback(host string) bool {
	host = strings.ToLower(host)
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// checkRedirect follows redirects of a GET, and only within the API's own
// host, so that the token never reaches another server. A redirect of any
// other method is an error: Go would turn a POST answered with 301, 302 or
// 303 into a GET of the new place, whose answer (a list, say) would then
// pass for the POST's.
func (c *Client) checkRedirect(req *http.Request, via []*http.Request) error {
	if first := via[0]; first.Method != http.MethodGet {
		status := "a redirect"
		if req.Response != nil {
			status = req.Response.Status
		}
		return &permanentError{fmt.Errorf("the server answered %s with %s to %s; convo never follows a redirect of a %s: check the base URL",
			first.Method, status, c.redact(req.URL.Redacted()), first.Method)}
	}
	if len(via) >= 5 {
		return &permanentError{errors.New("stopped after 5 redirects")}
	}
	if req.URL.Scheme != c.base.Scheme || req.URL.Host != c.base.Host {
		return &permanentError{fmt.Errorf("refusing to follow a redirect to %s://%s: the token stays with %s",
			req.URL.Scheme, req.URL.Host, c.base.Host)}
	}
	return nil
}

// permanentError is a failure that another attempt would only repeat, such as
// a refused redirect or an oversized response; it is never retried.
type permanentError struct{ err error }

func (e *permanentError) Error() string { return e.err.Error() }

func (e *permanentError) Unwrap() error { return e.err }

// IsPermanent reports whether another attempt of a request that failed with
// err would only fail the same way, as the client's retries already know: a
// refused redirect, an answer larger than MaxResponseBytes, or a TLS
// certificate that cannot be trusted (unknown authority, expired, issued
// for another host). A bulk command may stop at such a failure rather than
// meet it again on every item.
func IsPermanent(err error) bool {
	var (
		permanent   *permanentError
		certificate *tls.CertificateVerificationError
	)
	return errors.As(err, &permanent) || errors.As(err, &certificate)
}

// Request is one call to the API, for callers that work with raw bodies.
type Request struct {
	Method string
	// Path is relative to the API prefix and already escaped, e.g.
	// /contacts/42 or /chats/a%2Fb/messages for the chat token "a/b".
	Path  string
	Query url.Values
	// Body is encoded as JSON unless it is a json.RawMessage or []byte, which are sent as they are.
	Body any
}

// Response is an HTTP answer of the API and its decoded envelope.
type Response struct {
	StatusCode int
	Header     http.Header
	Body       []byte
	Envelope   Envelope
	// retryAt is when the answer's Retry-After asked to be tried again,
	// retryAfter that wait from the answer; retryAt is zero without one.
	retryAt    time.Time
	retryAfter time.Duration
}

// Envelope is the API's response wrapper, for success and errors alike.
type Envelope struct {
	Success    *bool           `json:"success"`
	Data       json.RawMessage `json:"data"`
	Message    string          `json:"message"`
	Pagination *Pagination     `json:"pagination"`
	Errors     []ErrorItem     `json:"errors"`
}

// Do sends r, retrying as the retry policy allows. It returns the response
// whenever the server answered, and an error (an *Error) when the answer was
// not a success; a *TransportError when no answer came.
func (c *Client) Do(ctx context.Context, r Request) (*Response, error) {
	payload, err := encodeBody(r.Body)
	if err != nil {
		return nil, fmt.Errorf("%s %s: encode body: %w", r.Method, r.Path, err)
	}
	u, err := c.endpointURL(r)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", r.Method, r.Path, err)
	}
	sent := false // whether an attempt reached the server and got no answer
	for attempt := 0; ; attempt++ {
		resp, wrote, err := c.attempt(ctx, r.Method, u, payload)
		sent = sent || err != nil && wrote
		wait, retry := c.retryAfter(r.Method, resp, err, attempt)
		if !retry {
			return c.finish(ctx, r, resp, err, attempt, sent)
		}
		// Say why nothing happens for a while: a server may ask for up to
		// MaxRetryWait.
		c.debug.retry(wait, attempt+1, c.maxRetries)
		if cancelled := c.sleep(ctx, wait); cancelled != nil {
			// The caller gave up (Ctrl-C) while waiting to retry.
			return resp, &TransportError{Method: r.Method, Path: r.Path, Err: cancelled, Retries: attempt, Sent: sent}
		}
	}
}

// endpointURL joins the API root and r.Path. The path is taken as already
// escaped: a chat token is path-escaped so that a "/" in it stays inside its
// segment, and escaping it again would send %252F.
func (c *Client) endpointURL(r Request) (*url.URL, error) {
	u := *c.base
	u.RawPath = c.base.EscapedPath() + r.Path
	path, err := url.PathUnescape(u.RawPath)
	if err != nil {
		return nil, fmt.Errorf("path: %w", err)
	}
	u.Path = path
	u.RawQuery = r.Query.Encode()
	return &u, nil
}

func encodeBody(body any) ([]byte, error) {
	switch b := body.(type) {
	case nil:
		return nil, nil
	case json.RawMessage:
		return b, nil
	case []byte:
		return b, nil
	default:
		return json.Marshal(body)
	}
}

// attempt sends one request and reads its whole (bounded) body within the
// per-attempt timeout. wrote tells whether the whole request was written to
// the server, which may then have processed it even when no answer came.
func (c *Client) attempt(ctx context.Context, method string, u *url.URL, payload []byte) (resp *Response, wrote bool, err error) {
	actx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	var written atomic.Bool
	actx = httptrace.WithClientTrace(actx, &httptrace.ClientTrace{
		WroteRequest: func(info httptrace.WroteRequestInfo) {
			if info.Err == nil {
				written.Store(true)
			}
		},
	})
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(actx, method, u.String(), body)
	if err != nil {
		return nil, false, err
	}
	req.Header.Set("Accept", "application/json")
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.userAgent != "" {
		req.Header.Set("User-Agent", c.userAgent)
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	start := time.Now()
	c.debug.request(req, payload)
	hresp, err := c.http.Do(req)
	var urlErr *url.Error
	if errors.As(err, &urlErr) && IsPermanent(urlErr.Err) {
		// Say what was refused, not which URL it was refused for: the
		// caller names the request.
		err = urlErr.Err
	}
	if err != nil {
		if actx.Err() == context.DeadlineExceeded && ctx.Err() == nil {
			err = &timeoutError{fmt.Sprintf("no answer within %s (see --timeout)", c.timeout)}
		}
		c.debug.failure(err)
		return nil, written.Load(), err
	}
	defer hresp.Body.Close()
	data, err := readBody(hresp)
	if err == nil && len(data) > MaxResponseBytes {
		err = &permanentError{ErrResponseTooLarge}
	}
	if err != nil {
		if actx.Err() == context.DeadlineExceeded && ctx.Err() == nil {
			err = &timeoutError{fmt.Sprintf("response not complete within %s (see --timeout)", c.timeout)}
		}
		err = fmt.Errorf("read response (HTTP %d): %w", hresp.StatusCode, err)
		c.debug.failure(err)
		return nil, written.Load(), err
	}
	c.debug.response(hresp, data, time.Since(start))
	resp = &Response{StatusCode: hresp.StatusCode, Header: hresp.Header, Body: data}
	now := time.Now()
	c.clock.observe(hresp.Header.Get("Date"), start, now)
	if d, ok := parseRetryAfter(hresp.Header.Get("Retry-After"), now); ok {
		resp.retryAt, resp.retryAfter = now.Add(d), d
	}
	return resp, true, nil
}

// readBody reads a response body up to one byte past MaxResponseBytes, which
// tells a body that is too large. When the server said how long the body is,
// the buffer is allocated once at that size rather than grown by doubling:
// for a page of 100 contacts that was eight allocations and copies.
func readBody(resp *http.Response) ([]byte, error) {
	r := io.LimitReader(resp.Body, MaxResponseBytes+1)
	if n := resp.ContentLength; n > 0 && n <= MaxResponseBytes {
		// MinRead of room past the end lets ReadFrom see EOF without growing.
		buf := bytes.NewBuffer(make([]byte, 0, n+bytes.MinRead))
		_, err := buf.ReadFrom(r)
		return buf.Bytes(), err
	}
	return io.ReadAll(r)
}

// finish turns the last attempt's outcome into the result of Do.
// An answer that arrived is reported even when the caller has given up since:
// a POST that succeeded must not look failed.
func (c *Client) finish(ctx context.Context, r Request, resp *Response, err error, retries int, sent bool) (*Response, error) {
	if err != nil {
		if ctx.Err() != nil {
			// The caller gave up (Ctrl-C): say so rather than what the
			// cancelled request happened to be doing.
			err = ctx.Err()
		}
		return nil, &TransportError{Method: r.Method, Path: r.Path, Err: err, Retries: retries, Sent: sent}
	}
	apiErr := resp.decode(c.redact)
	if apiErr != nil {
		apiErr.Method, apiErr.Path, apiErr.Retries = r.Method, r.Path, retries
		apiErr.RetryAt, apiErr.RetryAfter = resp.retryAt, resp.retryAfter
		return resp, apiErr
	}
	return resp, nil
}

// decode fills the envelope and returns the error the response stands for, if
// any. The error's text goes through redact: a proxy's error page or a
// careless server may quote the request's Authorization header, and error
// messages are printed and logged.
func (resp *Response) decode(redact func(string) string) *Error {
	trimmed := bytes.TrimSpace(resp.Body)
	jsonErr := json.Unmarshal(trimmed, &resp.Envelope)
	ok := resp.StatusCode >= 200 && resp.StatusCode < 300
	switch {
	case jsonErr != nil && ok && len(trimmed) == 0:
		// An empty success (204 or a bare 200) has nothing to decode.
		return nil
	case jsonErr != nil:
		return &Error{StatusCode: resp.StatusCode, Message: nonJSONMessage(resp, jsonErr, redact)}
	case ok && (resp.Envelope.Success == nil || *resp.Envelope.Success):
		return nil
	}
	msg := resp.Envelope.Message
	if msg == "" {
		msg = fmt.Sprintf("HTTP %d %s", resp.StatusCode, http.StatusText(resp.StatusCode))
	}
	items := make([]ErrorItem, len(resp.Envelope.Errors))
	for i, it := range resp.Envelope.Errors {
		items[i] = ErrorItem{Code: redact(it.Code), Field: redact(it.Field), Message: redact(it.Message)}
	}
	if len(items) == 0 {
		items = nil
	}
	return &Error{StatusCode: resp.StatusCode, Message: redact(msg), Errors: items}
}

// nonJSONMessage describes a body that is not an envelope, such as the HTML
// error page of a proxy, without dumping it; the quoted start of the body is
// redacted before it is cut, so that no part of a secret survives the cut.
func nonJSONMessage(resp *Response, jsonErr error, redact func(string) string) string {
	ctype := resp.Header.Get("Content-Type")
	if ctype == "" {
		ctype = "no content type"
	}
	status := fmt.Sprintf("HTTP %d %s", resp.StatusCode, http.StatusText(resp.StatusCode))
	if json.Valid(bytes.TrimSpace(resp.Body)) {
		return fmt.Sprintf("%s: the response is JSON but not an API envelope (%v)", status, jsonErr)
	}
	return fmt.Sprintf("%s: the server answered with something that is not JSON (%s, %d bytes)%s",
		status, redact(ctype), len(resp.Body), snippet(redact(string(resp.Body))))
}

// snippet quotes the start of a body as one short line of text.
func snippet(body string) string {
	text := strings.Join(strings.Fields(stripTags(body)), " ")
	if text == "" {
		return ""
	}
	if r := []rune(text); len(r) > 120 {
		text = string(r[:120]) + "…"
	}
	return ": " + text
}

func stripTags(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '<':
			depth++
		case r == '>' && depth > 0:
			depth--
			b.WriteByte(' ')
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}
