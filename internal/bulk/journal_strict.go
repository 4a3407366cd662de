package bulk

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// What a run that must never do a row twice (a broadcast) needs of its
// journal beyond what an import does: records on disk before what they
// announce happens, and a look at a journal without taking it.

// JournalRecord is one record: a letter, a key and perhaps a value.
type JournalRecord struct {
	Letter     byte
	Key, Value string
}

// WriteSynced writes recs at once and syncs them to disk before it
// returns, so that they outlive even a crash of the machine: for records
// written before what they announce happens. Any goroutine may call it.
func (j *Journal) WriteSynced(recs ...JournalRecord) error {
	var b []byte
	for _, r := range recs {
		b = appendRecord(b, r.Letter, r.Key, r.Value)
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.failed != nil {
		return j.failed
	}
	if _, err := j.f.Write(b); err != nil {
		return j.fail(err)
	}
	return j.fail(j.f.Sync())
}

// ReadJournal gives spec.State the records of the journal at spec.Path
// without locking or changing it: for a plan made while a run may hold it.
// A journal that does not exist holds no records. One that is damaged or
// of another identity is refused, with an input error, as Strict refuses it.
func ReadJournal(spec JournalSpec) error {
	f, err := os.Open(spec.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read the journal: %w", err)
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return fmt.Errorf("read the journal: %s is not a regular file", spec.Path)
	}
	j := &Journal{path: spec.Path, f: f}
	if _, err := j.read(spec); err != nil {
		return refusal(spec.Path, err)
	}
	return nil
}
