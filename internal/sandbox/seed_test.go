package sandbox

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/validate"
)

// The seed holds what the interface promises, seen through the API.
func TestSeedCoversTheAPI(t *testing.T) {
	e := newEnv(t)
	for _, token := range []string{AdminToken1, AdminToken2} {
		channels := listAll[api.Channel](t, e, token, "/channels")
		kinds := map[string]bool{}
		var chatapp []string
		for _, ch := range channels {
			kinds[ch.Type] = true
			if err := validate.ChannelToken("token", ch.Token); err != nil {
				t.Errorf("channel token %q: %v", ch.Token, err)
			}
			if ch.Type == "chatapp" {
				chatapp = append(chatapp, ch.Status)
			}
		}
		if len(kinds) != len(validate.ChannelTypes) || !slices.Contains(chatapp, "connected") || !slices.Contains(chatapp, "disconnected") {
			t.Errorf("%s channels: types %v, chatapp statuses %v", token, kinds, chatapp)
		}

		fields := listAll[api.CustomField](t, e, token, "/contacts/customfields")
		types := map[string]bool{}
		inactive := 0
		for _, f := range fields {
			types[f.Type] = true
			if !f.IsActive {
				inactive++
			}
			if f.Type == "select" && len(f.Options) < 2 {
				t.Errorf("select field %s has options %v", f.Name, f.Options)
			}
		}
		if len(types) != len(validate.CustomFieldTypes) || inactive != 1 {
			t.Errorf("%s custom fields: types %v, %d inactive", token, types, inactive)
		}

		templates := listAll[api.Template](t, e, token, "/templates")
		seen := map[string]bool{}
		for _, tm := range templates {
			seen[tm.Category] = true
			seen[tm.Status] = true
			for _, c := range tm.Components {
				if c.Type == "header" {
					seen["header "+c.Format] = true
				}
				for _, b := range c.Buttons {
					if b.Type == "url" && len(msgtemplate.Numbers(b.URL)) > 0 && tm.Status == "approved" {
						seen["approved dynamic URL"] = true
					}
				}
			}
		}
		for _, want := range []string{"marketing", "utility", "authentication", "approved", "pending", "rejected", "header image", "approved dynamic URL"} {
			if !seen[want] {
				t.Errorf("%s templates lack %s", token, want)
			}
		}

		users := listAll[api.UserListItem](t, e, token, "/users")
		userTypes := map[string]bool{}
		for _, u := range users {
			userTypes[u.Type] = true
			if *u.ExternalReference < 1000 || *u.ExternalReference > 9999 {
				t.Errorf("user %d reference %d", u.ID, *u.ExternalReference)
			}
			if err := validate.UserName(u.Name); err != nil {
				t.Errorf("user name %q: %v", u.Name, err)
			}
		}
		if !userTypes["admin"] || !userTypes["user"] {
			t.Errorf("%s users: %v", token, userTypes)
		}

		tags := listAll[api.Tag](t, e, token, "/tags")
		withEmoji := slices.IndexFunc(tags, func(g api.Tag) bool { return g.Emoji != nil })
		without := slices.IndexFunc(tags, func(g api.Tag) bool { return g.Emoji == nil })
		if withEmoji < 0 || without < 0 {
			t.Errorf("%s tags lack one with or one without emoji", token)
		}

		contacts := listAll[api.Contact](t, e, token, "/contacts")
		endings := map[byte]bool{}
		tagged, valued := 0, 0
		for _, c := range contacts {
			if n, err := validate.Phone("phone", c.Phone, "", naming.Flags); err != nil || n != c.Phone || !strings.HasPrefix(c.Phone, "55") || c.Phone[4] != '9' || len(c.Phone) != 13 {
				t.Errorf("contact %d phone %q is not a Brazilian mobile number (%v)", c.ID, c.Phone, err)
			}
			endings[c.Phone[len(c.Phone)-1]] = true
			if len(c.Tags) > 0 {
				tagged++
			}
			if len(c.CustomFields) > 0 {
				valued++
			}
		}
		if !endings['0'] || !endings['9'] || tagged == 0 || valued == 0 {
			t.Errorf("%s contacts: endings %v, %d tagged, %d with fields", token, endings, tagged, valued)
		}

		chats := listAll[api.Chat](t, e, token, "/chats")
		states := map[string]bool{}
		for _, c := range chats {
			states[c.Status] = true
			states[map[bool]string{true: "open", false: "closed"}[c.IsOpen]] = true
		}
		if len(states) != 5 {
			t.Errorf("%s chats: %v", token, states)
		}
	}
	if n := len(listAll[api.Contact](t, e, AdminToken1, "/contacts")); n != 50 {
		t.Errorf("company 1 has %d contacts", n)
	}
	if n := len(listAll[api.Contact](t, e, AdminToken2, "/contacts")); n != 12 {
		t.Errorf("company 2 has %d contacts", n)
	}
	if n := len(data[[]api.Channel](t, e.get(AgentToken1, "/channels"))); n >= 7 || n == 0 {
		t.Errorf("the agent has %d channels", n)
	}
	if names := templateNames(data[[]api.Template](t, e.get(AdminToken1, "/templates?per_page=100"))); !strings.Contains(names, "tutorial_video") || !strings.Contains(names, "fatura_documento") {
		t.Errorf("templates %s", names)
	}
	languages := map[string]bool{}
	for _, tm := range listAll[api.Template](t, e, AdminToken1, "/templates") {
		languages[tm.Language] = true
	}
	if len(languages) != 3 {
		t.Errorf("template languages %v", languages)
	}
	if bv := data[[]api.Template](t, e.get(AdminToken1, "/templates?search=boas_vindas"))[0]; bv.Status != "approved" || len(bv.Components[0].Variables) != 2 {
		t.Errorf("text-only template: %+v", bv)
	}

	// Message histories: every type, both directions, an internal note.
	seen := map[string]bool{}
	for _, token := range []string{AdminToken1, AdminToken2} {
		for _, c := range listAll[api.Chat](t, e, token, "/chats") {
			for _, m := range listAll[api.Message](t, e, token, "/chats/"+c.Token+"/messages") {
				seen[m.Type] = true
				seen[m.Direction] = true
				seen[m.Visibility] = true
			}
		}
	}
	for _, want := range append(slices.Clone(validate.MessageTypes), "incoming", "outgoing", "internal") {
		if !seen[want] {
			t.Errorf("no seeded message is %s", want)
		}
	}
	checkDocs(t, e.st)
}

// Every seeded chat agrees with the specification's table of states, has
// messages and a lastMessage, and no more unread than the contact's
// unanswered messages (see checkChat).
func TestSeedChatsAgreeWithTheStateTable(t *testing.T) {
	e := newEnv(t)
	for _, token := range []string{AdminToken1, AdminToken2} {
		for _, c := range listAll[api.Chat](t, e, token, "/chats") {
			checkChat(t, c, listAll[api.Message](t, e, token, "/chats/"+c.Token+"/messages"))
		}
	}
}

func TestSeedIsFixed(t *testing.T) {
	a, b := newEnv(t), newEnv(t)
	for _, path := range []string{"/contacts/7", "/chats?per_page=3", "/users/2", "/tags/1"} {
		if ra, rb := a.get(AdminToken1, path), b.get(AdminToken1, path); string(ra.Body) != string(rb.Body) {
			t.Errorf("%s differs between two seeds:\n%s\n%s", path, ra.Body, rb.Body)
		}
	}
	// Timestamps are relative to the time given to Seed.
	if c := data[api.Contact](t, a.get(AdminToken1, "/contacts/50")); !c.CreatedAt.Before(testNow) || c.CreatedAt.Before(testNow.Add(-400*day)) {
		t.Errorf("contact 50 created at %v", c.CreatedAt)
	}
}

func TestSeedOnlyOnce(t *testing.T) {
	st := openStore(t)
	if err := st.Seed(t.Context(), time.Now()); err != nil {
		t.Fatal(err)
	}
	_, pag, err := st.listContacts(t.Context(), 1, contactFilter{}, page{1, 1})
	if err != nil || pag.Total != 50 {
		t.Errorf("after a second Seed: %+v, %v", pag, err)
	}
}

func TestReset(t *testing.T) {
	st := openStore(t)
	e := &testEnv{t: t, st: st, h: NewServer(st, Options{})}
	e.post(AdminToken1, "/contacts", map[string]any{"phone": "5511987654321"}).want(t, http.StatusCreated)
	if err := st.Reset(t.Context()); err != nil {
		t.Fatal(err)
	}
	e.get(AdminToken1, "/channels").wantError(t, http.StatusUnauthorized, msgUnauthenticated, "", "")
	if err := st.Seed(t.Context(), testNow); err != nil {
		t.Fatal(err)
	}
	if cs := data[[]api.Contact](t, e.get(AdminToken1, "/contacts?phone=5511987654321")); len(cs) != 0 {
		t.Errorf("contact survived the reset: %+v", cs)
	}
	if r := e.get(AdminToken1, "/contacts"); r.Pagination.Total != 50 {
		t.Errorf("contacts after reset and seed: %d", r.Pagination.Total)
	}
}

func TestInMemoryStore(t *testing.T) {
	ctx := context.Background()
	st, err := Open(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	dir := st.tmpDir
	if err := st.Seed(ctx, testNow); err != nil {
		t.Fatal(err)
	}
	// Readers and the writer work side by side.
	e := &testEnv{t: t, st: st, h: NewServer(st, Options{})}
	var wg sync.WaitGroup
	// (Fatal is not allowed off the test goroutine, so statuses are checked here.)
	check := func(r *response, status int) {
		if r.Status != status {
			t.Errorf("status %d, want %d: %s", r.Status, status, r.Body)
		}
	}
	for range 20 {
		wg.Go(func() { check(e.post(AdminToken1, "/tags", map[string]any{"text": "t"}), http.StatusCreated) })
		wg.Go(func() { check(e.get(AdminToken1, "/tags"), http.StatusOK) })
	}
	wg.Wait()
	if r := e.get(AdminToken1, "/tags"); r.Pagination.Total != 26 {
		t.Errorf("%d tags", r.Pagination.Total)
	}
	// A second in-memory store is another database.
	other, err := Open(ctx, ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	if _, pag, err := other.listTags(ctx, 1, "", page{1, 1}); err != nil || pag.Total != 0 {
		t.Errorf("second in-memory store: %+v, %v", pag, err)
	}
	for _, s := range []*Store{st, other} {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("in-memory database left %s behind: %v", dir, err)
	}
}

func TestOpenRefusesAnotherSchema(t *testing.T) {
	db := filepath.Join(t.TempDir(), "old.db")
	st, err := Open(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.w.conn.ExecContext(t.Context(), "PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if _, err := Open(t.Context(), db); err == nil || !strings.Contains(err.Error(), "--reset") {
		t.Errorf("Open of a database with schema 99: %v", err)
	}
	if _, err := Open(t.Context(), filepath.Join(t.TempDir(), "no", "such", "dir", "x.db")); err == nil {
		t.Error("Open in a missing directory succeeded")
	}
}

// undoMigrations[i] takes a database of schema version i+1 back to i.
var undoMigrations = [][]string{
	nil,
	{"DROP TABLE contact_stats", "DROP TRIGGER contacts_insert_stats", "DROP TRIGGER contacts_delete_stats",
		"DROP TRIGGER contacts_update_stats", "DROP TRIGGER contact_tags_insert_stats", "DROP TRIGGER contact_tags_delete_stats"},
	{"PRAGMA application_id = 0"},
	{"DROP INDEX chats_company_status", "DROP INDEX chats_company_contact", "DROP INDEX chats_company_attendant", "DROP INDEX chats_company_channel"},
}

// downgrade takes the database of st back to schema version v, as an older
// convo left it, data included.
func downgrade(t *testing.T, st *Store, v int) {
	t.Helper()
	if len(undoMigrations) != len(migrations) {
		t.Fatalf("%d migrations, %d undone: say how to undo the new one", len(migrations), len(undoMigrations))
	}
	for i := len(migrations) - 1; i >= v; i-- {
		for _, stmt := range append(undoMigrations[i], fmt.Sprintf("PRAGMA user_version = %d", i)) {
			if _, err := st.w.conn.ExecContext(t.Context(), stmt); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Open refuses a file that holds something else than a sandbox database,
// without writing to it; a new or empty file, and a sandbox database of any
// schema version, are fine.
func TestOpenRefusesForeignFiles(t *testing.T) {
	dir := t.TempDir()
	foreign := func(name string, stmts ...string) string {
		path := filepath.Join(dir, name)
		db, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		for _, stmt := range stmts {
			if _, err := db.Exec(stmt); err != nil {
				t.Fatal(err)
			}
		}
		return path
	}
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte("not a database\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	refused := []struct{ name, path, why string }{
		{"a text file", text, "the file is not an SQLite database"},
		{"another program's tables", foreign("shop.db", "CREATE TABLE orders (id INTEGER PRIMARY KEY, total REAL)",
			"CREATE TABLE customers (id INTEGER PRIMARY KEY)", "INSERT INTO orders (total) VALUES (9.5)"),
			"an SQLite database with other tables (customers, orders)"},
		{"another program's, versioned", foreign("app.db", "CREATE TABLE meta (k TEXT)", "PRAGMA user_version = 2"), "an SQLite database with other tables (meta)"},
		{"another program's file format", foreign("other.db", "PRAGMA application_id = 1234", "CREATE TABLE t (a)", "DROP TABLE t"),
			"an SQLite database of another program (application id 0x4d2)"},
	}
	for _, tt := range refused {
		before, err := os.ReadFile(tt.path)
		if err != nil {
			t.Fatal(err)
		}
		st, err := Open(t.Context(), tt.path)
		if err == nil {
			st.Close()
			t.Errorf("%s: opened", tt.name)
			continue
		}
		if !errors.Is(err, ErrNotSandbox) || !strings.Contains(err.Error(), tt.path+": not a sandbox database: "+tt.why) {
			t.Errorf("%s: %v", tt.name, err)
		}
		if after, err := os.ReadFile(tt.path); err != nil || !bytes.Equal(after, before) {
			t.Errorf("%s: the file changed (%v)", tt.name, err)
		}
		if _, err := os.Stat(tt.path + "-wal"); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: a WAL file was created beside it", tt.name)
		}
	}

	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	// A sandbox database made before the mark was set is one too: it is
	// upgraded and keeps its data.
	old := filepath.Join(dir, "old.db")
	st, err := Open(t.Context(), old)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Seed(t.Context(), testNow); err != nil {
		t.Fatal(err)
	}
	downgrade(t, st, 2)
	st.Close()
	for _, path := range []string{empty, foreign("blank.db", "CREATE TABLE t (a)", "DROP TABLE t"), old, filepath.Join(dir, "new.db")} {
		st, err := Open(t.Context(), path)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		var appID int64
		if err := st.w.conn.QueryRowContext(t.Context(), "PRAGMA application_id").Scan(&appID); err != nil || appID != applicationID {
			t.Errorf("%s: application id %#x (%v)", path, appID, err)
		}
		st.Close()
	}
	st, err = Open(t.Context(), old)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, pag, err := st.listContacts(t.Context(), 1, contactFilter{}, page{1, 1}); err != nil || pag.Total != 50 {
		t.Errorf("the old sandbox database lost its contacts: %+v, %v", pag, err)
	}
}
