package sandboxtest

import (
	"database/sql"
	"encoding/json"
	"testing"

	"github.com/convo-cli/convo/internal/api"
)

// SetTemplateComponents gives the template of company 1 named name other
// components, in the sandbox database at path (which a server may be
// serving): templates cannot be written through the API, and a test of
// what convo does when a template changes under it needs them to.
func SetTemplateComponents(t testing.TB, path, name string, comps []api.TemplateComponent) {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	raw, err := json.Marshal(comps)
	if err != nil {
		t.Fatal(err)
	}
	res, err := conn.Exec("UPDATE templates SET components = ? WHERE name = ? AND company_id = 1", string(raw), name)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		t.Fatalf("template %q of company 1: %d rows changed (%v)", name, n, err)
	}
}
