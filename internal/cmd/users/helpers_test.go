package users_test

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

// Facts of the seed that the tests rely on. Company 1 has users 1-4: Ana
// Souza (admin, ref 1001), Bruno Lima (user on the main channel and the
// widget, ref 1002, the agent token's), Carla Mendes (user, ref 1003) and
// Diego Rocha (deactivated, ref 1004). Company 2 has users 5 and 6.
const (
	seedUsers1 = 4
	newUserID  = 7
	password   = "senha-forte-1"
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
		BaseURL: "http://sandbox.localhost", Token: sandbox.AdminToken1, AllowInsecureHTTP: true,
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

// user reads a user, with its channels, from the sandbox.
func user(t *testing.T, env *cmdtest.Env, id string) api.UserDetail {
	t.Helper()
	var u api.UserDetail
	if err := json.Unmarshal(apiGet(t, env, "/users/"+id, nil).Data, &u); err != nil {
		t.Fatal(err)
	}
	return u
}

// userJSON is a user as the API returns it, to show that it did not change.
func userJSON(t *testing.T, env *cmdtest.Env, id string) string {
	t.Helper()
	return string(apiGet(t, env, "/users/"+id, nil).Data)
}

// userCount is how many users, active or not, company 1 has.
func userCount(t *testing.T, env *cmdtest.Env) int {
	t.Helper()
	return apiGet(t, env, "/users", url.Values{"per_page": {"1"}}).Pagination.Total
}

// inactive lists the ids of company 1's deactivated users.
func inactive(t *testing.T, env *cmdtest.Env) []int64 {
	t.Helper()
	var users []api.UserListItem
	if err := json.Unmarshal(apiGet(t, env, "/users", url.Values{"status": {"inactive"}}).Data, &users); err != nil {
		t.Fatal(err)
	}
	ids := []int64{}
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	return ids
}

func channelTokens(u api.UserDetail) []string {
	tokens := []string{}
	for _, ch := range u.Channels {
		tokens = append(tokens, ch.Token)
	}
	return tokens
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
