package bulk

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

func noWarning(t *testing.T) func(string) {
	return func(s string) { t.Errorf("unexpected warning %q", s) }
}

func TestReport(t *testing.T) {
	dir := t.TempDir()

	clean := NewReport(filepath.Join(dir, "clean.csv"), []string{"phone"}, "", noWarning(t))
	if path, err := clean.Close(); path != "" || err != nil {
		t.Errorf("a report without failures: %q, %v", path, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a run without failures left %v", entries)
	}

	csvPath := filepath.Join(dir, "csv.csv")
	r := NewReport(csvPath, []string{"Telefone", "Nome", "tags"}, "", noWarning(t))
	for _, add := range []struct {
		rec Record
		why Failure
	}{
		{Record{Line: 3, Cells: []string{"(11) 9", "Ana, \"a\"", "VIP"}}, Failure{"INVALID_VALUE", "phone", "is too short"}},
		{Record{Line: 7, Cells: []string{"5511988880001"}}, Failure{CodeInvalidRecord, "", "has 1 fields, the header has 3"}},
		{Record{Line: 9, Cells: []string{"1", "2", "3", "4"}}, Failure{CodeInvalidRecord, "", "has 4 fields, the header has 3"}},
	} {
		if err := r.Add(add.rec, add.why); err != nil {
			t.Fatal(err)
		}
	}
	if path, err := r.Close(); path != csvPath || err != nil {
		t.Fatalf("closed: %q, %v", path, err)
	}
	checkFile(t, csvPath, "\uFEFF"+`Telefone,Nome,tags,error_line,error_code,error_field,error_message
(11) 9,"Ana, ""a""",VIP,3,INVALID_VALUE,phone,is too short
5511988880001,,,7,INVALID_RECORD,,"has 1 fields, the header has 3"
1,2,3,9,INVALID_RECORD,,"has 4 fields, the header has 3"
`)

	jsonPath := filepath.Join(dir, "jsonl.csv")
	r = NewReport(jsonPath, nil, "", noWarning(t))
	if err := r.Add(Record{Line: 4, JSON: []byte(`{"phone":"1"}`)}, Failure{"INVALID_VALUE", "phone", "is too short"}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Close(); err != nil {
		t.Fatal(err)
	}
	checkFile(t, jsonPath, "\uFEFF"+`record,error_line,error_code,error_field,error_message
"{""phone"":""1""}",4,INVALID_VALUE,phone,is too short
`)
	checkPrivate(t, jsonPath)
	if tmps, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(tmps) != 0 {
		t.Errorf("temporary files left: %v", tmps)
	}
}

// The report replaces what is at its path: an earlier report readable by
// everyone becomes private, and a symbolic link planted there is replaced,
// never written through.
func TestReportReplacesWhatIsThere(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("file modes and symbolic links")
	}
	dir := t.TempDir()
	old := filepath.Join(dir, "old.csv")
	if err := os.WriteFile(old, []byte("an earlier report\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "elsewhere.txt")
	if err := os.WriteFile(target, []byte("not the report's\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.csv")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{old, link} {
		r := NewReport(path, []string{"phone"}, "", noWarning(t))
		if err := r.Add(Record{Line: 2, Cells: []string{"1"}}, Failure{"INVALID_VALUE", "phone", "is too short"}); err != nil {
			t.Fatal(err)
		}
		if _, err := r.Close(); err != nil {
			t.Fatal(err)
		}
		checkFile(t, path, "\uFEFFphone,error_line,error_code,error_field,error_message\n1,2,INVALID_VALUE,phone,is too short\n")
		checkPrivate(t, path)
		if info, err := os.Lstat(path); err != nil || info.Mode()&os.ModeSymlink != 0 {
			t.Errorf("%s is still a link: %v", path, err)
		}
	}
	checkFile(t, target, "not the report's\n")
}

// A report that cannot be written beside the input (a read-only
// directory; here a path through a regular file, which refuses even root)
// goes to the fallback directory, and the warning says where.
func TestReportFallsBack(t *testing.T) {
	notADir := filepath.Join(t.TempDir(), "entrada")
	if err := os.WriteFile(notADir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	var warned []string
	r := NewReport(filepath.Join(notADir, "c.csv.errors.csv"), []string{"phone"}, data, func(s string) { warned = append(warned, s) })
	if err := r.Add(Record{Line: 2, Cells: []string{"1"}}, Failure{"INVALID_VALUE", "phone", "is too short"}); err != nil {
		t.Fatal(err)
	}
	path, err := r.Close()
	want := filepath.Join(data, "reports", "c.csv.errors.csv")
	if err != nil || path != want {
		t.Fatalf("report at %q, %v; want %s", path, err, want)
	}
	checkPrivate(t, path)
	if len(warned) != 1 || !strings.Contains(warned[0], "cannot write the report "+filepath.Join(notADir, "c.csv.errors.csv")) || !strings.HasSuffix(warned[0], "writing it to "+want) {
		t.Errorf("warnings %q", warned)
	}
}

func checkPrivate(t *testing.T, path string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		return
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("%s: mode %v, %v; want 0600 (it holds personal data)", path, info.Mode(), err)
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

// Rows added out of the input's order (workers side by side) are listed in
// it, each row whole, quoted cells too.
func TestReportInInputOrder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.csv")
	r := NewReport(path, []string{"phone", "name"}, "", noWarning(t))
	for _, line := range []int{9, 3, 12, 7, 4} {
		cells := []string{strconv.Itoa(line), "Ana, \"A\""}
		if err := r.Add(Record{Line: line, Cells: cells}, Failure{"INVALID_VALUE", "phone", "is too short"}); err != nil {
			t.Fatal(err)
		}
		if line == 12 {
			if err := r.Flush(); err != nil { // a part on disk, a part buffered
				t.Fatal(err)
			}
		}
	}
	if _, err := r.Close(); err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	want.WriteString("\uFEFFphone,name,error_line,error_code,error_field,error_message\n")
	for _, line := range []string{"3", "4", "7", "9", "12"} {
		want.WriteString(line + `,"Ana, ""A""",` + line + ",INVALID_VALUE,phone,is too short\n")
	}
	checkFile(t, path, want.String())
	checkPrivate(t, path)
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
