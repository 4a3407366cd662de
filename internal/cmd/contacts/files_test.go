package contacts_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/files from what the imports did")

// filesDir holds inputs as spreadsheets and other systems write them, each
// with its goldens: NAME.contacts.json, the contacts the import must make,
// and NAME.report.csv, its failure report when rows fail.
var filesDir = filepath.Join("..", "..", "..", "testdata", "files")

// goldenContact is what a golden says of an imported contact.
type goldenContact struct {
	Phone        string         `json:"phone"`
	Name         string         `json:"name"`
	Blocked      bool           `json:"blocked"`
	Tags         []string       `json:"tags"`
	CustomFields map[string]any `json:"customfields"`
}

// Each real-world input imports exactly what it holds: compared field by
// field with the contacts it must make, its failures with their report.
func TestRealWorldInputs(t *testing.T) {
	for _, tt := range []struct {
		file    string
		args    []string
		exit    int
		summary string
	}{
		{"excel-ptbr.csv", []string{"--encoding", "windows-1252", "--default-country", "BR", "--map", "Telefone=phone", "--map", "Nome=name",
			"--map", "Bloqueado=blocked", "--map", "Etiquetas=tags", "--map", "CPF=cpf", "--map", "Plano=plano", "--map", "Limite=limite_credito"},
			6, "created 4 · updated 0 · skipped 0 · failed 1 in "},
		{"google-sheets.csv", nil, 0, "created 3 · updated 0 · skipped 0 · failed 0 in "},
		{"excel-unicode.txt", nil, 0, "created 3 · updated 0 · skipped 0 · failed 0 in "},
		{"crm-export.csv", []string{"--ignore-unknown-columns", "--default-country", "BR", "--map", "Celular=phone", "--map", "Nome completo=name",
			"--map", "E-mail=email_secundario", "--map", "Empresa=empresa"},
			6, "created 3 · updated 0 · skipped 0 · failed 1 in "},
		{"multiline.csv", nil, 0, "created 3 · updated 0 · skipped 0 · failed 0 in "},
	} {
		t.Run(tt.file, func(t *testing.T) {
			env := newEnv(t)
			report := filepath.Join(t.TempDir(), "report.csv")
			run(t, env, tt.exit, append([]string{"contacts", "import", filepath.Join(filesDir, tt.file), "--report", report, "--format", "csv"}, tt.args...)...)
			if got := env.Stderr.String(); !strings.HasPrefix(got, tt.summary) {
				t.Errorf("stderr = %q, want it to start with %q", got, tt.summary)
			}
			golden(t, tt.file+".report.csv", readOrEmpty(t, report))

			var imported []goldenContact
			c := env.Client(t, env.Token)
			for ct, err := range c.ListContacts(api.ContactListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}}).Follow(true).All(context.Background()) {
				if err != nil {
					t.Fatal(err)
				}
				if ct.ID <= seedContacts1 {
					continue // the seed's
				}
				g := goldenContact{Phone: ct.Phone, Name: ct.Name, Blocked: ct.Blocked, Tags: []string{}, CustomFields: ct.CustomFields}
				for _, tg := range ct.Tags {
					g.Tags = append(g.Tags, tg.Name)
				}
				slices.Sort(g.Tags)
				imported = append(imported, g)
			}
			slices.SortFunc(imported, func(a, b goldenContact) int { return strings.Compare(a.Phone, b.Phone) })
			var got bytes.Buffer
			enc := json.NewEncoder(&got)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			if err := enc.Encode(imported); err != nil {
				t.Fatal(err)
			}
			want := golden(t, tt.file+".contacts.json", got.Bytes())
			var expected []goldenContact
			if err := json.Unmarshal(want, &expected); err != nil {
				t.Fatal(err)
			}
			if len(expected) != len(imported) {
				t.Errorf("%d contacts imported, the golden has %d", len(imported), len(expected))
			}
			for i := range min(len(expected), len(imported)) {
				g, w := imported[i], expected[i]
				for _, field := range []struct {
					name      string
					got, want any
				}{
					{"phone", g.Phone, w.Phone}, {"name", g.Name, w.Name}, {"blocked", g.Blocked, w.Blocked}, {"tags", g.Tags, w.Tags},
					{"customfields", normalJSON(t, g.CustomFields), normalJSON(t, w.CustomFields)},
				} {
					if !reflect.DeepEqual(field.got, field.want) {
						t.Errorf("contact %s: %s = %v, want %v", w.Phone, field.name, field.got, field.want)
					}
				}
			}
		})
	}
}

// normalJSON is v as JSON decodes it, for comparing values decoded in
// different ways.
func normalJSON(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// golden compares got with the golden file name in filesDir (with -update,
// writes it) and returns the golden's content; an empty got means the
// golden must not exist.
func golden(t *testing.T, name string, got []byte) []byte {
	t.Helper()
	path := filepath.Join(filesDir, name)
	if *update {
		if len(got) == 0 {
			_ = os.Remove(path)
			return got
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return got
	}
	want := readOrEmpty(t, path)
	if string(got) != string(want) {
		t.Errorf("%s differs (run with -update after checking the change)\n--- got:\n%s\n--- want:\n%s", name, got, want)
	}
	return want
}

func readOrEmpty(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return b
}
