package sandbox

import "github.com/convo-cli/convo/internal/validate"

// Kind says what went wrong with a request, in the terms of the API rather
// than of HTTP: the store and the handlers report kinds, and one table of the
// HTTP layer (statusOf) turns each into a status code.
type Kind string

// Kinds of failure. The store reports the first six; the HTTP layer the
// others, which concern the request as it travels rather than the data.
const (
	KindNotFound        Kind = "not_found"       // the resource does not exist for the caller
	KindInvalid         Kind = "invalid"         // the request breaks a field rule
	KindConflict        Kind = "conflict"        // the request collides with stored data: a duplicate
	KindForbidden       Kind = "forbidden"       // the caller may not do this
	KindUnauthenticated Kind = "unauthenticated" // no usable token
	KindDisconnected    Kind = "disconnected"    // the channel is disconnected

	KindTooLarge         Kind = "too_large"          // the body exceeds maxBodyBytes
	KindTimeout          Kind = "timeout"            // the body did not arrive in time
	KindMethodNotAllowed Kind = "method_not_allowed" // a known path with another method
	KindRateLimited      Kind = "rate_limited"       // the token exceeded its requests per second
	KindUnavailable      Kind = "unavailable"        // try again: an injected failure, a busy database
	KindInternal         Kind = "internal"           // a failure of the server itself
)

// Error is a failure reported to the caller: its kind, the Portuguese message
// of the answer (the specification's where it has one), and, for failures the
// API gives an error code, that code with its field and what it means.
// Violations of field rules are *validate.Error values instead, of kind
// KindInvalid.
type Error struct {
	Kind    Kind
	Message string
	Code    string // e.g. DUPLICATE_ENTRY; "" for none
	Field   string // the request field the code is about, "" for none
	Detail  string // the message of the code
}

func (e *Error) Error() string {
	if e.Detail != "" {
		return e.Message + " " + e.Detail
	}
	return e.Message
}

func failure(kind Kind, message string) *Error { return &Error{Kind: kind, Message: message} }

func notFound(message string) *Error  { return failure(KindNotFound, message) }
func forbidden(message string) *Error { return failure(KindForbidden, message) }

// disconnected is an operation on a disconnected channel; message is the
// operation's own (a send's "Não foi possível enviar a mensagem.").
func disconnected(message string) *Error {
	return &Error{Kind: KindDisconnected, Message: message, Code: codeChannelDisconnected, Detail: msgChannelDisconnected}
}

// conflict is a request that collides with stored data. The API reports it
// as a validation failure, with its own code on the field.
func conflict(field, code, detail string) *Error {
	return &Error{Kind: KindConflict, Message: msgValidation, Code: code, Field: field, Detail: detail}
}

// fieldError is a validation failure with one of the specification's own codes.
func fieldError(field, code, message string) *validate.Error {
	return &validate.Error{Field: field, Code: code, Message: message}
}

// invalid is an INVALID_VALUE validation failure.
func invalid(field, message string) *validate.Error {
	return fieldError(field, validate.CodeInvalid, message)
}
