package mcpserver

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/convo-cli/convo/internal/safetext"
)

// AuditFile is the name of the audit log in the data directory.
const AuditFile = "mcp-audit.jsonl"

// Entry is one line of the audit log: a write attempt and what became of
// it.
type Entry struct {
	Time time.Time `json:"time"`
	// Tool is the tool called, or the queue command (queue approve,
	// queue reject).
	Tool string `json:"tool"`
	// Arguments are the call's, as the assistant gave them.
	Arguments json.RawMessage `json:"arguments,omitempty"`
	// ID is the record of a message or a keyed call.
	ID string `json:"id,omitempty"`
	// Approval is how a message was approved: elicit, queue, auto, or
	// person (from the queue).
	Approval string `json:"approval,omitempty"`
	// Outcome is sent, done, pending, declined, rejected, refused,
	// failed, in_doubt or repeated.
	Outcome   string `json:"outcome"`
	MessageID int64  `json:"message_id,omitempty"`
	// Error says why it was refused or failed.
	Error string `json:"error,omitempty"`
}

// Audit appends entries to the audit log, one JSON object a line, in a
// file only its owner may read (0600). The API token is never part of an
// entry: the arguments are the assistant's, and redact masks any token
// the run knows in them.
type Audit struct {
	path   string
	redact func(string) string
	mu     sync.Mutex
}

// NewAudit appends to AuditFile in dataDir; redact (nil: none) masks
// secrets in the arguments.
func NewAudit(dataDir string, redact func(string) string) *Audit {
	if redact == nil {
		redact = func(s string) string { return s }
	}
	return &Audit{path: filepath.Join(dataDir, AuditFile), redact: redact}
}

// Path is the audit log's path.
func (a *Audit) Path() string { return a.path }

// Log appends e. The line is written in one call on a file opened to
// append, so that lines of several processes never mix.
func (a *Audit) Log(e Entry) error {
	if e.Arguments != nil {
		e.Arguments = json.RawMessage(a.redact(string(e.Arguments)))
		if !json.Valid(e.Arguments) {
			e.Arguments = nil // masking broke it: leave the arguments out rather than the line
		}
	}
	b, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	b = append(safetext.JSON(b), '\n')
	a.mu.Lock()
	defer a.mu.Unlock()
	if err := os.MkdirAll(filepath.Dir(a.path), 0o700); err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	f, err := os.OpenFile(a.path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return fmt.Errorf("audit: %w", err)
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return fmt.Errorf("audit: %w", err)
	}
	return f.Close()
}
