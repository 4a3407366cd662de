package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
)

// Queue is the messages an assistant asked to send, as a person works
// them (convo mcp queue): those waiting, approved (sent, exactly once) or
// rejected.
type Queue struct {
	store  *Store
	audit  *Audit
	client func(ctx context.Context) (*api.Client, error)
	now    func() time.Time
}

// NewQueue works the records of dataDir with the API client client.
func NewQueue(dataDir string, client func(ctx context.Context) (*api.Client, error), redact func(string) string, now func() time.Time) *Queue {
	if now == nil {
		now = time.Now
	}
	return &Queue{store: NewStore(dataDir, now), audit: NewAudit(dataDir, redact), client: client, now: now}
}

// List returns the messages of the last KeyTTL and those still waiting,
// waiting ones first, each group oldest first.
func (q *Queue) List() ([]*Record, error) {
	recs, err := q.store.Records()
	if err != nil {
		return nil, err
	}
	recs = slices.DeleteFunc(recs, func(r *Record) bool { return r.Send == nil })
	slices.SortStableFunc(recs, func(a, b *Record) int {
		return boolRank(a.Status != StatusPending) - boolRank(b.Status != StatusPending)
	})
	return recs, nil
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// openDesk opens the desk over c and names the destination the records
// are kept under: the desk's, or, for a token that tells no company, its
// login.
func openDesk(ctx context.Context, c *api.Client) (*desk.Desk, string, error) {
	d, err := desk.Open(ctx, c)
	if err != nil {
		return nil, "", err
	}
	dest := d.Destination()
	if dest == "" {
		dest = "login " + c.LoginDigest()
	}
	return d, dest, nil
}

// held finds the record id for a person's decision and takes its lock:
// the record as it is once held, the desk and client of its destination.
func (q *Queue) held(ctx context.Context, id string) (*Record, *desk.Desk, *api.Client, func(), error) {
	rec, err := q.store.Get(id)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	if rec == nil || rec.Send == nil {
		return nil, nil, nil, nil, clierr.InputErrorf("no message %q in the queue; see `convo mcp queue list`", id)
	}
	c, err := q.client(ctx)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	d, dest, err := openDesk(ctx, c)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	if rec.Destination != dest {
		return nil, nil, nil, nil, clierr.InputErrorf("message %s was queued for another login or company: decide it with the profile (or --sandbox) the server ran with", id)
	}
	release, err := q.store.hold(dest, rec.Key)
	if errors.Is(err, errBusy) {
		return nil, nil, nil, nil, clierr.InputErrorf("message %s is being sent right now, by the server or another convo; list the queue again in a moment", id)
	}
	if err != nil {
		return nil, nil, nil, nil, err
	}
	if rec, err = q.store.Get(id); err != nil || rec == nil {
		release()
		if err == nil {
			err = clierr.InputErrorf("message %s has just left the queue", id)
		}
		return nil, nil, nil, nil, err
	}
	return rec, d, c, release, nil
}

// Approve sends the waiting message id, exactly once: a message whose
// earlier approval may have sent it is looked for first. The rules are
// checked again first, as they stand now: a chat finished or closed since,
// a contact blocked since, and a free-form reply whose customer has not
// written in 24 hours are refused, and the message stays waiting (reject
// it). A message sent already is answered as it was.
func (q *Queue) Approve(ctx context.Context, id string) (*Result, *Record, error) {
	rec, d, c, release, err := q.held(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	defer release()
	entry := Entry{Tool: "queue approve", ID: id, Approval: "person"}
	defer func() {
		entry.Time, entry.MessageID = q.now(), rec.MessageID
		_ = q.audit.Log(entry) // the queue's outcome is in the store; a log that cannot be written does not undo it
	}()
	switch rec.Status {
	case StatusSent:
		entry.Outcome = "repeated"
		return &Result{Text: fmt.Sprintf("Message %s was sent already, as message %d: nothing was sent again.", id, rec.MessageID)}, rec, nil
	case StatusPending, StatusSending:
	default:
		entry.Outcome = "refused"
		return nil, rec, clierr.InputErrorf("message %s was not sent (%s): %s", id, rec.Status, rec.Error)
	}
	inDoubt := rec.Status == StatusSending
	if !inDoubt {
		if err := q.recheck(ctx, c, d, rec.Send); err != nil {
			entry.Outcome, entry.Error = "refused", errorText(err)
			return nil, rec, err
		}
	}
	res, err := deliver(ctx, c, d, q.store, rec, inDoubt)
	entry.Outcome = outcome(rec, err)
	if err != nil {
		entry.Error = errorText(err)
	}
	return res, rec, err
}

// recheck refuses, as the rules stand now, a message approved later than
// it was asked for.
func (q *Queue) recheck(ctx context.Context, c *api.Client, d *desk.Desk, out *Outgoing) error {
	contact, _, err := resolve.Contact(ctx, c, resolve.ContactRef{Phone: out.Body.Phone}, naming.Flags)
	var unknown *clierr.InputError
	switch {
	case errors.As(err, &unknown):
	case err != nil:
		return err
	default:
		if err := blocked(contact, out.Body.Phone); err != nil {
			return fmt.Errorf("%w; reject it with convo mcp queue reject", err)
		}
	}
	if out.Chat == "" || out.Body.Type == "template" {
		return nil
	}
	ch, err := d.Find(ctx, out.Chat)
	if err != nil {
		return err
	}
	if _, err := desk.Reply(ch, out.Body, naming.Flags); err != nil {
		return err
	}
	return outsideWindow(ctx, d, ch, q.now())
}

// Reject drops the waiting message id: it is never sent, and the tool
// that asked for it is told so.
func (q *Queue) Reject(ctx context.Context, id string) (*Record, error) {
	rec, _, _, release, err := q.held(ctx, id)
	if err != nil {
		return nil, err
	}
	defer release()
	if rec.Status != StatusPending {
		return rec, clierr.InputErrorf("message %s is %s, not waiting: it cannot be rejected", id, rec.Status)
	}
	rec.Status, rec.Error = StatusRejected, "a person rejected it"
	if err := q.store.Put(rec); err != nil {
		return nil, err
	}
	return rec, q.audit.Log(Entry{Time: q.now(), Tool: "queue reject", ID: id, Approval: "person", Outcome: StatusRejected})
}
