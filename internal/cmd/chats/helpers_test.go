package chats_test

import (
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/clipperhouse/displaywidth"

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

// requests counts the requests convo sends to the sandbox, and lists them.
type requests struct {
	mu   sync.Mutex
	sent []string
}

// countRequests starts counting the requests of env's commands.
func countRequests(env *cmdtest.Env) *requests {
	r := &requests{}
	env.Intercept(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			r.mu.Lock()
			r.sent = append(r.sent, req.Method+" "+strings.TrimPrefix(req.URL.Path, api.Prefix)+"?"+req.URL.RawQuery)
			r.mu.Unlock()
			next.ServeHTTP(w, req)
		})
	})
	return r
}

// take returns the requests sent since the last take.
func (r *requests) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	sent := r.sent
	r.sent = nil
	return sent
}

// lines splits output into its lines, without the last line break.
func lines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// wantFit fails the test when a line of out is wider than width cells.
func wantFit(t *testing.T, out string, width int) {
	t.Helper()
	for _, l := range lines(out) {
		if w := displaywidth.String(l); w > width {
			t.Errorf("a line of %d cells, wider than %d:\n%s", w, width, l)
		}
	}
}
