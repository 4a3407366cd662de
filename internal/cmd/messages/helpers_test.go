package messages_test

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
	mainChannel  = sandbox.ChannelMain  // connected chatapp channel of company 1
	spareChannel = sandbox.ChannelSpare // disconnected
	// Contact 1, João da Silva, has chat 1 on the main channel: open,
	// status entrance, 6 messages (2 incoming, 3 outgoing, 1 internal note).
	contact1Phone = "5521979190371"
	chat1         = "42ef115f20394e9daca8"
	chat1Messages = 6
	// Contact 2, Maria Aparecida Santos, has chat 2 on the main channel:
	// open, status waiting, 2 incoming messages.
	contact2Phone = "5531958380742"
	chat2         = "bf7e5b62f66d65a3a450"
)

// run runs convo and fails the test unless it exits with want.
func run(t *testing.T, env *cmdtest.Env, want int, args ...string) {
	t.Helper()
	env.Reset()
	if got := env.Run(args...); got != want {
		t.Fatalf("convo %s: exit %d, want %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), got, want, env.Stdout, env.Stderr)
	}
}

// listMessages reads a chat's whole history back with `convo messages list`.
func listMessages(t *testing.T, env *cmdtest.Env, chat string, flags ...string) []api.Message {
	t.Helper()
	run(t, env, 0, append([]string{"messages", "list", chat, "--all", "-o", "json"}, flags...)...)
	return decode[[]api.Message](t, env)
}

// lastMessage is the newest message of a chat.
func lastMessage(t *testing.T, env *cmdtest.Env, chat string) api.Message {
	t.Helper()
	msgs := listMessages(t, env, chat)
	if len(msgs) == 0 {
		t.Fatalf("chat %s has no messages", chat)
	}
	return msgs[len(msgs)-1]
}

// apiGet asks the sandbox directly, as admin of company 1, for what the API
// returns at path.
func apiGet(t *testing.T, env *cmdtest.Env, path string, query url.Values) *api.Envelope {
	t.Helper()
	c, err := api.New(api.Options{
		BaseURL: "http://sandbox.localhost", Token: sandbox.AdminToken1,
		Transport: sandbox.Transport(sandbox.NewServer(env.Store, sandbox.Options{})), UserAgent: "test", AllowInsecureHTTP: true,
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

// chatStatus is the status of the contact's chat on the main channel.
func chatStatus(t *testing.T, env *cmdtest.Env, phone string) string {
	t.Helper()
	var chats []api.Chat
	resp := apiGet(t, env, "/chats", url.Values{"contact": {phone}, "channel": {mainChannel}})
	if err := json.Unmarshal(resp.Data, &chats); err != nil || len(chats) != 1 {
		t.Fatalf("chats of %s: %s (%v)", phone, resp.Data, err)
	}
	return chats[0].Status
}

// counts is how much the sandbox holds, to show that nothing was sent:
// a send creates a message and, for a new phone, a contact and a chat.
type counts struct{ contacts, chats, chat1Messages int }

func snapshot(t *testing.T, env *cmdtest.Env) counts {
	t.Helper()
	one := url.Values{"per_page": {"1"}}
	return counts{
		contacts:      apiGet(t, env, "/contacts", one).Pagination.Total,
		chats:         apiGet(t, env, "/chats", one).Pagination.Total,
		chat1Messages: apiGet(t, env, "/chats/"+chat1+"/messages", one).Pagination.Total,
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
		t.Errorf("JSON differs\n got: %s\nwant: %s", g.Bytes(), w.Bytes())
	}
}
