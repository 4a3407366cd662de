package contacts_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/safetext"
)

// readCSV reads an export back as convo reads an input: its encoding
// detected (or given), its delimiter detected.
func readCSV(t *testing.T, path string, enc bulk.Encoding) (header []string, rows [][]string) {
	t.Helper()
	in, err := bulk.OpenInput(path, bulk.OpenOptions{Encoding: enc})
	if err != nil {
		t.Fatal(err)
	}
	r, err := in.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	text, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	src, err := bulk.NewCSVSource(bulk.NewReader(bytes.NewReader(text)), 0)
	if err != nil {
		t.Fatal(err)
	}
	for {
		rec, err := src.Next()
		if err == io.EOF {
			return src.Header, rows
		}
		if err != nil || rec.Err != nil {
			t.Fatalf("line %d: %v %v", rec.Line, err, rec.Err)
		}
		rows = append(rows, rec.Cells)
	}
}

// allContacts is the company's contacts, as the API has them.
func allContacts(t *testing.T, env *cmdtest.Env) []api.Contact {
	t.Helper()
	cs, err := env.Client(t, env.Token).ListContacts(api.ContactListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}}).Follow(true).Collect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// An export holds every contact as the API has it, in the columns import
// reads; importing it into the company emptied of its contacts recreates
// them all, and exporting again gives the same file. Names, tags and
// custom fields that hold formulas, terminal controls, bidi overrides,
// backslashes and carets come back exactly, while the file holds none of
// them raw and no cell a spreadsheet would evaluate.
func TestExportImportRoundTrip(t *testing.T) {
	env := newEnv(t)
	dir := t.TempDir()
	first, second := filepath.Join(dir, "contatos.csv"), filepath.Join(dir, "again.csv")
	c := env.Client(t, env.Token)
	tag, err := c.CreateTag(context.Background(), api.TagCreate{Text: "=evil\x1b[2J"})
	if err != nil {
		t.Fatal(err)
	}
	hostile := []api.ContactUpdate{
		{Name: new(`=HYPERLINK("http://x","click")` + "\x1b]52;c;cHduZWQ=\x07\u202egnp.exe"), Tags: &[]int64{tag.Data.ID},
			CustomFields: map[string]any{"empresa": `C:\new\^[ 2^10 \u202e`}},
		{Name: new("'=1+1 ''aspas'"), CustomFields: map[string]any{"empresa": `+cmd|' /C calc'!A0`}},
		{Name: new("-1+2\u009b31m\rfim"), CustomFields: map[string]any{"empresa": "@SUM(1)\nsegunda linha"}},
	}
	for i, up := range hostile {
		if _, err := c.UpdateContact(context.Background(), int64(i+1), up); err != nil {
			t.Fatal(err)
		}
	}
	run(t, env, 0, "contacts", "export", first)
	want := "Exported 50 contacts to " + first + ": phone, name, blocked, tags, cpf, empresa, limite_credito, email_secundario, data_nascimento, plano\n" +
		`warning: the custom field "codigo_legado" is inactive: its values (of 5 contacts) are not exported, as an import could not set them` + "\n"
	if got := env.Stderr.String(); got != want {
		t.Errorf("stderr = %q\nwant %q", got, want)
	}
	if info, err := os.Stat(first); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("export mode %v, %v; want a private file", info, err)
	}
	header, rows := readCSV(t, first, bulk.EncodingAuto)
	before := allContacts(t, env)
	checkExport(t, header, rows, before)
	exported, _ := os.ReadFile(first)
	if i := bytes.IndexFunc(exported, func(r rune) bool { return r != '\n' && safetext.Escaped(r) }); i >= 0 {
		t.Errorf("the export holds %q raw at byte %d", exported[i:i+1], i)
	}
	records, err := csv.NewReader(bytes.NewReader(exported)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range records {
		for _, cell := range rec {
			if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
				t.Errorf("cell %q of the export would be evaluated", cell)
			}
		}
	}

	for _, ct := range before {
		if _, err := c.DeleteContact(context.Background(), ct.ID); err != nil {
			t.Fatal(err)
		}
	}
	run(t, env, 0, "contacts", "import", first, "--create-tags", "--concurrency", "1")
	if got := env.Stderr.String(); !strings.HasPrefix(got, "created 50 · updated 0 · skipped 0 · failed 0 in ") {
		t.Errorf("import: %q", got)
	}
	after := allContacts(t, env)
	checkExport(t, header, rows, after)
	run(t, env, 0, "contacts", "export", second)
	a, _ := os.ReadFile(first)
	b, _ := os.ReadFile(second)
	if !bytes.Equal(a, b) {
		t.Errorf("the export of the import differs:\n%s\nfrom the first:\n%s", b, a)
	}
}

// checkExport compares an export, field by field, with the contacts the
// API has: the same phones, names, blocked, tags and active custom fields.
func checkExport(t *testing.T, header []string, rows [][]string, contacts []api.Contact) {
	t.Helper()
	if len(rows) != len(contacts) {
		t.Fatalf("%d rows for %d contacts", len(rows), len(contacts))
	}
	byPhone := map[string]api.Contact{}
	for _, ct := range contacts {
		byPhone["+"+ct.Phone] = ct
	}
	for _, row := range rows {
		ct, ok := byPhone[row[0]]
		if !ok {
			t.Errorf("row %q: no contact with its phone", row)
			continue
		}
		var tags []string
		for _, tg := range ct.Tags {
			tags = append(tags, tg.Name)
		}
		if row[1] != ct.Name || row[2] != fmt.Sprint(ct.Blocked) || row[3] != strings.Join(tags, ";") {
			t.Errorf("row %q, contact %s %q blocked %v tags %q", row[:4], ct.Phone, ct.Name, ct.Blocked, tags)
		}
		for i, name := range header[4:] {
			want := ""
			if v, ok := ct.CustomFields[name]; ok && v != nil {
				want = fmt.Sprint(v)
			}
			if got := row[4+i]; got != want && !(name == "limite_credito" && sameNumber(got, want)) {
				t.Errorf("contact %s, %s = %q, want %q", ct.Phone, name, got, want)
			}
		}
	}
}

// sameNumber compares numbers as text: 1000.10 and 1000.1 are one value.
func sameNumber(a, b string) bool {
	var x, y float64
	_, errA := fmt.Sscan(a, &x)
	_, errB := fmt.Sscan(b, &y)
	return errA == nil && errB == nil && x == y
}

func TestExportFormatsAndFilters(t *testing.T) {
	env := newEnv(t)
	dir := t.TempDir()
	c := env.Client(t, env.Token)
	if _, err := c.CreateContact(context.Background(), api.ContactCreate{Phone: "5511988880001", Name: "Conceição “Zé” Ávila", Tags: []int64{1}}); err != nil {
		t.Fatal(err)
	}

	// The filters of contacts list; standard output without a FILE.
	run(t, env, 0, "contacts", "export", "--tag", "VIP", "--blocked=false")
	out := env.Stdout.String()
	var vip int
	for _, ct := range allContacts(t, env) {
		if !ct.Blocked && slices.ContainsFunc(ct.Tags, func(tg api.TagRef) bool { return tg.Name == "VIP" }) {
			vip++
			// A spreadsheet shows the phone as text, the import reads +PHONE.
			if !strings.Contains(out, "\n'+"+ct.Phone+",") {
				t.Errorf("contact %s is not in the export", ct.Phone)
			}
		}
	}
	if n := strings.Count(out, "\n") - 1; n != vip || vip == 0 {
		t.Errorf("%d rows, want the %d unblocked VIP contacts:\n%s", n, vip, out)
	}
	if !strings.HasPrefix(env.Stderr.String(), fmt.Sprintf("Exported %d contacts to standard output: ", vip)) {
		t.Errorf("stderr = %q", env.Stderr)
	}

	// Windows-1252 with ";", read back with --encoding.
	cp := filepath.Join(dir, "cp.csv")
	run(t, env, 0, "contacts", "export", cp, "--phone", "5511988880001", "--delimiter", ";", "--encoding", "windows-1252")
	raw, _ := os.ReadFile(cp)
	if want := "phone;name;blocked;tags;cpf;empresa;limite_credito;email_secundario;data_nascimento;plano\n'+5511988880001;Concei\xe7\xe3o \x93Z\xe9\x94 \xc1vila;false;VIP;;;;;;\n"; string(raw) != want {
		t.Errorf("windows-1252 export %q\nwant %q", raw, want)
	}
	if _, rows := readCSV(t, cp, bulk.Windows1252); len(rows) != 1 || rows[0][1] != "Conceição “Zé” Ávila" {
		t.Errorf("read back: %q", rows)
	}

	// UTF-16 starts with its byte order mark: read back without being told.
	u16 := filepath.Join(dir, "u16.csv")
	run(t, env, 0, "contacts", "export", u16, "--phone", "5511988880001", "--encoding", "utf-16")
	if _, rows := readCSV(t, u16, bulk.EncodingAuto); len(rows) != 1 || rows[0][1] != "Conceição “Zé” Ávila" {
		t.Errorf("utf-16 read back: %q", rows)
	}

	// The summary as JSON, for a FILE.
	run(t, env, 0, "contacts", "export", filepath.Join(dir, "x.csv"), "--limit", "3", "-o", "json")
	s := cmdtest.DecodeJSON[map[string]any](t, env.Stdout.Bytes())
	if s["contacts"] != 3.0 || s["encoding"] != "utf-8" || s["delimiter"] != "," || len(s["columns"].([]any)) != 10 {
		t.Errorf("summary %v", s)
	}
}

// What an export cannot write stops it before anything is put in place;
// an earlier file at the path stays as it was.
func TestExportRefusals(t *testing.T) {
	env := newEnv(t)
	dir := t.TempDir()
	c := env.Client(t, env.Token)
	if _, err := c.CreateContact(context.Background(), api.ContactCreate{Phone: "5511988880002", Name: "山田太郎"}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "contatos.csv")
	if err := os.WriteFile(path, []byte("an earlier export\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{path, "--encoding", "windows-1252"}, "error: contact 63 (5511988880002): '山' cannot be written in windows-1252; export in utf-8 (the default) or utf-16, which hold every character\n"},
		{[]string{"-", "-o", "json"}, `{"error":{"message":"the CSV goes to standard output: give a FILE to print the summary with -o","exit_code":2,"status":null,"errors":[]}}` + "\n"},
		{[]string{path, "--page", "2"}, "error: convo contacts export writes every page: --page and --per-page do not apply (--limit does)\n"},
		{[]string{path, "--delimiter", `"`}, `error: --delimiter: want one character such as ";" or "," (or "tab"), got "\""` + "\n"},
		{[]string{path, "--encoding", "latin9"}, `error: encoding: must be one of utf-8, windows-1252, iso-8859-1, utf-16 (got "latin9")` + "\n"},
		{[]string{path, "other.csv"}, `error: too many arguments: convo contacts export takes one FILE (or - for standard output), got ["` + path + `" "other.csv"]` + "\n"},
	} {
		run(t, env, 2, append([]string{"contacts", "export"}, tt.args...)...)
		if got := env.Stderr.String(); !strings.HasPrefix(got, tt.stderr) {
			t.Errorf("%q: stderr = %q\nwant %q", tt.args, got, tt.stderr)
		}
	}
	if data, err := os.ReadFile(path); err != nil || string(data) != "an earlier export\n" {
		t.Errorf("the earlier file is now %q, %v", data, err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// convo's own CSV of a list imports back: its tags are joined with the
// separator import reads.
func TestListCSVImportsBack(t *testing.T) {
	env := newEnv(t)
	run(t, env, 0, "contacts", "list", "--all", "-o", "csv", "--fields", "phone,name,tags")
	path := writeInput(t, "list.csv", env.Stdout.String())
	run(t, env, 0, "contacts", "import", path, "--on-duplicate", "update", "--replace-tags")
	if got := env.Stderr.String(); !strings.HasPrefix(got, "created 0 · updated 50 · skipped 0 · failed 0 in ") {
		t.Errorf("import of the list: %q", got)
	}
	tags := map[string]bool{}
	for _, ct := range allContacts(t, env) {
		for _, tg := range ct.Tags {
			tags[tg.Name] = true
		}
	}
	if names := slices.Sorted(maps.Keys(tags)); len(names) != 6 {
		t.Errorf("tags after the import %q: want the seed's six, none made of several", names)
	}
}
