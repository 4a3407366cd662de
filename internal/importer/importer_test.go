package importer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/destination"
)

// testPhone is the i-th phone of generated rows: a Brazilian mobile number
// in an area code the seed does not use.
func testPhone(i int) string { return fmt.Sprintf("5547998%06d", i) }

// csvRows is a CSV of n rows with a header, phones from testPhone.
func csvRows(n int) string {
	var b strings.Builder
	b.WriteString("phone,name\n")
	for i := range n {
		fmt.Fprintf(&b, "%s,Contato %d\n", testPhone(i), i)
	}
	return b.String()
}

// inputFile writes content to a file of name (no extension: the format is
// sniffed) and prepares it for a run.
func inputFile(t *testing.T, name, content string) *bulk.Input {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	in, err := bulk.OpenInput(path, bulk.OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// runImport imports input with fast backoff and a report in a temp dir;
// opts.Input, when set, is the input instead.
func runImport(t *testing.T, ctx context.Context, c *api.Client, input string, opts Options) (*Summary, error) {
	t.Helper()
	if opts.Input == nil {
		opts.Input = inputFile(t, "input", input)
	}
	if opts.ReportPath == "" {
		opts.ReportPath = filepath.Join(t.TempDir(), "report.csv")
	}
	if opts.Backoff == nil {
		opts.Backoff = func(int) time.Duration { return time.Millisecond }
	}
	return Run(ctx, c, opts)
}

// phoneOf reads the phone of a POST /contacts without consuming the body for next.
func phoneOf(t *testing.T, r *http.Request) string {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		t.Error(err)
	}
	r.Body = io.NopCloser(strings.NewReader(string(body)))
	var c struct{ Phone string }
	_ = json.Unmarshal(body, &c)
	return c.Phone
}

// Faults after which the server may or may not have created the contact
// must neither lose a row nor create one twice, and the retry's duplicate
// answer counts as created.
func TestImportAmbiguousFailuresCreateEachRowOnce(t *testing.T) {
	a := newTestAPI(t)
	const rows = 120
	var mu sync.Mutex
	attempts := map[string]int{}
	a.setHook(func(w http.ResponseWriter, r *http.Request, next http.Handler) bool {
		if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/contacts") {
			return false
		}
		phone := phoneOf(t, r)
		var i int
		fmt.Sscanf(phone, "5547998%06d", &i)
		mu.Lock()
		attempts[phone]++
		n := attempts[phone]
		mu.Unlock()
		switch {
		case n == 1 && i%4 == 1: // refused before processing
			w.WriteHeader(http.StatusServiceUnavailable)
		case n <= 2 && i%4 == 2: // processed, then a 502 (twice)
			next.ServeHTTP(httptestDiscard{}, r)
			w.WriteHeader(http.StatusBadGateway)
		case n == 1 && i%4 == 3: // processed, then the connection breaks
			next.ServeHTTP(httptestDiscard{}, r)
			conn, _, err := http.NewResponseController(w).Hijack()
			if err != nil {
				t.Error(err)
				return false
			}
			conn.Close()
		default:
			return false
		}
		return true
	})
	s, err := runImport(t, context.Background(), a.client(3), csvRows(rows), Options{RunOptions: bulk.RunOptions{Concurrency: 8}})
	if err != nil {
		t.Fatal(err)
	}
	if s.Created != rows || s.Skipped != 0 || s.Failed != 0 || s.Rows != rows || s.Report != nil {
		t.Errorf("summary %+v, want %d created and nothing else", s, rows)
	}
	if got := len(a.contacts("5547998")); got != rows {
		t.Errorf("%d contacts, want %d", got, rows)
	}
	for i := range rows {
		a.contact(testPhone(i)) // exactly one each
	}
}

// A retried POST that meets a duplicate counts as created only when the
// contact was created after the first POST was sent, by the server's
// clock: contacts that were there before are skipped, updated or failed as
// --on-duplicate says, whatever faults came first. Every row's first POST
// fails here: half of them refused before the server did anything (the
// client cannot tell), half after it created the contact.
func TestImportCountsExistingContactsExactly(t *testing.T) {
	for _, tt := range []struct {
		mode                             OnDuplicate
		created, updated, skipped, fails int
	}{
		{DuplicateUpdate, 10, 20, 0, 0},
		{DuplicateSkip, 10, 0, 20, 0},
		{DuplicateFail, 10, 0, 0, 20},
	} {
		t.Run(string(tt.mode), func(t *testing.T) {
			a := newTestAPI(t)
			var b strings.Builder
			b.WriteString("phone,name\n")
			for _, ct := range a.contacts("")[:20] { // the seed's, created months ago
				fmt.Fprintf(&b, "%s,%s\n", ct.Phone, ct.Name)
			}
			for i := range 10 {
				fmt.Fprintf(&b, "%s,Novo %d\n", testPhone(i), i)
			}
			var mu sync.Mutex
			posts := map[string]int{}
			a.setHook(func(w http.ResponseWriter, r *http.Request, next http.Handler) bool {
				if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/contacts") {
					return false
				}
				phone := phoneOf(t, r)
				mu.Lock()
				posts[phone]++
				n, processed := posts[phone], len(posts)%2 == 0
				mu.Unlock()
				if n > 1 {
					return false
				}
				if processed {
					next.ServeHTTP(httptestDiscard{}, r) // done, and then the answer is lost
				}
				w.WriteHeader(http.StatusServiceUnavailable)
				return true
			})
			s, err := runImport(t, context.Background(), a.client(0), b.String(), Options{RunOptions: bulk.RunOptions{Concurrency: 4}, OnDuplicate: tt.mode})
			if err != nil {
				t.Fatal(err)
			}
			if s.Created != tt.created || s.Updated != tt.updated || s.Skipped != tt.skipped || s.Failed != tt.fails {
				t.Errorf("summary %+v, want created %d, updated %d, skipped %d, failed %d", s, tt.created, tt.updated, tt.skipped, tt.fails)
			}
			if got := len(a.contacts("5547998")); got != 10 {
				t.Errorf("%d new contacts, want 10", got)
			}
		})
	}
}

// A 429 that outlasts the client's retries holds back every worker for
// Retry-After, once: no request of any worker arrives during the pause.
// The sandbox is called in process, in a synctest bubble: the waits are
// the bubble's clock's.
func TestImport429PausesEveryWorker(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a := newInProcessAPI(t)
		var (
			// mu serves the POSTs one at a time; a channel, as waiting for
			// a sync.Mutex would stop the bubble's clock.
			mu        = make(chan struct{}, 1)
			limitedAt time.Time
			during    int
			posts     int
		)
		a.setHook(func(w http.ResponseWriter, r *http.Request, next http.Handler) bool {
			if r.Method != http.MethodPost {
				return false
			}
			mu <- struct{}{}
			defer func() { <-mu }()
			posts++
			now := time.Now()
			switch {
			case posts == 10:
				limitedAt = now
				w.Header().Set("Retry-After", "1")
				w.WriteHeader(http.StatusTooManyRequests)
				return true
			case !limitedAt.IsZero() && now.Sub(limitedAt) > 100*time.Millisecond && now.Sub(limitedAt) < 900*time.Millisecond:
				during++
			}
			time.Sleep(5 * time.Millisecond)
			return false
		})
		start := time.Now()
		s, err := runImport(t, context.Background(), a.client(0), csvRows(40), Options{RunOptions: bulk.RunOptions{Concurrency: 4}})
		if err != nil {
			t.Fatal(err)
		}
		if s.Created != 40 || s.Failed != 0 {
			t.Errorf("summary %+v, want 40 created", s)
		}
		if during != 0 {
			t.Errorf("%d requests arrived while every worker should have been paused", during)
		}
		if d := time.Since(start); d < time.Second || d > 3500*time.Millisecond {
			t.Errorf("took %s, want a pause of about 1s", d)
		}
	})
}

// The client's own retries of a 429 and the import's pause add up to a
// wait per retry, never more (in a synctest bubble, as above).
func TestImport429WithClientRetries(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		a := newInProcessAPI(t)
		var limited atomic.Int32
		a.setHook(func(w http.ResponseWriter, r *http.Request, next http.Handler) bool {
			if r.Method == http.MethodPost && limited.Add(1) <= 2 {
				w.Header().Set("Retry-After", "1")
				w.WriteHeader(http.StatusTooManyRequests)
				return true
			}
			return false
		})
		start := time.Now()
		s, err := runImport(t, context.Background(), a.client(1), csvRows(1), Options{})
		if err != nil || s.Created != 1 {
			t.Fatalf("summary %+v, %v", s, err)
		}
		// The client waits 1s and tries again, the import pauses 1s and tries again.
		if d := time.Since(start); d < 2*time.Second || d > 3500*time.Millisecond {
			t.Errorf("took %s, want about 2s", d)
		}
	})
}

func TestImportDuplicates(t *testing.T) {
	a := newTestAPI(t)
	seed := a.client(0)
	res, err := seed.GetContact(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	existing := res.Data
	var oldTags []int64
	for _, tg := range existing.Tags {
		oldTags = append(oldTags, tg.ID)
	}
	input := "phone,name,tags,empresa\n" +
		existing.Phone + ",Nome Novo,Atacado,Empresa Nova\n" +
		testPhone(1) + ",Contato Novo,,\n"

	for _, tt := range []struct {
		mode        OnDuplicate
		replaceTags bool
		created     int
		updated     int
		skipped     int
		failed      int
		name        string
		tags        []int64
	}{
		{mode: DuplicateSkip, created: 1, skipped: 1, name: existing.Name, tags: oldTags},
		{mode: DuplicateFail, failed: 2, name: existing.Name, tags: oldTags}, // the first run created the other
		{mode: DuplicateUpdate, updated: 2, name: "Nome Novo", tags: append(slices.Clone(oldTags), 5)},
		{mode: DuplicateUpdate, replaceTags: true, updated: 2, name: "Nome Novo", tags: []int64{5}},
	} {
		t.Run(fmt.Sprintf("%s replace=%v", tt.mode, tt.replaceTags), func(t *testing.T) {
			report := filepath.Join(t.TempDir(), "report.csv")
			s, err := runImport(t, context.Background(), seed, input, Options{RunOptions: bulk.RunOptions{ReportPath: report}, OnDuplicate: tt.mode, ReplaceTags: tt.replaceTags})
			if err != nil {
				t.Fatal(err)
			}
			if s.Created != tt.created || s.Updated != tt.updated || s.Skipped != tt.skipped || s.Failed != tt.failed {
				t.Errorf("summary %+v", s)
			}
			ct := a.contact(existing.Phone)
			var tags []int64
			for _, tg := range ct.Tags {
				tags = append(tags, tg.ID)
			}
			slices.Sort(tags)
			want := slices.Sorted(slices.Values(tt.tags))
			if ct.Name != tt.name || !slices.Equal(tags, want) {
				t.Errorf("contact %q tags %v, want %q %v", ct.Name, tags, tt.name, want)
			}
			if tt.mode == DuplicateUpdate && (ct.CustomFields["empresa"] != "Empresa Nova" || ct.CustomFields["cpf"] != existing.CustomFields["cpf"]) {
				t.Errorf("custom fields %v: want empresa set and cpf kept", ct.CustomFields)
			}
			if tt.failed > 0 {
				data, err := os.ReadFile(report)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(string(data), "\n"+existing.Phone+",Nome Novo,Atacado,Empresa Nova,2,DUPLICATE_ENTRY,phone,") {
					t.Errorf("report:\n%s", data)
				}
			}
		})
	}
}

func TestImportDryRunWritesNothing(t *testing.T) {
	a := newTestAPI(t)
	input := "phone,tags,plano\n" +
		testPhone(1) + ",VIP;Nova Campanha,Básico\n" +
		testPhone(2) + ",,Ouro\n" +
		"1199,,\n"
	journal := filepath.Join(t.TempDir(), "j")
	s, err := runImport(t, context.Background(), a.client(0), input, Options{RunOptions: bulk.RunOptions{DryRun: true, JournalPath: journal}, CreateTags: true})
	if err != nil {
		t.Fatal(err)
	}
	if s.Valid != 1 || s.Failed != 2 || s.Created != 0 || !s.DryRun || s.Journal != nil || !slices.Equal(s.TagsToCreate, []string{"Nova Campanha"}) {
		t.Errorf("summary %+v", s)
	}
	if n := a.writes(); n != 0 {
		t.Errorf("%d writes in a dry run", n)
	}
	if _, err := os.Stat(journal); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a dry run wrote a journal: %v", err)
	}
	if !strings.HasPrefix(s.Line(), "dry run: valid 1 · failed 2 in ") || !strings.HasSuffix(s.Line(), "; nothing was written") {
		t.Errorf("line %q", s.Line())
	}
}

func TestImportStopsWhenTheTokenIsRefused(t *testing.T) {
	a := newTestAPI(t)
	a.setHook(func(w http.ResponseWriter, r *http.Request, next http.Handler) bool {
		if r.Method != http.MethodPost {
			return false
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = io.WriteString(w, `{"success":false,"message":"Não autenticado."}`)
		return true
	})
	s, err := runImport(t, context.Background(), a.client(0), csvRows(500), Options{})
	if cmdutil.ExitCode(err) != clierr.ExitAuth || s == nil {
		t.Fatalf("error %v (exit %d), summary %v; want exit %d with a summary", err, cmdutil.ExitCode(err), s, clierr.ExitAuth)
	}
	if s.Failed != 0 || s.Created != 0 {
		t.Errorf("summary %+v: rows must be left for the next run, not failed", s)
	}
	if n := a.count("POST", "/contacts"); n > 20 {
		t.Errorf("%d POSTs after the token was refused", n)
	}
}

// An import cancelled in the middle is resumed by a run with the same
// journal, which skips the rows done: every row ends up created once.
func TestImportResumes(t *testing.T) {
	a := newTestAPI(t)
	const rows = 300
	input := csvRows(rows)
	in := inputFile(t, "contatos.csv", input)
	journal := filepath.Join(t.TempDir(), "contatos.journal")
	ctx, cancel := context.WithCancel(context.Background())
	var posts atomic.Int32
	a.setHook(func(w http.ResponseWriter, r *http.Request, next http.Handler) bool {
		if r.Method == http.MethodPost && posts.Add(1) == 100 {
			cancel()
		}
		return false
	})
	opts := Options{RunOptions: bulk.RunOptions{Input: in, JournalPath: journal, Concurrency: 4}}
	first, err := runImport(t, ctx, a.client(0), "", opts)
	if !errors.Is(err, context.Canceled) || !first.Interrupted || first.Journal == nil || *first.Journal != journal {
		t.Fatalf("first run: %v, %+v; want it interrupted, the journal kept", err, first)
	}
	if first.Created < 100 || first.Created > 100+4 {
		t.Errorf("first run created %d, want the 100 before Ctrl-C and those in flight", first.Created)
	}
	// Ctrl-C lets the rows in flight finish and says of the rest that they
	// were not sent: no row is left in doubt.
	state := openTestJournal(t, a, journal, in)
	for line := 2; line <= rows+1; line++ {
		if state.InDoubt(line) {
			t.Errorf("line %d in doubt after Ctrl-C", line)
		}
	}
	// Each dispatch mark says from when its rows may have been sent, by the
	// server's clock: never after the rows' contacts were created.
	if since, ok := state.DoubtSince(rows / 4); !ok || !since.Before(a.contact(testPhone(rows/4-2)).CreatedAt.Time) {
		t.Errorf("line %d was sent from %v (%v), after its contact was created", rows/4, since, ok)
	}

	a.setHook(nil)
	second, err := runImport(t, context.Background(), a.client(0), "", opts)
	if err != nil {
		t.Fatal(err)
	}
	if second.AlreadyDone != first.Created || second.Created != rows-first.Created || second.Skipped != 0 || second.Journal != nil {
		t.Errorf("second run %+v after the first created %d", second, first.Created)
	}
	if got := len(a.contacts("5547998")); got != rows {
		t.Errorf("%d contacts, want %d", got, rows)
	}
	// Every row done: the journal is gone, and the same file imported again
	// is imported again (each row a duplicate now).
	if _, err := os.Stat(journal); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("journal after a complete run: %v", err)
	}
	third, err := runImport(t, context.Background(), a.client(0), "", opts)
	if err != nil || third.AlreadyDone != 0 || third.Skipped != rows || a.count("POST", "/contacts") != 2*rows {
		t.Errorf("third run %+v, %v; %d POSTs in all, want %d", third, err, a.count("POST", "/contacts"), 2*rows)
	}
}

// openTestJournal reads the journal of importing in through a's company 1
// admin, as a run would, and releases it.
func openTestJournal(t *testing.T, a *testAPI, path string, in *bulk.Input) *bulk.LineState {
	t.Helper()
	dest, err := destination.Learn(context.Background(), a.client(0))
	if err != nil {
		t.Fatal(err)
	}
	state := bulk.NewLineState(in.Lines, journalLetters)
	j, warnings, err := bulk.OpenJournal(journalSpec(path, dest, in, state))
	if err != nil || len(warnings) > 0 {
		t.Fatalf("open the journal: %v, %q", err, warnings)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	return state
}

// Rows an earlier run sent without recording the outcome (it was killed)
// count as created when their POST now says duplicate and the contact was
// created after the run sent them (the time its journal recorded, by the
// server's clock); one that was there before is a duplicate like any
// other. A journal without the time (of an earlier version) cannot tell:
// its rows in doubt count as created.
func TestImportRowsInDoubt(t *testing.T) {
	for _, tt := range []struct {
		name             string
		stamped          bool
		created, skipped int
	}{
		{"stamped", true, 6, 1},
		{"of an earlier version", false, 7, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := newTestAPI(t)
			c := a.client(0)
			input := csvRows(8) // lines 2..9, phones 0..7
			in := inputFile(t, "in.csv", input)
			// Line 8 (phone 6) was a contact before the killed run.
			before, err := c.CreateContact(context.Background(), api.ContactCreate{Phone: testPhone(6)})
			if err != nil {
				t.Fatal(err)
			}
			// The killed run: lines 2-8 sent, 2 recorded, 3 and 4 created
			// unrecorded.
			journal := filepath.Join(t.TempDir(), "j")
			dest, err := destination.Learn(context.Background(), c)
			if err != nil {
				t.Fatal(err)
			}
			j, _, err := bulk.OpenJournal(journalSpec(journal, dest, in, bulk.NewLineState(in.Lines, journalLetters)))
			if err != nil {
				t.Fatal(err)
			}
			stamp := "" // the run sent them right after, by the server's clock
			if tt.stamped {
				stamp = before.Data.CreatedAt.Add(time.Microsecond).UTC().Format(time.RFC3339Nano)
			}
			if err := j.WriteNowValue('d', "8", stamp); err != nil {
				t.Fatal(err)
			}
			j.Add('c', "2", "")
			if err := j.Close(); err != nil {
				t.Fatal(err)
			}
			for _, i := range []int{1, 2} {
				if _, err := c.CreateContact(context.Background(), api.ContactCreate{Phone: testPhone(i)}); err != nil {
					t.Fatal(err)
				}
			}
			s, err := runImport(t, context.Background(), c, "", Options{RunOptions: bulk.RunOptions{Input: in, JournalPath: journal}})
			if err != nil {
				t.Fatal(err)
			}
			if s.AlreadyDone != 1 || s.Created != tt.created || s.Skipped != tt.skipped || s.Failed != 0 {
				t.Errorf("summary %+v, want 1 already done, %d created, %d skipped", s, tt.created, tt.skipped)
			}
		})
	}
}

func TestImportReport(t *testing.T) {
	a := newTestAPI(t)
	input := "\xef\xbb\xbfTelefone;Nome;tags;limite_credito\n" +
		"+55 (11) 98888-0001;\"Souza; Ana\";VIP;10.5\n" + // 2
		"(11) 98888-0002;\"Linha\ndupla\";Inexistente;\n" + // 3-4
		"98888;Curto;;\n" + // 5
		"(11) 98888-0003;Carlos;;1,5\n" + // 6
		"(11) 98888-0004;Sobra;;;x\n" + // 7
		"(11) 9876-543;Dois erros;Inexistente;abc\n" + // 8: every error of it
		";;;\n ; ; ;\n" // 9, 10: empty rows, not rows
	report := filepath.Join(t.TempDir(), "falhas.csv")
	s, err := runImport(t, context.Background(), a.client(0), input, Options{RunOptions: bulk.RunOptions{
		Mappings:       []bulk.Mapping{{Column: "Telefone", To: "phone"}, {Column: "Nome", To: "name"}},
		DefaultCountry: "BR", Concurrency: 1, ReportPath: report}})
	if err != nil {
		t.Fatal(err)
	}
	if s.Created != 1 || s.Failed != 5 || s.Rows != 6 || s.Report == nil || *s.Report != report {
		t.Errorf("summary %+v", s)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	want := "\uFEFF" + `Telefone;Nome;tags;limite_credito;error_line;error_code;error_field;error_message
(11) 98888-0002;Linha\ndupla;Inexistente;;3;UNKNOWN_TAG;tags;"no tag named ""Inexistente""; create it with ` + "`convo tags create --text \"\"Inexistente\"\"`" + `, or import with --create-tags"
98888;Curto;;;5;INVALID_VALUE;phone;"is not a whole number in BR: 5 digits, where a whole number has 10 or 11 with its area code; the area code (or a digit) is missing, e.g. (11) 96123-4567"
(11) 98888-0003;Carlos;;1,5;6;INVALID_VALUE;customfields.limite_credito;"must be a number such as 42, -3 or 1.5, with a dot as decimal separator and no thousands separator (got ""1,5"")"
(11) 98888-0004;Sobra;;;7;INVALID_RECORD;;has 5 fields, the header has 4
(11) 9876-543;Dois erros;Inexistente;abc;8;"INVALID_VALUE; INVALID_VALUE; UNKNOWN_TAG";"phone; customfields.limite_credito; tags";"phone: is a digit short: 9 digits, where a whole number in BR has 10 or 11, area code included, e.g. (11) 96123-4567\ncustomfields.limite_credito: must be a number such as 42, -3 or 1.5 (got ""abc"")\ntags: no tag named ""Inexistente""; create it with ` + "`convo tags create --text \"\"Inexistente\"\"`" + `, or import with --create-tags"
`
	if string(data) != want {
		t.Errorf("report:\n%s\nwant:\n%s", data, want)
	}
	ct := a.contact("5511988880001")
	if ct.Name != "Souza; Ana" || len(ct.Tags) != 1 || ct.Tags[0].Name != "VIP" || fmt.Sprint(ct.CustomFields["limite_credito"]) != "10.5" {
		t.Errorf("imported contact %+v", ct)
	}
}

func TestSummaryLine(t *testing.T) {
	s := Summary{Created: 9812, Skipped: 170, Failed: 18, Seconds: 41.23, RowsPerSecond: 242.9}
	if got, want := s.Line(), "created 9,812 · updated 0 · skipped 170 · failed 18 in 41.2s (243 rows/s)"; got != want {
		t.Errorf("Line() = %q, want %q", got, want)
	}
	s.AlreadyDone = 5000
	if got, want := s.Line(), "created 9,812 · updated 0 · skipped 170 · failed 18 · already done 5,000 in 41.2s (243 rows/s)"; got != want {
		t.Errorf("Line() = %q, want %q", got, want)
	}
	// A slow run says how slow, never "(1 rows/s)".
	for rate, want := range map[float64]string{1: "(1.0 rows/s)", 0.4: "(0.4 rows/s)", 9.5: "(9.5 rows/s)", 9.96: "(10 rows/s)", 12345.6: "(12,346 rows/s)"} {
		s := Summary{Created: 1, Seconds: 1, RowsPerSecond: rate}
		if got := s.Line(); !strings.HasSuffix(got, want) {
			t.Errorf("at %v rows/s: %q, want it to end %q", rate, got, want)
		}
	}
}

// A name the API would refuse anyway is refused before anything is sent:
// a 300 KB cell once went out in a POST.
func TestImportRefusesLongNames(t *testing.T) {
	a := newTestAPI(t)
	input := "phone,name\n" + testPhone(1) + "," + strings.Repeat("n", 300<<10) + "\n" + testPhone(2) + ",Ana\n"
	report := filepath.Join(t.TempDir(), "r.csv")
	s, err := runImport(t, context.Background(), a.client(0), input, Options{RunOptions: bulk.RunOptions{ReportPath: report}})
	if err != nil || s.Created != 1 || s.Failed != 1 {
		t.Fatalf("summary %+v, %v", s, err)
	}
	if n := a.count("POST", "/contacts"); n != 1 {
		t.Errorf("%d POSTs, want only the good row's", n)
	}
	data, err := os.ReadFile(report)
	if err != nil || !strings.Contains(string(data), ",TOO_LONG,name,must be at most 255 characters (got 307200)\n") {
		t.Errorf("report %.200q, %v", data, err)
	}
}

// Two imports that create the same new tag at once once left two tags of
// that name, and every later import naming it failed AMBIGUOUS_TAG. Both
// now settle on the lowest id, and later imports use it with a warning.
func TestConcurrentImportsCreatingOneTag(t *testing.T) {
	a := newTestAPI(t)
	var arrived sync.WaitGroup
	arrived.Add(2)
	a.setHook(func(w http.ResponseWriter, r *http.Request, next http.Handler) bool {
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/tags") {
			arrived.Done()
			waitOrTimeout(&arrived, 5*time.Second) // both create it
		}
		return false
	})
	var wg sync.WaitGroup
	summaries := make([]*Summary, 2)
	errs := make([]error, 2)
	for i := range 2 {
		input := fmt.Sprintf("phone,tags\n%s,Campanha Nova\n%s,Campanha Nova\n", testPhone(2*i), testPhone(2*i+1))
		wg.Go(func() {
			summaries[i], errs[i] = runImport(t, context.Background(), a.client(0), input, Options{CreateTags: true})
		})
	}
	wg.Wait()
	for i := range 2 {
		if errs[i] != nil || summaries[i].Created != 2 {
			t.Fatalf("import %d: %+v, %v", i, summaries[i], errs[i])
		}
	}
	tags, err := a.client(0).ListTags(api.TagListParams{Search: "Campanha Nova"}).Collect(context.Background())
	if err != nil || len(tags) != 2 {
		t.Fatalf("tags %+v, %v; want the two the imports created", tags, err)
	}
	lowest := min(tags[0].ID, tags[1].ID)
	for i := range 4 {
		if ct := a.contact(testPhone(i)); len(ct.Tags) != 1 || ct.Tags[0].ID != lowest {
			t.Errorf("contact %d has tags %+v, want only %d", i, ct.Tags, lowest)
		}
	}

	var stderr strings.Builder
	s, err := runImport(t, context.Background(), a.client(0), "phone,tags\n"+testPhone(9)+",campanha nova\n", Options{RunOptions: bulk.RunOptions{Stderr: &stderr}})
	if err != nil || s.Created != 1 || s.Failed != 0 {
		t.Fatalf("a later import naming the tag: %+v, %v", s, err)
	}
	if want := fmt.Sprintf(`warning: 2 tags are named "campanha nova" (ids %d, %d): rows naming it get %d, the lowest;`, lowest, max(tags[0].ID, tags[1].ID), lowest); !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
}

func waitOrTimeout(wg *sync.WaitGroup, d time.Duration) {
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(d):
	}
}

// Two imports of one input to one destination at once once corrupted their
// shared journal: the second is refused at once, before sending anything.
func TestImportsOfOneInputAtOnce(t *testing.T) {
	a := newTestAPI(t)
	release := make(chan struct{})
	a.setHook(func(w http.ResponseWriter, r *http.Request, next http.Handler) bool {
		if r.Method == http.MethodPost {
			<-release
		}
		return false
	})
	in := inputFile(t, "c.csv", csvRows(20))
	dir := t.TempDir()
	first := make(chan error, 1)
	go func() {
		_, err := runImport(t, context.Background(), a.client(0), "", Options{RunOptions: bulk.RunOptions{Input: in, JournalDir: dir}})
		first <- err
	}()
	// The first holds its journal once a POST waits.
	deadline := time.Now().Add(10 * time.Second)
	for a.count("POST", "/contacts") == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	s, err := runImport(t, context.Background(), a.client(0), "", Options{RunOptions: bulk.RunOptions{Input: in, JournalDir: dir}})
	var locked *bulk.LockedError
	if !errors.As(err, &locked) || cmdutil.ExitCode(err) != clierr.ExitUsage || s != nil {
		t.Errorf("second import: %+v, %v (exit %d); want refused with exit 2", s, err, cmdutil.ExitCode(err))
	}
	close(release)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if n := a.count("POST", "/contacts"); n != 20 {
		t.Errorf("%d POSTs, want the first import's 20", n)
	}
}

// A report that cannot be written beside the input does not make the
// import fail: it goes to the data directory, and the import says where.
func TestImportReportFallsBack(t *testing.T) {
	a := newTestAPI(t)
	notADir := filepath.Join(t.TempDir(), "entrada")
	if err := os.WriteFile(notADir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	var stderr strings.Builder
	s, err := runImport(t, context.Background(), a.client(0), "phone\n12\n"+testPhone(1)+"\n",
		Options{RunOptions: bulk.RunOptions{ReportPath: filepath.Join(notADir, "c.csv.errors.csv"), ReportFallbackDir: data, Stderr: &stderr}})
	want := filepath.Join(data, "reports", "c.csv.errors.csv")
	if err != nil || s.Created != 1 || s.Failed != 1 || s.Report == nil || *s.Report != want {
		t.Fatalf("summary %+v, %v; want the report at %s", s, err, want)
	}
	if !strings.Contains(stderr.String(), "writing it to "+want) {
		t.Errorf("stderr %q", stderr.String())
	}
}

// The journal of an input read in another encoding than UTF-8 says which:
// the same bytes read as Latin-1 are other rows than read as Windows-1252.
func TestJournalNamesTheEncoding(t *testing.T) {
	identity := func(content string, enc bulk.Encoding) string {
		t.Helper()
		path := filepath.Join(t.TempDir(), "in.csv")
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		in, err := bulk.OpenInput(path, bulk.OpenOptions{Encoding: enc})
		if err != nil {
			t.Fatal(err)
		}
		return journalSpec("j", destination.Destination{}, in, nil).Identity[1]
	}
	const cp1252 = "phone,name\n5511987654321,Jos\xe9\n"
	if id := identity("phone,name\n5511987654321,José\n", bulk.EncodingAuto); strings.Contains(id, " read as ") {
		t.Errorf("UTF-8: %q", id)
	}
	if a, b := identity(cp1252, bulk.Windows1252), identity(cp1252, bulk.ISO88591); !strings.HasSuffix(a, " read as windows-1252") ||
		!strings.HasSuffix(b, " read as iso-8859-1") || strings.TrimSuffix(a, " read as windows-1252") != strings.TrimSuffix(b, " read as iso-8859-1") {
		t.Errorf("identities %q and %q", a, b)
	}
}

// An import interrupted under an earlier version, which keyed the journal
// by the root as it was spelt, resumes at another spelling of the same
// server: its rows done are not done again, and the journal it kept is
// the run's, removed once every row is done.
func TestImportResumesAJournalOfAnEarlierVersion(t *testing.T) {
	a := newTestAPI(t)
	const rows = 12
	in := inputFile(t, "contatos.csv", csvRows(rows))
	_, port, _ := strings.Cut(strings.TrimPrefix(a.srv.URL, "http://"), ":")
	hexSum := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return hex.EncodeToString(sum[:])
	}
	oldKey := hexSum("http://localhost:" + port + "/api/v1\x00company\x001")
	dir := t.TempDir()
	oldPath := filepath.Join(dir, hexSum(oldKey + "\x00" + in.SHA256)[:20]+".journal")
	// Rows at lines 2 to 5 were created by the earlier run, and are.
	for i := range 4 {
		if _, err := a.client(0).CreateContact(context.Background(), api.ContactCreate{Phone: testPhone(i)}); err != nil {
			t.Fatal(err)
		}
	}
	journal := "convo-journal 2 import\nidentity destination " + oldKey + "\nidentity input " + in.Fingerprint.String() +
		"\nabout \"contatos.csv\"\nbegin\nr\nd 5\nc 2\nc 3\nc 4\nc 5\n"
	if err := os.WriteFile(oldPath, []byte(journal), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := runImport(t, context.Background(), a.client(0), "", Options{RunOptions: bulk.RunOptions{Input: in, JournalDir: dir}})
	if err != nil || s.AlreadyDone != 4 || s.Created != rows-4 || s.Skipped != 0 {
		t.Errorf("summary %+v, %v; want the 4 rows of the earlier journal already done", s, err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*.journal")); len(left) != 0 {
		t.Errorf("journals left after every row was done: %v", left)
	}
}
