package bulk

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/validate"
)

// Codes of the failure report for reasons that are not the API's own codes
// or the validate package's.
const (
	// CodeInvalidRecord is a record that could not be read: bad CSV quoting,
	// the wrong number of fields, a line that is not a JSON object, a
	// record longer than MaxRecordBytes.
	CodeInvalidRecord = "INVALID_RECORD"
	// CodeAPIError is an API failure without an error code, such as a 500.
	CodeAPIError = "API_ERROR"
	// CodeNetworkError is a request that got no answer.
	CodeNetworkError = "NETWORK_ERROR"
)

// RowError is why a row failed, when the reason is not an API answer or a
// rule of the validate package.
type RowError struct {
	Code, Field, Message string
}

func (e *RowError) Error() string {
	if e.Field == "" {
		return e.Message
	}
	return e.Field + ": " + e.Message
}

// InvalidRecord is a record that could not be read.
func InvalidRecord(err error) error {
	return &RowError{Code: CodeInvalidRecord, Message: err.Error()}
}

// Failure is why a row failed, as the failure report's columns say it:
// every error of the row, their codes and fields joined with "; " in the
// same order, their messages one a line (each after its field when there
// are several).
type Failure struct {
	Code, Field, Message string
}

// Describe turns the error a row failed with into its report line. An
// error that joins several (validate.Errors, errors.Join, an API answer
// with several errors[] items) gives every one of them.
func Describe(err error) Failure {
	items := failures(err)
	if len(items) == 1 {
		return items[0]
	}
	var codes, fields, msgs []string
	for _, it := range items {
		codes, fields = append(codes, it.Code), append(fields, it.Field)
		m := it.Message
		if it.Field != "" {
			m = it.Field + ": " + m
		}
		msgs = append(msgs, m)
	}
	return Failure{Code: strings.Join(codes, "; "), Field: strings.Join(fields, "; "), Message: strings.Join(msgs, "\n")}
}

// failures lists the errors err holds, one Failure each.
func failures(err error) []Failure {
	if multi, ok := err.(interface{ Unwrap() []error }); ok {
		var out []Failure
		for _, e := range multi.Unwrap() {
			out = append(out, failures(e)...)
		}
		if len(out) > 0 {
			return out
		}
	}
	var (
		rowErr  *RowError
		ruleErr *validate.Error
		apiErr  *api.Error
		netErr  *api.TransportError
	)
	switch {
	case errors.As(err, &rowErr):
		return []Failure{{rowErr.Code, rowErr.Field, rowErr.Message}}
	case errors.As(err, &ruleErr):
		return []Failure{{ruleErr.Code, ruleErr.Field, ruleErr.Message}}
	case errors.As(err, &apiErr):
		if len(apiErr.Errors) == 0 {
			return []Failure{{CodeAPIError, "", fmt.Sprintf("HTTP %d: %s", apiErr.StatusCode, apiErr.Summary())}}
		}
		out := make([]Failure, 0, len(apiErr.Errors))
		for _, it := range apiErr.Errors {
			out = append(out, Failure{cmp.Or(it.Code, CodeAPIError), it.Field, it.Message})
		}
		return out
	case errors.As(err, &netErr):
		return []Failure{{CodeNetworkError, "", netErr.Error()}}
	}
	return []Failure{{CodeInvalidRecord, "", err.Error()}}
}

// ErrKind says what a failed request means for its row.
type ErrKind int

const (
	// Permanent: the API refused the row; trying again changes nothing.
	Permanent ErrKind = iota
	// NotProcessed: the request certainly had no effect (429, a refused
	// connection); try again.
	NotProcessed
	// Ambiguous: the request may have been processed (5xx, a timeout, a
	// broken connection); try again, and remember that what the retry
	// meets may be the earlier attempt's doing.
	Ambiguous
	// Fatal: no row can succeed: the token is refused (401, 403), or the
	// client refuses the server's answers (a redirect of a write, a bad
	// certificate).
	Fatal
)

// Classify says what err, a request's failure, means for its row.
func Classify(err error) ErrKind {
	var apiErr *api.Error
	if errors.As(err, &apiErr) {
		switch s := apiErr.StatusCode; {
		case s == 401, s == 403:
			return Fatal
		case s == http.StatusTooManyRequests:
			return NotProcessed
		case s == 408, s >= 500:
			return Ambiguous
		}
		return Permanent
	}
	var netErr *api.TransportError
	if errors.As(err, &netErr) {
		switch {
		case api.IsPermanent(err):
			// A redirect of a write, a certificate the client refuses:
			// every row would meet it.
			return Fatal
		case api.MaybeSent(err):
			return Ambiguous
		}
		// The request never reached the server whole: a refused
		// connection, a failure while writing it.
		return NotProcessed
	}
	return Permanent
}

// IsRateLimited reports whether err is a 429.
func IsRateLimited(err error) bool {
	var apiErr *api.Error
	return errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusTooManyRequests
}
