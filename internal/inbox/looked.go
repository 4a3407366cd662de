package inbox

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"time"

	"github.com/convo-cli/convo/internal/config"
)

// lookedFile is what the inbox keeps between runs, one file per
// destination: when you last left it, so that the next run marks the chats
// that changed since.
type lookedFile struct {
	Destination string    `json:"destination"`
	LookedAt    time.Time `json:"looked_at"`
}

// LookedPath is the file, in the data directory dir, that remembers when
// the inbox of destination was last left.
func LookedPath(dir, destination string) string {
	sum := sha256.Sum256([]byte(destination))
	return filepath.Join(dir, "inbox", hex.EncodeToString(sum[:8])+".json")
}

// LoadLooked returns when the inbox of destination was last left; zero
// when never (or the file is unreadable: it only decides which chats are
// marked).
func LoadLooked(path, destination string) time.Time {
	b, err := os.ReadFile(path)
	if err != nil {
		return time.Time{}
	}
	var f lookedFile
	if json.Unmarshal(b, &f) != nil || f.Destination != destination {
		return time.Time{}
	}
	return f.LookedAt
}

// SaveLooked records that the inbox of destination was left at t.
func SaveLooked(path, destination string, t time.Time) error {
	b, err := json.Marshal(lookedFile{Destination: destination, LookedAt: t.UTC()})
	if err != nil {
		return err
	}
	return config.WriteFileAtomic(path, b, 0o600)
}
