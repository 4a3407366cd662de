// Package contract checks HTTP traffic against docs/openapi.yaml, the description of the API that both the
// typed client and the sandbox must honour. Tests wrap a client's transport with RoundTripper or a handler
// with Middleware; every request and response that does not match the document fails the test.
package contract

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// SkipRequestHeader marks a request a test sends invalid on purpose (a missing token, a value out of range,
// an unknown path): with the value "1" the request itself is not checked, its response still is. The header
// is removed before the request goes on.
const SkipRequestHeader = "X-Contract-Skip-Request"

// spec is the parsed document with the router built from it; both are read-only once built.
type spec struct {
	doc    *openapi3.T
	router routers.Router
}

var (
	loadOnce sync.Once
	loaded   *spec
	errLoad  error
)

// Load parses and validates docs/openapi.yaml once per process and returns it. The file is found relative to
// this source file, so Load works from the tests of any package. A document that does not load or validate
// stops the test.
func Load(t testing.TB) *openapi3.T {
	t.Helper()
	return mustLoad(t).doc
}

func mustLoad(t testing.TB) *spec {
	t.Helper()
	loadOnce.Do(func() { loaded, errLoad = parse(documentPath()) })
	if errLoad != nil {
		t.Fatalf("contract: %v", errLoad)
	}
	return loaded
}

// documentPath locates docs/openapi.yaml from the path this file was compiled from, which does not depend
// on the working directory of the test binary (each package's tests run in their own directory).
func documentPath() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "docs", "openapi.yaml")
}

func parse(path string) (*spec, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile(path)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", path, err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("validate %s: %w", path, err)
	}
	router, err := legacy.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("build router for %s: %w", path, err)
	}
	return &spec{doc: doc, router: router}, nil
}

// validationOptions returns the options of the request and response checks of one exchange.
func validationOptions() *openapi3filter.Options {
	return &openapi3filter.Options{
		// Report every mismatch of a message at once, not only the first.
		MultiError: true,
		// A status the operation does not document is a violation too.
		IncludeResponseStatus: true,
		// Check the message as sent, not completed with the document's defaults (which say what the
		// server assumes). The validator works on a copy either way, so the traffic itself is never changed.
		SkipSettingDefaults: true,
		// A body sent to an operation that takes none (GET, DELETE, restore) is a violation.
		RejectWhenRequestBodyNotSpecified: true,
		AuthenticationFunc:                requireBearer,
		// Reports name the path in the message and the broken rule; the schema and value dumps that
		// kin-openapi adds by default bury them.
		SchemaValidationOptions: []openapi3.SchemaValidationOption{openapi3.DisableSchemaErrorDetails()},
	}
}

// requireBearer accepts any bearer token: the contract states that one is sent, the server decides
// whether it is valid.
func requireBearer(_ context.Context, in *openapi3filter.AuthenticationInput) error {
	if s := in.SecurityScheme; s.Type != "http" || !strings.EqualFold(s.Scheme, "bearer") {
		return in.NewError(fmt.Errorf("security scheme %q is not HTTP bearer", in.SecuritySchemeName))
	}
	scheme, token, _ := strings.Cut(in.RequestValidationInput.Request.Header.Get("Authorization"), " ")
	if scheme != "Bearer" || strings.TrimSpace(token) == "" {
		return in.NewError(errors.New(`header Authorization must be "Bearer <token>"`))
	}
	return nil
}

// exchange is one request that was checked, waiting for its response.
type exchange struct {
	t     testing.TB
	spec  *spec
	label string
	// input is nil when no operation of the document matches the request.
	input *openapi3filter.RequestValidationInput
}

// checkRequest reports the ways req (whose body has already been read into body) departs from the document,
// unless skip is set, and returns the exchange against which the response is checked. req is not modified.
func (s *spec) checkRequest(t testing.TB, req *http.Request, body []byte, skip bool) *exchange {
	ex := &exchange{t: t, spec: s, label: req.Method + " " + req.URL.RequestURI()}

	// Route on the path alone: the server URL of the document is a variable standing for scheme, host and
	// port, which the router can only match against a path. The validator reads its own copy of the body.
	probe := req.Clone(req.Context())
	probe.URL = &url.URL{Path: req.URL.Path, RawPath: req.URL.RawPath, RawQuery: req.URL.RawQuery}
	setBody(probe, body)

	route, pathParams, err := s.router.FindRoute(probe)
	if err != nil {
		if !skip {
			t.Errorf("contract: %s: no operation of docs/openapi.yaml matches: %v", ex.label, err)
		}
		return ex
	}
	ex.input = &openapi3filter.RequestValidationInput{
		Request:    probe,
		PathParams: pathParams,
		Route:      route,
		Options:    validationOptions(),
	}
	if skip {
		return ex
	}
	if err := openapi3filter.ValidateRequest(req.Context(), ex.input); err != nil {
		t.Errorf("contract: %s: request violates docs/openapi.yaml: %v", ex.label, err)
	}
	return ex
}

// checkResponse reports the ways a response departs from the operation of the request.
func (ex *exchange) checkResponse(ctx context.Context, status int, header http.Header, body []byte) {
	if ex.input == nil {
		ex.checkUnroutedResponse(status, header, body)
		return
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: ex.input,
		Status:                 status,
		Header:                 header,
		Options:                ex.input.Options,
	}
	in.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(ctx, in); err != nil {
		ex.t.Errorf("contract: %s: response %d violates docs/openapi.yaml: %v", ex.label, status, err)
	}
}

// checkUnroutedResponse covers requests to unknown paths or with a method the path does not take: the
// document has no operation for them, but the answer must still be an error in the common envelope.
func (ex *exchange) checkUnroutedResponse(status int, header http.Header, body []byte) {
	if status < 400 {
		ex.t.Errorf("contract: %s: a request matching no operation got status %d, want an error status", ex.label, status)
	}
	if mediaType, _, err := mime.ParseMediaType(header.Get("Content-Type")); err != nil || mediaType != "application/json" {
		ex.t.Errorf("contract: %s: response %d has Content-Type %q, want application/json", ex.label, status, header.Get("Content-Type"))
		return
	}
	var value any
	if err := json.Unmarshal(body, &value); err != nil {
		ex.t.Errorf("contract: %s: response %d is not JSON: %v", ex.label, status, err)
		return
	}
	envelope := ex.spec.doc.Components.Schemas["ErrorEnvelope"].Value
	if err := envelope.VisitJSON(value, openapi3.MultiErrors(), openapi3.DisableSchemaErrorDetails()); err != nil {
		ex.t.Errorf("contract: %s: response %d violates ErrorEnvelope of docs/openapi.yaml: %v", ex.label, status, err)
	}
}

// setBody gives req a body reading data from the start, replayable through GetBody.
func setBody(req *http.Request, data []byte) {
	req.ContentLength = int64(len(data))
	if len(data) == 0 {
		req.Body, req.GetBody = http.NoBody, nil
		return
	}
	req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }
	req.Body, _ = req.GetBody()
}
