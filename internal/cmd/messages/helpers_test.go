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
