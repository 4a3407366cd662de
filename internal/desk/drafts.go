package desk

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/convo-cli/convo/internal/dirs"
)

// Draft is a reply being written in a chat, kept while the person does
// something else, also across a restart.
type Draft struct {
	Chat  string    `json:"chat"`
	Text  string    `json:"text"`
	Saved time.Time `json:"saved"`
}

// drafts keeps one file per chat, <data dir>/desk/drafts/<destination
// hash>/<chat hash>.json (0600, written whole through a rename), so that two
// inboxes of one person never lose each other's drafts of other chats. A
// desk without a data directory keeps them in memory.
type drafts struct {
	dir string // "" keeps them in memory
	mu  sync.Mutex
	mem map[string]Draft
}

func newDrafts(dataDir, destination string) *drafts {
	d := &drafts{mem: map[string]Draft{}}
	if dataDir != "" {
		d.dir = filepath.Join(dataDir, "desk", "drafts", digest(destination))
	}
	return d
}

// digest names a file after s without putting s, which may hold any
// character, in the name.
func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}

func (d *drafts) path(token string) string { return filepath.Join(d.dir, digest(token)+".json") }

// SaveDraft keeps text as the draft of the chat with token; text of only
// white space clears it (ClearDraft). No request.
func (d *Desk) SaveDraft(token, text string) error {
	if strings.TrimSpace(text) == "" {
		return d.ClearDraft(token)
	}
	dr := Draft{Chat: token, Text: text, Saved: d.now()}
	s := d.drafts
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dir == "" {
		s.mem[token] = dr
		return nil
	}
	b, err := json.Marshal(dr)
	if err != nil {
		return fmt.Errorf("save the draft of chat %s: %w", token, err)
	}
	if err := dirs.WriteFileAtomic(s.path(token), b, 0o600); err != nil {
		return fmt.Errorf("save the draft of chat %s: %w", token, err)
	}
	return nil
}

// LoadDraft returns the draft of the chat with token; ok is false when
// there is none. A draft file that cannot be read is an error, so that it
// is not overwritten unseen. No request.
func (d *Desk) LoadDraft(token string) (dr Draft, ok bool, err error) {
	s := d.drafts
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dir == "" {
		dr, ok = s.mem[token]
		return dr, ok, nil
	}
	b, err := os.ReadFile(s.path(token))
	if errors.Is(err, os.ErrNotExist) {
		return Draft{}, false, nil
	}
	if err == nil {
		err = json.Unmarshal(b, &dr)
	}
	if err != nil {
		return Draft{}, false, fmt.Errorf("read the draft of chat %s (%s): %w", token, s.path(token), err)
	}
	if dr.Chat != token {
		return Draft{}, false, nil
	}
	return dr, true, nil
}

// ClearDraft forgets the draft of the chat with token, if any: once the
// reply is sent. No request.
func (d *Desk) ClearDraft(token string) error {
	s := d.drafts
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dir == "" {
		delete(s.mem, token)
		return nil
	}
	if err := os.Remove(s.path(token)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("clear the draft of chat %s: %w", token, err)
	}
	return nil
}
