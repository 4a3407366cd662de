package chats_test

import (
	"net/url"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

// Chats of company 1's seed, by token: contact, channel, attendant (0: the
// queue), status, open.
const (
	chat1  = "42ef115f20394e9daca8" // João, main, Bruno (2), entrance, open, tag VIP, 6 messages
	chat2  = "bf7e5b62f66d65a3a450" // Maria, main, queue, waiting, open, 2 unread, tag Lead quente
	chat3  = "0ebf689490b07a8f61f5" // José, main, Ana (1), finished, closed
	chat4  = "043bf0b9624cd43d116b" // Ana Beatriz, widget, Bruno, waiting, open, tag Novo cliente
	chat5  = "afe787a897175ade0d2a" // Francisco, unofficial, Carla (3), entrance, open
	chat6  = "5602261e885eb9671827" // Antônia, photo social, Carla, finished, closed
	chat7  = "c5e0451fb9df95da3b13" // Luís, social messenger, queue, waiting, open
	chat8  = "ef5799d7de5e27f1c2ce" // Márcia, secure chat, Ana, entrance, open
	chat9  = "442219958193c011d51c" // Paulo, main, Bruno, entrance, closed
	chat10 = "8b272a4d9811d7880eef" // Fernanda, widget, queue, waiting, open, 1 message (read), the newest
	chat11 = "a5f2af23e43570960ae4" // Sebastião, spare (disconnected), Ana, finished, closed
	chat12 = "6345e03aad976242f15d" // João, widget, Bruno, entrance, open, tag VIP
	chat13 = "3b086e70274dbcd3f2f7" // company 2's

	joaoPhone = "5521979190371"
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
