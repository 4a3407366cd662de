package importer

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/convo-cli/convo/internal/clierr"
)

// The journal is an append-only text file: a header naming the input, then
// one short record per line.
//
//	convo-import-journal 1
//	input "/home/ana/contatos.csv"
//	size 1048576
//	mtime 2025-03-01T12:00:00.123456789Z
//	r          a run starts
//	d 640      rows up to line 640 may have been sent (written before they are)
//	c 17       line 17 created; u updated, s skipped: done, skipped by later runs
//	f 18       line 18 failed or was left unsent: the API certainly did not create it
//
// A row that a d covers but that has no c, u, s or f record after it is
// "in doubt": it was in flight when the run died, and its POST may have been
// processed. When a later
// run's POST of it is refused as a duplicate, that is the earlier POST, and
// the row counts as created. A torn last line (a crash in mid-write) is cut
// off when the journal is opened; lines that make no sense are ignored.
const journalMagic = "convo-import-journal 1"

// Record letters.
const (
	recRun        = 'r'
	recDispatched = 'd'
	recCreated    = 'c'
	recUpdated    = 'u'
	recSkipped    = 's'
	recFailed     = 'f'
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

// DefaultJournalPath is where the journal of an input lives in the data
// directory: keyed by the input's absolute path and size, so that the same
// file imported again finds it, and a changed (grown, shrunk) file does not.
func DefaultJournalPath(dataDir, absPath string, size int64) string {
	sum := sha256.Sum256([]byte(absPath + "\x00" + strconv.FormatInt(size, 10)))
	return filepath.Join(dataDir, "imports", hex.EncodeToString(sum[:8])+".journal")
}

// inputID identifies the input a journal belongs to.
type inputID struct {
	path    string
	size    int64
	modTime time.Time
}

func (id inputID) header() string {
	return fmt.Sprintf("%s\ninput %s\nsize %d\nmtime %s\n", journalMagic, strconv.Quote(id.path), id.size,
		id.modTime.UTC().Format(time.RFC3339Nano))
}

// journalState is what earlier runs recorded.
type journalState struct {
	done, failed bitset
	// doubtMax is the highest line an earlier run may have sent.
	doubtMax int
	// lastMark is the d of the current run while reading, for clearing the
	// failures that its rows were sent again after.
	lastMark int
}

func (s *journalState) apply(kind byte, line int) {
	switch kind {
	case recRun:
		s.lastMark = 0
	case recDispatched:
		// A run sends every row that is not done, in order: the rows up to
		// this mark were sent again, so an earlier failure of theirs no
		// longer says the API did not create them.
		s.failed.clearRange(s.lastMark+1, line)
		s.lastMark = max(s.lastMark, line)
		s.doubtMax = max(s.doubtMax, line)
	case recCreated, recUpdated, recSkipped:
		s.done.set(line)
	case recFailed:
		s.failed.set(line)
	}
}

// isDone reports whether an earlier run finished the row at line.
func (s *journalState) isDone(line int) bool { return s.done.has(line) }

// inDoubt reports whether an earlier run may have created the row at line
// without recording it.
func (s *journalState) inDoubt(line int) bool {
	return line <= s.doubtMax && !s.done.has(line) && !s.failed.has(line)
}

// journal is an open journal. mark is called by the reader, record, flush
// and sync by the collector.
type journal struct {
	path  string
	state journalState

	mu       sync.Mutex // the file's writes
	f        *os.File
	buf      []byte
	unsynced int
	lastSync time.Time
}

// openJournal opens (or creates) the journal at path for input id and reads
// what earlier runs recorded; restart empties it first. warning is set when
// the input was modified since the journal was started.
func openJournal(path string, id inputID, restart bool) (j *journal, warning string, err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, "", fmt.Errorf("create the journal directory: %w", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, "", fmt.Errorf("open the journal: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
		}
	}()
	if restart {
		if err := f.Truncate(0); err != nil {
			return nil, "", fmt.Errorf("empty the journal: %w", err)
		}
	}
	j = &journal{path: path, f: f, lastSync: time.Now()}
	end, written, err := j.read(id)
	if err != nil {
		return nil, "", err
	}
	if !written.IsZero() && !written.Equal(id.modTime) {
		warning = fmt.Sprintf("%s was modified since its journal was started (%s); rows the journal has as done are still skipped: use --restart to import every row again",
			id.path, written.Local().Format(time.DateTime))
	}
	// Cut a torn last record off, so that appending cannot glue a new
	// record to half of an old one.
	if err := f.Truncate(end); err != nil {
		return nil, "", fmt.Errorf("repair the journal: %w", err)
	}
	if _, err := f.Seek(end, io.SeekStart); err != nil {
		return nil, "", fmt.Errorf("open the journal: %w", err)
	}
	if end == 0 {
		j.buf = append(j.buf, id.header()...)
	}
	j.buf = append(j.buf, recRun, '\n')
	if err := j.flush(); err != nil {
		return nil, "", err
	}
	return j, warning, nil
}

// read loads the records and returns the length of the complete lines and
// the input's modification time the header gives (zero for a new journal).
func (j *journal) read(id inputID) (end int64, modTime time.Time, err error) {
	br := bufio.NewReader(j.f)
	var header []string
	for {
		line, err := br.ReadString('\n')
		if errors.Is(err, io.EOF) {
			break // a last line without its newline is torn: ignored
		}
		if err != nil {
			return 0, time.Time{}, fmt.Errorf("read the journal %s: %w", j.path, err)
		}
		end += int64(len(line))
		line = strings.TrimSuffix(line, "\n")
		if len(header) < 4 {
			header = append(header, line)
			if len(header) == 4 {
				if modTime, err = checkHeader(j.path, header, id); err != nil {
					return 0, time.Time{}, err
				}
			}
			continue
		}
		kind, num, _ := strings.Cut(line, " ")
		n, err := strconv.Atoi(num)
		if len(kind) != 1 || (err != nil && kind[0] != recRun) || n < 0 {
			continue
		}
		j.state.apply(kind[0], n)
	}
	if len(header) > 0 && len(header) < 4 {
		if header[0] != journalMagic {
			return 0, time.Time{}, notAJournal(j.path)
		}
		end = 0 // a header cut short: start the file again
	}
	return end, modTime, nil
}

func checkHeader(path string, lines []string, id inputID) (time.Time, error) {
	if lines[0] != journalMagic {
		return time.Time{}, notAJournal(path)
	}
	quoted, _ := strings.CutPrefix(lines[1], "input ")
	input, err1 := strconv.Unquote(quoted)
	sizeText, _ := strings.CutPrefix(lines[2], "size ")
	size, err2 := strconv.ParseInt(sizeText, 10, 64)
	mtimeText, _ := strings.CutPrefix(lines[3], "mtime ")
	mtime, err3 := time.Parse(time.RFC3339Nano, mtimeText)
	if err := errors.Join(err1, err2, err3); err != nil {
		return time.Time{}, notAJournal(path)
	}
	if input != id.path || size != id.size {
		return time.Time{}, clierr.InputErrorf("the journal %s belongs to another input (%s, %d bytes), not %s (%d bytes); use another --journal, or --restart to start this one over",
			path, input, size, id.path, id.size)
	}
	return mtime, nil
}

func notAJournal(path string) error {
	return clierr.InputErrorf("%s is not a convo import journal; use another --journal, or --restart to overwrite it", path)
}

// mark records, before they are sent, that the rows up to line may be sent.
func (j *journal) mark(line int) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	rec := strconv.AppendInt([]byte{recDispatched, ' '}, int64(line), 10)
	if _, err := j.f.Write(append(rec, '\n')); err != nil {
		return fmt.Errorf("write the journal %s: %w", j.path, err)
	}
	return nil
}

// record adds a finished row; flush writes it.
func (j *journal) record(kind byte, line int) {
	j.buf = append(j.buf, kind, ' ')
	j.buf = strconv.AppendInt(j.buf, int64(line), 10)
	j.buf = append(j.buf, '\n')
	j.unsynced++
}

// flush hands the records to the operating system, and syncs them to disk
// when enough have gathered or enough time has passed.
func (j *journal) flush() error {
	if len(j.buf) > 0 {
		j.mu.Lock()
		_, err := j.f.Write(j.buf)
		j.mu.Unlock()
		if err != nil {
			return fmt.Errorf("write the journal %s: %w", j.path, err)
		}
		j.buf = j.buf[:0]
	}
	if j.unsynced >= syncEvery || (j.unsynced > 0 && time.Since(j.lastSync) >= syncInterval) {
		return j.sync()
	}
	return nil
}

func (j *journal) sync() error {
	if err := j.f.Sync(); err != nil {
		return fmt.Errorf("sync the journal %s: %w", j.path, err)
	}
	j.unsynced, j.lastSync = 0, time.Now()
	return nil
}

// close writes and syncs what is left.
func (j *journal) close() error {
	err := j.flush()
	if err == nil {
		err = j.sync()
	}
	return errors.Join(err, j.f.Close())
}
