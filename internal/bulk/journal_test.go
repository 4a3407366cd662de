package bulk

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/clierr"
)

var testLetters = map[Outcome]byte{FirstOutcome: 'c', FirstOutcome + 1: 'u', FirstOutcome + 2: 's'}

// testSpec is the spec of an import-like journal at path, for an input
// of 100 lines.
func testSpec(path string) JournalSpec {
	return JournalSpec{Path: path, Kind: "import", Identity: []string{"destination d1", "input sha256:aa (10 bytes, 100 lines)"},
		About: "/data/contatos.csv to company 1", Policy: Lenient, State: NewLineState(100, testLetters)}
}

func openTestJournal(t *testing.T, spec JournalSpec) *Journal {
	t.Helper()
	j, warnings, err := OpenJournal(spec)
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) > 0 {
		t.Errorf("unexpected warnings %q", warnings)
	}
	return j
}

func TestJournalRecordsAndResumes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "imports", "x.journal")
	j := openTestJournal(t, testSpec(path))
	if err := j.WriteNow(recDispatched, "10"); err != nil {
		t.Fatal(err)
	}
	j.Add('c', "2", "")
	j.Add('u', "3", "")
	j.Add('s', "5", "")
	j.Add(recFailed, "6", "")
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := `convo-journal 2 import
identity destination d1
identity input sha256:aa (10 bytes, 100 lines)
about "/data/contatos.csv to company 1"
begin
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
	if info, err := os.Stat(path); err != nil || (runtime.GOOS != "windows" && info.Mode().Perm() != 0o600) {
		t.Errorf("journal mode %v, %v; want 0600", info.Mode(), err)
	}

	spec := testSpec(path)
	spec.About = "/elsewhere/copia.csv to company 1" // a copy of the same content: the same journal
	j = openTestJournal(t, spec)
	defer j.Close()
	state := spec.State.(*LineState)
	for line, want := range map[int]string{2: "done", 3: "done", 4: "in doubt", 5: "done", 6: "failed", 7: "in doubt", 10: "in doubt", 11: "new"} {
		if got := lineState(state, line); got != want {
			t.Errorf("line %d is %s, want %s", line, got, want)
		}
	}
}

// A run sends the rows an earlier run failed again: once its mark covers
// them, they are in doubt until it records them again.
func TestJournalStateAcrossRuns(t *testing.T) {
	s := NewLineState(100, testLetters)
	for _, r := range []struct {
		letter byte
		key    string
	}{
		{RecRun, ""}, {recDispatched, "40"}, {recFailed, "3"}, {recFailed, "15"}, {recFailed, "30"}, {'c', "4"}, // run 1
		{RecRun, ""}, {recDispatched, "20"}, {recFailed, "3"}, // run 2, killed after sending up to line 20
	} {
		if err := s.Apply(r.letter, r.key, ""); err != nil {
			t.Fatal(err)
		}
	}
	for line, want := range map[int]string{
		3:  "failed",   // failed again in run 2
		4:  "done",     // created in run 1
		10: "in doubt", // sent by run 1, never recorded
		15: "in doubt", // failed in run 1, sent again by run 2, never recorded
		30: "failed",   // failed in run 1, run 2 did not get that far
		41: "new",      // never sent
	} {
		if got := lineState(s, line); got != want {
			t.Errorf("line %d is %s, want %s", line, got, want)
		}
	}
}

// The dispatch marks say, by the server's clock, from when each line may
// have been sent: the first mark that reached it. Marks within a second of
// the one before keep its time; marks without one (earlier versions) say
// nothing.
func TestJournalDoubtSince(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.journal")
	t0 := time.Date(2026, 11, 25, 14, 3, 7, 250_000_000, time.UTC)
	clock := t0
	j := openTestJournal(t, testSpec(path))
	ledger := NewLineLedger(j, NewLineState(100, testLetters), testLetters)
	ledger.ServerTime = func() (time.Time, bool) { return clock, true }
	for _, m := range []struct {
		line  int
		after time.Duration
	}{{10, 0}, {20, 400 * time.Millisecond}, {30, 1500 * time.Millisecond}, {40, 5 * time.Second}} {
		clock = t0.Add(m.after)
		if err := ledger.Dispatch(m.line); err != nil {
			t.Fatal(err)
		}
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(data), "\nd 10 2026-11-25T14:03:07.25Z\nd 20 2026-11-25T14:03:07.65Z\n") {
		t.Errorf("journal %q, %v", data, err)
	}
	// A second run, killed after it sent lines 35 to 50 and an old one's
	// mark without a time.
	if err := os.WriteFile(path, append(data, "r\nd 50 2026-11-25T15:00:00Z\nr\nd 60\n"...), 0o600); err != nil {
		t.Fatal(err)
	}
	spec := testSpec(path)
	j = openTestJournal(t, spec)
	defer j.Close()
	state := spec.State.(*LineState)
	for line, want := range map[int]time.Duration{1: 0, 20: 0, 21: 1500 * time.Millisecond, 35: 5 * time.Second, 41: time.Hour - 3*time.Minute - 7250*time.Millisecond} {
		if got, ok := state.DoubtSince(line); !ok || !got.Equal(t0.Add(want)) {
			t.Errorf("line %d: since %v, %v; want %v", line, got, ok, t0.Add(want))
		}
	}
	for _, line := range []int{55, 61} {
		if got, ok := state.DoubtSince(line); ok {
			t.Errorf("line %d: since %v, want unknown", line, got)
		}
	}
}

// lineState names what the journal says of line.
func lineState(s *LineState, line int) string {
	switch {
	case s.IsDone(line):
		return "done"
	case s.InDoubt(line):
		return "in doubt"
	case s.Failed(line):
		return "failed"
	}
	return "new"
}

func TestJournalTornTail(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.journal")
	header := string(appendHeader(nil, testSpec(path)))
	if err := os.WriteFile(path, []byte(header+"r\nd 64\nc 2\nc 3\nc 41"), 0o600); err != nil {
		t.Fatal(err)
	}
	spec := testSpec(path)
	j := openTestJournal(t, spec)
	state := spec.State.(*LineState)
	if !state.IsDone(2) || !state.IsDone(3) || state.IsDone(41) {
		t.Error("want lines 2 and 3 done, and not the torn 41")
	}
	j.Add('c', "5", "")
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := header + "r\nd 64\nc 2\nc 3\nr\nc 5\n"; string(data) != want {
		t.Errorf("journal after reopening:\n%q\nwant\n%q", data, want)
	}
}

// A damaged line, such as a line number far past the input's end (which
// once allocated half a gigabyte), is never trusted: the journal is set
// aside with a warning naming it and the line, and the run starts over;
// a strict journal refuses to run instead.
func TestJournalDamaged(t *testing.T) {
	for _, bad := range []string{
		"c 4000000000",              // past the input's 100 lines
		"c 99999999999999999999999", // not even a number Go can hold
		"c -3", "c 0", "c 07", "c +5", "c 5 x", "zz", "q 5", "d", "", "d 5 yesterday",
		"c " + strings.Repeat("9", 2*maxJournalLine), // a line too long to read
	} {
		t.Run(bad[:min(len(bad), 20)], func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "x.journal")
			content := string(appendHeader(nil, testSpec(path))) + "r\nc 2\n" + bad + "\nc 3\n"
			if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}

			strict := testSpec(path)
			strict.Policy = Strict
			_, _, err := OpenJournal(strict)
			var input *clierr.InputError
			if !errors.As(err, &input) || !strings.Contains(err.Error(), "is damaged at line 8") {
				t.Errorf("strict: %v, want an input error naming line 8", err)
			}

			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			spec := testSpec(path)
			j, warnings, err := OpenJournal(spec)
			if err != nil {
				t.Fatal(err)
			}
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
				t.Errorf("opening the journal allocated %d bytes", grew)
			}
			defer j.Close()
			if len(warnings) != 1 || !strings.Contains(warnings[0], path+" is damaged at line 8") || !strings.Contains(warnings[0], path+".damaged") {
				t.Errorf("warnings %q", warnings)
			}
			if spec.State.(*LineState).IsDone(2) {
				t.Error("a record of the damaged journal was trusted")
			}
			if kept, err := os.ReadFile(path + ".damaged"); err != nil || string(kept) != content {
				t.Errorf("the damaged journal was not kept aside as it was: %v", err)
			}
		})
	}
}

func TestJournalSyncsInBatches(t *testing.T) {
	j := openTestJournal(t, testSpec(filepath.Join(t.TempDir(), "x.journal")))
	defer j.Close()
	for i := range syncEvery - 1 {
		j.Add('c', "2", "")
		_ = i
	}
	if err := j.Flush(); err != nil {
		t.Fatal(err)
	}
	if j.unsynced != syncEvery-1 || len(j.buf) != 0 {
		t.Errorf("after %d records: %d unsynced, %d bytes buffered; want them written, not synced", syncEvery-1, j.unsynced, len(j.buf))
	}
	j.Add('c', "3", "")
	if err := j.Flush(); err != nil {
		t.Fatal(err)
	}
	if j.unsynced != 0 {
		t.Errorf("after %d records: %d unsynced, want a sync", syncEvery, j.unsynced)
	}
	j.Add('c', "4", "")
	j.lastSync = time.Now().Add(-syncInterval)
	if err := j.Flush(); err != nil {
		t.Fatal(err)
	}
	if j.unsynced != 0 {
		t.Errorf("one record a second old: %d unsynced, want a sync", j.unsynced)
	}
}

// A journal kept for another identity (another destination, another
// content) is never applied: started over with a warning, or refused.
func TestJournalOfAnotherIdentity(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.journal")
	j := openTestJournal(t, testSpec(path))
	j.Add('c', "2", "")
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}

	other := testSpec(path)
	other.Identity = []string{"destination d2", other.Identity[1]}
	other.About = "/data/contatos.csv to company 2"
	other.Policy = Strict
	if _, _, err := OpenJournal(other); err == nil || !strings.Contains(err.Error(), "was kept for another destination (/data/contatos.csv to company 1)") {
		t.Errorf("strict: %v", err)
	}

	other.Policy = Lenient
	other.State = NewLineState(100, testLetters)
	j, warnings, err := OpenJournal(other)
	if err != nil {
		t.Fatal(err)
	}
	if other.State.(*LineState).IsDone(2) {
		t.Error("the other destination's record was applied")
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "kept for another destination (/data/contatos.csv to company 1): it is started over") {
		t.Errorf("warnings %q", warnings)
	}
	j.Close()

	spec := testSpec(path)
	spec.Restart = true
	spec.Identity = other.Identity
	j = openTestJournal(t, spec)
	j.Close()

	// An earlier version's journal, keyed by path and size, is never applied.
	if err := os.WriteFile(path, []byte("convo-import-journal 1\ninput \"/data/contatos.csv\"\nsize 10\nmtime 2025-03-01T12:00:00Z\nr\nc 2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	spec = testSpec(path)
	j, warnings, err = OpenJournal(spec)
	if err != nil || spec.State.(*LineState).IsDone(2) || len(warnings) != 1 || !strings.Contains(warnings[0], "another version of convo") {
		t.Errorf("old journal: %v, warnings %q", err, warnings)
	}
	j.Close()
}

// A file that is no journal (a mistaken --journal) is refused, and left
// as it was.
func TestNotAJournal(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{"full.csv": "phone,name\n5511\n", "one-line.csv": "phone,name", "huge.csv": strings.Repeat("x", 3*maxJournalLine)} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, err := OpenJournal(testSpec(path))
		var input *clierr.InputError
		if !errors.As(err, &input) || !strings.Contains(err.Error(), "is not a convo journal") {
			t.Errorf("%s: %v", name, err)
		}
		if data, _ := os.ReadFile(path); string(data) != content {
			t.Errorf("%s was changed", name)
		}
	}
	if runtime.GOOS == "linux" {
		if _, _, err := OpenJournal(testSpec("/dev/null")); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("/dev/null: %v", err)
		}
	}
}

// One run at a time holds a journal: a second is refused at once.
func TestJournalLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.journal")
	first := openTestJournal(t, testSpec(path))
	_, _, err := OpenJournal(testSpec(path))
	var locked *LockedError
	var input *clierr.InputError
	if !errors.As(err, &locked) || !errors.As(err, &input) {
		t.Fatalf("second open: %v, want a LockedError as an input error", err)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	second := openTestJournal(t, testSpec(path))
	if err := second.Remove(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, path + ".lock"} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) && runtime.GOOS != "windows" {
			t.Errorf("%s left after Remove: %v", p, err)
		}
	}
	third := openTestJournal(t, testSpec(path))
	third.Close()
}

// A write error stops the run once, and is not said again at the end.
func TestJournalWriteErrorOnce(t *testing.T) {
	j := openTestJournal(t, testSpec(filepath.Join(t.TempDir(), "x.journal")))
	j.f.Close() // every write fails from now on
	err := j.WriteNow(recDispatched, "3")
	if err == nil || !strings.Contains(err.Error(), "write the journal") {
		t.Fatalf("write: %v", err)
	}
	j.Add('c', "2", "")
	if ferr := j.Flush(); ferr != err {
		t.Errorf("flush: %v, want the same error", ferr)
	}
	if cerr := j.Close(); cerr != nil && strings.Contains(cerr.Error(), "write the journal") {
		t.Errorf("close said it again: %v", cerr)
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
