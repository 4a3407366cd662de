package tags_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

// Facts of the seed that the tests rely on: company 1 has tags 1-6, tag 1
// (VIP) is on chats 1 and 12 and on contacts 7, 14, 21, 28, 35, 42 and 49.
const (
	seedTags1 = 6
	newTagID  = 10 // the id the next tag gets (company 2 holds 7-9)
)

// run runs convo and fails the test unless it exits with want.
func run(t *testing.T, env *cmdtest.Env, want int, args ...string) {
	t.Helper()
	env.Reset()
	if got := env.Run(args...); got != want {
		t.Fatalf("convo %s: exit %d, want %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), got, want, env.Stdout, env.Stderr)
	}
}

// apiGet asks the sandbox directly, as admin of company 1, for what the API
// returns at path: the reference the command's output is compared with.
func apiGet(t *testing.T, env *cmdtest.Env, path string, query url.Values) *api.Envelope {
	t.Helper()
	c, err := api.New(api.Options{
		BaseURL: "http://sandbox.localhost", Token: sandbox.AdminToken1,
		Transport: sandbox.Transport(sandbox.NewServer(env.Store, sandbox.Options{})), UserAgent: "test",
		AllowInsecureHTTP: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := c.Do(context.Background(), api.Request{Method: "GET", Path: path, Query: query})
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	return &resp.Envelope
}

// tagCount is how many tags company 1 has.
func tagCount(t *testing.T, env *cmdtest.Env) int {
	t.Helper()
	return apiGet(t, env, "/tags", url.Values{"per_page": {"1"}}).Pagination.Total
}

// tag reads a tag from the sandbox.
func tag(t *testing.T, env *cmdtest.Env, id string) api.Tag {
	t.Helper()
	var tg api.Tag
	if err := json.Unmarshal(apiGet(t, env, "/tags/"+id, nil).Data, &tg); err != nil {
		t.Fatal(err)
	}
	return tg
}

// decode decodes the JSON on stdout.
func decode[T any](t *testing.T, env *cmdtest.Env) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(env.Stdout.Bytes(), &v); err != nil {
		t.Fatalf("stdout is not the expected JSON: %v\n%s", err, env.Stdout)
	}
	return v
}

// assertSameJSON fails unless got is the JSON document want once both are compacted.
func assertSameJSON(t *testing.T, got, want []byte) {
	t.Helper()
	var g, w bytes.Buffer
	if err := json.Compact(&g, got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, got)
	}
	if err := json.Compact(&w, want); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(g.Bytes(), w.Bytes()) {
		t.Errorf("JSON differs from the API's data\n got: %s\nwant: %s", g.Bytes(), w.Bytes())
	}
}
