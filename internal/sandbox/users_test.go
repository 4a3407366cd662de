package sandbox

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/validate"
)

func userIDs(users []api.UserListItem) []int64 {
	ids := make([]int64, len(users))
	for i, u := range users {
		ids[i] = u.ID
	}
	return ids
}

func TestListUsers(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		token, query string
		ids          []int64
	}{
		{AdminToken1, "", []int64{1, 2, 3, 4}},
		{AgentToken1, "", []int64{1, 2, 3, 4}},
		{AdminToken1, "status=active", []int64{1, 2, 3}},
		{AdminToken1, "status=inactive", []int64{4}},
		{AdminToken1, "type=admin", []int64{1}},
		{AdminToken1, "type=user&status=active", []int64{2, 3}},
		{AdminToken1, "search=bruno", []int64{2}},
		{AdminToken1, "search=MENDES", []int64{3}},
		{AdminToken2, "", []int64{5, 6}},
		{AdminToken2, "search=fabio", []int64{6}}, // Fábio
	}
	for _, tt := range tests {
		t.Run(tt.token+"?"+tt.query, func(t *testing.T) {
			got := userIDs(data[[]api.UserListItem](t, e.get(tt.token, "/users?"+tt.query).want(t, http.StatusOK)))
			if fmt.Sprint(got) != fmt.Sprint(tt.ids) {
				t.Errorf("ids %v, want %v", got, tt.ids)
			}
		})
	}
	users := data[[]api.UserListItem](t, e.get(AdminToken1, "/users"))
	if u := users[0]; u.Name != "Ana Souza" || u.Type != "admin" || !u.SignatureActive || u.CompanyID != 1 || u.DeletedAt != nil ||
		u.ExternalReference == nil || *u.ExternalReference != 1001 || u.Signature != "Ana Souza" || u.Avatar != nil {
		t.Errorf("user 1: %+v", u)
	}
	if users[2].SignatureActive {
		t.Errorf("Carla's signature is active")
	}
	if users[3].DeletedAt == nil {
		t.Errorf("user 4 is not deactivated")
	}
	if strings.Contains(string(e.get(AdminToken1, "/users").Body), "password") {
		t.Error("the list shows passwords")
	}
}

func TestGetUser(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		token    string
		id       int64
		channels []string
	}{
		{AdminToken1, 1, []string{ChannelMain, ChannelSpare, "unofficial-ch-03", "photosocial-0004", "social-msgr-0005", "securechat-00006", ChannelWidget}},
		{AgentToken1, 2, []string{ChannelMain, ChannelWidget}},
		{AdminToken1, 4, []string{"securechat-00006"}}, // deactivated users can be viewed
		{AdminToken2, 6, []string{ChannelMain2, "c2-web-widget-07"}},
	}
	for _, tt := range tests {
		r := e.get(tt.token, fmt.Sprintf("/users/%d", tt.id)).want(t, http.StatusOK)
		u := data[api.UserDetail](t, r)
		var tokens []string
		for _, ch := range u.Channels {
			tokens = append(tokens, ch.Token)
		}
		if u.ID != tt.id || fmt.Sprint(tokens) != fmt.Sprint(tt.channels) {
			t.Errorf("user %d: id %d channels %v, want %v", tt.id, u.ID, tokens, tt.channels)
		}
		if strings.Contains(string(r.Data), "deleted_at") || strings.Contains(string(r.Data), "password") {
			t.Errorf("detail shape: %s", r.Data)
		}
	}
	e.get(AdminToken1, "/users/999").wantError(t, http.StatusNotFound, msgUserNotFound, "", "")
	e.get(AdminToken1, "/users/5").wantError(t, http.StatusNotFound, msgUserNotFound, "", "")
	e.bad(AdminToken1, http.MethodGet, "/users/me", nil).wantError(t, http.StatusNotFound, msgUserNotFound, "", "")
}

func newUser(email string, ref int64) map[string]any {
	return map[string]any{"name": "Núbia Ramos", "email": email, "password": "segredo123", "type": "user",
		"external_reference": ref, "channels": []string{ChannelMain}}
}

func TestCreateUser(t *testing.T) {
	e := newEnv(t)
	r := e.post(AdminToken1, "/users", newUser("nubia@lojaexemplo.com.br", 1500)).want(t, http.StatusCreated)
	u := data[api.UserDetail](t, r)
	want := api.UserDetail{
		User: api.User{ID: u.ID, Name: "Núbia Ramos", Email: "nubia@lojaexemplo.com.br", Type: "user", Signature: "Núbia Ramos",
			ExternalReference: ptr(int64(1500)), CreatedAt: api.NewTime(testNow), UpdatedAt: api.NewTime(testNow)},
		Channels: []api.ChannelRef{{Token: ChannelMain, Name: "Chatapp Atendimento", Type: "chatapp"}},
	}
	if r.Message != "Usuário criado com sucesso." || !jsonEqual(t, u, want) {
		t.Errorf("created %s\nwant %s", r.Data, mustJSON(t, want))
	}
	var hash string
	if err := e.st.reader(t.Context()).queryRow("SELECT password_hash FROM users WHERE id = ?", u.ID).Scan(&hash); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hash, "pbkdf2-sha256$") || strings.Contains(hash, "segredo123") {
		t.Errorf("stored password %q", hash)
	}
	// An admin sees every channel, whatever channels says.
	admin := newUser("chefe@lojaexemplo.com.br", 1501)
	admin["type"] = "admin"
	if got := data[api.UserDetail](t, e.post(AdminToken1, "/users", admin).want(t, http.StatusCreated)); len(got.Channels) != 7 {
		t.Errorf("admin channels: %+v", got.Channels)
	}
	// The reference of a deactivated user is free.
	e.post(AdminToken1, "/users", newUser("outra@lojaexemplo.com.br", 1004)).want(t, http.StatusCreated)
	// References and e-mails are per company.
	e.post(AdminToken2, "/users", map[string]any{"name": "Ana Souza", "email": "ana.souza@lojaexemplo.com.br", "password": "segredo123",
		"type": "admin", "external_reference": 1001}).want(t, http.StatusCreated)

	with := func(field string, v any) map[string]any {
		b := newUser("novo@lojaexemplo.com.br", 1600)
		if v == nil {
			delete(b, field)
		} else {
			b[field] = v
		}
		return b
	}
	tests := []struct {
		name        string
		body        any
		code, field string
	}{
		{"no name", with("name", nil), validate.CodeRequired, "name"},
		{"name with digits", with("name", "Ana 2"), validate.CodeInvalid, "name"},
		{"long name", with("name", strings.Repeat("a", 51)), validate.CodeTooLong, "name"},
		{"no email", with("email", nil), validate.CodeRequired, "email"},
		{"bad email", with("email", "ana@"), validate.CodeInvalid, "email"},
		{"taken email", with("email", "ana.souza@lojaexemplo.com.br"), codeEmailExists, "email"},
		{"taken email, other case", with("email", "Bruno.Lima@LojaExemplo.com.br"), codeEmailExists, "email"},
		{"email of a deactivated user", with("email", "diego.rocha@lojaexemplo.com.br"), codeEmailExists, "email"},
		{"no password", with("password", nil), validate.CodeRequired, "password"},
		{"short password", with("password", "1234567"), validate.CodeTooShort, "password"},
		{"no type", with("type", nil), validate.CodeRequired, "type"},
		{"bad type", with("type", "owner"), validate.CodeInvalid, "type"},
		{"no reference", with("external_reference", nil), validate.CodeRequired, "external_reference"},
		{"reference below", with("external_reference", 999), codeReferenceInvalid, "external_reference"},
		{"reference above", with("external_reference", 10000), codeReferenceInvalid, "external_reference"},
		{"reference taken", with("external_reference", 1002), codeReferenceUsed, "external_reference"},
		{"reference as string", with("external_reference", "1600"), validate.CodeInvalid, "external_reference"},
		{"unknown channel", with("channels", []string{"no-such-channel1"}), validate.CodeInvalid, "channels"},
		{"company 2 channel", with("channels", []string{ChannelMain2}), validate.CodeInvalid, "channels"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.bad(AdminToken1, http.MethodPost, "/users", tt.body).wantInvalid(t, tt.code, tt.field)
		})
	}
	if users := data[[]api.UserListItem](t, e.get(AdminToken1, "/users?search=n%C3%BAbia")); len(users) != 3 {
		t.Errorf("refused users were stored: %+v", users)
	}
	e.post(AgentToken1, "/users", newUser("x@lojaexemplo.com.br", 1700)).wantError(t, http.StatusForbidden, msgForbidden, "", "")
	e.bad(AgentToken1, http.MethodPost, "/users", "{").wantError(t, http.StatusForbidden, msgForbidden, "", "")
}

func TestExternalReferenceRange(t *testing.T) {
	e := newEnv(t, func(o *Options) { o.ExternalRefs = [2]int64{1, 5} })
	e.bad(AdminToken1, http.MethodPost, "/users", newUser("a@lojaexemplo.com.br", 1500)).wantInvalid(t, codeReferenceInvalid, "external_reference")
	e.post(AdminToken1, "/users", newUser("a@lojaexemplo.com.br", 5)).want(t, http.StatusCreated)
	e.bad(AdminToken1, http.MethodPut, "/users/2", map[string]any{"external_reference": 6}).wantInvalid(t, codeReferenceInvalid, "external_reference")
}

func TestUpdateUser(t *testing.T) {
	e := newEnv(t)
	r := e.put(AdminToken1, "/users/3", map[string]any{"name": "Carla Mendes Prado"}).want(t, http.StatusOK)
	u := data[api.UserDetail](t, r)
	if r.Message != "Usuário atualizado com sucesso." || u.Name != "Carla Mendes Prado" || u.Email != "carla.mendes@lojaexemplo.com.br" ||
		*u.ExternalReference != 1003 || u.Type != "user" || len(u.Channels) != 3 || u.UpdatedAt != api.NewTime(testNow) {
		t.Errorf("partial update: %s", r.Data)
	}
	u = data[api.UserDetail](t, e.put(AdminToken1, "/users/3", map[string]any{"channels": []string{ChannelWidget}, "email": "carla@lojaexemplo.com.br",
		"password": "outrasenha", "external_reference": 1004}).want(t, http.StatusOK))
	if len(u.Channels) != 1 || u.Channels[0].Token != ChannelWidget || u.Email != "carla@lojaexemplo.com.br" || *u.ExternalReference != 1004 {
		t.Errorf("update: %+v", u)
	}
	u = data[api.UserDetail](t, e.put(AdminToken1, "/users/3", map[string]any{"type": "admin"}).want(t, http.StatusOK))
	if u.Type != "admin" || len(u.Channels) != 7 {
		t.Errorf("promoted to admin: %+v", u)
	}
	// A user may keep its own e-mail and reference.
	e.put(AdminToken1, "/users/2", map[string]any{"email": "bruno.lima@lojaexemplo.com.br", "external_reference": 1002}).want(t, http.StatusOK)

	tests := []struct {
		name                 string
		token, path          string
		body                 any
		status               int
		message, code, field string
	}{
		{"taken email", AdminToken1, "/users/2", map[string]any{"email": "ana.souza@lojaexemplo.com.br"}, 422, msgValidation, codeEmailExists, "email"},
		{"taken reference", AdminToken1, "/users/2", map[string]any{"external_reference": 1001}, 422, msgValidation, codeReferenceUsed, "external_reference"},
		{"bad name", AdminToken1, "/users/2", map[string]any{"name": "Bruno_Lima"}, 422, msgValidation, validate.CodeInvalid, "name"},
		{"blank name", AdminToken1, "/users/2", map[string]any{"name": ""}, 422, msgValidation, validate.CodeRequired, "name"},
		{"short password", AdminToken1, "/users/2", map[string]any{"password": "abc"}, 422, msgValidation, validate.CodeTooShort, "password"},
		{"bad type", AdminToken1, "/users/2", map[string]any{"type": "root"}, 422, msgValidation, validate.CodeInvalid, "type"},
		{"unknown channel", AdminToken1, "/users/2", map[string]any{"channels": []string{"nope-nope-nope-1"}}, 422, msgValidation, validate.CodeInvalid, "channels"},
		{"unknown user", AdminToken1, "/users/999", map[string]any{"name": "X"}, 404, msgUserNotFound, "", ""},
		{"company 2 user", AdminToken1, "/users/5", map[string]any{"name": "X"}, 404, msgUserNotFound, "", ""},
		{"agent", AgentToken1, "/users/2", map[string]any{"name": "Bruno"}, 403, msgForbidden, "", ""},
		{"agent, unknown user", AgentToken1, "/users/999", map[string]any{"name": "Bruno"}, 403, msgForbidden, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.bad(tt.token, http.MethodPut, tt.path, tt.body).wantError(t, tt.status, tt.message, tt.code, tt.field)
		})
	}
	if u := data[api.UserDetail](t, e.get(AdminToken1, "/users/2")); u.Name != "Bruno Lima" || *u.ExternalReference != 1002 {
		t.Errorf("refused updates changed user 2: %+v", u)
	}
}

func TestDeactivateAndRestoreUser(t *testing.T) {
	e := newEnv(t)
	r := e.del(AdminToken1, "/users/2").want(t, http.StatusOK)
	if r.Message != "Usuário desativado com sucesso." || r.Data != nil {
		t.Errorf("answer %s", r.Body)
	}
	// The deactivated user's token no longer works.
	e.get(AgentToken1, "/channels").wantError(t, http.StatusUnauthorized, msgUnauthenticated, "", "")
	inactive := data[[]api.UserListItem](t, e.get(AdminToken1, "/users?status=inactive"))
	if len(inactive) != 2 || inactive[0].ID != 2 || inactive[0].DeletedAt == nil || *inactive[0].DeletedAt != api.NewTime(testNow) {
		t.Errorf("inactive users: %+v", inactive)
	}
	// Deactivating twice changes nothing.
	e.del(AdminToken1, "/users/2").want(t, http.StatusOK)

	// Its reference is free for a new user while it is inactive...
	e.post(AdminToken1, "/users", newUser("substituto@lojaexemplo.com.br", 1002)).want(t, http.StatusCreated)
	// ...so it cannot come back with it.
	e.post(AdminToken1, "/users/2/restore", nil).wantInvalid(t, codeReferenceUsed, "external_reference")
	e.get(AgentToken1, "/channels").wantError(t, http.StatusUnauthorized, msgUnauthenticated, "", "")

	// Restoring user 4, whose reference nobody took.
	r = e.post(AdminToken1, "/users/4/restore", nil).want(t, http.StatusOK)
	u := data[api.UserDetail](t, r)
	if r.Message != "Usuário ativado com sucesso." || u.ID != 4 || len(u.Channels) != 1 {
		t.Errorf("restore: %s", r.Body)
	}
	if active := data[[]api.UserListItem](t, e.get(AdminToken1, "/users?status=active")); len(active) != 4 {
		t.Errorf("active users after restore: %d", len(active))
	}
	// Restoring an active user changes nothing.
	e.post(AdminToken1, "/users/4/restore", nil).want(t, http.StatusOK)

	// Once the reference is free again, user 2 comes back and its token works.
	e.put(AdminToken1, "/users/7", map[string]any{"external_reference": 1700}).want(t, http.StatusOK)
	e.post(AdminToken1, "/users/2/restore", nil).want(t, http.StatusOK)
	e.get(AgentToken1, "/channels").want(t, http.StatusOK)

	for _, tt := range []struct {
		token, method, path string
		status              int
		message             string
	}{
		{AdminToken1, http.MethodDelete, "/users/999", 404, msgUserNotFound},
		{AdminToken1, http.MethodPost, "/users/999/restore", 404, msgUserNotFound},
		{AdminToken1, http.MethodDelete, "/users/5", 404, msgUserNotFound},
		{AdminToken1, http.MethodPost, "/users/5/restore", 404, msgUserNotFound},
		{AgentToken1, http.MethodDelete, "/users/3", 403, msgForbidden},
		{AgentToken1, http.MethodPost, "/users/4/restore", 403, msgForbidden},
	} {
		e.do(request{token: tt.token, method: tt.method, path: tt.path}).wantError(t, tt.status, tt.message, "", "")
	}
}

// The uniqueness of external_reference among active users holds in the
// database itself, whatever path a write takes.
func TestReferenceUniqueInDatabase(t *testing.T) {
	st := openStore(t)
	err := st.tx(t.Context(), func(tx *txn) error {
		_, err := tx.exec("UPDATE users SET external_reference = 1001 WHERE id = 2")
		return err
	})
	if !isUniqueViolation(err, "users.external_reference") {
		t.Errorf("duplicate reference among active users: %v", err)
	}
	err = st.tx(t.Context(), func(tx *txn) error {
		_, err := tx.exec("UPDATE users SET external_reference = 1001 WHERE id = 4") // deactivated
		return err
	})
	if err != nil {
		t.Errorf("a deactivated user may share a reference: %v", err)
	}
}
