package sandbox

import (
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"testing"

	"github.com/convo-cli/convo/internal/api"
)

// pageIDs lists the ids of a page of contacts and its total.
func pageIDs(t *testing.T, e *testEnv, query string) ([]int64, int) {
	t.Helper()
	r := e.get(AdminToken1, "/contacts?"+query).want(t, http.StatusOK)
	var ids []int64
	for _, c := range data[[]api.Contact](t, r) {
		ids = append(ids, c.ID)
	}
	return ids, r.Pagination.Total
}

// TestContactPagesFollowChanges reads pages of contact lists while contacts
// and tags change between the pages: each page must be the slice of the
// whole list that its number says, whatever boundary the server remembered
// from the page before.
func TestContactPagesFollowChanges(t *testing.T) {
	e := newEnv(t)
	const size = 7
	checkPage := func(filter string, page int) {
		t.Helper()
		all, total := pageIDs(t, e, filter+"per_page=100")
		want := all[min((page-1)*size, len(all)):min(page*size, len(all))]
		got, gotTotal := pageIDs(t, e, fmt.Sprintf("%sper_page=%d&page=%d", filter, size, page))
		if !slices.Equal(got, want) || gotTotal != total {
			t.Errorf("%spage %d: ids %v (total %d), want %v (total %d)", filter, page, got, gotTotal, want, total)
		}
	}
	steps := []struct {
		name   string
		change func()
		filter string
		pages  []int
	}{
		{"pages in turn", nil, "", []int{1, 2, 3, 4}},
		{"a contact before the boundary deleted", func() {
			e.del(AdminToken1, "/contacts/3").want(t, http.StatusOK)
		}, "", []int{4, 5}},
		{"a contact created", func() {
			e.post(AdminToken1, "/contacts", map[string]any{"phone": "5511987650001", "name": "Nova"}).want(t, http.StatusCreated)
		}, "", []int{5, 6, 7, 8}},
		{"filtered by tag", nil, "tag=1&", []int{1, 2}},
		{"a tag taken from a contact of the first page", func() {
			first, _ := pageIDs(t, e, "tag=1&per_page=1")
			e.put(AdminToken1, fmt.Sprintf("/contacts/%d", first[0]), map[string]any{"tags": []int64{}}).want(t, http.StatusOK)
		}, "tag=1&", []int{2, 3}},
		{"filtered by blocked", nil, "blocked=false&", []int{1, 2, 3}},
		{"a contact of the first page blocked", func() {
			first, _ := pageIDs(t, e, "blocked=false&per_page=1")
			e.put(AdminToken1, fmt.Sprintf("/contacts/%d", first[0]), map[string]any{"blocked": true}).want(t, http.StatusOK)
		}, "blocked=false&", []int{3, 4}},
	}
	for _, step := range steps {
		if step.change != nil {
			step.change()
		}
		for _, page := range step.pages {
			checkPage(step.filter, page)
		}
		if t.Failed() {
			t.Fatalf("after %s", step.name)
		}
	}
}

// TestContactPagesUseCursors shows that a remembered boundary is what the
// next page starts from while the contacts are unchanged: a boundary planted
// at contact 40 makes page 2 start after it.
func TestContactPagesUseCursors(t *testing.T) {
	e := newEnv(t)
	pageIDs(t, e, "per_page=7&page=1")
	key := cursorKey{company: 1, filter: ` WHERE c.company_id = ? []interface {}{1}`, offset: 7}
	cur, ok := e.st.cursors.get(key)
	if !ok {
		t.Fatalf("page 1 left no boundary at %+v; have %v", key, e.st.cursors.m)
	}
	e.st.cursors.put(key, cursor{version: cur.version, lastID: 40})
	if got, _ := pageIDs(t, e, "per_page=7&page=2"); len(got) == 0 || got[0] != 41 {
		t.Errorf("page 2 after a boundary at 40: %v", got)
	}
}

// TestContactTotalsKeptByTriggers checks the totals contact_stats keeps
// against counting, after writes through every path that adds or removes
// contacts, and after upgrading a database of schema version 1.
func TestContactTotalsKeptByTriggers(t *testing.T) {
	e := newEnv(t)
	count := func(company int64) (stats, counted int) {
		t.Helper()
		db := e.st.read.db
		if err := db.QueryRow("SELECT total FROM contact_stats WHERE company_id = ?", company).Scan(&stats); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRow("SELECT count(*) FROM contacts WHERE company_id = ?", company).Scan(&counted); err != nil {
			t.Fatal(err)
		}
		return stats, counted
	}
	e.post(AdminToken1, "/contacts", map[string]any{"phone": "5511987650002", "name": "Nova"}).want(t, http.StatusCreated)
	e.del(AdminToken1, "/contacts/5").want(t, http.StatusOK)
	e.del(AdminToken2, "/contacts/55").want(t, http.StatusOK)
	for _, company := range []int64{1, 2} {
		if stats, counted := count(company); stats != counted {
			t.Errorf("company %d: contact_stats says %d contacts, there are %d", company, stats, counted)
		}
	}
}

func TestOpenUpgradesSchemaVersion1(t *testing.T) {
	file := filepath.Join(t.TempDir(), "v1.db")
	if err := seeded.CopyTo(file); err != nil {
		t.Fatal(err)
	}
	st, err := Open(t.Context(), file)
	if err != nil {
		t.Fatal(err)
	}
	downgrade(t, st, 1) // no contact_stats, no triggers
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	if st, err = Open(t.Context(), file); err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	e := &testEnv{t: t, st: st, h: NewServer(st, Options{})}
	if _, total := pageIDs(t, e, "per_page=1"); total != 50 {
		t.Errorf("company 1 has %d contacts after the upgrade, want 50", total)
	}
	e.post(AdminToken1, "/contacts", map[string]any{"phone": "5511987650003", "name": "Nova"}).want(t, http.StatusCreated)
	if _, total := pageIDs(t, e, "per_page=1"); total != 51 {
		t.Errorf("company 1 has %d contacts after one more, want 51", total)
	}
}
