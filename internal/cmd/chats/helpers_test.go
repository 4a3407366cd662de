package chats_test

import (
	"net/url"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

// Facts of the seed (see cmdtest's).
const (
	chat1     = cmdtest.Chat1
	chat2     = cmdtest.Chat2
	chat3     = cmdtest.Chat3
	chat4     = cmdtest.Chat4
	chat5     = cmdtest.Chat5
	chat6     = cmdtest.Chat6
	chat7     = cmdtest.Chat7
	chat8     = cmdtest.Chat8
	chat9     = cmdtest.Chat9
	chat10    = cmdtest.Chat10
	chat11    = cmdtest.Chat11
	chat12    = cmdtest.Chat12
	chat13    = cmdtest.Chat13
	joaoPhone = cmdtest.Contact1Phone
)

// run is the way every test here runs convo.
var run = cmdtest.MustRun

// chats lists company 1's chats that match query, as the API returns them.
func chats(t *testing.T, env *cmdtest.Env, query url.Values) []api.Chat {
	t.Helper()
	if query == nil {
		query = url.Values{}
	}
	query.Set("per_page", "100")
	return cmdtest.DecodeJSON[[]api.Chat](t, env.Get(t, "/chats", query).Data)
}

// messages is a chat's whole history.
func messages(t *testing.T, env *cmdtest.Env, token string) []api.Message {
	t.Helper()
	return cmdtest.DecodeJSON[[]api.Message](t, env.Get(t, "/chats/"+token+"/messages", url.Values{"per_page": {"100"}}).Data)
}

// state is everything a transfer may change, to show that a refused one changed nothing.
func state(t *testing.T, env *cmdtest.Env) string {
	t.Helper()
	return string(env.Get(t, "/chats", url.Values{"per_page": {"100"}}).Data)
}

func tokensOf(list []api.Chat) []string {
	tokens := []string{}
	for _, c := range list {
		tokens = append(tokens, c.Token)
	}
	return tokens
}
