package bulk

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gofrs/flock"

	"github.com/convo-cli/convo/internal/clierr"
)

// A journal is an append-only text file: a header that names the run's kind
// and identity, then one short record per line, each a letter, a key and
// perhaps a value:
//
//	convo-journal 2 import
//	identity destination 5f0c…e1 (https://api.example.com/api/v1, company 12)
//	identity input sha256:9f86…08 (1048576 bytes)
//	about "/home/ana/contatos.csv"
//	begin
//	r
//	d 640
//	c 17
//
// What the letters and keys mean is the run's (see JournalState); the
// journal checks that every line is whole and makes sense, takes the lock
// that keeps two runs of the same identity apart, and writes the records
// in batches (see Journal.Flush). A torn last line (a crash in mid-write)
// is cut off when the journal is opened; any other line that makes no sense
// makes the journal damaged, and it is never trusted.
const (
	journalMagic = "convo-journal 2"
	// oldImportMagic began the journals of earlier versions, keyed by the
	// input's path and size: their records are never applied.
	oldImportMagic = "convo-import-journal"
	headerEnd      = "begin"
	// maxJournalLine bounds a line of the journal, so that a damaged one
	// costs no more memory than this to read.
	maxJournalLine = 4 << 10
)

// Write policy: records reach the operating system every writeInterval or
// syncEvery records (a killed process loses at most that much, and those
// rows are only in doubt), and the disk every syncEvery records or
// syncInterval, whichever comes first.
const (
	writeInterval = 100 * time.Millisecond
	syncEvery     = 256
	syncInterval  = time.Second
)

// JournalState is what a run keeps of the records of earlier runs.
type JournalState interface {
	// Apply checks and takes one record; the start of each run is a
	// record too, RecRun without key. An error says the record makes no
	// sense: the journal is damaged at its line.
	Apply(letter byte, key, value string) error
	// Reset forgets every record taken, for a journal started over.
	Reset()
}

// JournalPolicy says what opening a journal that cannot be used does.
type JournalPolicy int

const (
	// Strict refuses a damaged journal, and one of another identity, with
	// an input error: for runs where a record lost could send something
	// twice.
	Strict JournalPolicy = iota
	// Lenient starts over, with a warning: a damaged journal is set aside
	// (renamed with .damaged added) and one of another identity emptied.
	// For runs that may safely do every row again.
	Lenient
)

// JournalSpec says which journal to open and for what.
type JournalSpec struct {
	Path string
	// Kind names the run, one word: "import".
	Kind string
	// Identity are the lines that say what the journal is of; a journal
	// whose identity differs in any line is never applied.
	Identity []string
	// Former are identities that earlier versions of convo wrote for the
	// same run: a journal that carries one of them is this run's.
	Former [][]string
	// About names the input for people, in messages.
	About string
	// Restart empties the journal first.
	Restart bool
	Policy  JournalPolicy
	State   JournalState
}

// Journal is an open journal, locked for this run.
type Journal struct {
	path string
	lock *flock.Flock

	mu       sync.Mutex // the file's writes
	f        *os.File
	buf      []byte
	unsynced int
	lastSync time.Time
	// failed is the first write error; it stopped the run, and is not
	// reported again.
	failed error
}

// LockedError is a journal another run holds.
type LockedError struct{ Path string }

func (e *LockedError) Error() string {
	return fmt.Sprintf("another convo run is using the journal %s (the same input and destination); wait for it to end, or stop it first", e.Path)
}

// damage is a journal line that makes no sense.
type damage struct {
	line int
	why  string
}

// OpenJournal opens (or creates) the journal of spec, locks it and gives
// spec.State the records of earlier runs. warnings are for people: what
// was set aside or started over. A journal that another run holds is a
// *LockedError inside an input error (exit 2).
func OpenJournal(spec JournalSpec) (j *Journal, warnings []string, err error) {
	if err := os.MkdirAll(filepath.Dir(spec.Path), 0o700); err != nil {
		return nil, nil, fmt.Errorf("create the journal directory: %w", err)
	}
	lock, err := lockFile(spec.Path + ".lock")
	if errors.Is(err, ErrLocked) {
		return nil, nil, &clierr.InputError{Err: &LockedError{Path: spec.Path}}
	}
	if err != nil {
		return nil, nil, fmt.Errorf("lock the journal %s: %w", spec.Path, err)
	}
	defer func() {
		if err != nil {
			_ = lock.Close() // nothing was written: unlocking cannot lose anything
		}
	}()
	j = &Journal{path: spec.Path, lock: lock, lastSync: time.Now()}
	if err := j.open(spec.Restart); err != nil {
		return nil, nil, err
	}
	end, err := j.read(spec)
	var (
		dmg      *damage
		mismatch *mismatchError
	)
	switch {
	case errors.As(err, &dmg) && spec.Policy == Lenient:
		aside := spec.Path + ".damaged"
		if err := j.setAside(aside); err != nil {
			return nil, nil, err
		}
		warnings = append(warnings, fmt.Sprintf("the journal %s is damaged at line %d (%s): it is set aside as %s and not used; every row is done again",
			spec.Path, dmg.line, dmg.why, aside))
		spec.State.Reset()
		end = 0
	case errors.As(err, &mismatch) && spec.Policy == Lenient:
		warnings = append(warnings, fmt.Sprintf("the journal %s was kept for %s: it is started over for this run", spec.Path, mismatch.other))
		spec.State.Reset()
		end = 0
	case err != nil:
		_ = j.f.Close()
		return nil, nil, refusal(spec.Path, err)
	}
	// Cut a torn last record off, so that appending cannot glue a new
	// record to half of an old one.
	if err := j.f.Truncate(end); err != nil {
		_ = j.f.Close()
		return nil, nil, fmt.Errorf("repair the journal %s: %w", spec.Path, err)
	}
	if _, err := j.f.Seek(end, io.SeekStart); err != nil {
		_ = j.f.Close()
		return nil, nil, fmt.Errorf("open the journal %s: %w", spec.Path, err)
	}
	if end == 0 {
		j.buf = appendHeader(j.buf, spec)
	}
	j.buf = append(j.buf, RecRun, '\n')
	if err := j.Flush(); err != nil {
		_ = j.f.Close()
		return nil, nil, err
	}
	return j, warnings, nil
}

// refusal is the error of a strict journal that cannot be used: an input
// error for one that is damaged or of another identity, err itself else.
func refusal(path string, err error) error {
	var (
		dmg      *damage
		mismatch *mismatchError
	)
	switch {
	case errors.As(err, &dmg):
		return clierr.InputErrorf("the journal %s is damaged at line %d (%s); nothing was sent. Set it aside to look at it, or use --restart to start over",
			path, dmg.line, dmg.why)
	case errors.As(err, &mismatch):
		return clierr.InputErrorf("the journal %s was kept for %s, not for this run; nothing was sent. Give this run another --journal, or leave --journal out",
			path, mismatch.other)
	}
	return err
}

// RecRun starts the records of a run.
const RecRun = 'r'

func appendHeader(b []byte, spec JournalSpec) []byte {
	b = append(b, journalMagic+" "+spec.Kind+"\n"...)
	for _, id := range spec.Identity {
		b = append(b, "identity "+id+"\n"...)
	}
	b = append(b, "about "+strconv.Quote(spec.About)+"\n"...)
	return append(b, headerEnd+"\n"...)
}

// open opens the file, which must be a regular file (a device such as
// /dev/full would be read forever).
func (j *Journal) open(restart bool) error {
	f, err := os.OpenFile(j.path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("open the journal: %w", err)
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = fmt.Errorf("%s is not a regular file", j.path)
	}
	if err == nil && restart {
		err = f.Truncate(0)
	}
	if err != nil {
		_ = f.Close()
		return clierr.InputErrorf("open the journal: %v", err)
	}
	j.f = f
	return nil
}

// setAside renames the damaged journal and opens a new one in its place.
func (j *Journal) setAside(aside string) error {
	_ = j.f.Close() // only read so far
	if err := os.Rename(j.path, aside); err != nil {
		return fmt.Errorf("set the damaged journal %s aside: %w", j.path, err)
	}
	return j.open(false)
}

// mismatchError is a journal of another identity.
type mismatchError struct{ other string }

func (e *mismatchError) Error() string { return "a journal of " + e.other }

func (d *damage) Error() string { return fmt.Sprintf("line %d: %s", d.line, d.why) }

// read checks the header and gives every record to spec.State. It returns
// the length of the complete lines; a *damage or a *mismatchError when the
// journal cannot be used.
func (j *Journal) read(spec JournalSpec) (end int64, err error) {
	br := bufio.NewReaderSize(j.f, maxJournalLine)
	want := headerLines(spec, spec.Identity)
	var header []string
	inHeader := true
	for n := 1; ; n++ {
		line, err := br.ReadSlice('\n')
		switch {
		case errors.Is(err, io.EOF):
			// A last line without its newline is torn: cut off. So is a
			// header cut short: the file starts again. But a file of one
			// line without a newline may be anything but a journal.
			if inHeader {
				first := string(line)
				if len(header) > 0 {
					first = header[0]
				}
				if first != "" && !strings.HasPrefix(journalMagic, first) && !strings.HasPrefix(first, journalMagic) {
					return 0, j.notAJournal(first)
				}
				return 0, nil
			}
			return end, nil
		case errors.Is(err, bufio.ErrBufferFull):
			if n == 1 {
				return 0, j.notAJournal(string(line))
			}
			return 0, &damage{n, fmt.Sprintf("a line longer than %d bytes", maxJournalLine)}
		case err != nil:
			return 0, fmt.Errorf("read the journal %s: %w", j.path, err)
		}
		end += int64(len(line))
		text := string(line[:len(line)-1])
		if inHeader {
			if n == 1 && !strings.HasPrefix(text, journalMagic+" ") {
				return 0, j.notAJournal(text)
			}
			header = append(header, text)
			if text == headerEnd {
				if err := checkHeader(header, want); err != nil && !formerHeader(header, spec) {
					return 0, err
				}
				inHeader = false
			} else if len(header) > len(want)+8 {
				return 0, &damage{n, "the header never ends"}
			}
			continue
		}
		if err := applyRecord(spec.State, text); err != nil {
			return 0, &damage{n, err.Error()}
		}
	}
}

// notAJournal is the error of a file that is no convo journal, or one of
// earlier versions.
func (j *Journal) notAJournal(first string) error {
	if strings.HasPrefix(first, oldImportMagic) || strings.HasPrefix(first, "convo-journal ") {
		return &mismatchError{other: "another version of convo"}
	}
	return clierr.InputErrorf("%s is not a convo journal; use another --journal, or --restart to overwrite it", j.path)
}

// headerLines are the lines of the header of spec's journal with identity.
func headerLines(spec JournalSpec, identity []string) []string {
	spec.Identity = identity
	return strings.Split(strings.TrimSuffix(string(appendHeader(nil, spec)), "\n"), "\n")
}

// formerHeader reports whether got is the header an earlier version wrote
// for spec's run.
func formerHeader(got []string, spec JournalSpec) bool {
	for _, id := range spec.Former {
		if checkHeader(got, headerLines(spec, id)) == nil {
			return true
		}
	}
	return false
}

// checkHeader compares a journal's header with the run's; the about line
// (for people) may differ.
func checkHeader(got, want []string) error {
	// other names what the journal was kept for: the identity that differs
	// ("another input", "another values"), and the journal's about line.
	other := func(differs string) string {
		about := ""
		for _, l := range got {
			if a, ok := strings.CutPrefix(l, "about "); ok {
				if s, err := strconv.Unquote(a); err == nil {
					about = s
				}
			}
		}
		what := "another " + differs
		if strings.HasSuffix(differs, "s") {
			what = "other " + differs
		}
		if about != "" {
			what += " (" + about + ")"
		}
		return what
	}
	if len(got) != len(want) {
		return &mismatchError{other: other("run")}
	}
	for i := range got {
		if strings.HasPrefix(want[i], "about ") && strings.HasPrefix(got[i], "about ") {
			continue
		}
		if got[i] != want[i] {
			if i == 0 {
				return &mismatchError{other: "another kind of run (" + strings.TrimPrefix(got[0], journalMagic+" ") + ")"}
			}
			differs := "run"
			if id, ok := strings.CutPrefix(want[i], "identity "); ok {
				differs, _, _ = strings.Cut(id, " ")
			}
			return &mismatchError{other: other(differs)}
		}
	}
	return nil
}

// applyRecord splits a record line, "L", "L KEY" or "L KEY VALUE", and
// gives it to state.
func applyRecord(state JournalState, text string) error {
	if len(text) == 0 {
		return errors.New("an empty line")
	}
	letter, rest := text[0], text[1:]
	if letter == RecRun {
		if rest != "" {
			return fmt.Errorf("%q: a run's start has no key", text)
		}
		return state.Apply(RecRun, "", "")
	}
	rest, ok := strings.CutPrefix(rest, " ")
	if !ok || rest == "" {
		return fmt.Errorf("%q is no record", text)
	}
	key, value, _ := strings.Cut(rest, " ")
	if err := state.Apply(letter, key, value); err != nil {
		return fmt.Errorf("%q: %w", text, err)
	}
	return nil
}

// Path is the journal's file.
func (j *Journal) Path() string { return j.path }

// WriteNow writes a record at once, before what it announces happens (the
// rows about to be sent); any goroutine may call it.
func (j *Journal) WriteNow(letter byte, key string) error {
	return j.WriteNowValue(letter, key, "")
}

// WriteNowValue is WriteNow for a record with a value.
func (j *Journal) WriteNowValue(letter byte, key, value string) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.failed != nil {
		return j.failed
	}
	_, err := j.f.Write(appendRecord(nil, letter, key, value))
	return j.fail(err)
}

// Add buffers a record for the next Flush. Add and Flush belong to one
// goroutine (a run's collector).
func (j *Journal) Add(letter byte, key, value string) {
	j.buf = appendRecord(j.buf, letter, key, value)
	j.unsynced++
}

func appendRecord(b []byte, letter byte, key, value string) []byte {
	b = append(b, letter, ' ')
	b = append(b, key...)
	if value != "" {
		b = append(b, ' ')
		b = append(b, value...)
	}
	return append(b, '\n')
}

// fail keeps the first write error, worded once.
func (j *Journal) fail(err error) error {
	if err == nil {
		return nil
	}
	if j.failed == nil {
		j.failed = fmt.Errorf("write the journal %s: %w", j.path, err)
	}
	return j.failed
}

// Flush hands the records to the operating system, and syncs them to disk
// when enough have gathered or enough time has passed.
func (j *Journal) Flush() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.failed != nil {
		return j.failed
	}
	if len(j.buf) > 0 {
		if _, err := j.f.Write(j.buf); err != nil {
			return j.fail(err)
		}
		j.buf = j.buf[:0]
	}
	if j.unsynced >= syncEvery || (j.unsynced > 0 && time.Since(j.lastSync) >= syncInterval) {
		return j.sync()
	}
	return nil
}

func (j *Journal) sync() error {
	if err := j.f.Sync(); err != nil {
		return j.fail(err)
	}
	j.unsynced, j.lastSync = 0, time.Now()
	return nil
}

// Close writes and syncs what is left and releases the lock. A write error
// that an earlier call returned is not returned again.
func (j *Journal) Close() error {
	reported := j.failed != nil
	err := j.Flush()
	if err == nil {
		j.mu.Lock()
		err = j.sync()
		j.mu.Unlock()
	}
	if reported {
		err = nil
	}
	err = errors.Join(err, j.f.Close())
	return errors.Join(err, j.lock.Close())
}

// Remove deletes the journal, for a run that left nothing to do, and
// releases the lock.
func (j *Journal) Remove() error {
	_ = j.f.Close() // deleted next: nothing in it matters any more
	err := os.Remove(j.path)
	if errors.Is(err, fs.ErrNotExist) {
		err = nil
	}
	// Removed while locked, so that a run that opened the lock file before
	// sees that it is gone (lockFile checks) rather than sharing it.
	_ = os.Remove(j.lock.Path()) // where that is not allowed (Windows), the file stays, harmlessly
	return errors.Join(err, j.lock.Close())
}

// ErrLocked is a lock that another run holds.
var ErrLocked = errors.New("locked")

// Lock takes the lock file at path (created with mode 0600) without
// waiting, and returns what releases it: ErrLocked when another run holds
// it. The lock is the operating system's: it goes with the process,
// however that ends.
func Lock(path string) (release func() error, err error) {
	fl, err := lockFile(path)
	if err != nil {
		return nil, err
	}
	return fl.Close, nil
}

// lockFile takes the lock of path without waiting. The lock file may have
// been removed by the run that held it between our opening it and our
// lock: then the lock holds nothing, and it is taken again.
func lockFile(path string) (*flock.Flock, error) {
	for range 10 {
		fl := flock.New(path, flock.SetPermissions(0o600))
		ok, err := fl.TryLock()
		if err != nil {
			return nil, err
		}
		if !ok {
			_ = fl.Close()
			return nil, ErrLocked
		}
		held, err1 := fl.Stat()
		named, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(held, named) {
			return fl, nil
		}
		_ = fl.Close()
	}
	return nil, errors.New("its lock file keeps being replaced")
}

// keyLine reads a journal key that is a line number of an input of lines
// lines: digits only, from 1 to lines.
func keyLine(key string, lines int) (int, error) {
	if key == "" || len(key) > 19 || key[0] == '0' || strings.ContainsFunc(key, func(r rune) bool { return r < '0' || r > '9' }) {
		return 0, fmt.Errorf("%q is no line number", key)
	}
	n, err := strconv.Atoi(key)
	if err != nil || n > lines {
		return 0, fmt.Errorf("line %s is past the input's %d lines", key, lines)
	}
	return n, nil
}
