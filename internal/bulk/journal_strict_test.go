package bulk

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/clierr"
)

func TestWriteSynced(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.journal")
	j := openTestJournal(t, testSpec(path))
	if err := j.WriteSynced(JournalRecord{Letter: recDispatched, Key: "4"}, JournalRecord{Letter: 'c', Key: "2"}); err != nil {
		t.Fatal(err)
	}
	// On disk before Close: another reader sees them.
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(data), "begin\nr\nd 4\nc 2\n") {
		t.Errorf("journal:\n%s", data)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestReadJournal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.journal")

	spec := testSpec(path)
	if err := ReadJournal(spec); err != nil {
		t.Fatalf("no journal yet: %v", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("reading created the journal: %v", err)
	}

	j := openTestJournal(t, testSpec(path))
	j.Add('c', "2", "")
	if err := j.Flush(); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Read while a run holds it: no lock is taken, nothing is written.
	spec = testSpec(path)
	if err := ReadJournal(spec); err != nil {
		t.Fatal(err)
	}
	if got := lineState(spec.State.(*LineState), 2); got != "done" {
		t.Errorf("line 2 is %s, want done", got)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Errorf("reading changed the journal:\n%s\nwas\n%s", after, before)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}

	// Damaged, or of another identity: refused as a strict journal is,
	// whatever the policy, and left as it is.
	if err := os.WriteFile(path, append(before, "c x\n"...), 0o600); err != nil {
		t.Fatal(err)
	}
	err = ReadJournal(testSpec(path))
	var inputErr *clierr.InputError
	if !errors.As(err, &inputErr) || !strings.Contains(err.Error(), "is damaged at line 8") {
		t.Errorf("damaged journal: %v", err)
	}
	other := testSpec(path)
	other.Identity = []string{"destination d2", other.Identity[1]}
	if err := ReadJournal(other); !errors.As(err, &inputErr) || !strings.Contains(err.Error(), "was kept for another destination") {
		t.Errorf("journal of another destination: %v", err)
	}
	if _, err := os.Stat(path + ".damaged"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("reading set the journal aside: %v", err)
	}
}
