package sandbox

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/validate"
)

func TestAuthentication(t *testing.T) {
	e := newEnv(t)
	for _, header := range []string{"", "Bearer", "Bearer ", "Basic c2FuZGJveA==", "Bearer nope", "Bearer sandbox-admin-1x", "sandbox-admin-1"} {
		req := httptest.NewRequest(http.MethodGet, "/api/v1/channels", nil)
		if header != "" {
			req.Header.Set("Authorization", header)
		}
		req.Header.Set("X-Contract-Skip-Request", "1")
		rec := httptest.NewRecorder()
		e.h.ServeHTTP(rec, req)
		decodeResponse(t, rec.Code, rec.Header(), rec.Body.Bytes()).wantError(t, http.StatusUnauthorized, msgUnauthenticated, "", "")
	}
	// Every endpoint asks for the token, even with a bad body.
	e.bad("", http.MethodPost, "/contacts", "{").wantError(t, http.StatusUnauthorized, msgUnauthenticated, "", "")
	e.bad("", http.MethodDelete, "/tags/1", nil).wantError(t, http.StatusUnauthorized, msgUnauthenticated, "", "")
	// The scheme is case-insensitive.
	req := httptest.NewRequest(http.MethodGet, "/api/v1/channels", nil)
	req.Header.Set("Authorization", "bearer "+AdminToken1)
	rec := httptest.NewRecorder()
	NewServer(e.st, Options{}).ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Errorf("lower-case bearer: %d", rec.Code)
	}
}

// Company 2's token meets company 1's ids and tokens on every endpoint that
// takes one: they do not exist for it.
func TestCompaniesAreIsolated(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		method, path string
		body         any
		message      string
	}{
		{http.MethodGet, "/contacts/1", nil, msgContactNotFound},
		{http.MethodPut, "/contacts/1", map[string]any{"name": "X"}, msgContactNotFound},
		{http.MethodDelete, "/contacts/1", nil, msgContactNotFound},
		{http.MethodGet, "/contacts/1/notes", nil, msgContactNotFound},
		{http.MethodPost, "/contacts/1/notes", map[string]any{"content": "X"}, msgContactNotFound},
		{http.MethodGet, "/chats/" + chatToken(1) + "/messages", nil, msgChatNotFound},
		{http.MethodPost, "/chats/" + chatToken(1) + "/transfer", map[string]any{"channel": ChannelMain2}, msgChatNotFound},
		{http.MethodGet, "/users/1", nil, msgUserNotFound},
		{http.MethodPut, "/users/1", map[string]any{"name": "X"}, msgUserNotFound},
		{http.MethodDelete, "/users/2", nil, msgUserNotFound},
		{http.MethodPost, "/users/4/restore", nil, msgUserNotFound},
		{http.MethodGet, "/tags/1", nil, msgTagNotFound},
		{http.MethodPut, "/tags/1", map[string]any{"text": "X"}, msgTagNotFound},
		{http.MethodDelete, "/tags/1", nil, msgTagNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			e.do(request{token: AdminToken2, method: tt.method, path: tt.path, body: tt.body}).wantError(t, http.StatusNotFound, tt.message, "", "")
		})
	}
	// Company 1's channels are unknown to company 2 where a body names one.
	e.post(AdminToken2, "/contacts/verifynumber", map[string]any{"phone": "5511987654321", "channel": ChannelMain}).wantInvalid(t, validate.CodeInvalid, "channel")
	e.post(AdminToken2, "/messages", map[string]any{"phone": "5511987654321", "channel": ChannelMain, "content": "x"}).wantInvalid(t, validate.CodeInvalid, "channel")
	e.post(AdminToken2, "/chats/"+chatToken(13)+"/transfer", map[string]any{"channel": ChannelMain}).wantError(t, http.StatusNotFound, msgChatNotFound, "", "")
	e.post(AdminToken2, "/users", map[string]any{"name": "X", "email": "x@horizonte.com.br", "password": "segredo123", "type": "user",
		"external_reference": 2500, "channels": []string{ChannelMain}}).wantInvalid(t, validate.CodeInvalid, "channels")
	// Nothing of company 1 was touched.
	if c := data[api.Contact](t, e.get(AdminToken1, "/contacts/1")); c.Name != "João da Silva" {
		t.Errorf("contact 1 changed: %+v", c)
	}
	e.get(AdminToken1, "/tags/1").want(t, http.StatusOK)
	e.get(AgentToken1, "/channels").want(t, http.StatusOK)

	// Lists never show the other company's items.
	lists := []struct {
		path string
		ids  func(json.RawMessage) []int64
	}{
		{"/contacts", idsOf[api.Contact](func(c api.Contact) int64 { return c.ID })},
		{"/chats", idsOf[api.Chat](func(c api.Chat) int64 { return c.ID })},
		{"/users", idsOf[api.UserListItem](func(u api.UserListItem) int64 { return u.ID })},
		{"/tags", idsOf[api.Tag](func(g api.Tag) int64 { return g.ID })},
		{"/templates", idsOf[api.Template](func(m api.Template) int64 { return m.ID })},
		{"/contacts/customfields", idsOf[api.CustomField](func(f api.CustomField) int64 { return f.ID })},
		{"/contacts/51/notes", idsOf[api.Note](func(n api.Note) int64 { return n.ID })},
	}
	company1 := map[string]func(int64) bool{
		"/contacts": func(id int64) bool { return id <= 50 }, "/chats": func(id int64) bool { return id <= 12 },
		"/users": func(id int64) bool { return id <= 4 }, "/tags": func(id int64) bool { return id <= 6 },
		"/templates": func(id int64) bool { return id <= 11 }, "/contacts/customfields": func(id int64) bool { return id <= 7 },
		"/contacts/51/notes": func(id int64) bool { return id <= 4 },
	}
	for _, l := range lists {
		ids := l.ids(e.get(AdminToken2, l.path+"?per_page=100").want(t, http.StatusOK).Data)
		if len(ids) == 0 || slices.ContainsFunc(ids, company1[l.path]) {
			t.Errorf("%s for company 2: %v", l.path, ids)
		}
	}
	for _, ch := range data[[]api.Channel](t, e.get(AdminToken2, "/channels")) {
		if ch.Token[:3] != "c2-" {
			t.Errorf("company 2 sees channel %s", ch.Token)
		}
	}
}

func idsOf[T any](id func(T) int64) func(json.RawMessage) []int64 {
	return func(raw json.RawMessage) []int64 {
		var items []T
		if err := json.Unmarshal(raw, &items); err != nil {
			panic(err)
		}
		var ids []int64
		for _, it := range items {
			ids = append(ids, id(it))
		}
		return ids
	}
}

// A user attendant works only on its channels and cannot manage users;
// everything else is open to it.
func TestAgentPermissions(t *testing.T) {
	e := newEnv(t)
	const hidden = "unofficial-ch-03"
	forbidden := []struct {
		method, path string
		body         any
		message      string
	}{
		{http.MethodPost, "/messages", map[string]any{"phone": "5511987654321", "channel": hidden, "content": "x"}, msgForbidden},
		{http.MethodPost, "/contacts/verifynumber", map[string]any{"phone": "5511987654321", "channel": hidden}, msgForbidden},
		{http.MethodPost, "/chats/" + chatToken(5) + "/transfer", map[string]any{"channel": ChannelMain}, msgTransferForbidden},
		{http.MethodPost, "/users", newUser("novo@lojaexemplo.com.br", 1800), msgForbidden},
		{http.MethodPut, "/users/2", map[string]any{"name": "Bruno"}, msgForbidden},
		{http.MethodDelete, "/users/3", nil, msgForbidden},
		{http.MethodPost, "/users/4/restore", nil, msgForbidden},
	}
	for _, tt := range forbidden {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			e.do(request{token: AgentToken1, method: tt.method, path: tt.path, body: tt.body}).wantError(t, http.StatusForbidden, tt.message, "", "")
		})
	}
	e.get(AgentToken1, "/chats/"+chatToken(5)+"/messages").wantError(t, http.StatusNotFound, msgChatNotFound, "", "")
	if got := templateNames(data[[]api.Template](t, e.get(AgentToken1, "/templates?channel="+hidden))); got != "" {
		t.Errorf("agent sees templates of %s: %s", hidden, got)
	}

	// Allowed: its channels, contacts, notes, tags, custom fields, users (read).
	e.send(AgentToken1, map[string]any{"phone": "5511987654321", "channel": ChannelWidget, "content": "Olá"})
	e.post(AgentToken1, "/contacts/verifynumber", map[string]any{"phone": "5511987654321", "channel": ChannelMain}).want(t, http.StatusOK)
	e.post(AgentToken1, "/chats/"+chatToken(4)+"/transfer", map[string]any{"channel": ChannelWidget, "attendant": 2}).want(t, http.StatusOK)
	id := data[api.Contact](t, e.post(AgentToken1, "/contacts", map[string]any{"phone": "5521987650002"}).want(t, http.StatusCreated)).ID
	e.put(AgentToken1, "/contacts/1", map[string]any{"name": "João Silva"}).want(t, http.StatusOK)
	e.post(AgentToken1, "/contacts/1/notes", map[string]any{"content": "ok"}).want(t, http.StatusCreated)
	e.del(AgentToken1, "/contacts/"+itoa(id)).want(t, http.StatusOK)
	tag := data[api.Tag](t, e.post(AgentToken1, "/tags", map[string]any{"text": "Agente"}).want(t, http.StatusCreated))
	e.put(AgentToken1, "/tags/"+itoa(tag.ID), map[string]any{"text": "Agente 2"}).want(t, http.StatusOK)
	e.del(AgentToken1, "/tags/"+itoa(tag.ID)).want(t, http.StatusOK)
	e.get(AgentToken1, "/contacts/customfields").want(t, http.StatusOK)
	e.get(AgentToken1, "/users/1").want(t, http.StatusOK)
}

func itoa(id int64) string { b, _ := json.Marshal(id); return string(b) }
