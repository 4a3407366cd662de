package importer

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/validate"
)

type outcome = bulk.Outcome

const (
	unfinished = bulk.Unfinished
	failed     = bulk.Failed
)

// OnDuplicate is what to do with a row whose phone is already a contact's.
type OnDuplicate string

// The --on-duplicate choices.
const (
	DuplicateSkip   OnDuplicate = "skip"
	DuplicateUpdate OnDuplicate = "update"
	DuplicateFail   OnDuplicate = "fail"
)

// DuplicateModes lists the --on-duplicate values.
var DuplicateModes = []string{string(DuplicateSkip), string(DuplicateUpdate), string(DuplicateFail)}

// writer does the API side of a row. It is shared by the workers.
type writer struct {
	c           *api.Client
	calls       *bulk.Caller
	tags        *tagCache
	fields      map[string]api.CustomField // by name
	onDuplicate OnDuplicate
	replaceTags bool
	dryRun      bool
	// maxAttempts bounds the attempts at a row whose requests keep failing
	// in ways that may pass (429, 5xx, no answer).
	maxAttempts int
	// backoff is the wait before attempt n+1 after a failure that may pass.
	backoff func(n int) time.Duration
	// abort stops the whole import, for a failure no row can get past.
	abort func(error)
	// clock is the server's, as its answers say it.
	clock *api.ServerClock
	// doubtSince says from when an earlier run may have sent a row in
	// doubt, by the server's clock (see bulk.LineState.DoubtSince); nil
	// without a journal.
	doubtSince func(line int) (time.Time, bool)
	// repeats are the rows whose phone an earlier row has.
	repeats *repeats
	// reasons are why rows failed.
	reasons bulk.Reasons
}

func newWriter(c *api.Client, eng *bulk.Engine, opts Options, fields map[string]api.CustomField, notes *warnings) *writer {
	calls := eng.Caller()
	return &writer{
		c:           c,
		calls:       calls,
		tags:        newTagCache(c, calls, opts.CreateTags, opts.DryRun, notes.add),
		fields:      fields,
		onDuplicate: opts.OnDuplicate,
		replaceTags: opts.ReplaceTags,
		dryRun:      opts.DryRun,
		maxAttempts: opts.MaxAttempts,
		backoff:     opts.Backoff,
		abort:       eng.Abort,
		clock:       c.ServerClock(),
		reasons:     bulk.Reasons{Words: words},
	}
}

// process takes one row through checks and writes.
func (w *writer) process(stop context.Context, norm *normaliser, j bulk.Job) bulk.Result {
	res := bulk.Result{Line: j.Line, MaybeDone: j.InDoubt}
	if why, ok := w.repeats.skip(j.Line); ok {
		res.Outcome, res.Record, res.Why = repeated, j.Record, why
		return res
	}
	row, err := norm.normalise(j.Record)
	if err == nil {
		st := rowState{maybeCreated: j.InDoubt, inDoubt: j.InDoubt}
		if j.InDoubt && w.doubtSince != nil {
			st.since, st.sinceKnown = w.doubtSince(j.Line)
		}
		res.Outcome, err = w.write(stop, row, &st)
		res.MaybeDone = st.maybeCreated
	} else {
		res.Outcome = failed
		if len(row.tags) > 0 && !w.tags.create {
			// The report lists every error of the row: its unknown tags too.
			err = errors.Join(err, w.tags.unknown(stop, row.tags))
		}
	}
	if res.Outcome == failed {
		res.Record, res.Why = j.Record, w.reasons.Fail(err)
	}
	return res
}

// rowState is what one row's attempts have learnt so far.
type rowState struct {
	// maybeCreated: a POST of this row may have been processed without us
	// seeing the answer, in this run or an earlier one.
	maybeCreated bool
	// inDoubt: an earlier run may have sent it; since is from when, by the
	// server's clock, when sinceKnown (its journal says).
	inDoubt    bool
	since      time.Time
	sinceKnown bool
	// sentAt is when this run's first ambiguous POST of the row was sent,
	// by our clock.
	sentAt time.Time
	// exists: the API said a contact with the phone exists (update mode);
	// found is that contact, when the row has just read it.
	exists bool
	found  *api.Contact
	// tagIDs are the row's tags, once resolved.
	tagIDs   []int64
	resolved bool
	// started: a request of the row has been sent; after that the row is
	// finished even when the import is told to stop.
	started bool
}

// write sends one row, trying again while failures may pass. stop ends the
// import: a row that has not sent anything yet, or that would have to wait
// before trying again, is then left unfinished. st.maybeCreated says, at
// the end, that the API may have created the contact even though the row
// failed or was left unfinished.
func (w *writer) write(stop context.Context, row contactRow, st *rowState) (outcome, error) {
	for attempt := 1; ; attempt++ {
		out, err := w.attempt(stop, row, st)
		if err == nil {
			return out, nil
		}
		if errors.Is(err, bulk.ErrStopped) {
			return unfinished, err
		}
		kind := classify(err)
		switch {
		case kind == bulk.Fatal:
			w.abort(err)
			return unfinished, err
		case kind == bulk.Permanent, attempt >= w.maxAttempts:
			return failed, err
		}
		if stop.Err() != nil {
			return unfinished, bulk.ErrStopped
		}
		if bulk.IsRateLimited(err) {
			// The throttle already holds every worker back as long as the
			// server asked; waiting more here would multiply that.
			continue
		}
		if api.Sleep(stop, w.backoff(attempt)) != nil {
			return unfinished, bulk.ErrStopped
		}
	}
}

// wait is the context that bounds waiting for the throttle: until the row
// has sent something it gives way to stop, after that it is finished.
func (st *rowState) wait(stop, requests context.Context) context.Context {
	if st.started {
		return requests
	}
	return stop
}

// attempt runs the row's requests from where the previous attempt failed.
func (w *writer) attempt(stop context.Context, row contactRow, st *rowState) (outcome, error) {
	if !st.resolved {
		ids, err := w.tags.ids(st.wait(stop, w.calls.Requests()), row.tags)
		if err != nil {
			return failed, err
		}
		st.tagIDs, st.resolved = ids, true
	}
	if w.dryRun {
		return valid, nil
	}
	if !st.exists {
		body := api.ContactCreate{Phone: row.phone, Blocked: row.blocked, CustomFields: row.fields, Tags: st.tagIDs}
		if row.name != nil {
			body.Name = *row.name
		}
		var sent time.Time
		_, err := bulk.Call(w.calls, st.wait(stop, w.calls.Requests()), func(ctx context.Context) (*api.Result[api.Contact], error) {
			sent = time.Now()
			return w.c.CreateContact(ctx, body)
		})
		if errors.Is(err, bulk.ErrStopped) {
			return unfinished, err
		}
		st.started = true
		switch {
		case err == nil:
			return created, nil
		case !isDuplicate(err):
			if classify(err) == bulk.Ambiguous && !st.maybeCreated {
				st.maybeCreated, st.sentAt = true, sent
			}
			return failed, err
		case st.maybeCreated:
			// The duplicate may be this row's own earlier POST, which went
			// through without its answer reaching us: it is, if the contact
			// was created after that POST was sent.
			ct, ferr := w.findContact(w.calls.Requests(), row.phone)
			switch {
			case ferr != nil:
				return failed, fmt.Errorf("find the contact with phone %s: %w", row.phone, ferr)
			case ct == nil:
				return failed, errVanished
			}
			ours, ferr := w.createdByRow(ct, row.phone, st)
			if ferr != nil {
				return failed, ferr
			}
			if ours {
				return created, nil
			}
			// It was there before: the row is a duplicate like any other.
			st.maybeCreated, st.found = false, ct
			if w.onDuplicate != DuplicateUpdate {
				return w.duplicate(err)
			}
			st.exists = true
		case w.onDuplicate == DuplicateUpdate:
			st.exists = true
		default:
			return w.duplicate(err)
		}
	}
	ct := st.found
	st.found = nil // a later attempt reads it again
	if err := w.update(w.calls.Requests(), row, ct, st.tagIDs); err != nil {
		if errors.Is(err, errVanished) {
			st.exists = false
		}
		return failed, err
	}
	return updated, nil
}

// duplicate is what a row whose phone was a contact's before becomes,
// unless it is updated: skipped, or failed with the API's answer dup.
func (w *writer) duplicate(dup error) (outcome, error) {
	if w.onDuplicate == DuplicateSkip {
		return skipped, nil
	}
	return failed, dup
}

// createdByRow reports whether ct, the contact with the row's phone, was
// created by one of the row's own POSTs whose answer was lost: after the
// first of them was sent, by the server's clock (the created_at it wrote,
// against the Date of its answers; see api.ServerClock.Later, which may
// read the contact again to tell). When that time is not known (a row in
// doubt in an earlier version's journal, a server whose answers carry no
// Date), it is taken to be the row's: the rerun of an import never counts
// its own creations as duplicates.
func (w *writer) createdByRow(ct *api.Contact, phone string, st *rowState) (bool, error) {
	switch {
	case st.sinceKnown:
		return ct.CreatedAt.After(st.since), nil
	case st.inDoubt, st.sentAt.IsZero():
		return true, nil
	}
	later, known, err := w.clock.Later(w.calls.Requests(), ct.CreatedAt.Time, st.sentAt, func(ctx context.Context) error {
		_, err := w.findContact(ctx, phone)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("find the contact with phone %s: %w", phone, err)
	}
	return later || !known, nil
}

// errVanished is a contact that the API said exists and then did not find
// by its phone: deleted in between, or not visible yet. Another attempt
// posts the row again.
var errVanished = &bulk.RowError{Code: "CONTACT_NOT_FOUND", Field: fieldPhone,
	Message: "the API said a contact with this phone exists, then found none by phone"}

// classify is bulk.Classify, with a contact that vanished between the
// duplicate answer and the search taken as worth another attempt.
func classify(err error) bulk.ErrKind {
	if errors.Is(err, errVanished) {
		return bulk.Ambiguous
	}
	return bulk.Classify(err)
}

// isDuplicate reports whether err is the API refusing a contact whose phone exists.
func isDuplicate(err error) bool {
	var apiErr *api.Error
	return errors.As(err, &apiErr) && apiErr.HasCode("DUPLICATE_ENTRY")
}

// update changes the existing contact with the row's phone, ct when it was
// just read: the row's name and blocked, its custom fields merged into the
// contact's, and its tags added to the contact's unless replaceTags.
func (w *writer) update(wait context.Context, row contactRow, ct *api.Contact, tagIDs []int64) error {
	var err error
	if ct == nil {
		if ct, err = w.findContact(wait, row.phone); err != nil {
			return fmt.Errorf("find the contact with phone %s: %w", row.phone, err)
		}
	}
	if ct == nil {
		return errVanished
	}
	body := api.ContactUpdate{Name: row.name, Blocked: row.blocked, CustomFields: w.mergeFields(ct.CustomFields, row.fields)}
	if row.tags != nil {
		tags := tagIDs
		if !w.replaceTags {
			tags = mergeTags(ct.Tags, tagIDs)
		}
		body.Tags = &tags
	}
	_, err = bulk.Call(w.calls, wait, func(ctx context.Context) (*api.Result[api.Contact], error) {
		return w.c.UpdateContact(ctx, ct.ID, body)
	})
	return err
}

// findContact returns the contact whose phone is exactly phone (the API's
// filter matches parts of phones), or nil.
func (w *writer) findContact(wait context.Context, phone string) (*api.Contact, error) {
	return bulk.Call(w.calls, wait, func(ctx context.Context) (*api.Contact, error) {
		params := api.ContactListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}, Phone: phone}
		for ct, err := range w.c.ListContacts(params).Follow(true).All(ctx) {
			if err != nil {
				return nil, err
			}
			if ct.Phone == phone {
				return &ct, nil
			}
		}
		return nil, nil
	})
}

// mergeFields returns the contact's custom-field values with the row's
// over them, so that the contact keeps the others whether the API merges
// or replaces customfields. Values the API would refuse now (of a field
// since deactivated or removed, or no longer valid for it) are left out
// rather than failing the row for data it does not have. nil when the row
// sets no field: nothing to send.
func (w *writer) mergeFields(have, set map[string]any) map[string]any {
	if len(set) == 0 {
		return nil
	}
	merged := make(map[string]any, len(have)+len(set))
	for name, v := range have {
		f, ok := w.fields[name]
		if !ok {
			continue
		}
		if v, err := validate.CustomFieldValue(resolve.Rule(f), v); err == nil && v != nil {
			merged[name] = v
		}
	}
	maps.Copy(merged, set)
	return merged
}

// mergeTags returns the contact's tag ids followed by the new ones it lacks.
func mergeTags(have []api.TagRef, add []int64) []int64 {
	ids := make([]int64, 0, len(have)+len(add))
	for _, t := range have {
		ids = append(ids, t.ID)
	}
	for _, id := range add {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids
}
