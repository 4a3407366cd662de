package destination

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/sandbox/sandboxtest"
)

// sandboxURL serves a freshly seeded sandbox; refuse, when set, answers
// the requests it matches with that status instead.
func sandboxURL(t *testing.T, refuse map[string]int) string {
	t.Helper()
	store := sandboxtest.Seeded(t, filepath.Join(t.TempDir(), "sandbox.db"))
	next := sandbox.NewServer(store, sandbox.Options{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if status, ok := refuse[r.URL.Path]; ok {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			_, _ = w.Write([]byte(`{"success":false,"message":"Sem permissão."}`))
			return
		}
		next.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func learn(t *testing.T, baseURL, token string) (Destination, error) {
	t.Helper()
	c, err := api.New(api.Options{BaseURL: baseURL, Token: token})
	if err != nil {
		t.Fatal(err)
	}
	return Learn(context.Background(), c)
}

func TestLearn(t *testing.T) {
	url := sandboxURL(t, nil)
	admin1, err := learn(t, url, sandbox.AdminToken1)
	if err != nil {
		t.Fatal(err)
	}
	agent1, err := learn(t, url, sandbox.AgentToken1)
	if err != nil {
		t.Fatal(err)
	}
	admin2, err := learn(t, url, sandbox.AdminToken2)
	if err != nil {
		t.Fatal(err)
	}
	if admin1.CompanyID != 1 || admin2.CompanyID != 2 {
		t.Errorf("companies %d and %d, want 1 and 2", admin1.CompanyID, admin2.CompanyID)
	}
	if admin1.Key() != agent1.Key() {
		t.Error("two tokens of one company are two destinations")
	}
	if admin1.Key() == admin2.Key() {
		t.Error("two companies are one destination")
	}
	if want := url + "/api/v1, company 1"; admin1.String() != want {
		t.Errorf("String() = %q, want %q", admin1.String(), want)
	}
	// The same company at another root (the sandbox, then a server) is
	// another destination.
	other := admin1
	other.Root = "https://api.example.com/api/v1"
	if other.Key() == admin1.Key() {
		t.Error("two roots are one destination")
	}
}

// A token that may not list users is placed by the channels it can see.
func TestLearnWithoutUsers(t *testing.T) {
	url := sandboxURL(t, map[string]int{"/api/v1/users": http.StatusForbidden})
	agent, err := learn(t, url, sandbox.AgentToken1)
	if err != nil {
		t.Fatal(err)
	}
	if agent.CompanyID != 0 || agent.Channel == "" {
		t.Errorf("destination %+v, want one named by a channel", agent)
	}
	again, err := learn(t, url, sandbox.AgentToken1)
	if err != nil || again.Key() != agent.Key() {
		t.Errorf("learnt twice: %+v and %+v (%v)", agent, again, err)
	}
	admin2, err := learn(t, url, sandbox.AdminToken2)
	if err != nil || admin2.Key() == agent.Key() {
		t.Errorf("company 2 %+v is the agent's %+v (%v)", admin2, agent, err)
	}

	none := sandboxURL(t, map[string]int{"/api/v1/users": http.StatusForbidden, "/api/v1/channels": http.StatusForbidden})
	if _, err := learn(t, none, sandbox.AgentToken1); !errors.Is(err, ErrUnknownCompany) {
		t.Errorf("neither users nor channels: %v, want ErrUnknownCompany", err)
	}
	failing := sandboxURL(t, map[string]int{"/api/v1/users": http.StatusUnauthorized})
	if _, err := learn(t, failing, "wrong"); !api.IsAuth(err) {
		t.Errorf("a refused token: %v, want the API's refusal", err)
	}
}

func TestNormalRoot(t *testing.T) {
	for in, want := range map[string]string{
		"HTTPS://API.Example.com:443/api/v1/": "https://api.example.com/api/v1",
		"http://localhost:80/api/v1":          "http://localhost/api/v1",
		"http://127.0.0.1:8080/api/v1":        "http://127.0.0.1:8080/api/v1",
		"http://[::1]:8080/api/v1":            "http://[::1]:8080/api/v1",
		"http://[::1]/api/v1":                 "http://[::1]/api/v1",
	} {
		if got := normalRoot(in); got != want {
			t.Errorf("normalRoot(%q) = %q, want %q", in, got, want)
		}
	}
}

// rootOf is the destination of company 1 at the API root a user spelt.
func rootOf(t *testing.T, base string) Destination {
	t.Helper()
	c, err := api.New(api.Options{BaseURL: base, Token: "t", AllowInsecureHTTP: true})
	if err != nil {
		t.Fatal(err)
	}
	return Destination{Root: normalRoot(c.BaseURL()), CompanyID: 1}
}

// A destination is the server, not the spelling of its URL: host case,
// the loopback names, a default port, the API prefix and a trailing slash
// make no other.
func TestOneServerManySpellings(t *testing.T) {
	for _, same := range [][]string{
		{"http://127.0.0.1:8080", "http://localhost:8080", "http://LocalHost:8080/", "http://[::1]:8080",
			"http://127.0.0.1:8080/api/v1", "http://localhost:8080/api/v1/", "http://[0:0:0:0:0:0:0:1]:8080", "http://localhost.:8080"},
		{"https://api.example.com", "HTTPS://API.Example.COM:443/", "https://api.example.com/api/v1"},
		{"http://127.0.0.1", "http://localhost:80", "http://[::1]:80/"},
	} {
		want := rootOf(t, same[0]).Key()
		for _, base := range same[1:] {
			if got := rootOf(t, base).Key(); got != want {
				t.Errorf("%s is another destination than %s", base, same[0])
			}
		}
	}
	apart := []string{"http://127.0.0.1:8080", "http://127.0.0.1:8081", "https://127.0.0.1:8080", "http://127.0.0.2:8080",
		"http://sandbox.localhost:8080", "https://api.example.com", "https://api.example.com:8443", "https://example.com"}
	keys := map[string]string{}
	for _, base := range apart {
		k := rootOf(t, base).Key()
		if other, ok := keys[k]; ok {
			t.Errorf("%s and %s are one destination", base, other)
		}
		keys[k] = base
	}
}

// The keys an earlier version gave a destination, which journals kept
// then still carry: the root as it was spelt, with the company.
func TestFormerKeys(t *testing.T) {
	old := func(root string) string {
		sum := sha256.Sum256([]byte(root + "\x00company\x001"))
		return hex.EncodeToString(sum[:])
	}
	for _, base := range []string{"http://localhost:8080", "http://127.0.0.1:8080/", "http://[::1]:8080/api/v1"} {
		d := rootOf(t, base)
		keys := append([]string{d.Key()}, d.FormerKeys()...)
		for _, root := range []string{"http://localhost:8080/api/v1", "http://127.0.0.1:8080/api/v1", "http://[::1]:8080/api/v1"} {
			if !slices.Contains(keys, old(root)) {
				t.Errorf("%s: the key of %s is neither its key nor a former one", base, root)
			}
		}
	}
	if d := rootOf(t, "https://api.example.com"); d.Key() != old("https://api.example.com/api/v1") || len(d.FormerKeys()) != 0 {
		t.Errorf("a root spelt one way: key %s, former keys %v", d.Key(), d.FormerKeys())
	}
}
