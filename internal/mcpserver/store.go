package mcpserver

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/gofrs/flock"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/dirs"
)

// KeyTTL is how long an idempotency key is remembered after its call.
const KeyTTL = 24 * time.Hour

// The states of a record.
const (
	// StatusPending: queued, waiting for a person (convo mcp queue approve).
	StatusPending = "pending"
	// StatusSending: an attempt was made and its outcome is not known yet:
	// the process may still be at it, or died, or the answer was lost. The
	// next attempt looks for the message first.
	StatusSending = "sending"
	// StatusSent: the message went out (or the write was done).
	StatusSent = "sent"
	// StatusDone: a write that sends no message was done.
	StatusDone = "done"
	// StatusFailed: the API refused it; nothing was sent.
	StatusFailed = "failed"
	// StatusDeclined: the person asked declined, or cancelled.
	StatusDeclined = "declined"
	// StatusRejected: a person rejected it from the queue.
	StatusRejected = "rejected"
)

// Record is a call the server keeps: a message waiting for a person, and
// the outcome of a call made with an idempotency key.
type Record struct {
	// ID names the record for people (convo mcp queue approve ID).
	ID string `json:"id"`
	// Destination is the key of the API root and company it is for.
	Destination string `json:"destination"`
	// Key is the caller's idempotency key; empty for none.
	Key  string `json:"idempotency_key,omitempty"`
	Tool string `json:"tool"`
	// Digest is of the call's arguments, less the key: a key given again
	// with other arguments is refused.
	Digest string `json:"digest"`
	Status string `json:"status"`
	// Approval is how the message was approved: elicit, queue, auto.
	Approval string `json:"approval,omitempty"`
	// Send is the message, for a tool that messages a customer.
	Send *Outgoing `json:"send,omitempty"`
	// Since is the server's time when the first attempt began: a message
	// created before it is not this record's.
	Since time.Time `json:"since,omitzero"`
	// MessageID is the message sent.
	MessageID int64 `json:"message_id,omitempty"`
	// Result is what the call answered: returned again, as it was, to a
	// call with the same key.
	Result json.RawMessage `json:"result,omitempty"`
	// Error is why it failed or was declined.
	Error   string    `json:"error,omitempty"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
}

// Outgoing is a message to a customer, as a person approves it.
type Outgoing struct {
	// Body is the request, exactly as it is sent.
	Body api.MessageSend `json:"body"`
	// Chat is the token of the chat a reply answers; empty for a message
	// to a phone on a channel.
	Chat string `json:"chat,omitempty"`
	// Take says that the reply takes a chat nobody has (take_on_reply).
	Take bool `json:"take,omitempty"`
	// To and On name the recipient and the channel for people.
	To string `json:"to"`
	On string `json:"on"`
	// Text is what the customer reads, as a person approves it: the text,
	// or a template's preview (header, body, footer, buttons).
	Text string `json:"text"`
	// Content is the message's content as the API lists it (the text, a
	// template's body filled in), which tells it apart when it is looked
	// for.
	Content string `json:"content"`
}

// View is a record of a message as people and the assistant are shown it
// (convo mcp queue, send_status).
type View struct {
	ID             string    `json:"id"`
	Status         string    `json:"status"`
	Approval       string    `json:"approval"`
	Tool           string    `json:"tool"`
	To             string    `json:"to"`
	Channel        string    `json:"channel"`
	Text           string    `json:"text"`
	Chat           string    `json:"chat,omitempty"`
	MessageID      int64     `json:"message_id,omitempty"`
	Error          string    `json:"error,omitempty"`
	IdempotencyKey string    `json:"idempotency_key"`
	Created        time.Time `json:"created"`
	Updated        time.Time `json:"updated"`
}

// View is the record of a message (Send set) as it is shown.
func (r *Record) View() View {
	return View{ID: r.ID, Status: r.Status, Approval: r.Approval, Tool: r.Tool, To: r.Send.To, Channel: r.Send.On, Text: r.Send.Text,
		Chat: r.Send.Chat, MessageID: r.MessageID, Error: r.Error, IdempotencyKey: r.Key, Created: r.Created, Updated: r.Updated}
}

// state is the store's file.
type state struct {
	Version int       `json:"version"`
	Records []*Record `json:"records"`
}

// Store keeps the records in the data directory: <dir>/mcp/sends.json,
// written whole through a rename (0600) under a lock file, so that the
// server and `convo mcp queue` may change it at once.
type Store struct {
	dir string
	now func() time.Time
}

// NewStore keeps its files under dataDir; now is the clock (nil:
// time.Now).
func NewStore(dataDir string, now func() time.Time) *Store {
	if now == nil {
		now = time.Now
	}
	return &Store{dir: filepath.Join(dataDir, "mcp"), now: now}
}

func (s *Store) path() string { return filepath.Join(s.dir, "sends.json") }

// update reads the records under the lock, lets fn change them, and writes
// them back when fn succeeds. Records decided more than KeyTTL ago are
// forgotten; a record still pending stays until a person decides it.
func (s *Store) update(fn func(*state) error) error { return s.locked(true, fn) }

// view reads the records under the lock for fn, and writes nothing.
func (s *Store) view(fn func(*state) error) error { return s.locked(false, fn) }

func (s *Store) locked(write bool, fn func(*state) error) error {
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", s.dir, err)
	}
	lock := flock.New(filepath.Join(s.dir, "sends.lock"), flock.SetPermissions(0o600))
	if err := lock.Lock(); err != nil {
		return fmt.Errorf("lock %s: %w", s.path(), err)
	}
	defer lock.Unlock()
	st, err := s.load()
	if err != nil {
		return err
	}
	cutoff := s.now().Add(-KeyTTL)
	st.Records = slices.DeleteFunc(st.Records, func(r *Record) bool {
		old := r.Status != StatusPending && r.Status != StatusSending && r.Updated.Before(cutoff)
		if old {
			_ = os.Remove(s.holdPath(r.Destination, r.Key)) // if it was ever made
		}
		return old
	})
	if err := fn(st); err != nil || !write {
		return err
	}
	b, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return fmt.Errorf("encode %s: %w", s.path(), err)
	}
	return dirs.WriteFileAtomic(s.path(), b, 0o600)
}

func (s *Store) load() (*state, error) {
	b, err := os.ReadFile(s.path())
	if errors.Is(err, fs.ErrNotExist) {
		return &state{Version: 1}, nil
	}
	if err != nil {
		return nil, err
	}
	var st state
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, fmt.Errorf("read %s: %w (move it aside to start afresh)", s.path(), err)
	}
	if st.Version != 1 {
		return nil, fmt.Errorf("read %s: version %d, written by a newer convo", s.path(), st.Version)
	}
	return &st, nil
}

// Records returns every record, oldest first.
func (s *Store) Records() ([]*Record, error) {
	var out []*Record
	err := s.view(func(st *state) error {
		out = slices.Clone(st.Records)
		return nil
	})
	return out, err
}

// Get returns the record with id; nil when there is none.
func (s *Store) Get(id string) (*Record, error) {
	var out *Record
	err := s.view(func(st *state) error {
		out = st.byID(id)
		return nil
	})
	return out, err
}

// Find returns the record of key at destination; nil when there is none.
func (s *Store) Find(destination, key string) (*Record, error) {
	var out *Record
	err := s.view(func(st *state) error {
		if i := slices.IndexFunc(st.Records, func(r *Record) bool { return r.Destination == destination && r.Key == key }); i >= 0 {
			out = st.Records[i]
		}
		return nil
	})
	return out, err
}

// Put stores r: a new record, or a newer version of one.
func (s *Store) Put(r *Record) error {
	return s.update(func(st *state) error {
		r.Updated = s.now()
		if i := slices.IndexFunc(st.Records, func(o *Record) bool { return o.ID == r.ID }); i >= 0 {
			st.Records[i] = r
			return nil
		}
		st.Records = append(st.Records, r)
		return nil
	})
}

// Remove forgets the record with id.
func (s *Store) Remove(id string) error {
	return s.update(func(st *state) error {
		st.Records = slices.DeleteFunc(st.Records, func(r *Record) bool { return r.ID == id })
		return nil
	})
}

// Claim returns the record of key at destination, or makes r that record
// when there is none: made says which. Two calls with one key at once get
// one record.
func (s *Store) Claim(destination, key string, r *Record) (rec *Record, made bool, err error) {
	err = s.update(func(st *state) error {
		if key != "" {
			if i := slices.IndexFunc(st.Records, func(o *Record) bool { return o.Destination == destination && o.Key == key }); i >= 0 {
				rec = st.Records[i]
				return nil
			}
		}
		now := s.now()
		r.ID, r.Destination, r.Key, r.Created, r.Updated = newID(st), destination, key, now, now
		st.Records = append(st.Records, r)
		rec, made = r, true
		return nil
	})
	return rec, made, err
}

func (st *state) byID(id string) *Record {
	if i := slices.IndexFunc(st.Records, func(r *Record) bool { return r.ID == id }); i >= 0 {
		return st.Records[i]
	}
	return nil
}

// newID is a short random id that no record has.
func newID(st *state) string {
	for {
		var b [4]byte
		_, _ = rand.Read(b[:]) // never fails
		id := hex.EncodeToString(b[:])
		if st.byID(id) == nil {
			return id
		}
	}
}

func (s *Store) holdPath(destination, key string) string {
	sum := sha256.Sum256([]byte(destination + "\n" + key))
	return filepath.Join(s.dir, "sending", hex.EncodeToString(sum[:12])+".lock")
}

// errBusy is a record another call, or another convo, is sending.
var errBusy = errors.New("busy")

// hold takes the lock of the key at destination without waiting: while
// it is held, no other call or process acts on the key's record. errBusy
// when another holds it.
func (s *Store) hold(destination, key string) (release func(), err error) {
	path := s.holdPath(destination, key)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("create %s: %w", filepath.Dir(path), err)
	}
	lock := flock.New(path, flock.SetPermissions(0o600))
	ok, err := lock.TryLock()
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	if !ok {
		return nil, errBusy
	}
	// The file stays: removed while another process waits to open it,
	// that process would lock a file nobody else sees. Pruning a record
	// removes it.
	return func() { _ = lock.Unlock() }, nil
}
