package cmdutil_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/config"
	"github.com/convo-cli/convo/internal/output"
)

// watchedOutput is a terminal's stdout that tells when some text has
// appeared on it.
type watchedOutput struct {
	mu     sync.Mutex
	text   strings.Builder
	want   string
	appear chan struct{} // closed once want has been written
}

func (w *watchedOutput) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.text.Write(b)
	if w.appear != nil && strings.Contains(w.text.String(), w.want) {
		close(w.appear)
		w.appear = nil
	}
	return len(b), nil
}

func (w *watchedOutput) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.text.String()
}

// TestTableShowsFirstPageBeforeTheNext lists with --all as a table on a
// terminal against a server that holds page 2 back until page 1's rows are
// on the screen: the list can only finish if the table printed the first
// page without waiting for the rest.
func TestTableShowsFirstPageBeforeTheNext(t *testing.T) {
	out := &watchedOutput{want: "Page One Person", appear: make(chan struct{})}
	appeared := out.appear
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		page := r.URL.Query().Get("page")
		name := "Page One Person"
		if page == "2" {
			select {
			case <-appeared:
			case <-r.Context().Done():
				return
			}
			name = "Page Two Person"
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"success":true,"data":[{"id":%s,"name":%q}],"pagination":{"total":2,"per_page":1,"current_page":%s,"last_page":2}}`,
			page, name, page)
	}))
	t.Cleanup(srv.Close)

	ios, _, _, _ := output.Test()
	ios.Out = out
	ios.SetStdoutTTY(true)
	f := cmdutil.NewFactory("test", ios, nil)
	f.Settings = &config.Settings{All: true, Timeout: time.Minute}
	c, err := f.ClientFor(srv.URL, "token")
	if err != nil {
		t.Fatal(err)
	}
	spec := output.Spec{Noun: "contacts", Columns: []output.Column{
		{Header: "ID", Path: "id", Kind: output.KindID}, {Header: "NAME", Path: "name", Kind: output.KindText},
	}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	if err := f.CheckOutput(spec); err != nil {
		t.Fatal(err)
	}
	go func() { done <- cmdutil.PrintList(ctx, f, c.ListContacts(api.ContactListParams{})) }()

	// A guard against a hang, not a measure of speed.
	select {
	case <-appeared:
	case err := <-done:
		// Page 2 is served once page 1 shows, so the list can end at once
		// after it, and select picks either of two ready cases.
		select {
		case <-appeared:
			done <- err
		default:
			t.Fatalf("the list ended before page 1 was shown (%v):\n%s", err, out)
		}
	case <-time.After(time.Minute):
		t.Fatalf("page 1 not shown while page 2 is held back:\n%s", out)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	want := "ID  NAME\n1   Page One Person\n2   Page Two Person\n"
	if got := out.String(); got != want {
		t.Errorf("output:\n%q\nwant\n%q", got, want)
	}
}
