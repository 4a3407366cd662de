package cmdtest

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/sandbox"
)

// MustRun runs `convo args...` with empty output buffers and fails the test
// unless it exits with want; the failure shows both outputs.
func MustRun(t testing.TB, e *Env, want int, args ...string) {
	t.Helper()
	e.Reset()
	if got := e.Run(args...); got != want {
		t.Fatalf("convo %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), got, want, e.Stdout, e.Stderr)
	}
}

// Client returns a client that asks the env's sandbox directly, as the
// user of token, bypassing convo: what the API says is the reference a
// command's output is compared with, and how a test sees what a command
// changed.
func (e *Env) Client(t testing.TB, token string) *api.Client {
	t.Helper()
	c, err := api.New(api.Options{
		BaseURL: "http://sandbox.localhost", Token: token, Transport: sandbox.Transport(e.handler), UserAgent: "convo-test",
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Get is the API's answer to GET path?query, asked directly as the admin of
// company 1.
func (e *Env) Get(t testing.TB, path string, query url.Values) *api.Envelope {
	t.Helper()
	return e.GetAs(t, sandbox.AdminToken1, path, query)
}

// GetAs is the API's answer to GET path?query, asked directly as the user
// of token.
func (e *Env) GetAs(t testing.TB, token, path string, query url.Values) *api.Envelope {
	t.Helper()
	resp, err := e.Client(t, token).Do(context.Background(), api.Request{Method: "GET", Path: path, Query: query})
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	return &resp.Envelope
}

// DecodeJSON decodes data, such as a command's standard output or the API's
// data, as a T, and fails the test when it is not one.
func DecodeJSON[T any](t testing.TB, data []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("not the expected JSON: %v\n%s", err, data)
	}
	return v
}

// AssertSameJSON fails unless got is the JSON document want, byte for byte
// once both are compacted: the same fields in the same order, the same
// spelling of every value.
func AssertSameJSON(t testing.TB, got, want []byte) {
	t.Helper()
	var g, w bytes.Buffer
	if err := json.Compact(&g, got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, got)
	}
	if err := json.Compact(&w, want); err != nil {
		t.Fatalf("reference is not JSON: %v\n%s", err, want)
	}
	if !bytes.Equal(g.Bytes(), w.Bytes()) {
		t.Errorf("JSON differs from the API's data\n got: %s\nwant: %s", g.Bytes(), w.Bytes())
	}
}
