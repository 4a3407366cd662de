package sandbox

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/validate"
)

func TestListTags(t *testing.T) {
	e := newEnv(t)
	r := e.get(AgentToken1, "/tags").want(t, http.StatusOK)
	tags := data[[]api.Tag](t, r)
	if len(tags) != 6 || r.Pagination.PerPage != 50 {
		t.Errorf("%d tags, per_page %d; want 6 and the tags default of 50", len(tags), r.Pagination.PerPage)
	}
	if tags[0].Text != "VIP" || tags[0].Emoji == nil || *tags[0].Emoji != "⭐" || tags[0].Color != "#F5B700" {
		t.Errorf("tag 1: %+v", tags[0])
	}
	if tags[2].Emoji != nil {
		t.Errorf("tag 3 has an emoji: %q", *tags[2].Emoji)
	}
	for query, want := range map[string]string{"search=lead": "[6]", "search=SUPORTE%20TECNICO": "[4]", "search=x%25": "[]", "per_page=2&page=2": "[3 4]"} {
		var ids []int64
		for _, tag := range data[[]api.Tag](t, e.get(AdminToken1, "/tags?"+query)) {
			ids = append(ids, tag.ID)
		}
		if got := fmt.Sprint(ids); got != want && !(want == "[]" && len(ids) == 0) {
			t.Errorf("%s: %s, want %s", query, got, want)
		}
	}
	if got := data[[]api.Tag](t, e.get(AdminToken2, "/tags")); len(got) != 3 || got[0].ID != 7 {
		t.Errorf("company 2 tags: %+v", got)
	}
}

func TestGetTag(t *testing.T) {
	e := newEnv(t)
	if got := data[api.Tag](t, e.get(AdminToken1, "/tags/5").want(t, http.StatusOK)); got.Text != "Atacado" || got.Emoji != nil {
		t.Errorf("tag 5: %+v", got)
	}
	e.get(AdminToken1, "/tags/7").wantError(t, http.StatusNotFound, msgTagNotFound, "", "")
	e.get(AdminToken1, "/tags/999").wantError(t, http.StatusNotFound, msgTagNotFound, "", "")
	e.bad(AdminToken1, http.MethodGet, "/tags/vip", nil).wantError(t, http.StatusNotFound, msgTagNotFound, "", "")
}

func TestCreateTag(t *testing.T) {
	e := newEnv(t)
	r := e.post(AgentToken1, "/tags", map[string]any{"text": "Retorno agendado"}).want(t, http.StatusCreated)
	got := data[api.Tag](t, r)
	want := api.Tag{ID: got.ID, Text: "Retorno agendado", Color: "#000000", CreatedAt: api.NewTime(testNow)}
	if r.Message != "Tag criada com sucesso." || !jsonEqual(t, got, want) {
		t.Errorf("created %s", r.Body)
	}
	got = data[api.Tag](t, e.post(AdminToken1, "/tags", map[string]any{"text": "Parceiro", "emoji": "🤝", "color": "#12abEF"}).want(t, http.StatusCreated))
	if got.Emoji == nil || *got.Emoji != "🤝" || got.Color != "#12abEF" {
		t.Errorf("created %+v", got)
	}
	for _, tt := range []struct {
		name        string
		body        any
		code, field string
	}{
		{"no text", map[string]any{"color": "#000000"}, validate.CodeRequired, "text"},
		{"blank text", map[string]any{"text": "   "}, validate.CodeRequired, "text"},
		{"empty body", "", validate.CodeRequired, "text"},
		{"colour name", map[string]any{"text": "X", "color": "red"}, validate.CodeInvalid, "color"},
		{"short colour", map[string]any{"text": "X", "color": "#FFF"}, validate.CodeInvalid, "color"},
		{"text as number", `{"text": 1}`, validate.CodeInvalid, "text"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e.bad(AdminToken1, http.MethodPost, "/tags", tt.body).wantInvalid(t, tt.code, tt.field)
		})
	}
}

func TestUpdateTag(t *testing.T) {
	e := newEnv(t)
	r := e.put(AdminToken1, "/tags/1", map[string]any{"text": "Cliente VIP"}).want(t, http.StatusOK)
	got := data[api.Tag](t, r)
	if r.Message != "Tag atualizada com sucesso." || got.Text != "Cliente VIP" || *got.Emoji != "⭐" || got.Color != "#F5B700" {
		t.Errorf("renamed: %s", r.Body)
	}
	// Contacts show the tag's new text.
	if c := data[api.Contact](t, e.get(AdminToken1, "/contacts/7")); len(c.Tags) != 1 || c.Tags[0] != (api.TagRef{ID: 1, Name: "Cliente VIP"}) {
		t.Errorf("contact 7 tags: %+v", c.Tags)
	}
	got = data[api.Tag](t, e.put(AgentToken1, "/tags/1", map[string]any{"emoji": "", "color": "#00FF00"}).want(t, http.StatusOK))
	if got.Emoji != nil || got.Color != "#00FF00" || got.Text != "Cliente VIP" {
		t.Errorf("emoji removed, colour changed: %+v", got)
	}
	got = data[api.Tag](t, e.put(AdminToken1, "/tags/3", map[string]any{"emoji": "💸"}).want(t, http.StatusOK))
	if got.Emoji == nil || *got.Emoji != "💸" {
		t.Errorf("emoji added: %+v", got)
	}
	for _, tt := range []struct {
		name                 string
		path                 string
		body                 any
		status               int
		message, code, field string
	}{
		{"blank text", "/tags/1", map[string]any{"text": ""}, 422, msgValidation, validate.CodeRequired, "text"},
		{"bad colour", "/tags/1", map[string]any{"color": "#GGGGGG"}, 422, msgValidation, validate.CodeInvalid, "color"},
		{"unknown", "/tags/999", map[string]any{"text": "X"}, 404, msgTagNotFound, "", ""},
		{"company 2", "/tags/7", map[string]any{"text": "X"}, 404, msgTagNotFound, "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e.bad(AdminToken1, http.MethodPut, tt.path, tt.body).wantError(t, tt.status, tt.message, tt.code, tt.field)
		})
	}
	checkDocs(t, e.st)
}

func TestDeleteTag(t *testing.T) {
	e := newEnv(t)
	r := e.del(AdminToken1, "/tags/1").want(t, http.StatusOK)
	if r.Message != "Tag excluída com sucesso." || r.Data != nil {
		t.Errorf("answer %s", r.Body)
	}
	e.get(AdminToken1, "/tags/1").wantError(t, http.StatusNotFound, msgTagNotFound, "", "")
	if c := data[api.Contact](t, e.get(AdminToken1, "/contacts/7")); len(c.Tags) != 0 {
		t.Errorf("contact 7 keeps the deleted tag: %+v", c.Tags)
	}
	if got := data[[]api.Contact](t, e.get(AdminToken1, "/contacts?tag=1")); len(got) != 0 {
		t.Errorf("contacts with the deleted tag: %d", len(got))
	}
	if got := data[[]api.Chat](t, e.get(AdminToken1, "/chats?tag=1")); len(got) != 0 {
		t.Errorf("chats with the deleted tag: %d", len(got))
	}
	e.del(AdminToken1, "/tags/1").wantError(t, http.StatusNotFound, msgTagNotFound, "", "")
	e.del(AdminToken1, "/tags/7").wantError(t, http.StatusNotFound, msgTagNotFound, "", "")
	checkDocs(t, e.st)
}

// checkDocs verifies that every stored contacts.doc equals the contact built
// from its normalised columns, as refreshDocs keeps it.
func checkDocs(t *testing.T, st *Store) {
	t.Helper()
	q := st.reader(t.Context())
	cts, err := loadContacts(q, "1 = 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, ct := range cts {
		want, err := marshal(ct)
		if err != nil {
			t.Fatal(err)
		}
		var doc string
		if err := q.queryRow("SELECT doc FROM contacts WHERE id = ?", ct.ID).Scan(&doc); err != nil {
			t.Fatal(err)
		}
		if doc != string(want) {
			t.Errorf("contact %d doc is stale:\n%s\nwant\n%s", ct.ID, doc, want)
		}
	}
}
