package contacts_test

import (
	"bytes"
	"net/url"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

// Facts of the seed that the tests rely on.
const (
	seedContacts1  = cmdtest.SeedContacts1
	contact1Phone  = cmdtest.Contact1Phone
	contact1Name   = cmdtest.Contact1Name
	freshPhone     = cmdtest.FreshPhone
	mainChannel    = sandbox.ChannelMain
	spareChannel   = sandbox.ChannelSpare
	notFoundStderr = "error: Contato não encontrado.\n"
)

// newEnv is a fresh, seeded sandbox for one test.
func newEnv(t *testing.T) *cmdtest.Env {
	t.Helper()
	return cmdtest.New(t)
}

// run is the way every test here runs convo.
var run = cmdtest.MustRun

// contactCount is how many contacts the company of the env's token has.
func contactCount(t *testing.T, env *cmdtest.Env) int {
	t.Helper()
	return env.GetAs(t, env.Token, "/contacts", url.Values{"per_page": {"1"}}).Pagination.Total
}

// contact reads a contact from the sandbox, with the env's token.
func contact(t *testing.T, env *cmdtest.Env, id string) api.Contact {
	t.Helper()
	return cmdtest.DecodeJSON[api.Contact](t, env.GetAs(t, env.Token, "/contacts/"+id, nil).Data)
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
