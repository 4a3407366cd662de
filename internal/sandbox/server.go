package sandbox

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/validate"
)

// Options tunes the server. The zero value is a plain, fault-free server.
type Options struct {
	// ExternalRefs is the inclusive range of ids the linked external system
	// knows, for users' external_reference; the zero value means {1000, 9999}.
	ExternalRefs [2]int64
	// Latency is added before every request.
	Latency time.Duration
	// FailRate is the probability of answering 503 before the handler runs.
	FailRate float64
	// RateLimit is the number of requests per second allowed per token; 0 is no limit.
	RateLimit float64
	// Now is the clock of the timestamps the server writes; nil means time.Now.
	Now func() time.Time
	// Logger receives one record per request; nil logs nothing.
	Logger *slog.Logger
}

// DefaultExternalRefs is the range of ids the linked external system knows
// when Options.ExternalRefs is not set.
var DefaultExternalRefs = [2]int64{1000, 9999}

func (o Options) withDefaults() Options {
	if o.ExternalRefs == [2]int64{} {
		o.ExternalRefs = DefaultExternalRefs
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// Portuguese messages of the error envelopes: the specification's where it
// has one, the rest in the same style.
const (
	msgValidation          = "Erro de validação"
	msgUnauthenticated     = "Não autenticado."
	msgForbidden           = "Acesso negado."
	msgContactNotFound     = "Contato não encontrado."
	msgTagNotFound         = "Tag não encontrada."
	msgChatNotFound        = "Conversa ou canal não encontrado."
	msgUserNotFound        = "Usuário não encontrado."
	msgNotFound            = "Recurso não encontrado."
	msgMethodNotAllowed    = "Método não permitido."
	msgTransferForbidden   = "Você não tem permissão para transferir conversas deste canal."
	msgAttendantNoAccess   = "O atendente informado não tem acesso ao canal de destino."
	msgSendFailed          = "Não foi possível enviar a mensagem."
	msgChannelDisconnected = "Canal desconectado."
	msgTooManyRequests     = "Muitas requisições. Tente novamente em instantes."
	msgUnavailable         = "Serviço temporariamente indisponível."
	msgTooLarge            = "Requisição muito grande."
	msgTimeout             = "Tempo esgotado ao receber a requisição."
	msgInternal            = "Erro interno do servidor."
)

// Codes of error items beyond the validate package's.
const (
	codeDuplicate           = "DUPLICATE_ENTRY"
	codeEmailExists         = "EMAIL_ALREADY_EXISTS"
	codeReferenceUsed       = "EXTERNAL_REFERENCE_ALREADY_USED"
	codeReferenceInvalid    = "EXTERNAL_REFERENCE_INVALID"
	codeChannelDisconnected = "CHANNEL_DISCONNECTED"
)

// statusOf is the status code of each kind of failure: the one place where
// the failures the store and the handlers report become HTTP.
var statusOf = map[Kind]int{
	KindNotFound:         http.StatusNotFound,
	KindInvalid:          http.StatusUnprocessableEntity,
	KindConflict:         http.StatusUnprocessableEntity, // reported as a validation failure, with its code
	KindForbidden:        http.StatusForbidden,
	KindUnauthenticated:  http.StatusUnauthorized,
	KindDisconnected:     http.StatusConflict,
	KindTooLarge:         http.StatusRequestEntityTooLarge,
	KindTimeout:          http.StatusRequestTimeout,
	KindMethodNotAllowed: http.StatusMethodNotAllowed,
	KindRateLimited:      http.StatusTooManyRequests,
	KindUnavailable:      http.StatusServiceUnavailable,
	KindInternal:         http.StatusInternalServerError,
}

// asAPIError turns what a handler returned into the answer to send. The
// second result is false for a failure of the server itself, which is logged.
func asAPIError(err error) (*api.Error, bool) {
	var verrs validate.Errors
	var verr *validate.Error
	switch {
	case errors.As(err, &verrs):
		return validationError(verrs...), true
	case errors.As(err, &verr):
		return validationError(verr), true
	}
	var e *Error
	switch {
	case errors.As(err, &e):
	case isTransient(err):
		e = failure(KindUnavailable, msgUnavailable)
	default:
		e = failure(KindInternal, msgInternal)
	}
	a := &api.Error{StatusCode: statusOf[e.Kind], Message: e.Message}
	if e.Code != "" {
		a.Errors = []api.ErrorItem{{Code: e.Code, Field: e.Field, Message: e.Detail}}
	}
	return a, e.Kind != KindInternal
}

func validationError(errs ...*validate.Error) *api.Error {
	items := make([]api.ErrorItem, len(errs))
	for i, e := range errs {
		field := e.Field
		if field == "" {
			field = "body" // every item of a validation envelope names a field
		}
		items[i] = api.ErrorItem{Code: e.Code, Field: field, Message: e.Message}
	}
	return &api.Error{StatusCode: statusOf[KindInvalid], Message: msgValidation, Errors: items}
}

// envelope is the body of every successful answer.
type envelope struct {
	Success    bool            `json:"success"`
	Message    string          `json:"message,omitempty"`
	Data       any             `json:"data,omitempty"`
	Pagination *api.Pagination `json:"pagination,omitempty"`
}

// errorEnvelope is the body of every error answer.
type errorEnvelope struct {
	Success bool            `json:"success"`
	Message string          `json:"message"`
	Errors  []api.ErrorItem `json:"errors,omitempty"`
}

var buffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// marshal encodes v as JSON without escaping <, > and &, as responses are.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// writeJSON encodes v in full before writing, so that an encoding failure can
// still become a proper 500 and the length is known.
func writeJSON(w http.ResponseWriter, status int, v any) {
	buf := buffers.Get().(*bytes.Buffer)
	defer func() {
		buf.Reset()
		buffers.Put(buf)
	}()
	if err := encodeBody(buf, v); err != nil {
		buf.Reset()
		status = http.StatusInternalServerError
		fmt.Fprintf(buf, `{"success":false,"message":%q}`+"\n", msgInternal)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes()) // a client that hung up is nobody's error
}

func encodeBody(buf *bytes.Buffer, v any) error {
	if env, ok := v.(envelope); ok {
		if items, ok := env.Data.(joinedItems); ok {
			return encodeJoinedList(buf, items, env.Pagination)
		}
	}
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// joinedItems are the items of a list page as stored JSON documents joined
// by commas (contacts.doc, see listContacts).
type joinedItems string

// encodeJoinedList writes a list envelope around stored items as they are:
// encoding/json would re-validate every byte of them, the largest cost of the
// busiest request.
func encodeJoinedList(buf *bytes.Buffer, items joinedItems, pag *api.Pagination) error {
	buf.WriteString(`{"success":true,"data":[`)
	buf.WriteString(string(items))
	buf.WriteString(`],"pagination":`)
	p, err := marshal(pag)
	if err != nil {
		return err
	}
	buf.Write(p)
	buf.WriteString("}\n")
	return nil
}

// writeError writes the answer to err (see asAPIError).
func writeError(w http.ResponseWriter, err error) {
	e, _ := asAPIError(err)
	if e.StatusCode == http.StatusServiceUnavailable || e.StatusCode == http.StatusTooManyRequests {
		if w.Header().Get("Retry-After") == "" {
			w.Header().Set("Retry-After", "1")
		}
	}
	writeJSON(w, e.StatusCode, errorEnvelope{Message: e.Message, Errors: e.Errors})
}

// reply is what an endpoint answers on success.
type reply struct {
	status  int
	message string
	data    any
	page    *api.Pagination
}

func ok(data any) reply { return reply{status: http.StatusOK, data: data} }

func created(message string, data any) reply {
	return reply{status: http.StatusCreated, message: message, data: data}
}

func done(message string, data any) reply {
	return reply{status: http.StatusOK, message: message, data: data}
}

func listed(data any, page *api.Pagination) reply {
	return reply{status: http.StatusOK, data: data, page: page}
}

// endpoint is one operation of the API for an authenticated caller.
type endpoint func(r *http.Request, c *caller) (reply, error)

// handle authenticates the request, runs ep and writes its answer.
func (s *server) handle(ep endpoint) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
		rep, err := s.serve(r, ep)
		if err != nil {
			if _, known := asAPIError(err); !known {
				s.errorLog.ErrorContext(r.Context(), "sandbox: request failed", "method", r.Method, "path", r.URL.Path, "error", err)
			}
			writeError(w, err)
			return
		}
		writeJSON(w, rep.status, envelope{Success: true, Message: rep.message, Data: rep.data, Pagination: rep.page})
	})
}

func (s *server) serve(r *http.Request, ep endpoint) (reply, error) {
	c, err := s.store.authenticate(r.Context(), bearerToken(r))
	if err != nil {
		return reply{}, err
	}
	return ep(r, c)
}

// bearerToken returns the token of the Authorization header, or "".
func bearerToken(r *http.Request) string {
	scheme, token, found := strings.Cut(r.Header.Get("Authorization"), " ")
	if !found || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// caller is the user a token belongs to.
type caller struct {
	id      int64
	company int64
	admin   bool
}

// tokenHash is how tokens are stored and looked up: the lookup compares
// hashes, so its timing tells nothing about the token.
func tokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// requireAdmin refuses callers that are not admins.
func requireAdmin(c *caller) error {
	if !c.admin {
		return forbidden(msgForbidden)
	}
	return nil
}

// maxBodyBytes bounds request bodies.
const maxBodyBytes = 1 << 20

// decode reads the JSON object of the request body (bounded by handle) into
// each of targets. An empty body is an empty object, so that missing required
// fields are reported by name. Numbers in untyped places (custom-field
// values) stay json.Number.
func decode(r *http.Request, targets ...any) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return bodyError(err)
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	if err := checkEncoding(body); err != nil {
		return err
	}
	for _, v := range targets {
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		if err := dec.Decode(v); err != nil {
			return bodyError(err)
		}
		// Anything after the object is an error, like a second object.
		if _, err := dec.Token(); !errors.Is(err, io.EOF) {
			return invalid("body", "must hold a single JSON object")
		}
	}
	return nil
}

func bodyError(err error) error {
	var tooLarge *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &tooLarge):
		return failure(KindTooLarge, msgTooLarge)
	case errors.Is(err, os.ErrDeadlineExceeded):
		return failure(KindTimeout, msgTimeout) // the server's ReadTimeout
	case errors.As(err, &typeErr):
		if typeErr.Field == "" {
			return invalid("body", fmt.Sprintf("must be a JSON object (got %s)", typeErr.Value))
		}
		return invalid(typeErr.Field, fmt.Sprintf("must be %s (got %s)", jsonKind(typeErr.Type), typeErr.Value))
	case errors.As(err, &syntaxErr):
		return invalid("body", fmt.Sprintf("is not valid JSON: %v (at byte %d)", syntaxErr, syntaxErr.Offset))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return invalid("body", "is not valid JSON: it ends too early")
	}
	return invalid("body", "is not valid JSON: "+err.Error())
}

// jsonKind names the JSON value a Go type is decoded from.
func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return "an object"
}

// pathID reads the integer path parameter id; anything else names no
// resource, so it is the resource's not-found answer.
func pathID(r *http.Request, message string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 {
		return 0, notFound(message)
	}
	return id, nil
}
