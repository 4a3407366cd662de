package contacts_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/dirs"
	"github.com/convo-cli/convo/internal/importer"
)

// writeInput writes content to a file in a temp dir and returns its path.
func writeInput(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestImportRefusesBadInputBeforeWriting(t *testing.T) {
	env := newEnv(t)
	env.StdinLimit = 64
	good := writeInput(t, "ok.csv", "phone,name\n5511987654321,Ana\n")
	odd := writeInput(t, "odd.csv", "Telefone,Cidade\n5511987654321,Recife\n")
	mixed := writeInput(t, "mixed.csv", "phone,name\n5511987654321,José Lima\n5511987654322,Ara\xfajo\n")
	tests := []struct {
		name   string
		args   []string
		stdin  string
		stderr string
	}{
		{"unknown columns", []string{odd}, "", `error: unknown columns "Telefone", "Cidade"; known columns are phone, name, blocked, tags and the custom fields`},
		{"no phone column", []string{odd, "--ignore-unknown-columns"}, "", `error: no phone column: the header has "Telefone", "Cidade"`},
		{"bad map", []string{good, "--map", "phone"}, "", `error: --map "phone": want HEADER=FIELD`},
		{"bad mode", []string{good, "--on-duplicate", "merge"}, "", `error: on-duplicate: must be one of skip, update, fail (got "merge")`},
		{"bad format", []string{good, "--format", "xlsx"}, "", `error: format: must be one of csv, jsonl (got "xlsx")`},
		{"replace tags without update", []string{good, "--replace-tags"}, "", "error: --replace-tags works only with --on-duplicate update"},
		{"too many workers", []string{good, "--concurrency", "65"}, "", "error: --concurrency: must be 1 to 64 (got 65)"},
		{"negative rate", []string{good, "--rate", "-2"}, "", "error: --rate: must be 0 (no limit) or from 0.01 to 10,000 a second (got -2)\n"},
		{"rate NaN", []string{good, "--rate", "NaN"}, "", "error: --rate: must be 0 (no limit) or from 0.01 to 10,000 a second (got NaN)\n"},
		{"infinite rate", []string{good, "--rate", "Inf"}, "", "error: --rate: must be 0 (no limit) or from 0.01 to 10,000 a second (got +Inf)\n"},
		{"tiny rate", []string{good, "--rate", "1e-300"}, "", "error: --rate: must be 0 (no limit) or from 0.01 to 10,000 a second (got 1e-300)\n"},
		{"huge rate", []string{good, "--rate", "10001"}, "", "error: --rate: must be 0 (no limit) or from 0.01 to 10,000 a second (got 10001)\n"},
		{"stdin too long", []string{"-"}, "phone,name\n" + strings.Repeat("5511987654321,Ana\n", 8), "error: standard input is longer than 64 B, the most convo copies of standard input or a pipe to read it again; nothing was sent. Save it to a file and give the file instead: a file is read where it is, whatever its size\n"},
		{"long delimiter", []string{good, "--delimiter", ";;"}, "", `error: --delimiter: want one character such as ";" or "," (or "tab"), got ";;"`},
		{"missing file", []string{filepath.Join(t.TempDir(), "none.csv")}, "", "error: read the input: open "},
		{"mixed encodings", []string{mixed}, "", "error: " + mixed + ` mixes encodings: line 2 is UTF-8 ("José Lima") and line 3 is not (the byte 0xFA in "Ara\xfajo"); nothing was sent.` + "\n"},
		{"mixed encodings read as Windows-1252", []string{mixed, "--encoding", "windows-1252"}, "", "error: " + mixed + " mixes encodings: line 2 is UTF-8"},
		{"empty stdin", []string{"-"}, "", "error: the input is empty: a CSV import needs a header line"},
		{"bad country", []string{good, "--default-country", "Brasil"}, "", "error: default_country: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env.Stdin.Reset()
			env.Stdin.WriteString(tt.stdin)
			run(t, env, 2, append([]string{"contacts", "import"}, tt.args...)...)
			if !strings.HasPrefix(env.Stderr.String(), tt.stderr) {
				t.Errorf("stderr = %q, want it to start with %q", env.Stderr, tt.stderr)
			}
			if env.Stdout.Len() != 0 {
				t.Errorf("stdout = %q, want nothing", env.Stdout)
			}
		})
	}
	if spooled, _ := filepath.Glob(filepath.Join(os.Getenv(dirs.EnvDataDir), "spool", "*")); len(spooled) != 0 {
		t.Errorf("copies of standard input left: %v", spooled)
	}
	if n := contactCount(t, env); n != seedContacts1 {
		t.Errorf("%d contacts, want the seed's %d: nothing may be written", n, seedContacts1)
	}
}

func TestImportSummaryAsJSON(t *testing.T) {
	env := newEnv(t)
	env.Stdin.WriteString("phone;name;tags\n+55 11 98765-4321;Ana;VIP\n(11) 98765-4322;Bia;\n1;Curto;\n")
	t.Chdir(t.TempDir()) // the report of standard input goes to the current directory
	run(t, env, 6, "contacts", "import", "-", "--default-country", "BR", "-o", "json")
	s := cmdtest.DecodeJSON[importer.Summary](t, env.Stdout.Bytes())
	if s.Created != 2 || s.Failed != 1 || s.Rows != 3 || s.Journal == nil || s.Report == nil || !strings.HasPrefix(*s.Report, "import-") {
		t.Errorf("summary %+v", s)
	}
	if _, err := os.Stat(*s.Report); err != nil {
		t.Errorf("report: %v", err)
	}
	// The line of the summary, then the error as -o json has it.
	want := "1 row failed: see " + *s.Report + "\n" +
		`{"error":{"message":"1 row failed: see ` + *s.Report + `","exit_code":6,"status":null,"errors":[]}}` + "\n"
	if got := env.Stderr.String(); !strings.HasPrefix(got, "created 2 · updated 0 · skipped 0 · failed 1 in ") || !strings.HasSuffix(got, want) {
		t.Errorf("stderr = %q", got)
	}
	if n := contactCount(t, env); n != seedContacts1+2 {
		t.Errorf("%d contacts, want %d", n, seedContacts1+2)
	}
}

func TestImportQuietSaysOnlyWhatFailed(t *testing.T) {
	env := newEnv(t)
	path := writeInput(t, "c.csv", "phone\n5511987654321\n12\n")
	run(t, env, 6, "contacts", "import", path, "--quiet")
	report := path + ".errors.csv"
	if got, want := env.Stderr.String(), "1 row failed: see "+report+"\n"; got != want {
		t.Errorf("stderr = %q, want %q", got, want)
	}
	ok := writeInput(t, "ok.csv", "phone\n5511987654322\n")
	run(t, env, 0, "contacts", "import", ok, "--quiet")
	if env.Stderr.Len() != 0 {
		t.Errorf("stderr = %q, want nothing", env.Stderr)
	}
}

// The bar shows the total from the start (the input is counted before the
// import begins); the journal keeps the rows done while a row is left to
// do, and is gone once none is.
func TestImportJournalAndProgressBar(t *testing.T) {
	env := newEnv(t)
	var b strings.Builder
	b.WriteString("phone,name\n")
	for i := range 30 {
		fmt.Fprintf(&b, "55479980000%02d,Contato\n", i)
	}
	b.WriteString("12,Curto\n")
	path := writeInput(t, "c.csv", b.String())
	env.IO.SetStderrTTY(true)
	run(t, env, 6, "contacts", "import", path)
	stderr := env.Stderr.String()
	if !strings.Contains(stderr, "31 / 31 rows") || !strings.Contains(stderr, "rows/s") {
		t.Errorf("no progress bar with its total on a terminal: %q", stderr)
	}
	if !strings.Contains(stderr, "created 30 · updated 0 · skipped 0 · failed 1 in ") {
		t.Errorf("no summary: %q", stderr)
	}
	journals := func() []string {
		t.Helper()
		found, err := filepath.Glob(filepath.Join(os.Getenv("CONVO_DATA_DIR"), "imports", "*.journal"))
		if err != nil {
			t.Fatal(err)
		}
		return found
	}
	if j := journals(); len(j) != 1 {
		t.Fatalf("journals %v; want one in the data directory", j)
	}
	env.IO.SetStderrTTY(false)
	run(t, env, 6, "contacts", "import", path)
	if got := env.Stderr.String(); !strings.HasPrefix(got, "created 0 · updated 0 · skipped 0 · failed 1 · already done 30 in ") {
		t.Errorf("rerun: stderr = %q", got)
	}
	fixed := strings.Replace(b.String(), "12,Curto", "5547998000099,Corrigido", 1)
	if err := os.WriteFile(path, []byte(fixed), 0o600); err != nil {
		t.Fatal(err)
	}
	// Another content: the journal of the first is not applied.
	run(t, env, 0, "contacts", "import", path)
	if got := env.Stderr.String(); !strings.HasPrefix(got, "created 1 · updated 0 · skipped 30 · failed 0 in ") {
		t.Errorf("corrected file: stderr = %q", got)
	}
	if j := journals(); len(j) != 1 {
		t.Errorf("journals %v; want only the first content's, which still has a row to do", j)
	}
}
