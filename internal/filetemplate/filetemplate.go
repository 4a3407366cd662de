// Package filetemplate makes a file once and writes copies of it: for tests
// that each need a file that is slow to make and quick to copy, such as a
// seeded sandbox database (under the race detector, seeding one takes 15
// times as long as copying it).
package filetemplate

import (
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Template is a file made on first use and kept in memory. It is safe for
// concurrent use: callers that come while it is being made wait for it.
type Template struct {
	// Make writes the file at path.
	Make func(path string) error
	// MaxAge, when positive, has the file made again once it is that old,
	// or when the clock reads a time before it was made (a test's fake
	// clock, in a synctest bubble): for a file whose content is relative
	// to the time it was made.
	MaxAge time.Duration

	mu   sync.Mutex
	data []byte
	made time.Time
}

// CopyTo writes a copy of the file at path, readable and writable by its
// owner only.
func (tp *Template) CopyTo(path string) error {
	data, err := tp.bytes()
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o600)
}

func (tp *Template) bytes() ([]byte, error) {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	if age := time.Since(tp.made); tp.data != nil && (tp.MaxAge <= 0 || age >= 0 && age < tp.MaxAge) {
		return tp.data, nil
	}
	dir, err := os.MkdirTemp("", "filetemplate-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	made := time.Now()
	path := filepath.Join(dir, "file")
	if err := tp.Make(path); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	tp.data, tp.made = data, made
	return data, nil
}
