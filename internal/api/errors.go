package api

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrorItem is one entry of an error envelope's errors[]. Field is empty for
// errors that are not about one field.
type ErrorItem struct {
	Code    string `json:"code"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

// Error is a request the API refused or failed: an error envelope, a success
// envelope with success false, or a response that is not an envelope at all.
type Error struct {
	Method     string
	Path       string
	StatusCode int
	Message    string
	Errors     []ErrorItem
	// Retries is how many times the request was retried before this answer.
	Retries int
	// RetryAt is when the server asked to be tried again, by the answer's
	// Retry-After header (a 429 or a 503); zero when the answer had none.
	// RetryAfter is that wait as the server asked it, counted from the
	// answer: a single command gives up at once when it is longer than
	// MaxRetryWait, a bulk command may pause for it.
	RetryAt    time.Time
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Summary())
	for _, it := range e.Errors {
		b.WriteString("; ")
		if it.Field != "" {
			b.WriteString(it.Field + ": ")
		}
		fmt.Fprintf(&b, "%s (%s)", it.Message, it.Code)
	}
	return b.String()
}

// Summary is the error's message, how often the request was retried and,
// when convo gave up because the server asked for too long a wait, until
// when it asked to wait; without the errors[] items.
func (e *Error) Summary() string { return e.Message + retriesNote(e.Retries) + e.retryNote() }

// HasCode reports whether any item of the error carries code.
func (e *Error) HasCode(code string) bool {
	for _, it := range e.Errors {
		if it.Code == code {
			return true
		}
	}
	return false
}

// ErrorCode returns the code of err's first errors[] item carrying one, if err is an *Error.
func ErrorCode(err error) string {
	var apiErr *Error
	if errors.As(err, &apiErr) {
		for _, it := range apiErr.Errors {
			if it.Code != "" {
				return it.Code
			}
		}
	}
	return ""
}

// IsAuth reports whether err is the API refusing the token (401) or the
// operation (403).
func IsAuth(err error) bool {
	var apiErr *Error
	return errors.As(err, &apiErr) && (apiErr.StatusCode == 401 || apiErr.StatusCode == 403)
}

// ErrInsecureHTTP is returned when a token would be sent over plain http to a
// host that is not loopback.
var ErrInsecureHTTP = errors.New("refusing to send the token over plain http to a host that is not loopback; use https or --insecure-http")

// TransportError is a request that got no usable HTTP answer: the connection
// failed, timed out or broke, or the body could not be read.
type TransportError struct {
	Method  string
	Path    string
	Err     error
	Retries int
	// Sent is set when an attempt wrote the whole request to the server
	// and got no answer, or not all of one: the server may have processed
	// it. When it is not set, no attempt reached the server in full, or
	// each that did was answered (a 429, say) before the failure.
	Sent bool
}

// MaybeSent reports whether err is a request that reached the server but
// got no full answer, so that it may have been processed (see
// TransportError.Sent).
func MaybeSent(err error) bool {
	var te *TransportError
	return errors.As(err, &te) && te.Sent
}

// timeoutError is an attempt the server did not answer, or not in full,
// within the client's timeout.
type timeoutError struct{ msg string }

func (e *timeoutError) Error() string { return e.msg }

// TimedOut reports whether err is a request the server did not answer in
// full within the client's timeout (see Client.Timeout): it may still be
// at work on it.
func TimedOut(err error) bool {
	var te *timeoutError
	return errors.As(err, &te)
}

func (e *TransportError) Error() string {
	return fmt.Sprintf("%s %s: %v%s", e.Method, e.Path, e.Err, retriesNote(e.Retries))
}

// retriesNote tells, for an error message, how often the request was retried.
func retriesNote(n int) string {
	switch n {
	case 0:
		return ""
	case 1:
		return " (after 1 retry)"
	}
	return fmt.Sprintf(" (after %d retries)", n)
}

func (e *TransportError) Unwrap() error { return e.Err }
