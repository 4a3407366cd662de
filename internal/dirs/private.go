package dirs

import (
	"errors"
	"os"
	"path/filepath"
)

// PrivateFile is a file written as convo writes what holds personal data:
// to a new file of mode 0600 beside its path, put in place by Commit. What
// was at the path (an earlier file, looser modes, a symbolic link planted
// there) is replaced, never written through, and a reader sees the old file
// or the whole new one.
type PrivateFile struct {
	*os.File
	path string
}

// CreatePrivate starts the file at path, creating its directory (0700).
func CreatePrivate(path string) (*PrivateFile, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(0o600); err != nil {
		_ = f.Close()
		_ = os.Remove(f.Name())
		return nil, err
	}
	return &PrivateFile{File: f, path: path}, nil
}

// Path is where the file goes.
func (p *PrivateFile) Path() string { return p.path }

// Commit syncs the file and puts it at its path; on failure nothing is
// left but what was there before.
func (p *PrivateFile) Commit() error {
	err := errors.Join(p.Sync(), p.Close())
	if err == nil {
		err = os.Rename(p.Name(), p.path)
	}
	if err != nil {
		_ = os.Remove(p.Name())
	}
	return err
}

// Discard removes the unfinished file.
func (p *PrivateFile) Discard() {
	_ = p.Close()           // nothing in it is kept
	_ = os.Remove(p.Name()) // a file that cannot be removed is a hidden .tmp beside the target
}
