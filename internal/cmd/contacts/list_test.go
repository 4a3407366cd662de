package contacts_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

const firstPageFooter = "Showing 20 of 50 (page 1 of 3). Use --all or --page 2.\n"

func TestListJSONIsTheAPIData(t *testing.T) {
	env := newEnv(t)
	run(t, env, 0, "contacts", "list", "-o", "json")
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/contacts", nil).Data)
	if got := env.Stderr.String(); got != firstPageFooter {
		t.Errorf("stderr = %q, want the footer %q", got, firstPageFooter)
	}
}

func TestListFormats(t *testing.T) {
	env := newEnv(t)
	first := contact(t, env, "1")
	tests := []struct {
		name  string
		args  []string
		check func(t *testing.T, out []string)
	}{
		{"ndjson", []string{"-o", "ndjson"}, func(t *testing.T, out []string) {
			if len(out) != 20 {
				t.Fatalf("%d lines, want 20", len(out))
			}
			var c api.Contact
			if err := json.Unmarshal([]byte(out[0]), &c); err != nil || c.ID != 1 || c.Phone != contact1Phone {
				t.Errorf("first line = %s (%v), want contact 1", out[0], err)
			}
		}},
		{"csv", []string{"-o", "csv"}, func(t *testing.T, out []string) {
			if want := "id,phone,name,tags,blocked,updated_at"; out[0] != want {
				t.Errorf("header = %q, want %q", out[0], want)
			}
			if len(out) != 21 {
				t.Errorf("%d lines, want header + 20", len(out))
			}
			if want := "1," + contact1Phone + "," + contact1Name + ",Suporte técnico,false," + first.UpdatedAt.String(); out[1] != want {
				t.Errorf("row 1 = %q, want %q", out[1], want)
			}
		}},
		{"plain", []string{"-o", "plain"}, func(t *testing.T, out []string) {
			if len(out) != 20 {
				t.Fatalf("%d lines, want 20 and no header", len(out))
			}
			want := strings.Join([]string{"1", contact1Phone, contact1Name, "Suporte técnico", "false", first.UpdatedAt.String()}, "\t")
			if out[0] != want {
				t.Errorf("line 1 = %q, want %q", out[0], want)
			}
		}},
		{"plain by default in a pipe", nil, func(t *testing.T, out []string) {
			if len(out) != 20 || !strings.HasPrefix(out[0], "1\t"+contact1Phone+"\t") {
				t.Errorf("got %q, want 20 tab-separated lines", out)
			}
		}},
		{"yaml", []string{"-o", "yaml"}, func(t *testing.T, out []string) {
			if !slices.Contains(out, "- id: 1") || !slices.Contains(out, `  phone: "`+contact1Phone+`"`) {
				t.Errorf("yaml lacks contact 1:\n%s", strings.Join(out, "\n"))
			}
		}},
		{"dotted fields", []string{"-o", "csv", "--fields", "id,customfields.cpf,tags"}, func(t *testing.T, out []string) {
			if out[0] != "id,customfields.cpf,tags" {
				t.Errorf("header = %q", out[0])
			}
			if want := "1," + first.CustomFields["cpf"].(string) + ",Suporte técnico"; out[1] != want {
				t.Errorf("row 1 = %q, want %q", out[1], want)
			}
		}},
		{"fields keep json keys", []string{"-o", "json", "--fields", "id,phone"}, func(t *testing.T, out []string) {
			var got []map[string]any
			if err := json.Unmarshal([]byte(strings.Join(out, "\n")), &got); err != nil {
				t.Fatal(err)
			}
			if len(got) != 20 || len(got[0]) != 2 || got[0]["phone"] != contact1Phone {
				t.Errorf("got %v, want id and phone only", got[0])
			}
		}},
		{"jq", []string{"--jq", ".[0].phone"}, func(t *testing.T, out []string) {
			if !slices.Equal(out, []string{contact1Phone}) {
				t.Errorf("got %q, want the raw phone", out)
			}
		}},
		{"jq per item with ndjson", []string{"-o", "ndjson", "--jq", ".id", "--limit", "3"}, func(t *testing.T, out []string) {
			if !slices.Equal(out, []string{"1", "2", "3"}) {
				t.Errorf("got %q", out)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run(t, env, 0, append([]string{"contacts", "list"}, tt.args...)...)
			tt.check(t, lines(env.Stdout))
		})
	}
}

func TestListTable(t *testing.T) {
	env := newEnv(t)
	env.SetTTY(false, true)
	env.IO.SetTerminalWidth(200)
	run(t, env, 0, "contacts", "list", "--name", "silva")
	out := lines(env.Stdout)
	if len(out) != 2 {
		t.Fatalf("got %d lines, want a header and contact 1:\n%s", len(out), env.Stdout)
	}
	if header := regexp.MustCompile(`\s+`).Split(strings.TrimSpace(out[0]), -1); !slices.Equal(header, []string{"ID", "PHONE", "NAME", "TAGS", "BLOCKED", "UPDATED"}) {
		t.Errorf("header = %q", header)
	}
	if !regexp.MustCompile(`^1\s+` + contact1Phone + `\s+` + contact1Name + `\s+Suporte técnico\s+false\s+\S.* ago`).MatchString(out[1]) {
		t.Errorf("row = %q, want contact 1 with a relative time", out[1])
	}
}

func TestListAllTableShowsEachPageBeforeFetchingTheNext(t *testing.T) {
	env := newEnv(t)
	env.SetTTY(false, true)
	env.IO.SetTerminalWidth(200)
	// What was on the screen when each page was asked for.
	var screens []string
	env.Intercept(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/contacts") {
				screens = append(screens, env.Stdout.String())
			}
			next.ServeHTTP(w, r)
		})
	})
	run(t, env, 0, "contacts", "list", "--all", "--per-page", "20")
	if len(screens) != 3 {
		t.Fatalf("%d pages fetched, want 3 (50 contacts, 20 a page)", len(screens))
	}
	for page, screen := range screens {
		// A header and every row of the pages before.
		want := 0
		if page > 0 {
			want = 1 + 20*page
		}
		if got := strings.Count(screen, "\n"); got != want {
			t.Errorf("when page %d was fetched, %d lines were on the screen, want %d:\n%s", page+1, got, want, screen)
		}
	}
	if got := len(lines(env.Stdout)); got != 51 {
		t.Errorf("%d lines in the end, want a header and 50 rows", got)
	}
}

func TestListTableNeverCutsThePhone(t *testing.T) {
	env := newEnv(t)
	env.SetTTY(false, true)
	env.IO.SetTerminalWidth(40)
	run(t, env, 0, "contacts", "list", "--limit", "1")
	if !strings.Contains(env.Stdout.String(), contact1Phone) {
		t.Errorf("the phone was cut in a narrow table:\n%s", env.Stdout)
	}
}

func TestListPagination(t *testing.T) {
	env := newEnv(t)
	tests := []struct {
		name     string
		args     []string
		wantIDs  []int64
		wantFoot string
	}{
		{"first page", nil, ids(1, 20), firstPageFooter},
		{"all pages", []string{"--all"}, ids(1, 50), ""},
		{"all pages of 7", []string{"--all", "--per-page", "7"}, ids(1, 50), ""},
		{"limit across pages", []string{"--limit", "25"}, ids(1, 25), ""},
		{"limit with small pages", []string{"--limit", "12", "--per-page", "5"}, ids(1, 12), ""},
		{"per page", []string{"--per-page", "10"}, ids(1, 10), "Showing 10 of 50 (page 1 of 5). Use --all or --page 2.\n"},
		{"middle page", []string{"--page", "2"}, ids(21, 40), "Showing 20 of 50 (page 2 of 3). Use --all or --page 3.\n"},
		{"last page", []string{"--page", "3"}, ids(41, 50), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run(t, env, 0, append([]string{"contacts", "list", "-o", "json"}, tt.args...)...)
			var got []api.Contact
			if err := json.Unmarshal(env.Stdout.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			gotIDs := make([]int64, len(got))
			for i, c := range got {
				gotIDs[i] = c.ID
			}
			if !slices.Equal(gotIDs, tt.wantIDs) {
				t.Errorf("ids = %v, want %v", gotIDs, tt.wantIDs)
			}
			if env.Stderr.String() != tt.wantFoot {
				t.Errorf("stderr = %q, want %q", env.Stderr, tt.wantFoot)
			}
		})
	}
}

func ids(from, to int64) []int64 {
	var out []int64
	for id := from; id <= to; id++ {
		out = append(out, id)
	}
	return out
}

func TestListFilters(t *testing.T) {
	env := newEnv(t)
	tests := []struct {
		name    string
		args    []string
		wantIDs []int64
	}{
		{"name, accents and case ignored", []string{"--name", "JOAO"}, []int64{1}},
		{"phone part", []string{"--phone", contact1Phone[4:]}, []int64{1}},
		{"tag by name", []string{"--tag", "VIP"}, []int64{7, 14, 21, 28, 35, 42, 49}},
		{"tag by name in any case", []string{"--tag", "vip"}, []int64{7, 14, 21, 28, 35, 42, 49}},
		{"tag by id", []string{"--tag", "1"}, []int64{7, 14, 21, 28, 35, 42, 49}},
		{"blocked", []string{"--blocked"}, []int64{13, 26, 39}},
		{"blocked=true", []string{"--blocked=true"}, []int64{13, 26, 39}},
		{"tag and not blocked", []string{"--tag", "Inadimplente", "--blocked=false"}, []int64{11, 22, 33, 44}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run(t, env, 0, append([]string{"contacts", "list", "--all", "--jq", "[.[].id]"}, tt.args...)...)
			if got := cmdtest.DecodeJSON[[]int64](t, env.Stdout.Bytes()); !slices.Equal(got, tt.wantIDs) {
				t.Errorf("ids = %v, want %v", got, tt.wantIDs)
			}
		})
	}
	t.Run("blocked=false", func(t *testing.T) {
		run(t, env, 0, "contacts", "list", "--blocked=false", "--all", "--jq", "length")
		if got := strings.TrimSpace(env.Stdout.String()); got != "47" {
			t.Errorf("got %s unblocked contacts, want 47", got)
		}
	})
}

func TestListEmpty(t *testing.T) {
	env := newEnv(t)
	run(t, env, 0, "contacts", "list", "--name", "ninguém com este nome")
	if env.Stdout.Len() != 0 || env.Stderr.String() != "No contacts match.\n" {
		t.Errorf("stdout %q, stderr %q; want nothing and No contacts match.", env.Stdout, env.Stderr)
	}
}

func TestListErrors(t *testing.T) {
	env := newEnv(t)
	tests := []struct {
		name       string
		token      string
		args       []string
		wantCode   int
		wantStderr string
	}{
		{"unknown tag", "", []string{"--tag", "Sem tag"}, 2,
			"error: no tag named \"Sem tag\"; see `convo tags list`, or create it with `convo tags create --text \"Sem tag\"`\n"},
		{"tag of the other company", "", []string{"--tag", "Prioridade"}, 2, "error: no tag named \"Prioridade\""},
		{"bad blocked value", "", []string{"--blocked=talvez"}, 2, "error: invalid --blocked \"talvez\": want true or false"},
		{"unknown field", "", []string{"--fields", "id,email"}, 2, "error: unknown field \"email\" for contacts"},
		{"per page too big", "", []string{"--per-page", "101"}, 2, "--per-page must be from 1 to 100"},
		{"argument", "", []string{"1"}, 2, "error: unexpected argument \"1\""},
		{"unknown token", "no-such-token", nil, 4, "error: Não autenticado.\nThe API refused the token: run `convo auth login`, or set CONVO_TOKEN.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.token != "" {
				env.Token = tt.token
				t.Cleanup(func() { env.Token = "sandbox-admin-1" })
			}
			run(t, env, tt.wantCode, append([]string{"contacts", "list"}, tt.args...)...)
			if !strings.Contains(env.Stderr.String(), tt.wantStderr) {
				t.Errorf("stderr = %q, want it to contain %q", env.Stderr, tt.wantStderr)
			}
			if env.Stdout.Len() != 0 {
				t.Errorf("stdout = %q, want nothing", env.Stdout)
			}
		})
	}
}

func TestListAsAttendant(t *testing.T) {
	env := newEnv(t)
	env.Token = "sandbox-agent-1"
	run(t, env, 0, "contacts", "list", "--limit", "1", "--jq", ".[0].id")
	if got := strings.TrimSpace(env.Stdout.String()); got != "1" {
		t.Errorf("an attendant sees %q, want the company's contacts", got)
	}
}

func TestListScopedToCompany(t *testing.T) {
	env := newEnv(t)
	env.Token = "sandbox-admin-2"
	run(t, env, 0, "contacts", "list", "--all", "--jq", "[.[].id] | min, length")
	if got := lines(env.Stdout); !slices.Equal(got, []string{"51", "12"}) {
		t.Errorf("company 2 sees %q, want its 12 contacts from id 51", got)
	}
}
