package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/contract"
)

// post sends a JSON body to a real server and returns the status and decoded envelope.
func postHTTP(t *testing.T, client *http.Client, url, token string, body any) (int, response) {
	b, err := json.Marshal(body)
	if err != nil {
		t.Error(err)
		return 0, response{}
	}
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		t.Error(err)
		return 0, response{}
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		t.Error(err)
		return 0, response{}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Error(err)
	}
	var r response
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Errorf("status %d, body not JSON: %s", resp.StatusCode, raw)
	}
	return resp.StatusCode, r
}

// Twenty clients create the same phone at once: the database's uniqueness
// rule lets exactly one through and the rest get DUPLICATE_ENTRY.
func TestConcurrentCreatesOfOnePhone(t *testing.T) {
	st := openStore(t)
	srv := httptest.NewServer(contract.Middleware(t, NewServer(st, Options{})))
	defer srv.Close()
	const clients = 20
	statuses := make([]int, clients)
	codes := make([]string, clients)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range clients {
		wg.Go(func() {
			<-start
			status, r := postHTTP(t, srv.Client(), srv.URL+"/api/v1/contacts", AdminToken1, map[string]any{"phone": "5511987654321", "name": fmt.Sprint("Cliente ", i)})
			statuses[i] = status
			if len(r.Errors) > 0 {
				codes[i] = r.Errors[0].Code + " " + r.Errors[0].Field
			}
		})
	}
	close(start)
	wg.Wait()
	created := 0
	for i, s := range statuses {
		switch {
		case s == http.StatusCreated:
			created++
		case s == http.StatusUnprocessableEntity && codes[i] == "DUPLICATE_ENTRY phone":
		default:
			t.Errorf("client %d: status %d %s", i, s, codes[i])
		}
	}
	if created != 1 {
		t.Errorf("%d creates succeeded, want exactly 1", created)
	}
}

// Two Stores on one file stand for `convo sandbox serve` and `convo --sandbox`
// running at once: their writes wait for each other instead of failing.
func TestTwoProcessesShareADatabase(t *testing.T) {
	db := filepath.Join(t.TempDir(), "shared.db")
	stores := make([]*Store, 2)
	for i := range stores {
		st, err := Open(t.Context(), db)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		stores[i] = st
	}
	// Both seed at once: one seeds, the other finds it done.
	var wg sync.WaitGroup
	for _, st := range stores {
		wg.Go(func() {
			if err := st.Seed(t.Context(), time.Now()); err != nil {
				t.Errorf("seed: %v", err)
			}
		})
	}
	wg.Wait()

	const perServer = 30
	for i, st := range stores {
		srv := httptest.NewServer(NewServer(st, Options{}))
		t.Cleanup(srv.Close)
		for j := range perServer {
			wg.Go(func() {
				phone := fmt.Sprintf("55119%04d%04d", i, j)
				if status, r := postHTTP(t, srv.Client(), srv.URL+"/api/v1/contacts", AdminToken1, map[string]any{"phone": phone}); status != http.StatusCreated {
					t.Errorf("create %s: %d %+v", phone, status, r)
				}
			})
			wg.Go(func() {
				resp, err := srv.Client().Get(srv.URL + "/api/v1/contacts")
				if err != nil {
					t.Error(err)
					return
				}
				resp.Body.Close()
			})
		}
	}
	wg.Wait()
	_, pag, err := stores[0].listContacts(t.Context(), 1, contactFilter{}, page{1, 1})
	if err != nil || pag.Total != 50+2*perServer {
		t.Errorf("contacts: %+v, %v", pag, err)
	}
	chats, _, err := stores[1].listChats(t.Context(), &caller{id: 1, company: 1, admin: true}, chatFilter{}, page{1, 100})
	if err != nil || len(chats) != 12 {
		t.Errorf("the seed ran twice: %d chats, %v", len(chats), err)
	}
}
