package broadcast

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
)

// A campaign's journal (package bulk keeps its file) is bound to the
// campaign, never to the input: the destination (API root and company),
// the channel, the template and the values given for every row. Its records
// are keyed by the recipient's normalised phone:
//
//	r                 a run starts
//	t 1795000000      the server's time, a lower bound, in Unix seconds: the
//	                  time of the a records that follow
//	a 5511987650001   about to be sent: on disk before any request for it
//	s 5511987650001   sent: the API answered with the message, or it was found
//	n 5511987650001   certainly not sent: refused, or left before its request
//	c rendered        a message's content holds its rendered body (or "plain":
//	                  it does not), as the API showed when a send succeeded
//
// A recipient with an a and neither s nor n after it is in doubt: its
// request may have reached the API without its answer reaching us. It is
// looked for before it is sent again (see deliver).
const (
	recTime     = 't'
	recAttempt  = 'a'
	recSent     = 's'
	recNotSent  = 'n'
	recContent  = 'c'
	journalKind = "broadcast"
)

// contentMode is whether the API's messages hold their rendered body.
type contentMode uint8

const (
	contentUnknown contentMode = iota
	contentRendered
	contentPlain
)

var contentWords = map[contentMode]string{contentRendered: "rendered", contentPlain: "plain"}

// journalState is what earlier runs of a campaign recorded.
type journalState struct {
	// sent are the recipients sent, sorted once the journal is read
	// (seal); 8 bytes each.
	sent []phoneKey
	// open are the recipients in doubt, with the time of the attempt that
	// began their doubt (server clock, Unix seconds).
	open map[phoneKey]int64
	mode contentMode
	// now is the time of the a records being read.
	now int64
}

func newJournalState() *journalState { return &journalState{open: map[phoneKey]int64{}} }

// Apply checks and takes one record.
func (s *journalState) Apply(letter byte, key, value string) error {
	if letter == bulk.RecRun {
		s.now = 0
		return nil
	}
	if value != "" {
		return errors.New("a broadcast record has no value")
	}
	switch letter {
	case recTime:
		t, err := strconv.ParseInt(key, 10, 64)
		if err != nil || t <= 0 || strings.TrimLeft(key, "0123456789") != "" {
			return fmt.Errorf("%q is no time", key)
		}
		s.now = t
		return nil
	case recContent:
		for mode, word := range contentWords {
			if key == word {
				s.mode = mode
				return nil
			}
		}
		return fmt.Errorf("%q says nothing of a message's content", key)
	}
	phone, ok := keyOf(key)
	if !ok {
		return fmt.Errorf("%q is no phone number", key)
	}
	switch letter {
	case recAttempt:
		if s.now == 0 {
			return errors.New("an attempt without the time before it")
		}
		if _, inDoubt := s.open[phone]; !inDoubt {
			s.open[phone] = s.now
		}
	case recSent:
		s.sent = append(s.sent, phone)
		delete(s.open, phone)
	case recNotSent:
		delete(s.open, phone)
	default:
		return fmt.Errorf("unknown record %q", letter)
	}
	return nil
}

// Reset forgets every record.
func (s *journalState) Reset() { *s = *newJournalState() }

// seal readies the state for lookups, once every record is read.
func (s *journalState) seal() {
	slices.Sort(s.sent)
	s.sent = slices.Compact(s.sent)
	for _, k := range s.sent {
		delete(s.open, k) // sent wins over any later doubt
	}
}

func (s *journalState) isSent(k phoneKey) bool {
	_, found := slices.BinarySearch(s.sent, k)
	return found
}

// inDoubt says whether k may have been sent without its record, and since
// when (Unix seconds, server clock).
func (s *journalState) inDoubt(k phoneKey) (since int64, ok bool) {
	since, ok = s.open[k]
	return since, ok
}

// campaignSpec is the journal of a campaign, refused (never started over)
// when damaged or of another campaign: a record lost could send a message
// twice.
func campaignSpec(path string, identity []string, about string, state *journalState) bulk.JournalSpec {
	return bulk.JournalSpec{Path: path, Kind: journalKind, Identity: identity, About: about, Policy: bulk.Strict, State: state}
}

// DefaultJournalPath is where the journal of a campaign lives in dir: one
// file per identity, so that the same campaign run again finds it.
func DefaultJournalPath(dir string, identity []string) string {
	sum := sha256.Sum256([]byte(strings.Join(identity, "\n")))
	return filepath.Join(dir, hex.EncodeToString(sum[:10])+".journal")
}

// ledger is the journal as the engine uses it (bulk.Ledger), keyed by
// phone: the rows that the plan marked to send are looked up by the phone
// the plan found in them.
type ledger struct {
	j     *bulk.Journal
	state *journalState
	plan  *rowPlan
	clock *api.ServerClock

	mu sync.Mutex
	// flights are the rows to send that were admitted and are not taken
	// back yet, by line.
	flights map[int]*flight
	// fresh are the lines admitted since the last Dispatch that need an a
	// record: every row to send but those in doubt, whose doubt began earlier.
	fresh []int
	mode  contentMode
}

// flight is a row on its way.
type flight struct {
	phone phoneKey
	// since is when its attempts began, server clock, Unix seconds.
	since int64
}

func newLedger(j *bulk.Journal, state *journalState, plan *rowPlan, clock *api.ServerClock) *ledger {
	return &ledger{j: j, state: state, plan: plan, clock: clock, flights: map[int]*flight{}, mode: state.mode}
}

// Admit skips the recipients sent; those in doubt go out marked so. Rows
// the plan does not send pass through without a record.
func (l *ledger) Admit(rec bulk.Record) (do, inDoubt bool) {
	phone, ok := l.plan.toSend(rec.Line)
	if !ok {
		return true, false
	}
	if l.state.isSent(phone) {
		return false, false
	}
	since, inDoubt := l.state.inDoubt(phone)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.flights[rec.Line] = &flight{phone: phone, since: since}
	if !inDoubt {
		l.fresh = append(l.fresh, rec.Line)
	}
	return true, inDoubt
}

// Dispatch records the attempt of every new recipient of the batch, with
// the server's time, and syncs it to disk before any of them can be sent:
// whatever happens next, a rerun knows they may have been.
func (l *ledger) Dispatch(int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.fresh) == 0 {
		return nil
	}
	now := l.clock.Now().Unix()
	recs := make([]bulk.JournalRecord, 0, len(l.fresh)+1)
	recs = append(recs, bulk.JournalRecord{Letter: recTime, Key: strconv.FormatInt(now, 10)})
	for _, line := range l.fresh {
		f := l.flights[line]
		f.since = now
		recs = append(recs, bulk.JournalRecord{Letter: recAttempt, Key: f.phone.String()})
	}
	l.fresh = l.fresh[:0]
	return l.j.WriteSynced(recs...)
}

// since is when the attempts of the row at line began (server clock).
func (l *ledger) since(line int) int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	if f := l.flights[line]; f != nil {
		return f.since
	}
	return 0
}

// Take records a finished row: sent, or certainly not sent. A row that
// may have been sent stays in doubt, to be looked for by the next run.
func (l *ledger) Take(r bulk.Result) {
	l.mu.Lock()
	f := l.flights[r.Line]
	delete(l.flights, r.Line)
	l.mu.Unlock()
	switch {
	case f == nil:
	case r.Outcome == sent:
		l.j.Add(recSent, f.phone.String(), "")
	case (r.Outcome == bulk.Failed || r.Outcome == bulk.Unfinished) && !r.MaybeDone:
		l.j.Add(recNotSent, f.phone.String(), "")
	}
}

// Flush writes the records taken.
func (l *ledger) Flush() error { return l.j.Flush() }

// content is what the ledger knows of the API's messages' content.
func (l *ledger) content() contentMode {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.mode
}

// learnContent records what a successful send showed of the content.
func (l *ledger) learnContent(mode contentMode) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if mode == l.mode {
		return nil
	}
	l.mode = mode
	return l.j.WriteSynced(bulk.JournalRecord{Letter: recContent, Key: contentWords[mode]})
}
