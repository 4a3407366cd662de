package cmdutil_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/config"
	"github.com/convo-cli/convo/internal/output"
)

// TestStoppedJSONListStaysValid lists --all -o json from a server whose
// page 3 fails, and again interrupting the run while page 3 is awaited: the
// output must be a valid JSON array of the two pages that arrived (it used
// to be left open), stderr must say the list is incomplete, and the exit
// code must be 1 for the failure and 130 for the interruption.
func TestStoppedJSONListStaysValid(t *testing.T) {
	for _, tc := range []struct {
		name      string
		interrupt bool
		wantCode  int
	}{
		{"page 3 fails", false, clierr.ExitAPI},
		{"interrupted on page 3", true, clierr.ExitInterrupted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				page := r.URL.Query().Get("page")
				if page == "3" {
					if tc.interrupt {
						cancel() // Ctrl-C while the page is awaited
						<-r.Context().Done()
						return
					}
					w.Header().Set("Content-Type", "application/json")
					w.WriteHeader(http.StatusInternalServerError)
					fmt.Fprint(w, `{"success":false,"message":"Erro interno."}`)
					return
				}
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprintf(w, `{"success":true,"data":[{"id":%s,"name":"Person %s"}],"pagination":{"total":3,"per_page":1,"current_page":%s,"last_page":3}}`,
					page, page, page)
			}))
			t.Cleanup(srv.Close)

			ios, _, stdout, stderr := output.Test()
			f := cmdutil.NewFactory("test", ios, nil)
			f.Settings = &config.Settings{All: true, Output: "json", Timeout: time.Minute}
			c, err := f.ClientFor(srv.URL, "token")
			if err != nil {
				t.Fatal(err)
			}
			spec := output.Spec{Noun: "contacts", Fields: []string{"id", "name"}}
			if err := f.CheckOutput(spec); err != nil {
				t.Fatal(err)
			}
			err = cmdutil.PrintList(ctx, f, c.ListContacts(api.ContactListParams{}))
			if code := cmdutil.ExitCode(err); code != tc.wantCode {
				t.Errorf("exit code %d (%v), want %d", code, err, tc.wantCode)
			}
			var items []map[string]any
			if err := json.Unmarshal(stdout.Bytes(), &items); err != nil || len(items) != 2 {
				t.Errorf("stdout is not a JSON array of the 2 items that arrived (%v):\n%s", err, stdout)
			}
			if !strings.Contains(stderr.String(), "The list of contacts is incomplete: it stopped after item 2.") {
				t.Errorf("stderr does not say the list is incomplete: %q", stderr)
			}
			if bytes.Contains(stderr.Bytes(), []byte("Showing")) {
				t.Errorf("a footer for an incomplete list: %q", stderr)
			}
		})
	}
}
