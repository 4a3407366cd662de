package importer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
)

var testInput = inputID{path: "/data/contatos.csv", size: 1234, modTime: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}

func openTestJournal(t *testing.T, path string, id inputID, restart bool) *journal {
	t.Helper()
	j, warning, err := openJournal(path, id, restart)
	if err != nil {
		t.Fatal(err)
	}
	if warning != "" {
		t.Errorf("unexpected warning %q", warning)
	}
	return j
}

func TestJournalRecordsAndResumes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "imports", "x.journal")
	j := openTestJournal(t, path, testInput, false)
	if err := j.mark(10); err != nil {
		t.Fatal(err)
	}
	j.record(recCreated, 2)
	j.record(recUpdated, 3)
	j.record(recSkipped, 5)
	j.record(recFailed, 6)
	if err := j.close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := `convo-import-journal 1
input "/data/contatos.csv"
size 1234
mtime 2025-03-01T12:00:00Z
r
d 10
c 2
u 3
s 5
f 6
`
	if string(data) != want {
		t.Errorf("journal:\n%s\nwant:\n%s", data, want)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("journal mode %v, %v; want 0600", info.Mode(), err)
	}

	j = openTestJournal(t, path, testInput, false)
	defer j.close()
	for line, want := range map[int]string{2: "done", 3: "done", 4: "in doubt", 5: "done", 6: "failed", 7: "in doubt", 10: "in doubt", 11: "new"} {
		if got := lineState(&j.state, line); got != want {
			t.Errorf("line %d is %s, want %s", line, got, want)
		}
	}
}

// A run sends the rows an earlier run failed again: once its mark covers
// them, they are in doubt until it records them again.
func TestJournalStateAcrossRuns(t *testing.T) {
	var s journalState
	for _, r := range []struct {
		kind byte
		line int
	}{
		{recRun, 0}, {recDispatched, 40}, {recFailed, 3}, {recFailed, 15}, {recFailed, 30}, {recCreated, 4}, // run 1
		{recRun, 0}, {recDispatched, 20}, {recFailed, 3}, // run 2, killed after sending up to line 20
	} {
		s.apply(r.kind, r.line)
	}
	for line, want := range map[int]string{
		3:  "failed",   // failed again in run 2
		4:  "done",     // created in run 1
		10: "in doubt", // sent by run 1, never recorded
		15: "in doubt", // failed in run 1, sent again by run 2, never recorded
		30: "failed",   // failed in run 1, run 2 did not get that far
		41: "new",      // never sent
	} {
		if got := lineState(&s, line); got != want {
			t.Errorf("line %d is %s, want %s", line, got, want)
		}
	}
}

// lineState names what the journal says of line.
func lineState(s *journalState, line int) string {
	switch {
	case s.isDone(line):
		return "done"
	case s.inDoubt(line):
		return "in doubt"
	case s.failed.has(line):
		return "failed"
	}
	return "new"
}

func TestJournalTornTail(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.journal")
	content := testInput.header() + "r\nd 64\nc 2\nc 3\nzz\nc 1x\nc 41"
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	j := openTestJournal(t, path, testInput, false)
	if !j.state.isDone(2) || !j.state.isDone(3) || j.state.isDone(4) || j.state.isDone(41) {
		t.Error("want lines 2 and 3 done, and neither the garbage nor the torn 41")
	}
	j.record(recCreated, 5)
	if err := j.close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := testInput.header() + "r\nd 64\nc 2\nc 3\nzz\nc 1x\nr\nc 5\n"; string(data) != want {
		t.Errorf("journal after reopening:\n%q\nwant\n%q", data, want)
	}
}

func TestJournalSyncsInBatches(t *testing.T) {
	j := openTestJournal(t, filepath.Join(t.TempDir(), "x.journal"), testInput, false)
	defer j.close()
	for i := range syncEvery - 1 {
		j.record(recCreated, i+2)
	}
	if err := j.flush(); err != nil {
		t.Fatal(err)
	}
	if j.unsynced != syncEvery-1 || len(j.buf) != 0 {
		t.Errorf("after %d records: %d unsynced, %d bytes buffered; want them written, not synced", syncEvery-1, j.unsynced, len(j.buf))
	}
	j.record(recCreated, syncEvery+1)
	if err := j.flush(); err != nil {
		t.Fatal(err)
	}
	if j.unsynced != 0 {
		t.Errorf("after %d records: %d unsynced, want a sync", syncEvery, j.unsynced)
	}
	j.record(recCreated, syncEvery+2)
	j.lastSync = time.Now().Add(-syncInterval)
	if err := j.flush(); err != nil {
		t.Fatal(err)
	}
	if j.unsynced != 0 {
		t.Errorf("one record a second old: %d unsynced, want a sync", j.unsynced)
	}
}

func TestJournalOfAnotherInput(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.journal")
	j := openTestJournal(t, path, testInput, false)
	j.record(recCreated, 2)
	if err := j.close(); err != nil {
		t.Fatal(err)
	}

	other := testInput
	other.size++
	_, _, err := openJournal(path, other, false)
	if err == nil || cmdutil.ExitCode(err) != clierr.ExitUsage || !strings.Contains(err.Error(), "belongs to another input (/data/contatos.csv, 1234 bytes)") {
		t.Errorf("error %v", err)
	}

	touched := testInput
	touched.modTime = touched.modTime.Add(time.Hour)
	j, warning, err := openJournal(path, touched, false)
	if err != nil || !strings.Contains(warning, "was modified since its journal was started") {
		t.Errorf("warning %q, error %v", warning, err)
	}
	if !j.state.isDone(2) {
		t.Error("the rows done are still done")
	}
	j.close()

	j = openTestJournal(t, path, other, true)
	if j.state.isDone(2) {
		t.Error("--restart keeps nothing")
	}
	j.close()

	if err := os.WriteFile(path, []byte("phone,name\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := openJournal(path, testInput, false); err == nil || !strings.Contains(err.Error(), "is not a convo import journal") {
		t.Errorf("error %v", err)
	}
}

func TestDefaultJournalPath(t *testing.T) {
	a := DefaultJournalPath("/d", "/data/a.csv", 10)
	if !strings.HasPrefix(a, filepath.Join("/d", "imports")+string(filepath.Separator)) || !strings.HasSuffix(a, ".journal") {
		t.Errorf("path %q", a)
	}
	if a != DefaultJournalPath("/d", "/data/a.csv", 10) || a == DefaultJournalPath("/d", "/data/a.csv", 11) || a == DefaultJournalPath("/d", "/data/b.csv", 10) {
		t.Error("the path must follow the input's path and size, and only them")
	}
}

func TestBitset(t *testing.T) {
	var b bitset
	for _, i := range []int{0, 1, 63, 64, 65, 200, 1000} {
		b.set(i)
	}
	b.clearRange(1, 199)
	for i, want := range map[int]bool{0: true, 1: false, 63: false, 64: false, 65: false, 200: true, 1000: true, 5000: false, -1: false} {
		if b.has(i) != want {
			t.Errorf("has(%d) = %v", i, !want)
		}
	}
}
