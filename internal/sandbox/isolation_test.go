package sandbox

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// role is who calls: a company's admin, company 1's user attendant, or
// nobody known.
type role struct {
	name    string
	token   string
	company int64 // 0 for the callers without a valid token
	agent   bool
}

var matrixRoles = []role{
	{"company 1 admin", AdminToken1, 1, false},
	{"company 1 agent", AgentToken1, 1, true},
	{"company 2 admin", AdminToken2, 2, false},
	{"no token", "", 0, false},
	{"bad token", "not-a-sandbox-token", 0, false},
}

// companyRefs are resources of one company that the agent of company 1 may
// also use: its chat on a channel linked to the agent, that channel, a
// contact, a user, a tag, a custom field.
type companyRefs struct {
	contact, user, tag int64
	chat               string
	channel            string
	channelName        string
	field              string
	attendant          int64 // a user with access to channel
}

var refsOf = map[int64]companyRefs{
	1: {contact: 1, user: 3, tag: 2, chat: chatToken(1), channel: ChannelMain, channelName: "Chatapp Atendimento",
		field: "cpf", attendant: 2},
	2: {contact: 51, user: 6, tag: 7, chat: chatToken(13), channel: ChannelMain2, channelName: "Chatapp Vendas",
		field: "cidade", attendant: 6},
}

// expect is the status of an endpoint for a caller with a valid token, on a
// resource of its own company and on one of the other company. The callers
// without a valid token always get 401. Zero means "not applicable": the
// endpoint names no resource another company could own.
type expect struct {
	own, agentOwn, other, agentOther int
}

// everyone is the usual expectation: allowed on one's own resources, and
// another company's do not exist.
var everyone = expect{own: http.StatusOK, agentOwn: http.StatusOK, other: http.StatusNotFound, agentOther: http.StatusNotFound}

// listing is the expectation of a list: a filter naming another company's
// resource is an empty list, not an error that would confirm it exists.
var listing = expect{own: http.StatusOK, agentOwn: http.StatusOK, other: http.StatusOK, agentOther: http.StatusOK}

// adminsOnly are the user-management endpoints: the agent is refused before
// anything is looked up, so a 403 says nothing about the other company.
var adminsOnly = expect{own: http.StatusOK, agentOwn: http.StatusForbidden, other: http.StatusNotFound, agentOther: http.StatusForbidden}

// matrixEndpoint is one of the 26 endpoints; target returns the path and
// body that address company's resources, creating one when the call would
// use it up (a delete).
type matrixEndpoint struct {
	method, pattern string
	want            expect
	target          func(e *testEnv, company int64) (path string, body any)
}

// seq numbers what the tests create, so that phones, e-mail addresses and
// external references stay unique.
var seq atomic.Int64

// freshPhone is a phone number no seeded or earlier contact has.
func freshPhone() string { return fmt.Sprintf("55119%08d", 70000000+seq.Add(1)) }

// withStatus is e with another status for the callers' own resources.
func withStatus(e expect, own int) expect { e.own, e.agentOwn = own, own; return e }

var matrixEndpoints = []matrixEndpoint{
	{"GET", "/contacts/customfields", listing, func(e *testEnv, c int64) (string, any) {
		return "/contacts/customfields?name=" + refsOf[c].field, nil
	}},
	{"GET", "/contacts", listing, func(e *testEnv, c int64) (string, any) {
		return "/contacts?tag=" + itoa(refsOf[c].tag), nil
	}},
	{"POST", "/contacts", expect{http.StatusCreated, http.StatusCreated, http.StatusUnprocessableEntity, http.StatusUnprocessableEntity},
		func(e *testEnv, c int64) (string, any) {
			return "/contacts", map[string]any{"phone": freshPhone(), "tags": []int64{refsOf[c].tag}}
		}},
	{"GET", "/contacts/{id}", everyone, func(e *testEnv, c int64) (string, any) {
		return "/contacts/" + itoa(refsOf[c].contact), nil
	}},
	{"PUT", "/contacts/{id}", everyone, func(e *testEnv, c int64) (string, any) {
		return "/contacts/" + itoa(refsOf[c].contact), map[string]any{"blocked": false}
	}},
	{"DELETE", "/contacts/{id}", everyone, func(e *testEnv, c int64) (string, any) {
		return "/contacts/" + itoa(e.newContact(c)), nil
	}},
	{"GET", "/contacts/{id}/notes", everyone, func(e *testEnv, c int64) (string, any) {
		return "/contacts/" + itoa(refsOf[c].contact) + "/notes", nil
	}},
	{"POST", "/contacts/{id}/notes", withStatus(everyone, http.StatusCreated), func(e *testEnv, c int64) (string, any) {
		return "/contacts/" + itoa(refsOf[c].contact) + "/notes", map[string]any{"content": "nota"}
	}},
	// A channel in the body is a value to validate, not a path: another
	// company's is INVALID_VALUE, as any unknown channel.
	{"POST", "/contacts/verifynumber", expect{http.StatusOK, http.StatusOK, http.StatusUnprocessableEntity, http.StatusUnprocessableEntity},
		func(e *testEnv, c int64) (string, any) {
			return "/contacts/verifynumber", map[string]any{"phone": "5511987654321", "channel": refsOf[c].channel}
		}},
	{"GET", "/chats", listing, func(e *testEnv, c int64) (string, any) {
		return "/chats?channel=" + refsOf[c].channel, nil
	}},
	{"GET", "/chats/{token}/messages", everyone, func(e *testEnv, c int64) (string, any) {
		return "/chats/" + refsOf[c].chat + "/messages", nil
	}},
	// To the chat's own channel only the attendant changes, so the chat
	// stays open for the next caller.
	{"POST", "/chats/{token}/transfer", everyone, func(e *testEnv, c int64) (string, any) {
		return "/chats/" + refsOf[c].chat + "/transfer", map[string]any{"channel": refsOf[c].channel, "attendant": refsOf[c].attendant}
	}},
	{"POST", "/messages", expect{http.StatusCreated, http.StatusCreated, http.StatusUnprocessableEntity, http.StatusUnprocessableEntity},
		func(e *testEnv, c int64) (string, any) {
			return "/messages", map[string]any{"phone": "5511987654321", "channel": refsOf[c].channel, "content": "Olá"}
		}},
	{"GET", "/users", listing, func(e *testEnv, c int64) (string, any) {
		return "/users?search=" + strings.ReplaceAll(seedUsers[refsOf[c].user-1].name, " ", "+"), nil
	}},
	{"POST", "/users", expect{http.StatusCreated, http.StatusForbidden, http.StatusUnprocessableEntity, http.StatusForbidden},
		func(e *testEnv, c int64) (string, any) {
			n := seq.Add(1)
			return "/users", map[string]any{"name": "Novo Atendente", "email": fmt.Sprintf("novo%d@exemplo.com.br", n),
				"password": "segredo123", "type": "user", "external_reference": 5000 + n, "channels": []string{refsOf[c].channel}}
		}},
	{"GET", "/users/{id}", everyone, func(e *testEnv, c int64) (string, any) {
		return "/users/" + itoa(refsOf[c].user), nil
	}},
	{"PUT", "/users/{id}", adminsOnly, func(e *testEnv, c int64) (string, any) {
		return "/users/" + itoa(refsOf[c].user), map[string]any{"name": seedUsers[refsOf[c].user-1].name}
	}},
	{"DELETE", "/users/{id}", adminsOnly, func(e *testEnv, c int64) (string, any) {
		return "/users/" + itoa(e.newUser(c, false)), nil
	}},
	{"POST", "/users/{id}/restore", adminsOnly, func(e *testEnv, c int64) (string, any) {
		return "/users/" + itoa(e.newUser(c, true)) + "/restore", nil
	}},
	{"GET", "/tags", listing, func(e *testEnv, c int64) (string, any) {
		return "/tags?search=" + strings.ReplaceAll(tagText(c), " ", "+"), nil
	}},
	{"POST", "/tags", expect{own: http.StatusCreated, agentOwn: http.StatusCreated}, func(e *testEnv, c int64) (string, any) {
		return "/tags", map[string]any{"text": fmt.Sprint("Tag ", seq.Add(1))}
	}},
	{"GET", "/tags/{id}", everyone, func(e *testEnv, c int64) (string, any) {
		return "/tags/" + itoa(refsOf[c].tag), nil
	}},
	{"PUT", "/tags/{id}", everyone, func(e *testEnv, c int64) (string, any) {
		return "/tags/" + itoa(refsOf[c].tag), map[string]any{"text": tagText(c)}
	}},
	{"DELETE", "/tags/{id}", everyone, func(e *testEnv, c int64) (string, any) {
		return "/tags/" + itoa(e.newTag(c)), nil
	}},
	{"GET", "/channels", listing, func(e *testEnv, c int64) (string, any) {
		return "/channels?search=" + strings.ReplaceAll(refsOf[c].channelName, " ", "+"), nil
	}},
	{"GET", "/templates", listing, func(e *testEnv, c int64) (string, any) {
		return "/templates?channel=" + refsOf[c].channel, nil
	}},
}

func tagText(company int64) string { return seedTags[refsOf[company].tag-1].text }

func adminOf(company int64) string {
	if company == 2 {
		return AdminToken2
	}
	return AdminToken1
}

// newContact, newUser and newTag create a resource of company as its admin.
func (e *testEnv) newContact(company int64) int64 {
	e.t.Helper()
	r := e.post(adminOf(company), "/contacts", map[string]any{"phone": freshPhone()}).want(e.t, http.StatusCreated)
	return data[idOnly](e.t, r).ID
}

func (e *testEnv) newUser(company int64, deactivated bool) int64 {
	e.t.Helper()
	n := seq.Add(1)
	r := e.post(adminOf(company), "/users", map[string]any{"name": "Temporario", "email": fmt.Sprintf("temp%d@exemplo.com.br", n),
		"password": "segredo123", "type": "user", "external_reference": 6000 + n}).want(e.t, http.StatusCreated)
	id := data[idOnly](e.t, r).ID
	if deactivated {
		e.del(adminOf(company), "/users/"+itoa(id)).want(e.t, http.StatusOK)
	}
	return id
}

func (e *testEnv) newTag(company int64) int64 {
	e.t.Helper()
	r := e.post(adminOf(company), "/tags", map[string]any{"text": fmt.Sprint("Temporária ", seq.Add(1))}).want(e.t, http.StatusCreated)
	return data[idOnly](e.t, r).ID
}

type idOnly struct {
	ID int64 `json:"id"`
}

// TestPermissionMatrix calls each of the 26 endpoints as each caller, on a
// resource of the caller's company and on one of the other company, and
// checks the status. A list asked about another company's resource must
// come back empty, and a refused delete must leave the resource in place.
func TestPermissionMatrix(t *testing.T) {
	if len(matrixEndpoints) != 26 {
		t.Fatalf("%d endpoints in the matrix, want the API's 26", len(matrixEndpoints))
	}
	base := newEnv(t)
	for _, ep := range matrixEndpoints {
		for _, who := range matrixRoles {
			for _, own := range []bool{true, false} {
				owner := int64(1) // the callers without a token aim at company 1
				if who.company != 0 {
					owner = who.company
					if !own {
						owner = 3 - who.company
					}
				}
				want := ep.want.statusFor(who, own)
				if want == 0 {
					continue
				}
				whose := "own"
				if !own {
					whose = "other company's"
				}
				t.Run(fmt.Sprintf("%s %s/%s/%s", ep.method, ep.pattern, who.name, whose), func(t *testing.T) {
					e := &testEnv{t: t, st: base.st, h: base.h}
					path, body := ep.target(e, owner)
					r := e.do(request{token: who.token, method: ep.method, path: path, body: body, invalid: who.company == 0})
					if r.Status != want {
						t.Fatalf("%s %s as %s: status %d, want %d; body:\n%s", ep.method, path, who.name, r.Status, want, r.Body)
					}
					// A filter on one's own resource finds it, so that an empty
					// answer about the other company's means something.
					if ep.want == listing && who.company != 0 {
						switch n := len(data[[]json.RawMessage](t, r)); {
						case own && n == 0:
							t.Errorf("%s as %s lists nothing", path, who.name)
						case !own && n != 0:
							t.Errorf("%s as %s lists %d items of the other company's filter:\n%s", path, who.name, n, r.Data)
						}
					}
					if ep.method == http.MethodDelete && r.Status != http.StatusOK {
						e.assertSurvived(path, owner)
					}
				})
			}
		}
	}
}

// assertSurvived checks that the resource at path, which a refused delete
// aimed at, is still there for its owner: a contact or tag still answers, a
// user is still active.
func (e *testEnv) assertSurvived(path string, owner int64) {
	e.t.Helper()
	if !strings.HasPrefix(path, "/users/") {
		e.get(adminOf(owner), path).want(e.t, http.StatusOK)
		return
	}
	id := data[idOnly](e.t, e.get(adminOf(owner), path).want(e.t, http.StatusOK)).ID
	active := listAll[idOnly](e.t, e, adminOf(owner), "/users?status=active")
	if !slices.Contains(active, idOnly{id}) {
		e.t.Errorf("the refused DELETE %s deactivated the user", path)
	}
}

// statusFor picks the expected status of who on its own company's resource
// (own) or the other company's.
func (x expect) statusFor(who role, own bool) int {
	switch {
	case who.company == 0:
		if !own {
			return 0 // no company: "own" and "other" are the same call
		}
		return http.StatusUnauthorized
	case own && who.agent:
		return x.agentOwn
	case own:
		return x.own
	case who.agent:
		return x.agentOther
	}
	return x.other
}

// TestListsNeverMixCompanies reads every list as each company's admin and
// as company 1's agent, every page: the two companies' items never meet,
// and the agent sees a part of its company's.
func TestListsNeverMixCompanies(t *testing.T) {
	e := newEnv(t)
	lists := []string{"/contacts", "/contacts/customfields", "/chats", "/users", "/tags", "/channels", "/templates",
		"/contacts/1/notes", "/chats/" + chatToken(1) + "/messages"}
	for _, path := range lists {
		seen := map[string][]string{}
		for _, who := range matrixRoles[:3] {
			status := e.get(who.token, path).Status
			if status == http.StatusNotFound && who.company == 2 {
				continue // a company-1 contact or chat: 404 for company 2, checked by the matrix
			}
			for _, item := range listAll[map[string]any](t, e, who.token, path) {
				key := fmt.Sprint(item["id"])
				if item["id"] == nil {
					key = fmt.Sprint(item["token"]) // channels are known by token
				}
				seen[who.name] = append(seen[who.name], key)
			}
		}
		c1, agent, c2 := seen["company 1 admin"], seen["company 1 agent"], seen["company 2 admin"]
		if len(c1) == 0 {
			t.Errorf("%s: company 1 sees nothing", path)
		}
		for _, k := range c2 {
			if slices.Contains(c1, k) {
				t.Errorf("%s: item %s is listed for both companies", path, k)
			}
		}
		for _, k := range agent {
			if !slices.Contains(c1, k) {
				t.Errorf("%s: the agent sees item %s, which its company's admin does not", path, k)
			}
		}
	}
}
