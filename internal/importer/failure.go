package importer

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/validate"
)

// Codes of the failure report for reasons that are not the API's own codes
// or the validate package's.
const (
	// CodeInvalidRecord is a record that could not be read: bad CSV quoting,
	// the wrong number of fields, a line that is not a JSON object.
	CodeInvalidRecord = "INVALID_RECORD"
	// CodeUnknownTag is a tag name that matches no tag (without --create-tags).
	CodeUnknownTag = "UNKNOWN_TAG"
	// CodeAmbiguousTag is a tag name that several tags have.
	CodeAmbiguousTag = "AMBIGUOUS_TAG"
	// CodeAPIError is an API failure without an error code, such as a 500.
	CodeAPIError = "API_ERROR"
	// CodeNetworkError is a request that got no answer.
	CodeNetworkError = "NETWORK_ERROR"
)

// rowError is why a row failed, when the reason is not an API answer.
type rowError struct {
	code, field, message string
}

func (e *rowError) Error() string {
	if e.field == "" {
		return e.message
	}
	return e.field + ": " + e.message
}

func invalidRecord(err error) error {
	return &rowError{code: CodeInvalidRecord, message: err.Error()}
}

// failure is one line of the failure report.
type failure struct {
	code, field, message string
}

// describe turns the error a row failed with into its report line: the
// first violation's code and field, and every message.
func describe(err error) failure {
	var (
		rowErr   *rowError
		ruleErrs validate.Errors
		ruleErr  *validate.Error
		apiErr   *api.Error
		netErr   *api.TransportError
	)
	switch {
	case errors.As(err, &rowErr):
		return failure{rowErr.code, rowErr.field, rowErr.message}
	case errors.As(err, &ruleErrs) && len(ruleErrs) > 0:
		f := failure{code: ruleErrs[0].Code, field: ruleErrs[0].Field}
		msgs := []string{ruleErrs[0].Message}
		for _, e := range ruleErrs[1:] {
			msgs = append(msgs, e.Error())
		}
		f.message = strings.Join(msgs, "; ")
		return f
	case errors.As(err, &ruleErr):
		return failure{ruleErr.Code, ruleErr.Field, ruleErr.Message}
	case errors.As(err, &apiErr):
		f := failure{code: CodeAPIError, message: apiErr.Summary()}
		if len(apiErr.Errors) > 0 {
			first := apiErr.Errors[0]
			f.code, f.field = first.Code, first.Field
			msgs := []string{first.Message}
			for _, it := range apiErr.Errors[1:] {
				m := it.Message
				if it.Field != "" {
					m = it.Field + ": " + m
				}
				msgs = append(msgs, m)
			}
			f.message = strings.Join(msgs, "; ")
			if f.code == "" {
				f.code = CodeAPIError
			}
		} else {
			f.message = fmt.Sprintf("HTTP %d: %s", apiErr.StatusCode, apiErr.Summary())
		}
		return f
	case errors.As(err, &netErr):
		return failure{code: CodeNetworkError, message: netErr.Error()}
	}
	return failure{code: CodeInvalidRecord, message: err.Error()}
}

// errKind says what a failed request means for the row.
type errKind int

const (
	// permanent: the API refused the row; trying again changes nothing.
	permanent errKind = iota
	// notProcessed: the request certainly had no effect (429, a refused
	// connection); try again.
	notProcessed
	// ambiguous: the request may have been processed (5xx, a timeout, a
	// broken connection); try again, and for a POST remember that a
	// duplicate answer may be the row's own earlier attempt.
	ambiguous
	// fatal: the token is refused (401, 403); no row can succeed.
	fatal
)

func classify(err error) errKind {
	if errors.Is(err, errVanished) {
		return ambiguous
	}
	var apiErr *api.Error
	if errors.As(err, &apiErr) {
		switch s := apiErr.StatusCode; {
		case s == 401, s == 403:
			return fatal
		case s == http.StatusTooManyRequests:
			return notProcessed
		case s == 408, s >= 500:
			return ambiguous
		}
		return permanent
	}
	var netErr *api.TransportError
	if errors.As(err, &netErr) {
		var op *net.OpError
		if errors.As(err, &op) && op.Op == "dial" {
			return notProcessed
		}
		return ambiguous
	}
	return permanent
}

// isDuplicate reports whether err is the API refusing a contact whose phone exists.
func isDuplicate(err error) bool {
	var apiErr *api.Error
	return errors.As(err, &apiErr) && apiErr.HasCode("DUPLICATE_ENTRY")
}

// isRateLimited reports whether err is a 429.
func isRateLimited(err error) bool {
	var apiErr *api.Error
	return errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusTooManyRequests
}
