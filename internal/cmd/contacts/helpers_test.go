package contacts_test

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

// Facts of the seed that the tests rely on.
const (
	seedContacts1  = 50              // contacts of company 1
	contact1Phone  = "5521979190371" // contact 1, João da Silva, 2 chats
	contact1Name   = "João da Silva"
	freshPhone     = "5511987654321" // nobody's phone
	mainChannel    = sandbox.ChannelMain
	spareChannel   = sandbox.ChannelSpare
	notFoundStderr = "error: Contato não encontrado.\n"
)

// newEnv is a fresh, seeded sandbox for one test.
func newEnv(t *testing.T) *cmdtest.Env {
	t.Helper()
	return cmdtest.New(t)
}

// run runs convo and fails the test unless it exits with want.
func run(t *testing.T, env *cmdtest.Env, want int, args ...string) {
	t.Helper()
	env.Reset()
	if got := env.Run(args...); got != want {
		t.Fatalf("convo %s: exit %d, want %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), got, want, env.Stdout, env.Stderr)
	}
}

// apiGet asks the sandbox directly, with the env's token, for what the API
// returns at path: the reference the command's output is compared with.
func apiGet(t *testing.T, env *cmdtest.Env, path string, query url.Values) *api.Envelope {
	t.Helper()
	c, err := api.New(api.Options{
		BaseURL: "http://sandbox.localhost", Token: env.Token,
		Transport: sandbox.Transport(sandbox.NewServer(env.Store, sandbox.Options{})), UserAgent: "test",
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

// contactCount is how many contacts company 1 has.
func contactCount(t *testing.T, env *cmdtest.Env) int {
	t.Helper()
	return apiGet(t, env, "/contacts", url.Values{"per_page": {"1"}}).Pagination.Total
}

// contact reads a contact from the sandbox.
func contact(t *testing.T, env *cmdtest.Env, id string) api.Contact {
	t.Helper()
	var c api.Contact
	if err := json.Unmarshal(apiGet(t, env, "/contacts/"+id, nil).Data, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// assertSameJSON fails unless got is the JSON document want, byte for byte
// once both are compacted: same fields, same order, same spelling of values.
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

// decode decodes the JSON on stdout.
func decode[T any](t *testing.T, env *cmdtest.Env) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(env.Stdout.Bytes(), &v); err != nil {
		t.Fatalf("stdout is not the expected JSON: %v\n%s", err, env.Stdout)
	}
	return v
}

// lines splits output into its lines, without the final newline.
func lines(b *bytes.Buffer) []string {
	s := strings.TrimSuffix(b.String(), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func tagIDs(c api.Contact) []int64 {
	ids := []int64{}
	for _, t := range c.Tags {
		ids = append(ids, t.ID)
	}
	return ids
}
