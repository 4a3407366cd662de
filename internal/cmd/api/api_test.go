package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

// run is the way every test here runs convo.
var run = cmdtest.MustRun

// envelope is the part of a response body the tests look at.
type envelope struct {
	Success    bool                 `json:"success"`
	Message    string               `json:"message"`
	Data       json.RawMessage      `json:"data"`
	Pagination *struct{ Total int } `json:"pagination"`
	Errors     []struct {
		Code, Field string
	} `json:"errors"`
}

func decode(t *testing.T, data []byte) envelope {
	t.Helper()
	var e envelope
	if err := json.Unmarshal(data, &e); err != nil {
		t.Fatalf("stdout is not one JSON document: %v\n%s", err, data)
	}
	return e
}

func TestGetPrintsTheWholeEnvelope(t *testing.T) {
	env := cmdtest.New(t)
	for _, path := range []string{"contacts?per_page=2", "/contacts?per_page=2", "/api/v1/contacts?per_page=2"} {
		for _, method := range []string{"GET", "get"} {
			run(t, env, 0, "api", method, path)
			e := decode(t, env.Stdout.Bytes())
			var items []map[string]any
			if err := json.Unmarshal(e.Data, &items); err != nil || !e.Success || len(items) != 2 || e.Pagination == nil || e.Pagination.Total != 50 {
				t.Fatalf("%s %s: %+v, %d items (%v)", method, path, e, len(items), err)
			}
			if strings.Count(env.Stdout.String(), "\n") != 1 {
				t.Fatalf("not compact when stdout is not a terminal:\n%s", env.Stdout)
			}
			if env.Stderr.Len() != 0 {
				t.Fatalf("stderr: %s", env.Stderr)
			}
		}
	}
}

func TestFieldsGoToTheQueryForGet(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "api", "GET", "contacts", "-f", "per_page=3", "-f", "page=2")
	e := decode(t, env.Stdout.Bytes())
	var items []struct{ ID int }
	if err := json.Unmarshal(e.Data, &items); err != nil || len(items) != 3 {
		t.Fatalf("items %v (%v)", items, err)
	}
	run(t, env, 0, "api", "GET", "contacts/1", "--jq", ".data.name")
	if env.Stdout.String() != "João da Silva\n" {
		t.Fatalf("--jq: %q", env.Stdout)
	}
}

func TestTerminalOutputIsIndented(t *testing.T) {
	env := cmdtest.New(t)
	env.SetTTY(false, true)
	run(t, env, 0, "api", "GET", "tags/1")
	if !strings.HasPrefix(env.Stdout.String(), "{\n  \"success\": true,\n") {
		t.Fatalf("stdout:\n%s", env.Stdout)
	}
}

func TestPostBodyFromFields(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "api", "POST", "contacts", "-f", "phone=5511987650001", "-f", "name=Rosa Lima", "-F", "blocked=true", "-F", "tags[]=1", "-F", "tags[]=2")
	e := decode(t, env.Stdout.Bytes())
	var c struct {
		ID      int
		Phone   string
		Name    string
		Blocked bool
		Tags    []struct{ ID int }
	}
	if err := json.Unmarshal(e.Data, &c); err != nil {
		t.Fatal(err)
	}
	if c.Phone != "5511987650001" || c.Name != "Rosa Lima" || !c.Blocked || len(c.Tags) != 2 {
		t.Fatalf("created %+v", c)
	}
	// The contact exists: the sandbox stored what the body said.
	run(t, env, 0, "api", "GET", "contacts", "-f", "phone=5511987650001", "--jq", ".data[0].name")
	if env.Stdout.String() != "Rosa Lima\n" {
		t.Fatalf("lookup: %q", env.Stdout)
	}
}

// TestRawAndTypedFields: -f sends a string and -F a typed value, as in gh
// api: a phone number given with -f is a string, which the API accepts;
// with -F it is a number, which the API refuses.
func TestRawAndTypedFields(t *testing.T) {
	env := cmdtest.New(t)
	env.AllowInvalidRequests() // -F sends the phone as a number, which the API refuses
	var bodies []string
	env.Intercept(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			bodies = append(bodies, string(body))
			r.Body = io.NopCloser(bytes.NewReader(body))
			next.ServeHTTP(w, r)
		})
	})
	run(t, env, 0, "api", "POST", "contacts", "-f", "phone=5511987650002", "-f", "name=42", "--jq", ".data.phone")
	if env.Stdout.String() != "5511987650002\n" || bodies[0] != `{"phone":"5511987650002","name":"42"}` {
		t.Fatalf("sent %s, printed %q", bodies[0], env.Stdout)
	}
	run(t, env, 1, "api", "POST", "contacts", "-F", "phone=5511987650003")
	if bodies[1] != `{"phone":5511987650003}` || !strings.HasPrefix(env.Stderr.String(), "error: Erro de validação\n  - phone: ") {
		t.Fatalf("sent %s; stderr:\n%s", bodies[1], env.Stderr)
	}
}

// TestInputWithFields: with --input the body is the file, and fields go to
// the query string, as in gh api.
func TestInputWithFields(t *testing.T) {
	env := cmdtest.New(t)
	var query string
	env.Intercept(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			query = r.URL.RawQuery
			next.ServeHTTP(w, r)
		})
	})
	env.Stdin.WriteString(`{"text":"Atendido"}`)
	run(t, env, 0, "api", "PUT", "tags/1", "--input", "-", "-f", "note=x y", "-F", "n=1", "--jq", ".data.text")
	if env.Stdout.String() != "Atendido\n" || query != "n=1&note=x+y" {
		t.Fatalf("stdout %q, query %q", env.Stdout, query)
	}
}

func TestInputSendsTheBodyVerbatim(t *testing.T) {
	env := cmdtest.New(t)
	env.Stdin.WriteString(`{"text":"Pós-venda","color":"#123456"}`)
	run(t, env, 0, "api", "POST", "tags", "--input", "-", "--jq", ".data.text")
	if env.Stdout.String() != "Pós-venda\n" {
		t.Fatalf("stdout: %q", env.Stdout)
	}
	file := filepath.Join(t.TempDir(), "tag.json")
	if err := os.WriteFile(file, []byte(`{"text":"Atendido"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	run(t, env, 0, "api", "PUT", "tags/1", "--input", file, "--jq", ".data.text")
	if env.Stdout.String() != "Atendido\n" {
		t.Fatalf("stdout: %q", env.Stdout)
	}
}

func TestAPIErrorPrintsBodyAndExitCode(t *testing.T) {
	env := cmdtest.New(t)
	env.AllowInvalidRequests()
	run(t, env, 1, "api", "GET", "contacts/99999")
	if e := decode(t, env.Stdout.Bytes()); e.Success || e.Message != "Contato não encontrado." {
		t.Fatalf("stdout: %s", env.Stdout)
	}
	if env.Stderr.String() != "error: Contato não encontrado.\n" {
		t.Fatalf("stderr: %q", env.Stderr)
	}

	run(t, env, 1, "api", "POST", "contacts", "-f", "name=Sem Telefone")
	e := decode(t, env.Stdout.Bytes())
	if len(e.Errors) == 0 || e.Errors[0].Field != "phone" {
		t.Fatalf("stdout: %s", env.Stdout)
	}
	lines := strings.Split(strings.TrimSpace(env.Stderr.String()), "\n")
	if lines[0] != "error: Erro de validação" || !strings.HasPrefix(lines[1], "  - phone: ") || !strings.HasSuffix(lines[1], ")") {
		t.Fatalf("stderr:\n%s", env.Stderr)
	}
	if strings.Contains(env.Stderr.String(), "Usage:") {
		t.Fatalf("usage dumped for an API error:\n%s", env.Stderr)
	}

	env.Token = "revoked"
	run(t, env, 4, "api", "GET", "channels")
	if e := decode(t, env.Stdout.Bytes()); e.Success {
		t.Fatalf("stdout: %s", env.Stdout)
	}
}

func TestPaginate(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "api", "GET", "contacts", "--paginate", "-f", "per_page=7")
	var items []struct{ ID int }
	if err := json.Unmarshal(env.Stdout.Bytes(), &items); err != nil {
		t.Fatalf("not one JSON array: %v\n%s", err, env.Stdout)
	}
	seen := map[int]bool{}
	for _, it := range items {
		seen[it.ID] = true
	}
	if len(items) != 50 || len(seen) != 50 {
		t.Fatalf("%d items, %d distinct; want all 50 of company 1", len(items), len(seen))
	}
	// From a later page on, and as one item per line.
	run(t, env, 0, "api", "GET", "contacts?per_page=20&page=2", "--paginate", "-o", "ndjson")
	if n := strings.Count(env.Stdout.String(), "\n"); n != 30 {
		t.Fatalf("%d lines from page 2 on, want 30", n)
	}
	run(t, env, 0, "api", "GET", "tags", "--paginate", "--jq", "length")
	if env.Stdout.String() != "6\n" {
		t.Fatalf("tags: %q", env.Stdout)
	}
}

func TestPaginateErrors(t *testing.T) {
	env := cmdtest.New(t)
	env.AllowInvalidRequests()
	run(t, env, 1, "api", "GET", "contacts/1", "--paginate")
	if env.Stderr.String() != "error: GET /contacts/1: the data of the answer is not a list\n" {
		t.Fatalf("stderr: %s", env.Stderr)
	}
	run(t, env, 1, "api", "GET", "contacts", "--paginate", "-f", "per_page=500")
	if !strings.HasPrefix(env.Stderr.String(), "error: Erro de validação\n  - per_page: ") {
		t.Fatalf("stderr: %s", env.Stderr)
	}
}

// TestPaginateEnds: --paginate walks with the client's pager, so a server
// that ignores the page number stops it with an error after one page
// instead of the same items printed forever, and without -f per_page the
// pages are as large as the API serves.
func TestPaginateEnds(t *testing.T) {
	env := cmdtest.New(t)
	var pages []string
	env.Intercept(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			q := r.URL.Query()
			pages = append(pages, q.Get("page")+"/"+q.Get("per_page"))
			if q.Get("name") == "ignore-the-page" {
				q.Del("page")
				q.Del("name")
				r.URL.RawQuery = q.Encode()
			}
			next.ServeHTTP(w, r)
		})
	})
	run(t, env, 0, "api", "GET", "contacts", "--paginate", "--jq", "length")
	if env.Stdout.String() != "50\n" || strings.Join(pages, " ") != "1/100" {
		t.Fatalf("stdout %q after pages %v, want 50 items in one page of 100", env.Stdout, pages)
	}
	pages = nil
	run(t, env, 1, "api", "GET", "contacts", "--paginate", "-f", "per_page=20", "-f", "name=ignore-the-page", "-o", "ndjson")
	if n := strings.Count(env.Stdout.String(), "\n"); n != 20 || strings.Join(pages, " ") != "1/20 2/20" {
		t.Errorf("%d items after pages %v, want the 20 of page 1 once", n, pages)
	}
	if want := `{"error":{"message":"GET /contacts: page 2 holds the same 20 items as page 1: the server seems to ignore the page number, so the list was not read to its end","exit_code":1,"status":null,"errors":[]}}` + "\n"; env.Stderr.String() != want {
		t.Errorf("stderr %q\nwant   %q", env.Stderr, want)
	}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"api", "GET"}, "error: missing METHOD and PATH"},
		{[]string{"api", "FETCH", "contacts"}, `error: invalid method "FETCH": use one of GET, POST, PUT, PATCH, DELETE`},
		{[]string{"api", "POST", "contacts", "--paginate"}, "error: --paginate works only with GET, not POST"},
		{[]string{"api", "GET", "https://api.example.com/api/v1/contacts"}, `error: PATH "https://api.example.com/api/v1/contacts" is a URL`},
		{[]string{"api", "POST", "tags", "-f", "text"}, `error: invalid -f "text"`},
		{[]string{"api", "POST", "tags", "-F", "text[=x"}, `error: invalid -F "text[=x": unbalanced brackets`},
		{[]string{"api", "POST", "tags", "-f", "a=1", "-f", "a=2"}, `error: field "a" given more than once (-f a=2)`},
		{[]string{"api", "POST", "tags", "--input", "/nonexistent.json"}, "error: --input: open /nonexistent.json"},
		{[]string{"api", "GET", "tags", "-o", "table"}, "error: convo api prints JSON: --output must be json, ndjson or yaml, not table"},
	}
	for _, tt := range tests {
		env := cmdtest.New(t)
		run(t, env, 2, tt.args...)
		if !strings.HasPrefix(env.Stderr.String(), tt.want) {
			t.Errorf("convo %s: stderr = %q, want it to start with %q", strings.Join(tt.args, " "), env.Stderr, tt.want)
		}
		if env.Stdout.Len() != 0 {
			t.Errorf("convo %s: stdout = %q", strings.Join(tt.args, " "), env.Stdout)
		}
	}
}

func TestDeleteAndYAML(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "api", "DELETE", "tags/6", "-o", "yaml")
	if !strings.HasPrefix(env.Stdout.String(), "success: true\nmessage: ") {
		t.Fatalf("stdout:\n%s", env.Stdout)
	}
	run(t, env, 1, "api", "GET", "tags/6")
}
