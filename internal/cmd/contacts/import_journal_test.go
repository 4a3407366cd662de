package contacts_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/cmd/contacts"
	"github.com/convo-cli/convo/internal/sandbox"
)

// rowsWithOneBad is a CSV of n good rows (phones from first on) and a last
// row that fails, so that an import of it keeps its journal.
func rowsWithOneBad(first, n int) string {
	var b strings.Builder
	b.WriteString("phone,name\n")
	for i := range n {
		fmt.Fprintf(&b, "55479980%05d,Contato %d\n", first+i, i)
	}
	b.WriteString("12,Curto\n")
	return b.String()
}

func journalFiles(t *testing.T) []string {
	t.Helper()
	found, err := filepath.Glob(filepath.Join(os.Getenv("CONVO_DATA_DIR"), "imports", "*.journal"))
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// The journal is bound to the company, not to the token: the same file
// imported for another company imports every row there, and a rotated
// token (another of the same company) keeps the journal.
func TestImportJournalIsBoundToTheDestination(t *testing.T) {
	env := newEnv(t)
	path := writeInput(t, "leads.csv", rowsWithOneBad(0, 20))
	run(t, env, 6, "contacts", "import", path)

	env.Token = sandbox.AdminToken2
	before := contactCount(t, env)
	run(t, env, 6, "contacts", "import", path)
	if got := env.Stderr.String(); !strings.HasPrefix(got, "created 20 · updated 0 · skipped 0 · failed 1 in ") {
		t.Errorf("company 2: stderr = %q", got)
	}
	if n := contactCount(t, env); n != before+20 {
		t.Errorf("company 2 has %d contacts, want %d", n, before+20)
	}

	env.Token = sandbox.AgentToken1 // company 1 again, another token
	run(t, env, 6, "contacts", "import", path)
	if got := env.Stderr.String(); !strings.HasPrefix(got, "created 0 · updated 0 · skipped 0 · failed 1 · already done 20 in ") {
		t.Errorf("company 1 with another token: stderr = %q", got)
	}
	if j := journalFiles(t); len(j) != 2 {
		t.Errorf("journals %v: want one per company", j)
	}
}

// A new file at the same path, of the same size and modification time (a
// daily export copied with cp -p), is another input: nothing of it is
// skipped for what was done with the old one.
func TestImportJournalIsBoundToTheContent(t *testing.T) {
	env := newEnv(t)
	path := writeInput(t, "export.csv", rowsWithOneBad(0, 20))
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	run(t, env, 6, "contacts", "import", path)

	next := rowsWithOneBad(100, 20) // other phones, the same length
	if err := os.WriteFile(path, []byte(next), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, info.ModTime(), info.ModTime()); err != nil {
		t.Fatal(err)
	}
	run(t, env, 6, "contacts", "import", path)
	if got := env.Stderr.String(); !strings.HasPrefix(got, "created 20 · updated 0 · skipped 0 · failed 1 in ") {
		t.Errorf("the next export: stderr = %q", got)
	}
	if n := contactCount(t, env); n != seedContacts1+40 {
		t.Errorf("%d contacts, want %d", n, seedContacts1+40)
	}
}

// Standard input is resumed like a file: the same content piped again
// skips the rows done.
func TestImportStandardInputResumes(t *testing.T) {
	env := newEnv(t)
	input := rowsWithOneBad(0, 10)
	t.Chdir(t.TempDir()) // its report goes to the current directory
	env.Stdin.WriteString(input)
	run(t, env, 6, "contacts", "import", "-")
	env.Stdin.WriteString(input)
	run(t, env, 6, "contacts", "import", "-")
	if got := env.Stderr.String(); !strings.HasPrefix(got, "created 0 · updated 0 · skipped 0 · failed 1 · already done 10 in ") {
		t.Errorf("stdin again: stderr = %q", got)
	}
	if spools, _ := filepath.Glob(filepath.Join(os.Getenv("CONVO_DATA_DIR"), "spool", "*")); len(spools) != 0 {
		t.Errorf("spools left: %v", spools)
	}
}

// A damaged journal line (a huge line number) once allocated half a
// gigabyte or panicked on every rerun: it is reported, naming the file and
// the line, set aside, and the import goes on.
func TestImportDamagedJournal(t *testing.T) {
	env := newEnv(t)
	path := writeInput(t, "c.csv", rowsWithOneBad(0, 5))
	run(t, env, 6, "contacts", "import", path)
	journals := journalFiles(t)
	if len(journals) != 1 {
		t.Fatalf("journals %v", journals)
	}
	f, err := os.OpenFile(journals[0], os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(f, "c 9999999999999\n")
	f.Close()

	run(t, env, 6, "contacts", "import", path)
	stderr := env.Stderr.String()
	if !strings.HasPrefix(stderr, "warning: the journal "+journals[0]+" is damaged at line ") || !strings.Contains(stderr, "set aside as "+journals[0]+".damaged") {
		t.Errorf("stderr = %q", stderr)
	}
	if !strings.Contains(stderr, "created 0 · updated 0 · skipped 5 · failed 1 in ") {
		t.Errorf("the rows were not done again: %q", stderr)
	}
}

// An API that answers 503 to every write once took about 28 hours for
// 20,000 rows (ten attempts each). The circuit stops the import, with the
// journal kept and the command to resume; the resumed import finishes.
func TestImportStopsWhenTheAPIKeepsFailing(t *testing.T) {
	env := newEnv(t)
	contacts.SetCircuit(t, bulk.Circuit{Failures: 5, Window: 100 * time.Millisecond})
	var down atomic.Bool
	var posts atomic.Int32
	down.Store(true)
	env.Intercept(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost && down.Load() {
				posts.Add(1)
				w.WriteHeader(http.StatusServiceUnavailable)
				return
			}
			next.ServeHTTP(w, r)
		})
	})
	path := writeInput(t, "c.csv", rowsWithOneBad(0, 500))
	run(t, env, 1, "contacts", "import", path)
	stderr := env.Stderr.String()
	for _, want := range []string{
		"To resume, run the same command again:\n  convo contacts import " + path + "\n",
		"error: stopped: the API failed the last ",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if n := posts.Load(); n > 100 {
		t.Errorf("%d POSTs before stopping", n)
	}
	if j := journalFiles(t); len(j) != 1 {
		t.Errorf("journals %v, want the one to resume with", j)
	}

	down.Store(false)
	run(t, env, 6, "contacts", "import", path)
	// A progress line may come first: it is written every 10 seconds to
	// a stderr that is not a terminal, and a busy machine takes that long.
	if got := env.Stderr.String(); !strings.HasPrefix(got, "created 500 · updated 0 · skipped 0 · failed 1 in ") &&
		!strings.Contains(got, "\ncreated 500 · updated 0 · skipped 0 · failed 1 in ") {
		t.Errorf("resumed: stderr = %q", got)
	}
}

// The failure report replaces an earlier one readable by everyone, and a
// symbolic link planted in its place, instead of writing through them.
func TestImportReportIsWrittenPrivately(t *testing.T) {
	env := newEnv(t)
	path := writeInput(t, "c.csv", "phone\n12\n")
	report := path + ".errors.csv"
	target := filepath.Join(t.TempDir(), "alvo.txt")
	if err := os.WriteFile(target, []byte("intocado\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, report); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	run(t, env, 6, "contacts", "import", path)
	info, err := os.Lstat(report)
	if err != nil || !info.Mode().IsRegular() || info.Mode().Perm() != 0o600 {
		t.Errorf("report %v, %v: want a regular file of mode 0600", info.Mode(), err)
	}
	if data, _ := os.ReadFile(target); string(data) != "intocado\n" {
		t.Errorf("the link's target was written: %q", data)
	}
}
