package users_test

import (
	"net/url"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

// Facts of the seed that the tests rely on (see cmdtest's); the external
// references of users 1 to 4 are 1001 to 1004.
const (
	seedUsers1 = cmdtest.SeedUsers1
	newUserID  = cmdtest.NewUserID
	password   = "senha-forte-1"
)

// run is the way every test here runs convo.
var run = cmdtest.MustRun

// user reads a user, with its channels, from the sandbox.
func user(t *testing.T, env *cmdtest.Env, id string) api.UserDetail {
	t.Helper()
	return cmdtest.DecodeJSON[api.UserDetail](t, env.Get(t, "/users/"+id, nil).Data)
}

// userJSON is a user as the API returns it, to show that it did not change.
func userJSON(t *testing.T, env *cmdtest.Env, id string) string {
	t.Helper()
	return string(env.Get(t, "/users/"+id, nil).Data)
}

// userCount is how many users, active or not, company 1 has.
func userCount(t *testing.T, env *cmdtest.Env) int {
	t.Helper()
	return env.Get(t, "/users", url.Values{"per_page": {"1"}}).Pagination.Total
}

// inactive lists the ids of company 1's deactivated users.
func inactive(t *testing.T, env *cmdtest.Env) []int64 {
	t.Helper()
	users := cmdtest.DecodeJSON[[]api.UserListItem](t, env.Get(t, "/users", url.Values{"status": {"inactive"}}).Data)
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
