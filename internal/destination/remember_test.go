package destination

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/sandbox"
)

func TestRememberedAsksOncePerLogin(t *testing.T) {
	ctx := context.Background()
	refuse := map[string]int{}
	url := sandboxURL(t, refuse)
	client := func(token string) *api.Client {
		c, err := api.New(api.Options{BaseURL: url, Token: token})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	file := filepath.Join(t.TempDir(), "desk", "logins.json")
	first, err := Remembered(ctx, client(sandbox.AdminToken1), file)
	if err != nil || first.CompanyID != 1 {
		t.Fatalf("first: %+v, %v", first, err)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), sandbox.AdminToken1) {
		t.Errorf("the file holds the token:\n%s", b)
	}
	if fi, err := os.Stat(file); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("file mode %v (%v), want 0600", fi.Mode(), err)
	}

	// The API refuses to say again: the login's destination is remembered.
	refuse["/api/v1/users"] = http.StatusInternalServerError
	refuse["/api/v1/channels"] = http.StatusInternalServerError
	again, err := Remembered(ctx, client(sandbox.AdminToken1), file)
	if err != nil || again != first {
		t.Errorf("again: %+v, %v; want %+v without a request", again, err, first)
	}
	// Another login is asked about.
	if _, err := Remembered(ctx, client(sandbox.AdminToken2), file); err == nil {
		t.Error("another login's destination was not asked for")
	}
}

// A destination known by a channel may change: it is asked every time.
func TestRememberedKeepsNoDestinationOfAChannel(t *testing.T) {
	ctx := context.Background()
	refuse := map[string]int{"/api/v1/users": http.StatusForbidden}
	url := sandboxURL(t, refuse)
	c, err := api.New(api.Options{BaseURL: url, Token: sandbox.AgentToken1})
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "logins.json")
	if d, err := Remembered(ctx, c, file); err != nil || d.Channel == "" {
		t.Fatalf("first: %+v, %v", d, err)
	}
	refuse["/api/v1/channels"] = http.StatusInternalServerError
	if _, err := Remembered(ctx, c, file); err == nil {
		t.Error("a destination known by a channel was remembered")
	}
}
