package contacts_test

import (
	"fmt"
	"net/http"
	"testing"
)

// TestCreateAnsweredWithARedirect: a server (a proxy, a moved API) that
// answers the POST with a redirect to a contact must not make convo print
// that contact as the one it created: exit 1, naming where the server
// pointed, and nothing created.
func TestCreateAnsweredWithARedirect(t *testing.T) {
	for _, status := range []int{http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther, http.StatusTemporaryRedirect} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			env := newEnv(t)
			before := contactCount(t, env)
			env.Intercept(func(next http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					if r.Method == http.MethodPost && r.URL.Path == "/api/v1/contacts" {
						http.Redirect(w, r, "/api/v1/contacts/1", status)
						return
					}
					next.ServeHTTP(w, r)
				})
			})
			run(t, env, 1, "contacts", "create", "--phone", freshPhone, "--name", "Maria Souza", "-o", "json")
			if env.Stdout.Len() != 0 {
				t.Errorf("stdout %q, want nothing", env.Stdout)
			}
			want := fmt.Sprintf(`{"error":{"message":"POST /contacts: the server answered POST with %d %s to http://sandbox.localhost/api/v1/contacts/1; `+
				`convo never follows a redirect of a POST: check the base URL","exit_code":1,"status":null,"errors":[]}}`+"\n", status, http.StatusText(status))
			if stderr := env.Stderr.String(); stderr != want {
				t.Errorf("stderr %q\nwant   %q", stderr, want)
			}
			if after := contactCount(t, env); after != before {
				t.Errorf("%d contacts, want %d", after, before)
			}
		})
	}
}
