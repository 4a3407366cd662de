package sandbox

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestTokensAreStoredHashed is why token checks take the same time however
// close a guess is: the database holds no token, only its SHA-256, and a
// request's token is found by hashing it and looking the hash up
// (authenticate). How long the lookup takes depends on the hash, and a
// guess that shares a prefix with a real token shares nothing predictable
// with its hash; a plain-text token compared byte by byte in SQL would
// instead answer sooner the earlier a guess goes wrong. The test reads every
// value of every table and fails if a token appears in one, and checks that
// the stored hash is the one authenticate computes.
func TestTokensAreStoredHashed(t *testing.T) {
	e := newEnv(t)
	// A user created through the API gets no token, but its password must
	// not be stored as given either.
	e.post(AdminToken1, "/users", map[string]any{"name": "Nova Pessoa", "email": "nova@lojaexemplo.com.br", "password": "senha-secreta-123",
		"type": "user", "external_reference": 4321}).want(t, http.StatusCreated)
	secrets := []string{AdminToken1, AgentToken1, AdminToken2, "senha-secreta-123", "sandbox-password"}

	db := e.st.read.db
	rows, err := db.Query("SELECT name FROM sqlite_master WHERE type = 'table'")
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	values := 0
	for _, table := range tables {
		rows, err := db.Query(fmt.Sprintf("SELECT * FROM %q", table))
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			cells := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range cells {
				ptrs[i] = &cells[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for i, v := range cells {
				values++
				var text []byte
				switch v := v.(type) {
				case string:
					text = []byte(v)
				case []byte:
					text = v
				}
				for _, s := range secrets {
					if bytes.Contains(text, []byte(s)) {
						t.Errorf("%s.%s holds %q in plain text", table, cols[i], s)
					}
				}
			}
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if values < 1000 {
		t.Fatalf("read only %d values from tables %s", values, strings.Join(tables, ", "))
	}

	for _, token := range []string{AdminToken1, AgentToken1, AdminToken2} {
		var n int
		if err := db.QueryRow("SELECT count(*) FROM users WHERE token_hash = ?", tokenHash(token)).Scan(&n); err != nil || n != 1 {
			t.Errorf("users with the hash of %s: %d, %v; want 1", token, n, err)
		}
	}
}

// TestRecoveredPanicShowsNoToken: the log record of a handler's panic and
// the 500 the client gets name the request, never its credentials.
func TestRecoveredPanicShowsNoToken(t *testing.T) {
	var logged bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logged, nil))
	h := recoverPanics(logRequests(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("store: unexpected row")
	}), log), log)
	req := httptest.NewRequest(http.MethodPost, "/api/v1/contacts", strings.NewReader(`{"phone":"5511987654321"}`))
	req.Header.Set("Authorization", "Bearer "+AdminToken1)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusInternalServerError || !strings.Contains(logged.String(), "store: unexpected row") {
		t.Fatalf("status %d; log:\n%s", rec.Code, logged.String())
	}
	if strings.Contains(logged.String()+rec.Body.String(), AdminToken1) {
		t.Errorf("the token shows in the log or the answer:\n%s\n%s", logged.String(), rec.Body)
	}
}
