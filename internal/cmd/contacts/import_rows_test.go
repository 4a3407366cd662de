package contacts_test

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/importer"
)

// reportRows reads a failure report: its rows, the header left out.
func reportRows(t *testing.T, path string) [][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\uFEFF"))))
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil || len(rows) == 0 {
		t.Fatalf("report %s: %v\n%s", path, err, data)
	}
	return rows[1:]
}

// postedPhone reads the phone of a POST /contacts, leaving its body for the
// sandbox.
func postedPhone(r *http.Request) string {
	body, _ := io.ReadAll(r.Body) // an in-process body reads whole
	r.Body = io.NopCloser(bytes.NewReader(body))
	var ct api.ContactCreate
	_ = json.Unmarshal(body, &ct)
	return ct.Phone
}

// TestImportReportInInputOrder: with rows in flight side by side, the
// report lists the failed rows in the order of the input, whatever order
// they finished in: the first row's request is answered only once the last
// row's has arrived.
func TestImportReportInInputOrder(t *testing.T) {
	env := newEnv(t)
	const last = "5547998200009"
	release := make(chan struct{})
	env.Intercept(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost && r.URL.Path == api.Prefix+"/contacts" {
				switch postedPhone(r) {
				case cmdtest.Contact1Phone:
					<-release
				case last:
					close(release)
				}
			}
			next.ServeHTTP(w, r)
		})
	})
	var b strings.Builder
	b.WriteString("phone,name\n" + cmdtest.Contact1Phone + ",Existe\n")
	for range 6 {
		b.WriteString("12,Curto\n")
	}
	b.WriteString(last + ",Último\n")
	list := writeInput(t, "ordem.csv", b.String())
	run(t, env, 6, "contacts", "import", list, "--on-duplicate", "fail", "--concurrency", "4")
	var lines []string
	for _, row := range reportRows(t, list+".errors.csv") {
		lines = append(lines, row[2])
	}
	if want := []string{"2", "3", "4", "5", "6", "7", "8"}; !slices.Equal(lines, want) {
		t.Errorf("the report lists lines %v, want %v", lines, want)
	}
}

// TestImportRepeatedPhones: the same phone twice in one file (written two
// ways): the first row wins, the later one is skipped, and the report says
// which line it repeats; nothing failed, so the exit is 0.
func TestImportRepeatedPhones(t *testing.T) {
	env := newEnv(t)
	list := writeInput(t, "repetidos.csv", "phone,name\n5547998300001,Ana Primeira\n5547998300002,Bia\n+55 (47) 99830-0001,Ana Segunda\n")
	run(t, env, 0, "contacts", "import", list, "--on-duplicate", "update", "-o", "json")
	s := cmdtest.DecodeJSON[importer.Summary](t, env.Stdout.Bytes())
	if s.Created != 2 || s.Skipped != 1 || s.DuplicatesInFile != 1 || s.Failed != 0 || s.Report == nil {
		t.Fatalf("summary %+v", s)
	}
	want := [][]string{{"'+55 (47) 99830-0001", "Ana Segunda", "4", importer.CodeDuplicateInFile, "phone", "the same phone as line 2, whose row is imported instead"}}
	if got := reportRows(t, *s.Report); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("report %q, want %q", got, want)
	}
	if !strings.Contains(env.Stderr.String(), "1 row skipped, the same phone as an earlier row: see "+*s.Report+"\n") {
		t.Errorf("stderr:\n%s", env.Stderr)
	}
	var cts []api.Contact
	if err := json.Unmarshal(env.Get(t, "/contacts", map[string][]string{"phone": {"5547998300001"}}).Data, &cts); err != nil || len(cts) != 1 || cts[0].Name != "Ana Primeira" {
		t.Errorf("contacts %+v, %v; want the first row's", cts, err)
	}
}

// TestImportJSONLinesRepeatedKey: a JSON Lines record that gives a key
// twice fails alone, as a CSV file with two phone columns is refused:
// which of the two was meant cannot be told.
func TestImportJSONLinesRepeatedKey(t *testing.T) {
	env := newEnv(t)
	list := writeInput(t, "contatos.jsonl", `{"phone":"5547998400001","name":"Ana"}`+"\n"+
		`{"phone":"5547998400002","name":"Bia","phone":"5547998400003"}`+"\n"+
		`{"phone":"5547998400004","customfields":{"empresa":"Loja A","empresa":"Loja B"}}`+"\n")
	run(t, env, 6, "contacts", "import", list, "-o", "json")
	s := cmdtest.DecodeJSON[importer.Summary](t, env.Stdout.Bytes())
	if s.Created != 1 || s.Failed != 2 {
		t.Errorf("summary %+v", s)
	}
	var why []string
	for _, row := range reportRows(t, *s.Report) {
		why = append(why, strings.Join(row[1:], " | "))
	}
	want := []string{
		"2 | INVALID_VALUE | phone | is given twice in the record: keep one",
		"3 | INVALID_VALUE | customfields.empresa | is given twice in the record: keep one",
	}
	if !slices.Equal(why, want) {
		t.Errorf("report %q, want %q", why, want)
	}
	for _, phone := range []string{"5547998400002", "5547998400003", "5547998400004"} {
		var cts []api.Contact
		if err := json.Unmarshal(env.Get(t, "/contacts", map[string][]string{"phone": {phone}}).Data, &cts); err != nil || len(cts) != 0 {
			t.Errorf("%s: %+v, %v; want no contact", phone, cts, err)
		}
	}
}

// TestImportSaysWhyRowsFailed: the report and the summary say in words why
// each row failed: the checks' words, convo's for an API code it knows
// (a phone that is a contact's, with --on-duplicate fail), the API's
// message for another, and the code when the API gave no message; the
// summary counts the rows of each reason, the most frequent first.
func TestImportSaysWhyRowsFailed(t *testing.T) {
	env := newEnv(t)
	refusals := map[string]string{
		"5547998500002": `{"code":"WEIRD","field":"phone","message":""}`,
		"5547998500003": `{"code":"CONTACT_LIMIT","field":"phone","message":"O limite de contatos foi atingido."}`,
	}
	env.Intercept(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if refusal, ok := refusals[postedPhone(r)]; ok && r.Method == http.MethodPost && r.URL.Path == api.Prefix+"/contacts" {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusUnprocessableEntity)
				_, _ = io.WriteString(w, `{"success":false,"message":"Erro de validação","errors":[`+refusal+`]}`)
				return
			}
			next.ServeHTTP(w, r)
		})
	})
	list := writeInput(t, "motivos.csv", "phone,name,tags\n5547998500001,Ana,\n12,Curto,\n13,Curto,\n,Sem telefone,\n"+
		cmdtest.Contact1Phone+",Existe,\n5547998500002,Estranho,\n5547998500003,Limite,\n5547998500004,Etiqueta,Inexistente\n")
	run(t, env, 6, "contacts", "import", list, "--on-duplicate", "fail", "-o", "json")
	s := cmdtest.DecodeJSON[importer.Summary](t, env.Stdout.Bytes())
	want := []bulk.Reason{
		{Code: "INVALID_VALUE", Field: "phone", Reason: "phone not valid", Count: 2},
		{Code: "CONTACT_LIMIT", Field: "phone", Reason: "the API refused it (CONTACT_LIMIT)", Count: 1},
		{Code: "DUPLICATE_ENTRY", Field: "phone", Reason: "a contact has this phone already", Count: 1},
		{Code: "FIELD_REQUIRED", Field: "phone", Reason: "phone missing", Count: 1},
		{Code: importer.CodeUnknownTag, Field: "tags", Reason: "a tag that does not exist", Count: 1},
		{Code: "WEIRD", Field: "phone", Reason: "the API refused it (WEIRD)", Count: 1},
	}
	if s.Created != 1 || s.Failed != 7 || !slices.Equal(s.Failures, want) {
		t.Errorf("summary %+v", s)
	}
	if !strings.Contains(env.Stderr.String(), " · failed 7 in ") ||
		!strings.Contains(env.Stderr.String(), ")\n  2 rows failed: phone not valid\n  1 row failed: the API refused it (CONTACT_LIMIT)\n") {
		t.Errorf("stderr:\n%s", env.Stderr)
	}
	var why []string
	for _, row := range reportRows(t, list+".errors.csv") {
		why = append(why, strings.Join(row[3:], " | "))
	}
	wantWhy := []string{
		"3 | INVALID_VALUE | phone | is not a phone number; must be a phone number with country code, e.g. +55 11 98765-4321; set --default-country for national numbers",
		"4 | INVALID_VALUE | phone | is not a phone number; must be a phone number with country code, e.g. +55 11 98765-4321; set --default-country for national numbers",
		"5 | FIELD_REQUIRED | phone | is required",
		"6 | DUPLICATE_ENTRY | phone | a contact has this phone already: import with --on-duplicate update to update it, or skip to leave it",
		"7 | WEIRD | phone | the API refused it (WEIRD)",
		"8 | CONTACT_LIMIT | phone | O limite de contatos foi atingido.",
		`9 | UNKNOWN_TAG | tags | no tag named "Inexistente"; create it with ` + "`convo tags create --text \"Inexistente\"`" + `, or import with --create-tags`,
	}
	if !slices.Equal(why, wantWhy) {
		t.Errorf("report:\n%s\nwant:\n%s", strings.Join(why, "\n"), strings.Join(wantWhy, "\n"))
	}
}
