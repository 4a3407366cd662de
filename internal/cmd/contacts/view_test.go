package contacts_test

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

func TestViewJSONIsTheAPIData(t *testing.T) {
	env := newEnv(t)
	for _, id := range []string{"1", "50"} { // 50 has no name and no custom fields
		run(t, env, 0, "contacts", "view", id, "-o", "json")
		cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/contacts/"+id, nil).Data)
		if env.Stderr.Len() != 0 {
			t.Errorf("stderr = %q, want nothing", env.Stderr)
		}
	}
}

func TestViewFormats(t *testing.T) {
	env := newEnv(t)
	c := contact(t, env, "1")
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"plain", []string{"-o", "plain"}, []string{strings.Join([]string{"1", contact1Phone, contact1Name, "Suporte técnico", "false", c.UpdatedAt.String()}, "\t")}},
		{"csv", []string{"-o", "csv"}, []string{"id,phone,name,tags,blocked,updated_at", "1," + contact1Phone + "," + contact1Name + ",Suporte técnico,false," + c.UpdatedAt.String()}},
		{"ndjson", []string{"-o", "ndjson", "--fields", "id,tags"}, []string{`{"id":1,"tags":[{"id":4,"name":"Suporte técnico"}]}`}},
		{"dotted fields", []string{"-o", "csv", "--fields", "name,customfields.cpf,customfields.data_nascimento"},
			[]string{"name,customfields.cpf,customfields.data_nascimento", contact1Name + "," + c.CustomFields["cpf"].(string) + "," + c.CustomFields["data_nascimento"].(string)}},
		{"jq", []string{"--jq", ".tags[].name"}, []string{"Suporte técnico"}},
		{"template", []string{"-t", "{{.name}} <{{.phone}}>"}, []string{contact1Name + " <" + contact1Phone + ">"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run(t, env, 0, append([]string{"contacts", "view", "1"}, tt.args...)...)
			if got := lines(env.Stdout); !slices.Equal(got, tt.want) {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
	t.Run("yaml", func(t *testing.T) {
		run(t, env, 0, "contacts", "view", "1", "-o", "yaml")
		out := lines(env.Stdout)
		for _, want := range []string{"id: 1", `phone: "` + contact1Phone + `"`, "name: " + contact1Name, "customfields:", "  cpf: " + c.CustomFields["cpf"].(string), "tags:"} {
			if !slices.Contains(out, want) {
				t.Errorf("yaml lacks %q:\n%s", want, env.Stdout)
			}
		}
	})
	t.Run("table", func(t *testing.T) {
		env.SetTTY(false, true)
		defer env.SetTTY(false, false)
		run(t, env, 0, "contacts", "view", "1")
		out := lines(env.Stdout)
		wantLines := []string{`^ID\s+1$`, `^PHONE\s+` + contact1Phone + `$`, `^NAME\s+` + contact1Name + `$`, `^TAGS\s+Suporte técnico$`, `^BLOCKED\s+false$`, `^UPDATED\s+.* ago`}
		if len(out) != len(wantLines) {
			t.Fatalf("got %d lines, want %d:\n%s", len(out), len(wantLines), env.Stdout)
		}
		for i, re := range wantLines {
			if !regexp.MustCompile(re).MatchString(strings.TrimRight(out[i], " ")) {
				t.Errorf("line %d = %q, want %s", i+1, out[i], re)
			}
		}
	})
}

func TestViewErrors(t *testing.T) {
	env := newEnv(t)
	tests := []struct {
		name       string
		args       []string
		wantCode   int
		wantStderr string
	}{
		{"unknown contact", []string{"999"}, 1, notFoundStderr},
		{"contact of the other company", []string{"51"}, 1, notFoundStderr},
		{"not a number", []string{"abc"}, 2, "error: invalid contact \"abc\": want a contact's id or phone number, not a name\nRun 'convo contacts view --help' for usage.\n"},
		{"zero", []string{"0"}, 2, "error: contact: \"0\" is neither a contact id (a positive whole number) nor a phone number\n"},
		{"nine-digit id", []string{"999999999"}, 1, notFoundStderr},
		{"missing", nil, 2, "error: missing CONTACT (an id or a phone number)\n"},
		{"two", []string{"1", "2"}, 2, "error: too many arguments"},
		{"unknown field", []string{"1", "--fields", "email"}, 2, "error: unknown field \"email\" for contacts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run(t, env, tt.wantCode, append([]string{"contacts", "view"}, tt.args...)...)
			if !strings.HasPrefix(env.Stderr.String(), tt.wantStderr) {
				t.Errorf("stderr = %q, want it to start with %q", env.Stderr, tt.wantStderr)
			}
			if env.Stdout.Len() != 0 {
				t.Errorf("stdout = %q, want nothing", env.Stdout)
			}
		})
	}
}

// TestViewAnsweredWithNoData: a success whose data is null (a broken proxy,
// an API bug) is not a contact: exit 1 and nothing on stdout, in every
// format, instead of an empty row or "null" and exit 0.
func TestViewAnsweredWithNoData(t *testing.T) {
	for _, format := range []string{"table", "plain", "json"} {
		env := newEnv(t)
		env.AllowInvalidRequests()
		env.Intercept(func(http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprint(w, `{"success":true,"data":null}`)
			})
		})
		run(t, env, 1, "contacts", "view", "1", "-o", format)
		want := "error: GET /contacts/1: the API answered success but sent no data\n"
		if format == "json" {
			want = `{"error":{"message":"GET /contacts/1: the API answered success but sent no data","exit_code":1,"status":null,"errors":[]}}` + "\n"
		}
		if env.Stdout.Len() != 0 || env.Stderr.String() != want {
			t.Errorf("-o %s: stdout %q, stderr %q, want %q", format, env.Stdout, env.Stderr, want)
		}
	}
}
