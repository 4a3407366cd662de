package broadcast

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/validate"
)

// history is what a campaign's journal says of when each recipient was
// sent: the time of the attempt that sent it (the time the journal
// recorded before its request, by the server's clock), and the recipients
// whose attempt has no outcome yet (in doubt, or in flight in a run going
// on), which may have been sent then. Sends before since are not kept.
type history struct {
	since int64
	now   int64
	sent  map[validate.PhoneKey]int64
	open  map[validate.PhoneKey]int64
}

func newHistory(since int64) *history {
	h := &history{since: since}
	h.Reset()
	return h
}

// Apply takes one record of the journal (see journal.go); what it does
// not need (the content mode) it passes over, what makes no sense it
// refuses, as journalState does.
func (h *history) Apply(letter byte, key, value string) error {
	switch letter {
	case bulk.RecRun, recContent:
		return nil
	case recTime:
		t, err := parseTime(key)
		h.now = t
		return err
	}
	phone, ok := validate.PackPhone(key)
	if !ok {
		return fmt.Errorf("%q is no phone number", key)
	}
	switch letter {
	case recAttempt:
		h.open[phone] = h.now
	case recSent:
		t, ok := h.open[phone]
		if !ok {
			t = h.now
		}
		delete(h.open, phone)
		if t >= h.since && t > h.sent[phone] {
			h.sent[phone] = t
		}
	case recNotSent, recFailed:
		delete(h.open, phone)
	default:
		return fmt.Errorf("unknown record %q", letter)
	}
	return nil
}

// Reset forgets every record.
func (h *history) Reset() {
	h.now = 0
	h.sent = map[validate.PhoneKey]int64{}
	h.open = map[validate.PhoneKey]int64{}
}

// day is the span the daily limit counts.
const day = 24 * time.Hour

// tally counts the distinct recipients sent on a channel in the last 24
// hours by the campaigns of this data directory, for --daily-limit. What a
// campaign sent is in its journal: every journal of the data directory's
// broadcasts (and those its campaigns keep elsewhere, which it notes) that
// is of the same destination and channel is read, and followed while the
// run goes on, so that another campaign sending on the channel at the same
// time is counted within a second. A recipient counts from the time of its
// latest attempt (the server's clock) for 24 hours; one sent by two
// campaigns counts once, until its latest send leaves the 24 hours.
//
// A recipient whose attempt has no outcome (in doubt, or on its way in a
// run going on) may have been sent: it is counted, but not as sure. Sending
// to a recipient counted as sure takes no room; to one counted as not sure
// takes none either (it is counted already) but turns the count into
// sends, so it needs the count within the limit; to one not counted, the
// count below the limit.
type tally struct {
	limit int
	// mine are this campaign's sure sends: those of its journal before the
	// run (read once), and those the run takes room for; doubts, its
	// recipients in doubt.
	mine, doubts map[validate.PhoneKey]int64
	// taken are the recipients this run took room for that were not
	// counted as sure before: giving one back uncounts it.
	taken map[validate.PhoneKey]bool
	// others are the other journals of the channel, followed.
	others []*followed
	// counted is every recipient counted, and the time of its latest send.
	counted map[validate.PhoneKey]entry
	// expiry is the earliest time a recipient of counted leaves the count.
	expiry int64

	find    func() ([]string, error)
	keep    func(path string) (bulk.JournalSpec, bool)
	own     string
	caught  time.Time
	changed bool
}

// entry is a recipient counted: when, and whether it was surely sent.
type entry struct {
	at   int64
	sure bool
}

// followed is another campaign's journal, followed.
type followed struct {
	path string
	f    *bulk.JournalFollower
	h    *history
}

// catchEvery is how often a run with a daily limit looks at the other
// journals of its channel.
const catchEvery = time.Second

// newTally reads the journals of the channel at now: those dir holds (the
// broadcasts of a data directory), or that its notes name, whose identity
// is of one of the destination's keys and the channel; own (the
// campaign's journal) gives mine.
func newTally(limit int, dir string, destKeys []string, channel, own string, now time.Time) (*tally, error) {
	t := &tally{limit: limit, mine: map[validate.PhoneKey]int64{}, doubts: map[validate.PhoneKey]int64{},
		taken: map[validate.PhoneKey]bool{}, own: own}
	t.find = func() ([]string, error) { return campaignJournals(dir) }
	t.keep = func(path string) (bulk.JournalSpec, bool) {
		kind, identity, err := bulk.JournalHeader(path)
		if err != nil || kind != journalKind || !slices.Contains(identity, "channel "+channel) {
			return bulk.JournalSpec{}, false
		}
		for _, k := range destKeys {
			if slices.Contains(identity, "destination "+k) {
				return bulk.JournalSpec{Path: path, Kind: journalKind, Identity: identity, Policy: bulk.Strict}, true
			}
		}
		return bulk.JournalSpec{}, false
	}
	if spec, ok := t.keep(own); ok {
		h := newHistory(now.Add(-day).Unix())
		spec.State = h
		if err := bulk.ReadJournal(spec); err != nil {
			return nil, tallyError(own, err)
		}
		maps.Copy(t.mine, h.sent)
		for k, at := range h.open {
			if at >= h.since {
				t.doubts[k] = at
			}
		}
	}
	if err := t.catch(now); err != nil {
		return nil, err
	}
	return t, nil
}

// campaignJournals lists the journals of a data directory's broadcasts:
// those it holds, and those its notes say are elsewhere.
func campaignJournals(dir string) ([]string, error) {
	if dir == "" {
		return nil, nil
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the campaigns' journals: %w", err)
	}
	var paths []string
	for _, e := range entries {
		name := e.Name()
		switch filepath.Ext(name) {
		case ".journal":
			paths = append(paths, filepath.Join(dir, name))
		case ".where":
			h := home{dir: dir, id: strings.TrimSuffix(name, ".where")}
			if path, err := h.elsewhere(); err == nil && path != "" {
				paths = append(paths, path)
			}
		}
	}
	return paths, nil
}

func tallyError(path string, err error) error {
	return fmt.Errorf("count the recipients of the last 24 hours for --daily-limit: the journal %s: %w", path, err)
}

// catch reads what the other journals of the channel recorded since the
// last look, at most every catchEvery: new journals, and the records
// added to those followed.
func (t *tally) catch(now time.Time) error {
	if now.Sub(t.caught) < catchEvery && !t.caught.IsZero() {
		t.prune(now)
		return nil
	}
	t.caught = now
	paths, err := t.find()
	if err != nil {
		return err
	}
	since := now.Add(-day).Unix()
	for _, path := range paths {
		if sameFile(path, t.own) || slices.ContainsFunc(t.others, func(o *followed) bool { return sameFile(o.path, path) }) {
			continue
		}
		spec, ok := t.keep(path)
		if !ok {
			continue
		}
		o := &followed{path: path, h: newHistory(since)}
		spec.State = o.h
		if o.f, err = bulk.FollowJournal(spec); err != nil {
			return tallyError(path, err)
		}
		t.others = append(t.others, o)
		t.changed = true
	}
	for _, o := range t.others {
		o.h.since = since
		read, err := o.f.Catch()
		if err != nil {
			return tallyError(o.path, err)
		}
		t.changed = t.changed || read
	}
	if t.changed || t.counted == nil {
		t.count()
	}
	t.prune(now)
	return nil
}

// count counts anew, from mine, the doubts and the others.
func (t *tally) count() {
	t.counted = make(map[validate.PhoneKey]entry, len(t.mine)+len(t.doubts))
	add := func(sure bool) func(validate.PhoneKey, int64) {
		return func(k validate.PhoneKey, at int64) {
			e := t.counted[k]
			t.counted[k] = entry{at: max(e.at, at), sure: e.sure || sure}
		}
	}
	for k, at := range t.mine {
		add(true)(k, at)
	}
	for k, at := range t.doubts {
		add(false)(k, at)
	}
	for _, o := range t.others {
		for k, at := range o.h.sent {
			add(true)(k, at)
		}
		for k, at := range o.h.open {
			if at >= o.h.since {
				add(false)(k, at)
			}
		}
	}
	t.expiry = 0
	for _, e := range t.counted {
		if t.expiry == 0 || e.at < t.expiry {
			t.expiry = e.at
		}
	}
	t.changed = false
}

// prune forgets the recipients whose latest send has left the 24 hours.
func (t *tally) prune(now time.Time) {
	cutoff := now.Add(-day).Unix()
	if t.expiry == 0 || t.expiry > cutoff {
		return
	}
	t.expiry = 0
	for k, e := range t.counted {
		if e.at <= cutoff {
			delete(t.counted, k)
			continue
		}
		if t.expiry == 0 || e.at < t.expiry {
			t.expiry = e.at
		}
	}
}

// room is how many more recipients not counted yet the limit lets through
// now.
func (t *tally) room(now time.Time) int {
	t.prune(now)
	return max(t.limit-len(t.counted), 0)
}

// recent is the distinct recipients counted in the last 24 hours.
func (t *tally) recent(now time.Time) int {
	t.prune(now)
	return len(t.counted)
}

// take counts a send to k at now, if the limit lets it through (see
// tally).
func (t *tally) take(k validate.PhoneKey, now time.Time) bool {
	t.prune(now)
	e, counted := t.counted[k]
	switch {
	case counted && e.sure:
	case counted && len(t.counted) <= t.limit, !counted && len(t.counted) < t.limit:
		t.taken[k] = true
	default:
		return false
	}
	t.touch(k, now)
	return true
}

// touch dates the send to k, counted, at now.
func (t *tally) touch(k validate.PhoneKey, now time.Time) {
	at := now.Unix()
	t.mine[k] = at
	t.counted[k] = entry{at: at, sure: true}
	if t.expiry == 0 {
		t.expiry = at
	}
}

// release uncounts the send to k that took room, when it was not sent.
func (t *tally) release(k validate.PhoneKey) {
	if !t.taken[k] {
		return
	}
	delete(t.taken, k)
	delete(t.mine, k)
	t.count()
}

// roomAt is when the limit, reached at now, has room again: when the
// oldest send counted leaves the 24 hours.
func (t *tally) roomAt(now time.Time) time.Time {
	t.prune(now)
	if t.expiry == 0 {
		return now
	}
	return time.Unix(t.expiry, 0).Add(day)
}
