package tags_test

import (
	"net/url"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

// Facts of the seed that the tests rely on: tag 1 (VIP) is on chats 1 and
// 12 and on contacts 7, 14, 21, 28, 35, 42 and 49.
const (
	seedTags1 = cmdtest.SeedTags1
	newTagID  = cmdtest.NewTagID
)

// run is the way every test here runs convo.
var run = cmdtest.MustRun

// tagCount is how many tags company 1 has.
func tagCount(t *testing.T, env *cmdtest.Env) int {
	t.Helper()
	return env.Get(t, "/tags", url.Values{"per_page": {"1"}}).Pagination.Total
}

// tag reads a tag from the sandbox.
func tag(t *testing.T, env *cmdtest.Env, id string) api.Tag {
	t.Helper()
	return cmdtest.DecodeJSON[api.Tag](t, env.Get(t, "/tags/"+id, nil).Data)
}
