package messages_test

import (
	"encoding/json"
	"net/url"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

// Facts of the seed that the tests rely on.
const (
	mainChannel   = sandbox.ChannelMain  // connected chatapp channel of company 1
	spareChannel  = sandbox.ChannelSpare // disconnected
	contact1Phone = cmdtest.Contact1Phone
	chat1         = cmdtest.Chat1
	chat1Messages = cmdtest.Chat1Messages
	contact2Phone = cmdtest.Contact2Phone
	chat2         = cmdtest.Chat2
)

// run is the way every test here runs convo.
var run = cmdtest.MustRun

// listMessages reads a chat's whole history back with `convo messages list`.
func listMessages(t *testing.T, env *cmdtest.Env, chat string, flags ...string) []api.Message {
	t.Helper()
	run(t, env, 0, append([]string{"messages", "list", chat, "--all", "-o", "json"}, flags...)...)
	return cmdtest.DecodeJSON[[]api.Message](t, env.Stdout.Bytes())
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

// chatStatus is the status of the contact's chat on the main channel.
func chatStatus(t *testing.T, env *cmdtest.Env, phone string) string {
	t.Helper()
	var chats []api.Chat
	resp := env.Get(t, "/chats", url.Values{"contact": {phone}, "channel": {mainChannel}})
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
		contacts:      env.Get(t, "/contacts", one).Pagination.Total,
		chats:         env.Get(t, "/chats", one).Pagination.Total,
		chat1Messages: env.Get(t, "/chats/"+chat1+"/messages", one).Pagination.Total,
	}
}
