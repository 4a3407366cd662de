package sandbox

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/validate"
)

func contactIDs(cs []api.Contact) []int64 {
	ids := make([]int64, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	return ids
}

func idRange(from, to int64) []int64 {
	var ids []int64
	for id := from; id <= to; id++ {
		ids = append(ids, id)
	}
	return ids
}

func TestListContactsPages(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		query   string
		ids     []int64
		pagin   api.Pagination
		comment string
	}{
		{"", idRange(1, 20), api.Pagination{Total: 50, PerPage: 20, CurrentPage: 1, LastPage: 3}, "defaults"},
		{"?per_page=100", idRange(1, 50), api.Pagination{Total: 50, PerPage: 100, CurrentPage: 1, LastPage: 1}, "largest page"},
		{"?page=3", idRange(41, 50), api.Pagination{Total: 50, PerPage: 20, CurrentPage: 3, LastPage: 3}, "last page"},
		{"?page=4", nil, api.Pagination{Total: 50, PerPage: 20, CurrentPage: 4, LastPage: 3}, "past the end"},
		{"?page=9223372036854775807&per_page=100", nil, api.Pagination{Total: 50, PerPage: 100, CurrentPage: 9223372036854775807, LastPage: 1}, "far past the end"},
		{"?per_page=7&page=2", idRange(8, 14), api.Pagination{Total: 50, PerPage: 7, CurrentPage: 2, LastPage: 8}, "odd size"},
		{"?name=nobody", nil, api.Pagination{Total: 0, PerPage: 20, CurrentPage: 1, LastPage: 1}, "empty list has one page"},
	}
	for _, tt := range tests {
		t.Run(tt.comment, func(t *testing.T) {
			r := e.get(AdminToken1, "/contacts"+tt.query).want(t, http.StatusOK)
			if got := contactIDs(data[[]api.Contact](t, r)); fmt.Sprint(got) != fmt.Sprint(tt.ids) && !(len(got) == 0 && len(tt.ids) == 0) {
				t.Errorf("ids %v, want %v", got, tt.ids)
			}
			if !strings.Contains(string(r.Body), `"data":[`) {
				t.Errorf("data is not an array: %s", r.Body)
			}
			if *r.Pagination != tt.pagin {
				t.Errorf("pagination %+v, want %+v", *r.Pagination, tt.pagin)
			}
		})
	}
}

func TestListContactsFilters(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		query string
		ids   []int64
	}{
		{"name=joão", []int64{1}},
		{"name=JOAO", []int64{1}},        // case and accents ignored
		{"name=%C3%8Dcaro", []int64{49}}, // Ícaro
		{"name=silva", []int64{1}},
		{"phone=" + seedPhone(7)[5:], []int64{7}},
		{"phone=%2B" + seedPhone(7), []int64{7}}, // "+" and punctuation ignored
		{"tag=1", []int64{7, 14, 21, 28, 35, 42, 49}},
		{"tag=7", nil}, // company 2's tag tags nothing here
		{"blocked=true", []int64{13, 26, 39}},
		{"blocked=1", []int64{13, 26, 39}},
		{"blocked=true&tag=3", nil},
		{"tag=3", []int64{11, 22, 33, 44}},
		{"name=a%25", nil}, // % is no wildcard
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			got := contactIDs(listAll[api.Contact](t, e, AdminToken1, "/contacts?"+tt.query))
			if fmt.Sprint(got) != fmt.Sprint(tt.ids) && !(len(got) == 0 && len(tt.ids) == 0) {
				t.Errorf("ids %v, want %v", got, tt.ids)
			}
		})
	}
	if got := len(listAll[api.Contact](t, e, AdminToken1, "/contacts?blocked=false")); got != 47 {
		t.Errorf("unblocked contacts: %d, want 47", got)
	}
}

// Every list rejects bad paging and filter values with 422 naming the parameter.
func TestListParametersAreValidated(t *testing.T) {
	e := newEnv(t)
	tests := []struct{ path, field string }{
		{"/contacts?per_page=0", "per_page"},
		{"/contacts?per_page=101", "per_page"},
		{"/contacts?per_page=500", "per_page"},
		{"/contacts?per_page=ten", "per_page"},
		{"/contacts?page=0", "page"},
		{"/contacts?page=-1", "page"},
		{"/contacts?page=1.5", "page"},
		{"/contacts?tag=abc", "tag"},
		{"/contacts?tag=0", "tag"},
		{"/contacts?blocked=maybe", "blocked"},
		{"/contacts/customfields?type=list", "type"},
		{"/contacts/customfields?is_active=talvez", "is_active"},
		{"/contacts/1/notes?per_page=101", "per_page"},
		{"/chats?status=open", "status"},
		{"/chats?is_open=2", "is_open"},
		{"/chats?tag=x", "tag"},
		{"/chats?attendant=-3", "attendant"},
		{"/chats/" + chatToken(1) + "/messages?type=gif", "type"},
		{"/chats/" + chatToken(1) + "/messages?direction=up", "direction"},
		{"/chats/" + chatToken(1) + "/messages?visibility=public", "visibility"},
		{"/chats/" + chatToken(1) + "/messages?attendant=me", "attendant"},
		{"/users?type=owner", "type"},
		{"/users?status=deleted", "status"},
		{"/tags?per_page=101", "per_page"},
		{"/channels?type=sms", "type"},
		{"/channels?status=on", "status"},
		{"/templates?status=draft", "status"},
		{"/templates?category=sales", "category"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			e.bad(AdminToken1, http.MethodGet, tt.path, nil).wantInvalid(t, validate.CodeInvalid, tt.field)
		})
	}
	// All the bad values of one request are reported together.
	r := e.bad(AdminToken1, http.MethodGet, "/contacts?page=0&per_page=0&blocked=x", nil)
	r.wantInvalid(t, validate.CodeInvalid, "page")
	if len(r.Errors) != 3 {
		t.Errorf("want 3 errors, got %s", r.Body)
	}
	// Allowed values are named in the message.
	r = e.bad(AdminToken1, http.MethodGet, "/chats?status=open", nil)
	if !strings.Contains(r.Errors[0].Message, "entrance, waiting, finished") {
		t.Errorf("message does not list the allowed values: %q", r.Errors[0].Message)
	}
}

func TestGetContact(t *testing.T) {
	e := newEnv(t)
	got := data[api.Contact](t, e.get(AdminToken1, "/contacts/1").want(t, http.StatusOK))
	if got.ID != 1 || got.Name != "João da Silva" || got.Phone != seedPhone(1) || got.Type != "chatapp" || got.Avatar != nil {
		t.Errorf("contact 1: %+v", got)
	}
	if len(got.Tags) != 1 || got.Tags[0] != (api.TagRef{ID: 4, Name: "Suporte técnico"}) {
		t.Errorf("tags %+v", got.Tags)
	}
	if got.CustomFields["cpf"] == nil {
		t.Errorf("custom fields %v", got.CustomFields)
	}
	six := data[api.Contact](t, e.get(AdminToken1, "/contacts/6").want(t, http.StatusOK))
	if six.Avatar == nil || !strings.HasPrefix(*six.Avatar, "https://") {
		t.Errorf("contact 6 avatar %v", six.Avatar)
	}
	if n, ok := six.CustomFields["limite_credito"].(float64); !ok || n != 3500.06 {
		t.Errorf("number custom field is %#v, want the JSON number 3500.06", six.CustomFields["limite_credito"])
	}

	e.get(AdminToken1, "/contacts/999").wantError(t, http.StatusNotFound, msgContactNotFound, "", "")
	e.get(AdminToken1, "/contacts/51").wantError(t, http.StatusNotFound, msgContactNotFound, "", "")
	for _, id := range []string{"abc", "0", "-1", "1.5", "99999999999999999999"} {
		e.bad(AdminToken1, http.MethodGet, "/contacts/"+id, nil).wantError(t, http.StatusNotFound, msgContactNotFound, "", "")
	}
}

func TestCreateContact(t *testing.T) {
	e := newEnv(t)
	// The phone is written as people do, which the API accepts and the
	// contract (digits only) does not describe.
	r := e.bad(AdminToken1, http.MethodPost, "/contacts", map[string]any{
		"phone":   "+55 (11) 98765-4321",
		"name":    "Zélia Gattai",
		"blocked": true,
		"customfields": map[string]any{
			"plano":            "profissional", // the option as defined is stored
			"limite_credito":   1234.5,
			"data_nascimento":  "17/05/1990",
			"email_secundario": "zelia@exemplo.com.br",
			"empresa":          nil, // nothing to clear on a new contact
		},
		"tags": []int64{2, 1, 2},
	}).want(t, http.StatusCreated)
	if r.Message != "Contato criado com sucesso." {
		t.Errorf("message %q", r.Message)
	}
	got := data[api.Contact](t, r)
	want := api.Contact{
		ID: got.ID, Phone: "5511987654321", Name: "Zélia Gattai", Type: "chatapp", Blocked: true,
		CustomFields: map[string]any{"plano": "Profissional", "limite_credito": 1234.5, "data_nascimento": "1990-05-17", "email_secundario": "zelia@exemplo.com.br"},
		Tags:         []api.TagRef{{ID: 1, Name: "VIP"}, {ID: 2, Name: "Novo cliente"}},
		CreatedAt:    api.NewTime(testNow), UpdatedAt: api.NewTime(testNow),
	}
	if !jsonEqual(t, got, want) {
		t.Errorf("created\n%s\nwant\n%s", mustJSON(t, got), mustJSON(t, want))
	}
	view := e.get(AdminToken1, fmt.Sprintf("/contacts/%d", got.ID)).want(t, http.StatusOK)
	if string(view.Data) != string(r.Data) {
		t.Errorf("view differs from create:\n%s\n%s", view.Data, r.Data)
	}

	// Defaults: no name, not blocked, no fields, no tags.
	min := data[api.Contact](t, e.post(AgentToken1, "/contacts", map[string]any{"phone": "5521987650001"}).want(t, http.StatusCreated))
	if min.Name != "" || min.Blocked || len(min.CustomFields) != 0 || len(min.Tags) != 0 {
		t.Errorf("defaults: %+v", min)
	}
	// A phone is unique per company, not across companies.
	e.post(AdminToken2, "/contacts", map[string]any{"phone": "5511987654321"}).want(t, http.StatusCreated)
}

func TestCreateContactErrors(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		name        string
		body        any
		code, field string
	}{
		{"duplicate phone", map[string]any{"phone": seedPhone(3)}, codeDuplicate, "phone"},
		{"duplicate phone written otherwise", map[string]any{"phone": "+" + seedPhone(3)[:2] + " " + seedPhone(3)[2:]}, codeDuplicate, "phone"},
		{"no phone", map[string]any{"name": "X"}, validate.CodeRequired, "phone"},
		{"blank phone", map[string]any{"phone": "  "}, validate.CodeRequired, "phone"},
		{"empty body", "", validate.CodeRequired, "phone"},
		{"phone not a number", map[string]any{"phone": "abc"}, validate.CodeInvalid, "phone"},
		{"national phone", map[string]any{"phone": "(11) 98765-4321"}, validate.CodeInvalid, "phone"},
		{"phone as JSON number", `{"phone": 5511987654321}`, validate.CodeInvalid, "phone"},
		{"unknown custom field", map[string]any{"phone": "5511912340001", "customfields": map[string]any{"nope": "x"}}, validate.CodeInvalid, "customfields.nope"},
		{"inactive custom field", map[string]any{"phone": "5511912340001", "customfields": map[string]any{"codigo_legado": "x"}}, validate.CodeInvalid, "customfields.codigo_legado"},
		{"bad select", map[string]any{"phone": "5511912340001", "customfields": map[string]any{"plano": "Ouro"}}, validate.CodeInvalid, "customfields.plano"},
		{"bad number", map[string]any{"phone": "5511912340001", "customfields": map[string]any{"limite_credito": "1,5"}}, validate.CodeInvalid, "customfields.limite_credito"},
		{"bad date", map[string]any{"phone": "5511912340001", "customfields": map[string]any{"data_nascimento": "2024-02-30"}}, validate.CodeInvalid, "customfields.data_nascimento"},
		{"bad email", map[string]any{"phone": "5511912340001", "customfields": map[string]any{"email_secundario": "nope"}}, validate.CodeInvalid, "customfields.email_secundario"},
		{"company 2 field", map[string]any{"phone": "5511912340001", "customfields": map[string]any{"cidade": "Recife"}}, validate.CodeInvalid, "customfields.cidade"},
		{"unknown tag", map[string]any{"phone": "5511912340001", "tags": []int64{999}}, validate.CodeInvalid, "tags"},
		{"company 2 tag", map[string]any{"phone": "5511912340001", "tags": []int64{7}}, validate.CodeInvalid, "tags"},
		{"tag as string", `{"phone":"5511912340001","tags":["1"]}`, validate.CodeInvalid, "tags"},
		{"blocked as string", `{"phone":"5511912340001","blocked":"yes"}`, validate.CodeInvalid, "blocked"},
		{"customfields not an object", `{"phone":"5511912340001","customfields":[1]}`, validate.CodeInvalid, "customfields"},
		{"not an object", `[{"phone":"5511912340001"}]`, validate.CodeInvalid, "body"},
		{"malformed", `{"phone":`, validate.CodeInvalid, "body"},
		{"trailing garbage", `{"phone":"5511912340001"} x`, validate.CodeInvalid, "body"},
		{"two objects", `{"phone":"5511912340001"} {}`, validate.CodeInvalid, "body"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.bad(AdminToken1, http.MethodPost, "/contacts", tt.body).wantInvalid(t, tt.code, tt.field)
		})
	}
	// Nothing of the refused requests was stored.
	if got := data[[]api.Contact](t, e.get(AdminToken1, "/contacts?phone=5511912340001")); len(got) != 0 {
		t.Errorf("a refused contact was stored: %+v", got)
	}
	// The API knows nothing of a client's flags: a national number is
	// refused without advice about convo's --default-country.
	r := e.bad(AdminToken1, http.MethodPost, "/contacts", map[string]any{"phone": "(11) 98765-4321"})
	if len(r.Errors) != 1 || r.Errors[0].Message != "looks like a national number (area code in parentheses); must be a phone number with country code, e.g. +55 11 98765-4321" {
		t.Errorf("a national number is refused with %s", r.Body)
	}
	// Every violation of the body is reported at once.
	r = e.bad(AdminToken1, http.MethodPost, "/contacts", map[string]any{"customfields": map[string]any{"nope": 1, "plano": "x"}})
	if len(r.Errors) != 3 {
		t.Errorf("want 3 errors (phone, nope, plano): %s", r.Body)
	}
}

func TestUpdateContact(t *testing.T) {
	e := newEnv(t)
	before := data[api.Contact](t, e.get(AdminToken1, "/contacts/2"))
	// null clearing a field is beyond the contract's value types.
	r := e.bad(AgentToken1, http.MethodPut, "/contacts/2", map[string]any{
		"name":         "Maria A. Santos",
		"blocked":      true,
		"customfields": map[string]any{"cpf": nil, "email_secundario": "", "plano": "Básico"},
		"tags":         []int64{3, 1},
	}).want(t, http.StatusOK)
	if r.Message != "Contato atualizado com sucesso." {
		t.Errorf("message %q", r.Message)
	}
	got := data[api.Contact](t, r)
	want := before
	want.Name, want.Blocked, want.UpdatedAt = "Maria A. Santos", true, api.NewTime(testNow)
	want.CustomFields = map[string]any{"limite_credito": before.CustomFields["limite_credito"], "plano": "Básico"}
	want.Tags = []api.TagRef{{ID: 1, Name: "VIP"}, {ID: 3, Name: "Inadimplente"}}
	if !jsonEqual(t, got, want) {
		t.Errorf("updated\n%s\nwant\n%s", mustJSON(t, got), mustJSON(t, want))
	}
	if view := e.get(AdminToken1, "/contacts/2"); string(view.Data) != string(r.Data) {
		t.Errorf("view differs from update:\n%s\n%s", view.Data, r.Data)
	}

	// Omitted fields stay; an empty tags array removes every tag.
	got = data[api.Contact](t, e.put(AdminToken1, "/contacts/2", map[string]any{"name": "Maria"}).want(t, http.StatusOK))
	if got.Name != "Maria" || !got.Blocked || len(got.Tags) != 2 || got.CustomFields["plano"] != "Básico" {
		t.Errorf("partial update changed other fields: %+v", got)
	}
	got = data[api.Contact](t, e.put(AdminToken1, "/contacts/2", map[string]any{"tags": []int64{}}).want(t, http.StatusOK))
	if len(got.Tags) != 0 || got.Name != "Maria" {
		t.Errorf("clearing tags: %+v", got)
	}
	if got := data[[]api.Contact](t, e.get(AdminToken1, "/contacts?tag=3")); len(got) != 4 {
		t.Errorf("tag filter after clearing: %d contacts, want the 4 seeded", len(got))
	}

	tests := []struct {
		name                 string
		path                 string
		body                 any
		status               int
		message, code, field string
	}{
		{"phone", "/contacts/2", map[string]any{"phone": "5511999999999"}, 422, msgValidation, validate.CodeInvalid, "phone"},
		{"phone unchanged", "/contacts/2", map[string]any{"phone": seedPhone(2)}, 422, msgValidation, validate.CodeInvalid, "phone"},
		{"unknown field", "/contacts/2", map[string]any{"customfields": map[string]any{"x": "1"}}, 422, msgValidation, validate.CodeInvalid, "customfields.x"},
		{"unknown tag", "/contacts/2", map[string]any{"tags": []int64{42}}, 422, msgValidation, validate.CodeInvalid, "tags"},
		{"name type", "/contacts/2", `{"name": 7}`, 422, msgValidation, validate.CodeInvalid, "name"},
		{"unknown contact", "/contacts/999", map[string]any{"name": "x"}, 404, msgContactNotFound, "", ""},
		{"company 2 contact", "/contacts/51", map[string]any{"name": "x"}, 404, msgContactNotFound, "", ""},
		{"unknown contact, bad body", "/contacts/999", `{`, 404, msgContactNotFound, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.bad(AdminToken1, http.MethodPut, tt.path, tt.body).wantError(t, tt.status, tt.message, tt.code, tt.field)
		})
	}
}

func TestDeleteContact(t *testing.T) {
	e := newEnv(t)
	// Contact 1 has two chats, messages and notes.
	r := e.del(AdminToken1, "/contacts/1").want(t, http.StatusOK)
	if r.Message != "Contato excluído com sucesso." || r.Data != nil {
		t.Errorf("answer %s", r.Body)
	}
	e.get(AdminToken1, "/contacts/1").wantError(t, http.StatusNotFound, msgContactNotFound, "", "")
	e.get(AdminToken1, "/contacts/1/notes").wantError(t, http.StatusNotFound, msgContactNotFound, "", "")
	e.get(AdminToken1, "/chats/"+chatToken(1)+"/messages").wantError(t, http.StatusNotFound, msgChatNotFound, "", "")
	e.get(AdminToken1, "/chats/"+chatToken(12)+"/messages").wantError(t, http.StatusNotFound, msgChatNotFound, "", "")
	if chats := data[[]api.Chat](t, e.get(AdminToken1, "/chats?contact="+seedPhone(1))); len(chats) != 0 {
		t.Errorf("chats of the deleted contact remain: %+v", chats)
	}
	var messages int
	if err := e.st.reader(t.Context()).queryRow("SELECT count(*) FROM messages WHERE chat_id IN (1, 12)").Scan(&messages); err != nil || messages != 0 {
		t.Errorf("messages of the deleted chats: %d (%v)", messages, err)
	}
	e.del(AdminToken1, "/contacts/1").wantError(t, http.StatusNotFound, msgContactNotFound, "", "")
	e.del(AdminToken1, "/contacts/51").wantError(t, http.StatusNotFound, msgContactNotFound, "", "")
	e.get(AdminToken2, "/contacts/51").want(t, http.StatusOK)
}

func TestNotes(t *testing.T) {
	e := newEnv(t)
	r := e.get(AgentToken1, "/contacts/1/notes").want(t, http.StatusOK)
	notes := data[[]api.Note](t, r)
	if len(notes) != 2 || notes[0].User != (api.UserRef{ID: 1, Name: "Ana Souza"}) || notes[1].User.Name != "Bruno Lima" {
		t.Errorf("notes of contact 1: %+v", notes)
	}
	if *r.Pagination != (api.Pagination{Total: 2, PerPage: 20, CurrentPage: 1, LastPage: 1}) {
		t.Errorf("pagination %+v", *r.Pagination)
	}
	if got := data[[]api.Note](t, e.get(AdminToken1, "/contacts/5/notes")); len(got) != 0 {
		t.Errorf("contact 5 has notes: %+v", got)
	}

	r = e.post(AgentToken1, "/contacts/1/notes", map[string]any{"content": "Prefere WhatsApp à tarde."}).want(t, http.StatusCreated)
	n := data[api.Note](t, r)
	if r.Message != "Nota criada com sucesso." || n.Content != "Prefere WhatsApp à tarde." || n.User != (api.UserRef{ID: 2, Name: "Bruno Lima"}) ||
		n.CreatedAt != api.NewTime(testNow) {
		t.Errorf("created note %s", r.Body)
	}
	if got := data[[]api.Note](t, e.get(AdminToken1, "/contacts/1/notes")); len(got) != 3 || got[2].ID != n.ID {
		t.Errorf("notes after create: %+v", got)
	}

	e.bad(AdminToken1, http.MethodPost, "/contacts/1/notes", map[string]any{"content": " "}).wantInvalid(t, validate.CodeRequired, "content")
	e.bad(AdminToken1, http.MethodPost, "/contacts/1/notes", "").wantInvalid(t, validate.CodeRequired, "content")
	e.post(AdminToken1, "/contacts/999/notes", map[string]any{"content": "x"}).wantError(t, http.StatusNotFound, msgContactNotFound, "", "")
	e.post(AdminToken1, "/contacts/51/notes", map[string]any{"content": "x"}).wantError(t, http.StatusNotFound, msgContactNotFound, "", "")
	e.get(AdminToken1, "/contacts/999/notes").wantError(t, http.StatusNotFound, msgContactNotFound, "", "")
	e.get(AdminToken2, "/contacts/1/notes").wantError(t, http.StatusNotFound, msgContactNotFound, "", "")
}

func TestVerifyNumber(t *testing.T) {
	e := newEnv(t)
	business, personal := true, false
	tests := []struct {
		name, token, phone, channel string
		want                        api.VerifyResult
	}{
		{"not on the app", AdminToken1, "+55 11 98765-4320", ChannelMain, api.VerifyResult{Phone: "5511987654320", Reason: "NUMBER_NOT_ON_CHATAPP"}},
		{"business", AdminToken1, "5511987654329", ChannelMain, api.VerifyResult{Valid: true, Phone: "5511987654329", CanReceiveMessage: true, IsBusiness: &business}},
		{"personal", AgentToken1, "5511987654325", ChannelMain, api.VerifyResult{Valid: true, Phone: "5511987654325", CanReceiveMessage: true, IsBusiness: &personal}},
		{"unofficial channel", AdminToken1, "5511987654321", "unofficial-ch-03", api.VerifyResult{Valid: true, Phone: "5511987654321", CanReceiveMessage: true, IsBusiness: &personal}},
		{"company 2", AdminToken2, "5511987654321", ChannelMain2, api.VerifyResult{Valid: true, Phone: "5511987654321", CanReceiveMessage: true, IsBusiness: &personal}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.bad(tt.token, http.MethodPost, "/contacts/verifynumber", map[string]any{"phone": tt.phone, "channel": tt.channel}).want(t, http.StatusOK)
			if got := data[api.VerifyResult](t, r); !jsonEqual(t, got, tt.want) {
				t.Errorf("got %s, want %s", r.Data, mustJSON(t, tt.want))
			}
		})
	}
	// is_business is absent when the number is not valid.
	r := e.post(AdminToken1, "/contacts/verifynumber", map[string]any{"phone": "5511987654320", "channel": ChannelMain})
	if strings.Contains(string(r.Data), "is_business") {
		t.Errorf("is_business present: %s", r.Data)
	}

	errs := []struct {
		name, token string
		body        any
		status      int
		message     string
		code, field string
	}{
		{"nothing", AdminToken1, map[string]any{}, 422, msgValidation, validate.CodeRequired, "phone"},
		{"no channel", AdminToken1, map[string]any{"phone": "5511987654321"}, 422, msgValidation, validate.CodeRequired, "channel"},
		{"bad phone", AdminToken1, map[string]any{"phone": "12", "channel": ChannelMain}, 422, msgValidation, validate.CodeInvalid, "phone"},
		{"unknown channel", AdminToken1, map[string]any{"phone": "5511987654321", "channel": "no-such-channel1"}, 422, msgValidation, validate.CodeInvalid, "channel"},
		{"company 2 channel", AdminToken1, map[string]any{"phone": "5511987654321", "channel": ChannelMain2}, 422, msgValidation, validate.CodeInvalid, "channel"},
		{"widget", AdminToken1, map[string]any{"phone": "5511987654321", "channel": ChannelWidget}, 422, msgValidation, validate.CodeInvalid, "channel"},
		{"disconnected", AdminToken1, map[string]any{"phone": "5511987654321", "channel": ChannelSpare}, 409, msgChannelDisconnected, codeChannelDisconnected, ""},
		{"agent without the channel", AgentToken1, map[string]any{"phone": "5511987654321", "channel": "unofficial-ch-03"}, 403, msgForbidden, "", ""},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			e.bad(tt.token, http.MethodPost, "/contacts/verifynumber", tt.body).wantError(t, tt.status, tt.message, tt.code, tt.field)
		})
	}
	if r := e.bad(AdminToken1, http.MethodPost, "/contacts/verifynumber", map[string]any{}); len(r.Errors) != 2 {
		t.Errorf("want both missing fields reported: %s", r.Body)
	}
}

func TestListCustomFields(t *testing.T) {
	e := newEnv(t)
	all := data[[]api.CustomField](t, e.get(AgentToken1, "/contacts/customfields").want(t, http.StatusOK))
	var names []string
	for i, f := range all {
		names = append(names, f.Name+":"+f.Type)
		if f.Order != i+1 {
			t.Errorf("%s has order %d at position %d", f.Name, f.Order, i)
		}
		if (f.Type == "select") != (f.Options != nil) {
			t.Errorf("%s (%s) has options %v", f.Name, f.Type, f.Options)
		}
	}
	want := "cpf:text empresa:text limite_credito:number email_secundario:email data_nascimento:date plano:select codigo_legado:text"
	if strings.Join(names, " ") != want {
		t.Errorf("fields %v, want %s", names, want)
	}
	tests := []struct{ query, want string }{
		{"type=select", "plano"},
		{"is_active=false", "codigo_legado"},
		{"is_active=0", "codigo_legado"},
		{"name=DATA", "data_nascimento"},
		{"name=e&type=email", "email_secundario"},
		{"type=number&is_active=false", ""},
	}
	for _, tt := range tests {
		var got []string
		for _, f := range data[[]api.CustomField](t, e.get(AdminToken1, "/contacts/customfields?"+tt.query)) {
			got = append(got, f.Name)
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%s: %v, want %q", tt.query, got, tt.want)
		}
	}
	two := data[[]api.CustomField](t, e.get(AdminToken2, "/contacts/customfields?per_page=100"))
	if len(two) != 6 || two[0].Name != "cidade" {
		t.Errorf("company 2 fields: %+v", two)
	}
}

// jsonEqual compares two values by their JSON encoding.
func jsonEqual(t *testing.T, a, b any) bool {
	t.Helper()
	return mustJSON(t, a) == mustJSON(t, b)
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	// Decode into any and encode again, so that key order and number forms agree.
	var x any
	if err := json.Unmarshal(b, &x); err != nil {
		t.Fatal(err)
	}
	b, _ = json.Marshal(x)
	return string(b)
}
