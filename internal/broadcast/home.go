package broadcast

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/dirs"
)

// home is a campaign's place in the data directory (broadcasts/, one name
// per identity), which makes one campaign have one journal and one lock,
// whatever --journal names: a second journal would not know whom the
// first sent to, and would send to them again. It holds
//
//	ID.lock      the lock every run of the campaign takes first, wherever
//	             its journal is
//	ID.journal   the journal, unless --journal put it elsewhere
//	ID.where     the journal's absolute path, when --journal put it
//	             elsewhere
//
// A run with --journal FILE for a campaign whose journal is elsewhere (in
// the home, or another FILE) is refused, naming it; a run without
// --journal uses the FILE an earlier run named. Journals that earlier
// versions kept in the home under another identity of the same campaign
// (see destination.Destination.FormerKeys) are read too, never written.
type home struct {
	dir string
	// id names the campaign's files: its identity's digest.
	id string
	// identity is the campaign's, former its earlier versions'.
	identity []string
	former   [][]string
}

func newHome(dir string, identity []string, former [][]string) home {
	return home{dir: dir, id: identityDigest(identity), identity: identity, former: former}
}

// identityDigest names the files of the campaign of identity.
func identityDigest(identity []string) string {
	sum := sha256.Sum256([]byte(strings.Join(identity, "\n")))
	return hex.EncodeToString(sum[:10])
}

func (h home) file(ext string) string { return filepath.Join(h.dir, h.id+ext) }

// journal is the default journal, lock the campaign's lock, where the note
// of a journal elsewhere.
func (h home) journal() string { return h.file(".journal") }
func (h home) lock() string    { return h.file(".lock") }
func (h home) where() string   { return h.file(".where") }

// formerJournals are the journals of the former identities, in the home.
func (h home) formerJournals() []string {
	paths := make([]string, len(h.former))
	for i, id := range h.former {
		paths[i] = filepath.Join(h.dir, identityDigest(id)+".journal")
	}
	return paths
}

// locate decides the run's journal: named (--journal, "" for none), or
// the one the campaign has. take says the run will write it (not a dry
// run): then it may clear what a restart forgets. noted says that the
// journal is the one an earlier run's --journal named.
func (h home) locate(named string, restart, take bool) (path string, noted bool, err error) {
	elsewhere, err := h.elsewhere()
	if err != nil {
		return "", false, err
	}
	given := named
	if named != "" {
		if named, err = filepath.Abs(named); err != nil {
			return "", false, err
		}
	}
	if named == "" || sameFile(named, h.journal()) {
		switch {
		case elsewhere == "":
			return h.journal(), false, nil
		case exists(elsewhere):
			return elsewhere, true, nil
		case restart:
			if take {
				err = removeIfThere(h.where())
			}
			return h.journal(), false, err
		}
		return "", false, clierr.InputErrorf("the journal of this campaign is %s, as an earlier run's --journal named it, and that file is gone; nothing was sent. "+
			"Put it back, or use --restart to send to every recipient again", elsewhere)
	}
	held, err := h.holdsRecords(h.journal())
	switch {
	case err != nil:
		return "", false, err
	case held && !restart:
		return "", false, clierr.InputErrorf("this campaign already has a journal, %s; nothing was sent. Leave --journal out to use it, or move that file to %s first",
			h.journal(), named)
	case !sameFile(named, elsewhere) && exists(elsewhere) && !restart:
		return "", false, clierr.InputErrorf("the journal of this campaign is %s, as an earlier run's --journal named it; nothing was sent. Name that file, or leave --journal out",
			elsewhere)
	}
	if take {
		// What is left in the home says nothing a restart keeps: it goes, so
		// that the campaign has one journal.
		err = removeIfThere(h.journal())
	}
	return given, false, err
}

// remember notes that the campaign's journal is path, after the run has
// opened it.
func (h home) remember(path string) error {
	path, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	if sameFile(path, h.journal()) {
		return removeIfThere(h.where())
	}
	if was, err := h.elsewhere(); err == nil && was == path {
		return nil
	}
	f, err := dirs.CreatePrivate(h.where())
	if err != nil {
		return fmt.Errorf("note where the campaign's journal is: %w", err)
	}
	if _, err := f.WriteString(path + "\n"); err != nil {
		f.Discard()
		return fmt.Errorf("note where the campaign's journal is: %w", err)
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("note where the campaign's journal is: %w", err)
	}
	return nil
}

// elsewhere is the journal an earlier run's --journal named, "" when none.
func (h home) elsewhere() (string, error) {
	f, err := os.Open(h.where())
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read where the campaign's journal is: %w", err)
	}
	defer f.Close()
	line, err := bufio.NewReader(f).ReadString('\n')
	path := strings.TrimSuffix(line, "\n")
	if err != nil || !filepath.IsAbs(path) {
		return "", clierr.InputErrorf("%s, which notes where this campaign's journal is, is damaged; nothing was sent. Remove it and name the journal with --journal", h.where())
	}
	return path, nil
}

// holdsRecords reports whether the journal at path has anything a run
// must not forget: a recipient sent, or in doubt.
func (h home) holdsRecords(path string) (bool, error) {
	st := newJournalState()
	if err := bulk.ReadJournal(campaignSpec(path, h.identity, h.former, "", st)); err != nil {
		return false, err
	}
	return len(st.sent) > 0 || len(st.open) > 0, nil
}

// sameFile reports whether a and b are one file: the same path, or two
// paths of one file that exists.
func sameFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ia, err1 := os.Stat(a)
	ib, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(ia, ib)
}

func exists(path string) bool {
	if path == "" {
		return false
	}
	_, err := os.Stat(path)
	return err == nil
}

func removeIfThere(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
