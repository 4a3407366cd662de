package bulk

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
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

// JournalHeader reads what the journal at path is of: the kind of run
// and its identity lines, as its header says. A file that is no journal
// of this version is an error.
func JournalHeader(path string) (kind string, identity []string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, maxJournalLine)
	for n := 1; ; n++ {
		line, err := br.ReadSlice('\n')
		if err != nil {
			return "", nil, fmt.Errorf("%s: no whole journal header", path)
		}
		text := string(line[:len(line)-1])
		switch {
		case n == 1:
			var ok bool
			if kind, ok = strings.CutPrefix(text, journalMagic+" "); !ok {
				return "", nil, fmt.Errorf("%s is not a convo journal of this version", path)
			}
		case text == headerEnd:
			return kind, identity, nil
		case strings.HasPrefix(text, "identity "):
			identity = append(identity, strings.TrimPrefix(text, "identity "))
		case n > maxHeaderLines:
			return "", nil, fmt.Errorf("%s: the journal's header never ends", path)
		}
	}
}

// maxHeaderLines bounds the header JournalHeader reads.
const maxHeaderLines = 64

// JournalFollower reads a journal that another run may be writing: the
// records so far, then at each Catch those appended since, so that what
// the other run does is seen as it does it, without reading its journal
// again from the start.
type JournalFollower struct {
	spec JournalSpec
	// end is the length of the complete lines read so far.
	end int64
}

// FollowJournal reads the journal of spec as ReadJournal does (a journal
// that does not exist holds no records yet), and returns what reads the
// rest as it comes.
func FollowJournal(spec JournalSpec) (*JournalFollower, error) {
	f := &JournalFollower{spec: spec}
	return f, f.readAll()
}

// Catch gives the state the records appended since the last read, and
// reports whether there were any. A journal shorter than what was read, or
// whose new lines do not follow from the old (the other run started it
// over), is read again from its start, the state reset first; one removed
// holds no records.
func (f *JournalFollower) Catch() (read bool, err error) {
	info, err := os.Stat(f.spec.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if f.end == 0 {
			return false, nil
		}
		f.spec.State.Reset()
		f.end = 0
		return true, nil
	case err != nil:
		return false, fmt.Errorf("read the journal: %w", err)
	case info.Size() == f.end:
		return false, nil
	case info.Size() < f.end:
		return true, f.readAll()
	}
	file, err := os.Open(f.spec.Path)
	if err != nil {
		return false, fmt.Errorf("read the journal: %w", err)
	}
	defer file.Close()
	if _, err := file.Seek(f.end, io.SeekStart); err != nil {
		return false, fmt.Errorf("read the journal: %w", err)
	}
	br := bufio.NewReaderSize(file, maxJournalLine)
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			// The end, or a line still being written: read next time.
			return read, nil
		}
		if applyRecord(f.spec.State, string(line[:len(line)-1])) != nil {
			return true, f.readAll()
		}
		f.end += int64(len(line))
		read = true
	}
}

// readAll reads the journal from its start.
func (f *JournalFollower) readAll() error {
	f.spec.State.Reset()
	f.end = 0
	file, err := os.Open(f.spec.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read the journal: %w", err)
	}
	defer file.Close()
	j := &Journal{path: f.spec.Path, f: file}
	end, err := j.read(f.spec)
	if err != nil {
		return refusal(f.spec.Path, err)
	}
	f.end = end
	return nil
}
