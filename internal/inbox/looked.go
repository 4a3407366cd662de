package inbox

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/dirs"
)

// Looked is what the inbox keeps between runs, one file per destination:
// when you last left it, so that the next run marks the chats that changed
// since, and the chats whose news you had not opened then, which stay
// marked until you do.
type Looked struct {
	// At is when the inbox was last left; zero when never.
	At time.Time
	// News is, per chat with news not opened when the inbox was left, the
	// id of its newest message then.
	News map[string]int64
}

// lookedFile is Looked as the file holds it.
type lookedFile struct {
	Destination string           `json:"destination"`
	LookedAt    time.Time        `json:"looked_at"`
	News        map[string]int64 `json:"news,omitempty"`
}

// LookedPath is the file, in the data directory dir, that remembers when
// the inbox of destination was last left.
func LookedPath(dir, destination string) string {
	sum := sha256.Sum256([]byte(destination))
	return filepath.Join(dir, "inbox", hex.EncodeToString(sum[:8])+".json")
}

// LoadLooked returns what the inbox of destination kept when it was last
// left; nothing when never (or the file is unreadable: it only decides
// which chats are marked).
func LoadLooked(path, destination string) Looked {
	b, err := os.ReadFile(path)
	if err != nil {
		return Looked{}
	}
	var f lookedFile
	if json.Unmarshal(b, &f) != nil || f.Destination != destination {
		return Looked{}
	}
	return Looked{At: f.LookedAt, News: f.News}
}

// SaveLooked records that the inbox of destination was left as l says.
func SaveLooked(path, destination string, l Looked) error {
	b, err := json.Marshal(lookedFile{Destination: destination, LookedAt: l.At.UTC(), News: l.News})
	if err != nil {
		return err
	}
	return dirs.WriteFileAtomic(path, b, 0o600)
}

// Left is what the inbox keeps of this run when it ends at t: the chats
// with news you have not opened, those it read and those the last run
// left unopened that this one did not open either.
func (m Model) Left(t time.Time) Looked {
	l := Looked{At: t, News: map[string]int64{}}
	if m.sess == nil {
		return l
	}
	for token, id := range m.sess.News {
		if seen, ok := m.seen[token]; !ok || seen < id {
			l.News[token] = id
		}
	}
	for _, list := range m.lists {
		if list == nil {
			continue
		}
		list.each(func(c api.Chat) {
			if m.isNew(c) {
				l.News[c.Token] = c.LastMessage.ID
			}
		})
	}
	return l
}
