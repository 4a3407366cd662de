package importer

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestReport(t *testing.T) {
	dir := t.TempDir()

	clean := newReport(filepath.Join(dir, "clean.csv"), []string{"phone"})
	if wrote, err := clean.close(); wrote || err != nil {
		t.Errorf("a report without failures: wrote %v, %v", wrote, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "clean.csv")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a run without failures left a report: %v", err)
	}

	csvPath := filepath.Join(dir, "csv.csv")
	r := newReport(csvPath, []string{"Telefone", "Nome", "tags"})
	for _, add := range []struct {
		rec record
		why failure
	}{
		{record{line: 3, cells: []string{"(11) 9", "Ana, \"a\"", "VIP"}}, failure{"INVALID_VALUE", "phone", "is too short"}},
		{record{line: 7, cells: []string{"5511988880001"}}, failure{CodeInvalidRecord, "", "has 1 fields, the header has 3"}},
		{record{line: 9, cells: []string{"1", "2", "3", "4"}}, failure{CodeInvalidRecord, "", "has 4 fields, the header has 3"}},
	} {
		if err := r.add(add.rec, add.why); err != nil {
			t.Fatal(err)
		}
	}
	if wrote, err := r.close(); !wrote || err != nil {
		t.Fatalf("wrote %v, %v", wrote, err)
	}
	checkFile(t, csvPath, `line,Telefone,Nome,tags,code,field,message
3,(11) 9,"Ana, ""a""",VIP,INVALID_VALUE,phone,is too short
7,5511988880001,,,INVALID_RECORD,,"has 1 fields, the header has 3"
9,1,2,3,INVALID_RECORD,,"has 4 fields, the header has 3"
`)

	jsonPath := filepath.Join(dir, "jsonl.csv")
	r = newReport(jsonPath, nil)
	if err := r.add(record{line: 4, json: []byte(`{"phone":"1"}`)}, failure{"INVALID_VALUE", "phone", "is too short"}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.close(); err != nil {
		t.Fatal(err)
	}
	checkFile(t, jsonPath, `line,record,code,field,message
4,"{""phone"":""1""}",INVALID_VALUE,phone,is too short
`)
	if info, err := os.Stat(jsonPath); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("report mode %v, %v; want 0600 (it holds personal data)", info.Mode(), err)
	}
}

func checkFile(t *testing.T, path, want string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != want {
		t.Errorf("%s:\n%s\nwant:\n%s", filepath.Base(path), data, want)
	}
}

func TestDefaultReportPath(t *testing.T) {
	now := time.Date(2025, 3, 1, 14, 5, 9, 0, time.Local)
	for in, want := range map[string]string{
		"contatos.csv":          "contatos.csv.errors.csv",
		"/data/export.2025.csv": "/data/export.2025.csv.errors.csv",
		"dados/lista.jsonl":     "dados/lista.jsonl.errors.csv",
		"sem-extensao":          "sem-extensao.errors.csv",
		"":                      "import-20250301-140509.errors.csv",
	} {
		if got := DefaultReportPath(in, now); got != want {
			t.Errorf("DefaultReportPath(%q) = %q, want %q", in, got, want)
		}
	}
}
