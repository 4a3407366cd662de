package mcpserver

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
)

// Key is the idempotency key a write tool accepts.
type Key struct {
	IdempotencyKey string `json:"idempotency_key,omitempty" jsonschema:"a key of your own for this call (a UUID, say): a call repeated with the same key and arguments within 24 hours returns the first call's result and does nothing again"`
}

func (k Key) key() string { return k.IdempotencyKey }

// SendKey is the idempotency key a tool that messages a customer needs.
type SendKey struct {
	IdempotencyKey string `json:"idempotency_key" jsonschema:"a key of your own for this message (a UUID, say); give the same key when you retry it: a message is never sent twice for one key, and the call returns the first call's result"`
}

func (k SendKey) key() string { return k.IdempotencyKey }

type keyed interface{ key() string }

// keyOf is the idempotency key of a tool's input; "" when it takes none.
func keyOf(in any) string {
	if k, ok := in.(keyed); ok {
		return k.key()
	}
	return ""
}

// argsDigest is the digest of a call's arguments less its key: the same
// message asked again digests the same, whatever the order of its keys.
func argsDigest(args json.RawMessage) string {
	var m map[string]any
	if json.Unmarshal(args, &m) != nil {
		m = nil
	}
	delete(m, "idempotency_key")
	b, _ := json.Marshal(m) // decoded JSON encodes; map keys come sorted
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// stored is a result kept for a key, as the first call answered it.
type stored struct {
	Text string          `json:"text"`
	Data json.RawMessage `json:"data,omitempty"`
}

// keep records res as rec's result.
func keep(rec *Record, res *Result) error {
	data, err := cleanJSON(res.Data)
	if err != nil {
		return err
	}
	b, err := json.Marshal(stored{Text: res.Text, Data: data})
	if err != nil {
		return err
	}
	rec.Result = b
	return nil
}

// kept is the result rec keeps, as the first call answered it, said to be
// a repeat.
func kept(rec *Record) *Result {
	var st stored
	_ = json.Unmarshal(rec.Result, &st) // written by keep
	var data any
	if len(st.Data) > 0 {
		// The store indents what it keeps.
		var b bytes.Buffer
		if json.Compact(&b, st.Data) == nil {
			data = json.RawMessage(b.Bytes())
		}
	}
	return &Result{Text: "The first call with this idempotency_key answered this; nothing was done again.\n" + st.Text, Data: data}
}

// keyed runs a write that sends no message once per key: a call with a
// key seen before returns the first call's result; a call whose first
// attempt may have been done and never answered is refused rather than
// done again, since what a write did cannot be looked for in general.
func (s *Server) keyed(ctx context.Context, c *call, key string, run func() (*Result, error)) (*Result, error) {
	if key == "" {
		return run()
	}
	dest, err := s.destination(ctx)
	if err != nil {
		return nil, err
	}
	release, err := s.store.hold(dest, key)
	if err != nil {
		return nil, busyKey(key, err)
	}
	defer release()
	digest := argsDigest(c.req.Params.Arguments)
	rec, made, err := s.store.Claim(dest, key, &Record{Tool: c.def.Name, Digest: digest, Status: StatusSending})
	if err != nil {
		return nil, err
	}
	c.entry.ID = rec.ID
	if !made {
		if err := sameCall(rec, c.def.Name, digest, key); err != nil {
			return nil, err
		}
		c.entry.Outcome = "repeated"
		switch rec.Status {
		case StatusDone:
			return kept(rec), nil
		case StatusFailed:
			return nil, refuse("the first call with idempotency_key %q failed, and nothing was done: %s", key, rec.Error)
		}
		c.entry.Outcome = "in_doubt"
		return nil, refuse("the first call with idempotency_key %q may have been done: its answer never came. Check with the tools that read before doing it again with a new key", key)
	}
	res, err := run()
	var refused *api.Error
	switch {
	case err == nil:
		rec.Status = StatusDone
		if err := keep(rec, res); err != nil {
			return nil, err
		}
	case bulk.Classify(err) == bulk.Ambiguous:
		c.entry.Outcome = "in_doubt"
		return nil, err // the record stays in doubt
	case errors.As(err, &refused) && bulk.Classify(err) == bulk.Permanent:
		// The API's answer: the same call would get it again.
		rec.Status, rec.Error = StatusFailed, errorText(err)
	default:
		// Refused before anything was asked of the API, or not done:
		// the key stays free for the call made right.
		return nil, errors.Join(err, s.store.Remove(rec.ID))
	}
	if perr := s.store.Put(rec); perr != nil {
		return nil, perr
	}
	return res, err
}

// sameCall refuses a key given again for another call.
func sameCall(rec *Record, tool, digest, key string) error {
	if rec.Tool != tool || rec.Digest != digest {
		return refuse("idempotency_key %q was given to an earlier call of %s with other arguments; give each call a key of its own", key, rec.Tool)
	}
	return nil
}

// busyKey is the error of a key whose call is under way elsewhere.
func busyKey(key string, err error) error {
	if errors.Is(err, errBusy) {
		return refuse("a call with idempotency_key %q is under way; call again once it has answered to have its result", key)
	}
	return err
}

// grants are the questions asked of a person through a client that
// answers in a later call (multi round-trip requests): each is bound to
// the call's arguments and answered once, so that an answer cannot be
// carried to another message, nor made up without the question.
type grants struct {
	now func() time.Time
	mu  sync.Mutex
	m   map[string]grant // by state token
}

type grant struct {
	digest  string
	expires time.Time
}

// grantTTL bounds how long a question waits for its answer.
const grantTTL = time.Hour

// issue returns the state token of a question about the call digest.
func (g *grants) issue(digest string) string {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	if g.m == nil {
		g.m = map[string]grant{}
	}
	for t, gr := range g.m {
		if now.After(gr.expires) {
			delete(g.m, t)
		}
	}
	var b [16]byte
	_, _ = rand.Read(b[:]) // never fails
	token := hex.EncodeToString(b[:])
	g.m[token] = grant{digest: digest, expires: now.Add(grantTTL)}
	return token
}

// redeem reports whether token is a question this server asked about the
// call digest, and forgets it: an answer counts once.
func (g *grants) redeem(token, digest string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	gr, ok := g.m[token]
	delete(g.m, token)
	return ok && gr.digest == digest && !g.now().After(gr.expires)
}
