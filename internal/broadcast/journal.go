package broadcast

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/validate"
)

// A campaign's journal (package bulk keeps its file) is bound to the
// campaign, never to the input: the destination (API root and company),
// the channel, the template and the values given for every row. Its records
// are keyed by the recipient's normalised phone:
//
//	r                 a run starts
//	t 1795000000      the server's time, a lower bound, in Unix seconds: the
//	                  time of the a records that follow
//	a 5511987650001 9f86d081884c7d65
//	                  about to be sent: on disk before any request for it, with
//	                  the digest of the message's rendered body (see
//	                  bodyDigest), which identifies what this attempt sends
//	s 5511987650001   sent: the API answered with the message, or it was found
//	n 5511987650001   certainly not sent: left before its request, or skipped
//	                  as opted out at send time
//	f 5511987650001   certainly not sent: the API refused it (its reason is in
//	                  the run's report); the next run tries it again
//	c rendered        a message's content holds its rendered body (or "plain":
//	                  it does not), as the API showed when a send succeeded
//
// A recipient with an a and neither s nor n after it is in doubt: its
// request may have reached the API without its answer reaching us. It is
// looked for before it is sent again (see deliver), as what its attempts
// sent: the digests of their bodies, since the time of the first. A cell
// corrected, or the template's text changed, between the attempt and the
// resume changes what would be sent now, not what was. Journals of earlier
// versions have a records without a digest: such an attempt is looked for
// as the message that would be sent now.
//
// A recipient held back by the rules after its attempt was recorded (the
// window closed while it was on its way) gets a new t and a record before
// it is sent: the time of its latest attempt is the time of its send,
// which the daily limit counts.
const (
	recTime     = 't'
	recAttempt  = 'a'
	recSent     = 's'
	recNotSent  = 'n'
	recFailed   = 'f'
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
	sent []validate.PhoneKey
	// open are the recipients in doubt: a few at a time, those in flight
	// when a run died.
	open map[validate.PhoneKey]*doubt
	// failed are the recipients whose last attempt the API refused.
	failed map[validate.PhoneKey]bool
	mode   contentMode
	// now is the time of the a records being read.
	now int64
}

// doubt is what the attempts of a recipient in doubt sent, and since when.
type doubt struct {
	// since is the time of the attempt that began the doubt (server clock,
	// Unix seconds).
	since int64
	// bodies are the digests of the bodies attempted since, those recorded
	// (an earlier version's journal recorded none).
	bodies []uint64
}

// add takes an attempt's digest, 0 for none recorded.
func (d *doubt) add(body uint64) {
	if body != 0 && !slices.Contains(d.bodies, body) {
		d.bodies = append(d.bodies, body)
	}
}

func newJournalState() *journalState {
	return &journalState{open: map[validate.PhoneKey]*doubt{}, failed: map[validate.PhoneKey]bool{}}
}

// parseTime reads the key of a time record: Unix seconds.
func parseTime(key string) (int64, error) {
	t, err := strconv.ParseInt(key, 10, 64)
	if err != nil || t <= 0 || strings.TrimLeft(key, "0123456789") != "" {
		return 0, fmt.Errorf("%q is no time", key)
	}
	return t, nil
}

// Apply checks and takes one record.
func (s *journalState) Apply(letter byte, key, value string) error {
	if letter == bulk.RecRun {
		s.now = 0
		return nil
	}
	if value != "" && letter != recAttempt {
		return errors.New("only an attempt's record has a value")
	}
	switch letter {
	case recTime:
		t, err := parseTime(key)
		s.now = t
		return err
	case recContent:
		for mode, word := range contentWords {
			if key == word {
				s.mode = mode
				return nil
			}
		}
		return fmt.Errorf("%q says nothing of a message's content", key)
	}
	phone, ok := validate.PackPhone(key)
	if !ok {
		return fmt.Errorf("%q is no phone number", key)
	}
	switch letter {
	case recAttempt:
		if s.now == 0 {
			return errors.New("an attempt without the time before it")
		}
		var body uint64
		if value != "" {
			var ok bool
			if body, ok = parseDigest(value); !ok {
				return fmt.Errorf("%q is no digest of a message", value)
			}
		}
		d := s.open[phone]
		if d == nil {
			d = &doubt{since: s.now}
			s.open[phone] = d
		}
		d.add(body)
	case recSent:
		s.sent = append(s.sent, phone)
		delete(s.open, phone)
		delete(s.failed, phone)
	case recNotSent:
		delete(s.open, phone)
		delete(s.failed, phone)
	case recFailed:
		delete(s.open, phone)
		s.failed[phone] = true
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
		delete(s.failed, k)
	}
}

func (s *journalState) isSent(k validate.PhoneKey) bool {
	_, found := slices.BinarySearch(s.sent, k)
	return found
}

// inDoubt says whether k may have been sent without its record: what its
// attempts sent, and since when.
func (s *journalState) inDoubt(k validate.PhoneKey) (*doubt, bool) {
	d, ok := s.open[k]
	return d, ok
}

// bodyDigest identifies the message of an attempt in the journal: the
// first 8 bytes of the SHA-256 of its rendered body, never 0 (which stands
// for none). The body is personal data; its digest says only whether a
// message found holds the same text, and costs 17 bytes a record.
func bodyDigest(body string) uint64 {
	sum := sha256.Sum256([]byte(body))
	return max(binary.BigEndian.Uint64(sum[:8]), 1)
}

// formatDigest and parseDigest write and read a digest: 16 hex digits.
func formatDigest(d uint64) string { return fmt.Sprintf("%016x", d) }

func parseDigest(s string) (uint64, bool) {
	if len(s) != 16 || strings.Trim(s, "0123456789abcdef") != "" {
		return 0, false
	}
	d, err := strconv.ParseUint(s, 16, 64)
	return d, err == nil && d != 0
}

// campaignSpec is the journal of a campaign, refused (never started over)
// when damaged or of another campaign: a record lost could send a message
// twice.
func campaignSpec(path string, identity []string, former [][]string, about string, state bulk.JournalState) bulk.JournalSpec {
	return bulk.JournalSpec{Path: path, Kind: journalKind, Identity: identity, Former: former, About: about, Policy: bulk.Strict, State: state}
}

// merge takes what another journal of the campaign recorded (one that an
// earlier version kept under another identity of it): a recipient sent
// there is sent; one in doubt there is in doubt here too, unless sent,
// with the attempts of both.
func (s *journalState) merge(o *journalState) {
	s.sent = append(s.sent, o.sent...)
	for k := range o.failed {
		if _, doubt := s.open[k]; !doubt {
			s.failed[k] = true
		}
	}
	for k, d := range o.open {
		mine := s.open[k]
		if mine == nil {
			s.open[k] = d
			continue
		}
		mine.since = min(mine.since, d.since)
		for _, b := range d.bodies {
			mine.add(b)
		}
	}
	if s.mode == contentUnknown {
		s.mode = o.mode
	}
}

// ledger is the journal as the engine uses it (bulk.Ledger), keyed by
// phone: the rows that the plan marked to send are looked up by the phone
// the plan found in them.
type ledger struct {
	j      *bulk.Journal
	state  *journalState
	plan   *rowPlan
	layout *layout
	clock  *api.ServerClock

	mu sync.Mutex
	// flights are the rows to send that were admitted and are not taken
	// back yet, by line.
	flights map[int]*flight
	// fresh are the lines admitted since the last Dispatch, whose attempts
	// it records.
	fresh []int
	mode  contentMode
}

// flight is a row on its way: read at its admission, once, and recorded
// by the next Dispatch.
type flight struct {
	r recipient
	// err is why the row could not be read, which only a changed input
	// does (the plan read it as good): it fails.
	err error
	// since is when its attempts began, server clock, Unix seconds.
	since int64
	// body is the digest of the body this run sends it.
	body uint64
	// earlier are what earlier runs' attempts sent, when it is in doubt.
	earlier *doubt
}

// wanted are the digests of the bodies its attempts may have sent: this
// run's, which also stands for those of an earlier version's attempts,
// which recorded none, and those earlier runs recorded.
func (f *flight) wanted() []uint64 {
	bodies := []uint64{f.body}
	if f.earlier != nil {
		for _, b := range f.earlier.bodies {
			if b != f.body {
				bodies = append(bodies, b)
			}
		}
	}
	return bodies
}

func newLedger(j *bulk.Journal, state *journalState, plan *rowPlan, lay *layout, clock *api.ServerClock) *ledger {
	return &ledger{j: j, state: state, plan: plan, layout: lay, clock: clock, flights: map[int]*flight{}, mode: state.mode}
}

// Admit skips the recipients sent, and reads the others; those in doubt go
// out marked so. Rows the plan does not send pass through without a record.
func (l *ledger) Admit(rec bulk.Record) (do, inDoubt bool) {
	phone, ok := l.plan.toSend(rec.Line)
	if !ok {
		return true, false
	}
	if l.state.isSent(phone) {
		return false, false
	}
	f := &flight{}
	f.r, f.err = l.layout.parse(rec, phone)
	if f.err == nil {
		f.body = bodyDigest(l.layout.rendered(f.r))
	}
	f.earlier, inDoubt = l.state.inDoubt(phone)
	if inDoubt {
		f.since = f.earlier.since
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.flights[rec.Line] = f
	if f.err == nil {
		l.fresh = append(l.fresh, rec.Line)
	}
	return true, inDoubt
}

// Dispatch records the attempt of every recipient admitted up to
// lastLine, with the server's time and what it sends, and syncs it to disk
// before any of them can be sent: whatever happens next, a rerun knows they may have been,
// and what to look for. A recipient in doubt keeps the time its doubt
// began.
func (l *ledger) Dispatch(lastLine int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for n < len(l.fresh) && l.fresh[n] <= lastLine {
		n++
	}
	if n == 0 {
		return nil
	}
	now := l.clock.Now().Unix()
	recs := make([]bulk.JournalRecord, 0, n+1)
	recs = append(recs, bulk.JournalRecord{Letter: recTime, Key: strconv.FormatInt(now, 10)})
	for _, line := range l.fresh[:n] {
		f := l.flights[line]
		if f.earlier == nil {
			f.since = now
		}
		recs = append(recs, bulk.JournalRecord{Letter: recAttempt, Key: f.r.key.String(), Value: formatDigest(f.body)})
	}
	l.fresh = append(l.fresh[:0], l.fresh[n:]...)
	return l.j.WriteSynced(recs...)
}

// recipient is the phone of the row at line, when it is one admitted to
// be sent; 0 otherwise.
func (l *ledger) recipient(line int) validate.PhoneKey {
	l.mu.Lock()
	defer l.mu.Unlock()
	if f := l.flights[line]; f != nil && f.err == nil {
		return f.r.key
	}
	return 0
}

// flight is the row at line, admitted.
func (l *ledger) flight(line int) *flight {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.flights[line]
}

// Take records a finished row: sent, or certainly not sent (whatever
// else became of it: failed, left unsent, or any outcome that sent
// nothing). A row that may have been sent stays in doubt, to be looked for
// by the next run.
func (l *ledger) Take(r bulk.Result) {
	l.mu.Lock()
	f := l.flights[r.Line]
	delete(l.flights, r.Line)
	l.mu.Unlock()
	switch {
	case f == nil, f.err != nil:
	case r.Outcome == sent:
		l.j.Add(recSent, f.r.key.String(), "")
	case r.MaybeDone:
	case r.Outcome == bulk.Failed:
		l.j.Add(recFailed, f.r.key.String(), "")
	default:
		l.j.Add(recNotSent, f.r.key.String(), "")
	}
}

// reattempt records the attempt of a recipient again, with the time now,
// before it is sent after the rules held it back: its send is then dated
// when it happens, for the daily limits that count it.
func (l *ledger) reattempt(f *flight) error {
	now := l.clock.Now().Unix()
	return l.j.WriteSynced(bulk.JournalRecord{Letter: recTime, Key: strconv.FormatInt(now, 10)},
		bulk.JournalRecord{Letter: recAttempt, Key: f.r.key.String(), Value: formatDigest(f.body)})
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
