package importer

import (
	"context"
	"github.com/convo-cli/convo/internal/bulk"
	"net/http"
	"sync"
	"testing"
	"time"
)

// newTestTagCache is a tag cache of company 1's admin; its warnings are
// gathered in notes.
func newTestTagCache(a *testAPI, create, dryRun bool, notes *warnings) *tagCache {
	eng := bulk.New(context.Background(), bulk.Config{})
	a.t.Cleanup(eng.Close)
	return newTagCache(a.client(0), eng.Caller(), create, dryRun, notes.add)
}

func TestTagCacheCreatesEachTagOnce(t *testing.T) {
	a := newTestAPI(t)
	// Slow creations, so that every worker asks while the first is in flight.
	a.setHook(func(w http.ResponseWriter, r *http.Request, next http.Handler) bool {
		if r.Method == http.MethodPost {
			time.Sleep(50 * time.Millisecond)
		}
		return false
	})
	tags := newTestTagCache(a, true, false, &warnings{})
	const workers = 40
	ids := make([][]int64, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for i := range workers {
		wg.Go(func() {
			// Different spellings of two new tags and one that exists.
			refs := []string{"Campanha Março", "vip", "Feira 2025"}
			if i%2 == 1 {
				refs = []string{"CAMPANHA MARÇO", "Feira 2025", "VIP"}
			}
			ids[i], errs[i] = tags.ids(context.Background(), refs)
		})
	}
	wg.Wait()
	for i := range workers {
		if errs[i] != nil {
			t.Fatalf("worker %d: %v", i, errs[i])
		}
	}
	if n := a.count("POST", "/tags"); n != 2 {
		t.Errorf("POST /tags sent %d times, want 2 (once per new tag)", n)
	}
	if n := a.count("GET", "/tags"); n != 1+2 {
		t.Errorf("GET /tags sent %d times, want 3 (the tags listed once, then searched once after each creation)", n)
	}
	campaign, fair, vip := ids[0][0], ids[0][2], ids[0][1]
	if vip != 1 {
		t.Errorf("vip resolved to %d, want the seed's tag 1", vip)
	}
	for i := range workers {
		want := []int64{campaign, vip, fair}
		if i%2 == 1 {
			want = []int64{campaign, fair, vip}
		}
		if len(ids[i]) != 3 || ids[i][0] != want[0] || ids[i][1] != want[1] || ids[i][2] != want[2] {
			t.Errorf("worker %d got %v, want %v", i, ids[i], want)
		}
	}
}

func TestTagCacheFailures(t *testing.T) {
	a := newTestAPI(t)
	var notes warnings
	tags := newTestTagCache(a, false, false, &notes)
	ctx := context.Background()

	ids, err := tags.ids(ctx, []string{"42", "Atacado", "atacado"})
	if err != nil || len(ids) != 2 || ids[0] != 42 || ids[1] != 5 {
		t.Errorf("ids as given and a name: %v, %v; want [42 5]", ids, err)
	}
	_, err = tags.ids(ctx, []string{"VIP", "Sem tag"})
	if f := bulk.Describe(err); f.Code != CodeUnknownTag || f.Field != "tags" || f.Message != `no tag named "Sem tag"; create it with `+"`convo tags create --text \"Sem tag\"`"+`, or import with --create-tags` {
		t.Errorf("unknown tag: %+v", f)
	}
	if n := a.writes(); n != 0 {
		t.Errorf("%d writes without --create-tags", n)
	}

	// Two tags whose names differ in case only: the lowest id, and one warning.
	tags.byName["duplo"] = []int64{7, 9}
	for range 2 {
		if ids, err := tags.ids(ctx, []string{"Duplo"}); err != nil || len(ids) != 1 || ids[0] != 7 {
			t.Errorf("tags of one name: %v, %v; want [7]", ids, err)
		}
	}
	if len(notes.list) != 1 || notes.list[0] != `2 tags are named "Duplo" (ids 7, 9): rows naming it get 7, the lowest; delete the others or rename them to tell them apart` {
		t.Errorf("warnings %q", notes.list)
	}
}

func TestTagCacheDryRunCreatesNothing(t *testing.T) {
	a := newTestAPI(t)
	tags := newTestTagCache(a, true, true, &warnings{})
	for _, refs := range [][]string{{"Nova", "VIP"}, {"nova", "Outra"}} {
		if _, err := tags.ids(context.Background(), refs); err != nil {
			t.Fatal(err)
		}
	}
	if n := a.writes(); n != 0 {
		t.Errorf("%d writes in a dry run", n)
	}
	if got := tags.plannedTags(); len(got) != 2 || got[0] != "Nova" || got[1] != "Outra" {
		t.Errorf("planned tags %q, want [Nova Outra]", got)
	}
}

// A creation that the server processes but answers with a 503 must not be
// sent again: the tag is found by a search instead.
func TestTagCacheAmbiguousCreation(t *testing.T) {
	a := newTestAPI(t)
	a.setHook(func(w http.ResponseWriter, r *http.Request, next http.Handler) bool {
		if r.Method != http.MethodPost {
			return false
		}
		next.ServeHTTP(httptestDiscard{}, r)
		w.WriteHeader(http.StatusServiceUnavailable)
		return true
	})
	tags := newTestTagCache(a, true, false, &warnings{})
	ids, err := tags.ids(context.Background(), []string{"Recuperada"})
	if err != nil {
		t.Fatal(err)
	}
	if n := a.count("POST", "/tags"); n != 1 {
		t.Errorf("POST /tags sent %d times, want 1", n)
	}
	found, err := tags.list(context.Background(), "Recuperada")
	if err != nil || len(found) != 1 || found[0].ID != ids[0] {
		t.Errorf("tags named Recuperada: %+v (%v), want one with id %d", found, err, ids[0])
	}
}

// httptestDiscard is a ResponseWriter that throws the answer away: the
// request is processed, the client never hears of it.
type httptestDiscard struct{}

func (httptestDiscard) Header() http.Header         { return http.Header{} }
func (httptestDiscard) Write(b []byte) (int, error) { return len(b), nil }
func (httptestDiscard) WriteHeader(int)             {}
