package validate

import (
	"errors"
	"strings"
)

// Codes of rule violations, as they appear in the code of an errors[] item.
const (
	// CodeRequired is the specification's code for a missing required field.
	CodeRequired = "FIELD_REQUIRED"
	// CodeInvalid covers a wrong format, a wrong type and a value outside the allowed set.
	CodeInvalid = "INVALID_VALUE"
	// CodeTooLong is a value longer than its maximum.
	CodeTooLong = "TOO_LONG"
	// CodeTooShort is a value shorter than its minimum.
	CodeTooShort = "TOO_SHORT"
)

// Error is one rule violation on one field. It is what the sandbox puts in
// errors[] and what the CLI prints.
type Error struct {
	Field   string `json:"field"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Error returns "<field>: <message>", or the message alone when no field is known.
func (e *Error) Error() string {
	if e.Field == "" {
		return e.Message
	}
	return e.Field + ": " + e.Message
}

// Errors is a list of violations, for reporting every bad field of a request at once.
type Errors []*Error

// Error joins the violations with "; ".
func (e Errors) Error() string {
	parts := make([]string, len(e))
	for i, v := range e {
		parts[i] = v.Error()
	}
	return strings.Join(parts, "; ")
}

// Unwrap exposes the violations to errors.As and errors.Is.
func (e Errors) Unwrap() []error {
	errs := make([]error, len(e))
	for i, v := range e {
		errs[i] = v
	}
	return errs
}

// Add appends err: nil is ignored, an Errors list is flattened into e, an *Error
// (also wrapped) is appended as it is, and any other error becomes an
// INVALID_VALUE violation without a field so that nothing is lost.
func (e *Errors) Add(err error) {
	if err == nil {
		return
	}
	var list Errors
	if errors.As(err, &list) {
		*e = append(*e, list...)
		return
	}
	var one *Error
	if errors.As(err, &one) {
		*e = append(*e, one)
		return
	}
	*e = append(*e, &Error{Code: CodeInvalid, Message: err.Error()})
}

// Err returns the list as an error, or nil when it is empty, so that a caller
// never returns a non-nil error holding no violation.
func (e Errors) Err() error {
	if len(e) == 0 {
		return nil
	}
	return e
}

// Required reports FIELD_REQUIRED when value is empty or only white space.
func Required(field, value string) error {
	if strings.TrimSpace(value) == "" {
		return required(field)
	}
	return nil
}

func required(field string) *Error {
	return &Error{Field: field, Code: CodeRequired, Message: "is required"}
}

func invalid(field, message string) *Error {
	return &Error{Field: field, Code: CodeInvalid, Message: message}
}
