package api

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// MaxRetryWait caps the wait a server can ask for with Retry-After. A
// single command that is asked to wait longer fails at once (see
// Error.RetryAt); a bulk command pauses as its own circuit allows.
const MaxRetryWait = 60 * time.Second

// retryAfter decides whether the outcome of attempt may be retried, and after
// how long. GET, PUT and DELETE are retried on connection errors, 429, 502,
// 503 and 504; POST only when it certainly was not processed: a refused
// connection or a 429. A 429 is retried when its Retry-After asks for
// MaxRetryWait at most.
func (c *Client) retryAfter(method string, resp *Response, err error, attempt int) (time.Duration, bool) {
	if attempt >= c.maxRetries {
		return 0, false
	}
	idempotent := method != http.MethodPost
	backoff := DefaultBackoff.Delay(attempt)
	switch {
	case IsPermanent(err):
		return 0, false
	case err != nil:
		return backoff, idempotent || notSent(err)
	case resp.StatusCode == http.StatusTooManyRequests:
		if resp.retryAt.IsZero() {
			return backoff, true
		}
		return resp.retryAfter, resp.retryAfter <= MaxRetryWait
	case resp.StatusCode == http.StatusBadGateway, resp.StatusCode == http.StatusServiceUnavailable,
		resp.StatusCode == http.StatusGatewayTimeout:
		return backoff, idempotent
	}
	return 0, false
}

// notSent reports whether err happened before the request could reach the
// server: the connection was refused or the host could not be resolved.
func notSent(err error) bool {
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return true
	}
	var dns *net.DNSError
	return errors.As(err, &dns)
}

// maxAsked bounds the wait read from a Retry-After, so that an absurd one
// still makes a time that can be printed.
const maxAsked = 100 * 365 * 24 * time.Hour

// parseRetryAfter reads a Retry-After header in seconds or as an HTTP date,
// as the wait from now that the server asked for. It is the one place that
// reads the header: the retry policy and Error.RetryAfter use what it read.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	var d time.Duration
	if secs, err := strconv.ParseUint(v, 10, 64); err == nil {
		d = time.Duration(min(secs, uint64(maxAsked/time.Second))) * time.Second
	} else if errors.Is(err, strconv.ErrRange) {
		d = maxAsked
	} else if at, err := http.ParseTime(v); err == nil {
		d = at.Sub(now)
	} else {
		return 0, false
	}
	return min(max(d, 0), maxAsked), true
}

// retryNote tells, for an error message, that the server asked for a longer
// wait than convo makes, and until when.
func (e *Error) retryNote() string {
	if e.RetryAt.IsZero() || e.RetryAfter <= MaxRetryWait {
		return ""
	}
	answered := e.RetryAt.Add(-e.RetryAfter).Local()
	at := e.RetryAt.Local()
	layout := "15:04:05"
	if at.YearDay() != answered.YearDay() || at.Year() != answered.Year() {
		layout = "2006-01-02 15:04:05"
	}
	return fmt.Sprintf(" (the server asks to wait %s, until %s; convo waits %s at most: try again then)",
		e.RetryAfter.Round(time.Second), at.Format(layout), MaxRetryWait)
}

// Backoff is a jittered exponential backoff: Base before the first retry,
// doubled for each further one up to Max. Each wait is drawn between half
// and all of that, so that clients that failed together do not come back
// together.
type Backoff struct {
	Base, Max time.Duration
}

// DefaultBackoff is the client's: 500 ms, doubled up to 30 s.
var DefaultBackoff = Backoff{Base: 500 * time.Millisecond, Max: 30 * time.Second}

// Delay is the wait before retry number n+1 (n from 0).
func (b Backoff) Delay(n int) time.Duration {
	d := b.Base
	for i := 0; i < n && d < b.Max; i++ {
		d *= 2
	}
	d = max(min(d, b.Max), 0)
	return d/2 + rand.N(d/2+1)
}

// Sleep waits for d, or until ctx is done, which it then returns the error of.
func Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
