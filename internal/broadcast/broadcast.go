// Package broadcast sends one template message to every recipient of a list
// (`convo messages broadcast`), on the engine of package bulk: its reader,
// journal, workers, throttle, circuit, progress and report. What is about a
// campaign is here: the rows read into recipients (rows.go), the plan made
// before anything is sent (plan.go), the journal keyed by recipient
// (journal.go), and the sending, which never sends a message twice
// (deliver.go).
//
// # The plan
//
// Prepare checks everything a campaign needs before a message goes out:
// the channel is connected, the template approved, every value of it given
// by a column or a flag; then it reads every row once: phones normalised,
// values checked and components built, a phone seen before is a duplicate
// (sent once), a contact blocked or carrying an excluded tag is skipped, a
// row that cannot be sent is invalid (and reported), and a recipient an
// earlier run sent is already sent. Send then sends to exactly the rows the
// plan counted.
//
// # Exactly once
//
// The API has no idempotency key, so a send whose answer is lost leaves no
// way to know from the answer whether the message went out. The journal is
// bound to the campaign (destination, channel, template, shared values),
// not to the input, and keyed by phone: a corrected or extended list run
// again sends only to the recipients not sent yet. A campaign has one
// journal and one lock, whatever --journal names (home.go). Before a batch
// of recipients can be sent, their attempt is written to disk with the
// server's time (see api.ServerClock) and the digest of the body each one
// is sent; a recipient whose attempt has no outcome after it (the run
// died, or its request failed in a way that may have been processed) is in
// doubt, and is looked for before it is sent again: its chats on the
// channel are searched for an outgoing template message created since its
// first attempt, whose content, when the API's content holds the rendered
// body, is a body one of its attempts sent. What the operator changed in
// between (a cell, the template's text) changes what would be sent now,
// not what was. Found, it counts as sent; not found, it is sent; when the
// search cannot tell, the row is reported and not sent. --restart is the
// only way to send to a recipient again.
//
// The sending loop (deliver.go) takes each row from the ledger that
// admitted it (journal.go): a rule that decides at send time whether a
// recipient may be sent to belongs before deliver's first request, and
// its outcome in the journal as "certainly not sent".
//
// # The channel's rules
//
// A campaign keeps the channel's rules (policy.go): a time of day to send
// in, a moment to begin, a daily limit of distinct recipients counted over
// the journals of every campaign on the channel (tally.go), and the
// opt-outs read again as the messages go (recheck.go). They are checked
// before rows are recorded and dispatched (the daily limit takes its room
// then, so that a run killed never leaves more in doubt than the limit let
// through), and again just before each message. A run they hold back waits,
// or stops (--no-wait) with the rows not sent left for the next run.
package broadcast

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/destination"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/validate"
)

// Options configures a broadcast: those of every bulk run (where the
// mappings read columns as the broadcast's, --map COLUMN=NAME, and a dry
// run plans without taking the journal), and the campaign's.
type Options struct {
	bulk.RunOptions
	// Template is the template's id or name, Channel the channel's token.
	Template, Channel string
	// Shared are the values given for every row that has none of its own.
	Shared msgtemplate.Flags
	// ExcludeTags leave out the contacts that carry any of them (ids or
	// names), when the plan is made and again as the messages go out.
	ExcludeTags []string
	// Policy is when the campaign may send and to how many a day (see
	// policy.go).
	Policy Policy
	// NoReport counts the invalid rows of a dry run without writing them to
	// a report: for a plan made only to say where the campaign stands
	// (Status).
	NoReport bool
	// Names names the options in errors and in the plan: the flags of
	// messages broadcast, or the arguments of the MCP server's plan.
	Names naming.Names
}

// dispatchBatch is how many rows one synced record of attempts covers.
const dispatchBatch = 32

// Campaign is a broadcast planned: Send sends it, Close gives it up.
type Campaign struct {
	opts   Options
	c      *api.Client
	plan   Plan
	rows   *rowPlan
	layout *layout

	state   *journalState
	journal *bulk.Journal // nil for a dry run
	// home is where the campaign's lock and journal are; unlock releases
	// the lock (nil for a dry run, which takes none).
	home   home
	unlock func() error
	// restart is the journal to start over once the sending begins: with
	// --restart, nothing is forgotten before the run is confirmed.
	restart *bulk.JournalSpec
	report  *bulk.Report
	closed  bool

	// excludeIDs are the ids of the --exclude-tag tags, read again while
	// the run sends.
	excludeIDs []int64
	// tally counts the channel's recipients of the last 24 hours, for a
	// daily limit; nil without one.
	tally *tally
	// invalid are the reasons of the rows the plan found invalid, by line,
	// for the summary of the run that meets them.
	invalid map[int]bulk.Failure
}

// Plan is what the campaign will do.
func (c *Campaign) Plan() *Plan { return &c.plan }

// Prepare checks a campaign and plans it (see the package's doc): every
// problem that concerns the whole campaign is an input error, found before
// anything is sent. Unless it is a dry run, the campaign's journal is taken
// (another run of it is refused): Send or Close must follow.
func Prepare(ctx context.Context, c *api.Client, opts Options) (*Campaign, error) {
	opts.Defaults()
	ch, err := findChannel(ctx, c, opts.Channel, opts.Names)
	if err != nil {
		return nil, err
	}
	t, _, err := resolve.Template(ctx, c, opts.Template, opts.Channel, opts.Names)
	if err != nil {
		return nil, err
	}
	if err := sendable(t); err != nil {
		return nil, err
	}
	p, err := msgtemplate.Parse(*t)
	if err != nil {
		return nil, clierr.InputErrorf("%v; a broadcast cannot send it", err)
	}
	shared := p.NewValues()
	if err := opts.Shared.Apply(shared, opts.Names); err != nil {
		return nil, err
	}

	src, header, closeInput, err := openSource(opts)
	if err != nil {
		return nil, err
	}
	defer closeInput()
	lay, err := newLayout(*t, p, shared, header, opts.Mappings, opts.DefaultCountry, opts.Names)
	if err != nil {
		return nil, err
	}
	skip, excludeIDs, err := lookUpExcluded(ctx, c, opts.ExcludeTags, opts.Names)
	if err != nil {
		return nil, err
	}
	dest, err := destination.Learn(ctx, c)
	if err != nil {
		return nil, err
	}

	camp := &Campaign{opts: opts, c: c, layout: lay, state: newJournalState(), excludeIDs: excludeIDs, invalid: map[int]bulk.Failure{}}
	identity, former := campaignIdentity(dest, ch.Token, t.ID, sharedKey(p, shared))
	h := newHome(opts.JournalDir, identity, former)
	path, elsewhere, err := camp.takeJournal(h, fmt.Sprintf("template %s on channel %s, %s", t.Name, ch.Token, dest))
	if err != nil {
		_, _ = camp.Close()
		return nil, err
	}
	camp.state.seal()
	if !opts.NoReport || !opts.DryRun {
		camp.report = bulk.NewReportOf(src, opts.ReportPath, opts.ReportFallbackDir, func(s string) { fmt.Fprintln(opts.Stderr, "warning: "+s) })
	}
	camp.plan = Plan{Template: *t, Channel: ch, Input: opts.Input.Name, Unused: lay.unused, Rate: opts.Rate, Journal: path, JournalElsewhere: elsewhere, names: opts.Names}
	if err := camp.planRows(ctx, src, skip); err != nil {
		_, _ = camp.Close() // the run stops with err: the journal is released, the rows reported so far kept
		return nil, err
	}
	if err := camp.planRules(dest, ch.Token); err != nil {
		_, _ = camp.Close()
		return nil, err
	}
	return camp, nil
}

// openSource opens the input for a pass over its records, after the header
// of a CSV input (header is nil for JSON Lines).
func openSource(opts Options) (src bulk.Source, header []string, closeInput func(), err error) {
	in, err := opts.Input.Open()
	if err != nil {
		return nil, nil, nil, clierr.InputErrorf("read the input: %v", err)
	}
	closeInput = func() { _ = in.Close() } // only read
	src, err = bulk.NewSource(in, opts.Format, opts.Delimiter)
	if err != nil {
		closeInput()
		return nil, nil, nil, err
	}
	if cs, ok := src.(*bulk.CSVSource); ok {
		header = cs.Header
	}
	return src, header, closeInput, nil
}

// planRows reads every row once and decides its class; invalid rows go to
// the report at once.
func (c *Campaign) planRows(ctx context.Context, src bulk.Source, skip excluded) error {
	p := &c.plan
	lines := c.opts.Input.Lines
	if lines > math.MaxUint32 {
		return clierr.InputErrorf("the input has %s lines: a broadcast reads at most %s", english.Comma(lines), english.Comma(math.MaxUint32))
	}
	c.rows = newRowPlan(lines)
	// The lines of the rows that can be sent, for finding the duplicates
	// among them once all are read: 4 bytes a row, where a set of the
	// phones seen would cost some 36.
	good := make([]uint32, 0, lines)
	for n := 0; ; n++ {
		if n%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		rec, err := src.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if rec.Line < 1 || rec.Line > lines {
			return bulk.ErrInputChanged
		}
		p.Rows++
		r, err := c.layout.parse(rec, 0)
		if err != nil {
			p.Invalid++
			c.rows.set(rec.Line, classInvalid, 0)
			why := bulk.Describe(err)
			c.invalid[rec.Line] = bulk.Failure{Code: why.Code, Field: why.Field}
			if len(p.Examples) < maxExamples {
				p.Examples = append(p.Examples, InvalidRow{Line: rec.Line, Why: describe(why)})
			}
			if c.report == nil {
				continue
			}
			if err := c.report.Add(rec, why); err != nil {
				return err
			}
			continue
		}
		c.rows.set(rec.Line, classSend, r.key)
		good = append(good, uint32(rec.Line))
		// The first row to send is no duplicate: a row before it with the
		// same phone would be one to send too.
		if _, out := skip[r.key]; p.First == nil && !out && !c.state.isSent(r.key) {
			body := c.request(r)
			p.First = &body
		}
	}
	p.Duplicates = c.rows.markDuplicates(good)
	p.Excluded = make([]TagCount, len(c.opts.ExcludeTags))
	for i, tag := range c.opts.ExcludeTags {
		p.Excluded[i].Tag = tag
	}
	for line, cl := range c.rows.classes {
		if cl != classSend {
			continue
		}
		phone := c.rows.phones[line]
		if c.state.isSent(phone) {
			// Sent, whatever the contact became since.
			p.AlreadySent++
			continue
		}
		if reason, out := skip[phone]; out {
			if reason == reasonBlocked {
				p.Blocked++
			} else {
				p.Excluded[reason-reasonTag].Count++
			}
			c.rows.classes[line] = classSkipped
			continue
		}
		p.ToSend++
		if _, ok := c.state.inDoubt(phone); ok {
			p.InDoubt++
		} else if c.state.failed[phone] {
			p.FailedBefore++
		}
	}
	return nil
}

// describe is a failure as one line for people.
func describe(f bulk.Failure) string {
	if f.Field == "" {
		return f.Message
	}
	return f.Field + ": " + f.Message
}

// request is the POST /messages of a recipient.
func (c *Campaign) request(r recipient) api.MessageSend {
	id := c.plan.Template.ID
	return api.MessageSend{Phone: r.phone, Channel: c.plan.Channel.Token, Type: "template", Template: &id, Components: r.comps}
}

// Close gives up a campaign that is not sent (a dry run, a refusal): the
// report of the invalid rows is put in place and the journal released. It
// returns the report's path, "" when no row was invalid.
func (c *Campaign) Close() (report string, err error) {
	if c.closed {
		return "", nil
	}
	c.closed = true
	if c.report != nil {
		report, err = c.report.Close()
	}
	if c.journal != nil {
		err = errors.Join(err, c.journal.Close())
	}
	return report, errors.Join(err, c.release())
}

// release gives the campaign's lock back.
func (c *Campaign) release() error {
	if c.unlock == nil {
		return nil
	}
	unlock := c.unlock
	c.unlock = nil
	return unlock()
}

// journalError is the error of a journal that cannot be taken: another
// run holds it (with the campaign's lock free, a run of another campaign
// named the same --journal).
func journalError(err error) error {
	var locked *bulk.LockedError
	if errors.As(err, &locked) {
		return clierr.InputErrorf("another convo run is using the journal %s; wait for it to end, or stop it first", locked.Path)
	}
	return err
}

// campaignIdentity is what a campaign's journal is bound to: the
// destination, the channel, the template and the values given for every
// row; and the identities earlier versions gave the same campaign (see
// destination.Destination.FormerKeys).
func campaignIdentity(dest destination.Destination, channel string, template int64, values string) (identity []string, former [][]string) {
	rest := []string{"channel " + channel, "template " + strconv.FormatInt(template, 10), "values " + values}
	identity = append([]string{"destination " + dest.Key()}, rest...)
	for _, k := range dest.FormerKeys() {
		former = append(former, append([]string{"destination " + k}, rest...))
	}
	return identity, former
}

// takeJournal takes the campaign's lock (unless a dry run, which only
// reads), decides its journal (see home) and reads it, with those earlier
// versions kept in the home. It returns the journal's path, and whether an
// earlier run's --journal named it rather than this one's.
func (c *Campaign) takeJournal(h home, about string) (path string, elsewhere bool, err error) {
	opts := c.opts
	c.home = h
	take := !opts.DryRun
	if take {
		if err := os.MkdirAll(h.dir, 0o700); err != nil {
			return "", false, fmt.Errorf("create the journal directory: %w", err)
		}
		c.unlock, err = bulk.Lock(h.lock())
		if errors.Is(err, bulk.ErrLocked) {
			return "", false, clierr.InputErrorf("another convo run is sending this campaign; wait for it to end, or stop it first")
		}
		if err != nil {
			return "", false, fmt.Errorf("lock the campaign: %w", err)
		}
	}
	path, elsewhere, err = h.locate(opts.JournalPath, opts.Restart, take)
	if err != nil {
		return "", false, err
	}
	spec := campaignSpec(path, h.identity, h.former, about, c.state)
	switch {
	case opts.Restart && take:
		spec.Restart = true
		c.restart = &spec
	case opts.Restart:
	case opts.DryRun:
		err = bulk.ReadJournal(spec)
	default:
		c.journal, _, err = bulk.OpenJournal(spec) // strict: no warnings, only refusals
	}
	if err == nil && !opts.Restart {
		err = c.readFormer(h)
	}
	if err == nil && c.journal != nil {
		err = h.remember(path)
	}
	return path, elsewhere, journalError(err)
}

// readFormer reads the journals that earlier versions kept in the home
// under another identity of the campaign: a recipient sent there is sent,
// one in doubt there is in doubt. They are read, never written.
func (c *Campaign) readFormer(h home) error {
	for i, path := range h.formerJournals() {
		st := newJournalState()
		if err := bulk.ReadJournal(campaignSpec(path, h.former[i], nil, "", st)); err != nil {
			return err
		}
		c.state.merge(st)
	}
	return nil
}

// forgetFormer removes what --restart forgets beyond the journal it
// empties: the former journals in the home.
func (c *Campaign) forgetFormer() error {
	var errs []error
	for _, path := range c.home.formerJournals() {
		errs = append(errs, removeIfThere(path))
	}
	return errors.Join(errs...)
}

// Summary is what a run did.
type Summary struct {
	Sent    int `json:"sent"`
	Skipped int `json:"skipped"`
	// Duplicates are rows whose phone an earlier row of the input has.
	Duplicates int `json:"duplicates"`
	// Failed are the rows not sent: invalid, refused, or whose outcome
	// could not be told (see the report).
	Failed int `json:"failed"`
	// AlreadySent are the recipients earlier runs of the campaign sent.
	AlreadySent int `json:"already_sent"`
	// Rows is the rows this run dealt with (AlreadySent not included).
	Rows              int     `json:"rows"`
	Seconds           float64 `json:"seconds"`
	MessagesPerSecond float64 `json:"messages_per_second"`
	// Report is the failure report's path, when rows failed or were
	// skipped at send time.
	Report *string `json:"report"`
	// Journal is the campaign's journal, kept: running the campaign again
	// sends only to the recipients it has not sent.
	Journal string `json:"journal"`
	// Interrupted says the run was stopped before the end of the input.
	Interrupted bool `json:"interrupted"`
	// OptedOut of Skipped were skipped as their message was about to go:
	// blocked, or given an --exclude-tag tag, after the plan (reported).
	OptedOut int `json:"opted_out"`
	// Failures say why the Failed rows failed, the most frequent first.
	Failures []Reason `json:"failures"`
	// StoppedBy is the rule that stopped a run with --no-wait (HeldBy…),
	// and ResumeAt when it can go on; null when none did.
	StoppedBy *string    `json:"stopped_by"`
	ResumeAt  *time.Time `json:"resume_at"`
}

// Line is the summary for people, one line:
//
//	sent 962 · skipped 32 · failed 6 in 1m41s (9.5 msg/s)
//
// with duplicates and "already sent" added when there are any.
func (s *Summary) Line() string {
	parts := []string{"sent " + english.Comma(s.Sent), "skipped " + english.Comma(s.Skipped), "failed " + english.Comma(s.Failed)}
	if s.Duplicates > 0 {
		parts = append(parts, "duplicates "+english.Comma(s.Duplicates))
	}
	if s.AlreadySent > 0 {
		parts = append(parts, "already sent "+english.Comma(s.AlreadySent))
	}
	d := time.Duration(s.Seconds * float64(time.Second))
	took := fmt.Sprintf("%.1fs", s.Seconds)
	if d >= time.Minute {
		took = d.Round(time.Second).String()
	}
	return fmt.Sprintf("%s in %s (%s)", strings.Join(parts, " · "), took, bulk.FormatRate(s.MessagesPerSecond, "msg"))
}

// Why says, for people, why rows were not sent: the rows skipped as their
// message was about to go, and the reasons of the failed ones, a line
// each; none when every row went out or was left out by the plan.
func (s *Summary) Why() []string {
	var lines []string
	if s.OptedOut > 0 {
		lines = append(lines, fmt.Sprintf("  %s skipped at send time: opted out after the plan (blocked, or given an --exclude-tag tag)", english.Count(s.OptedOut, "recipient")))
	}
	return append(lines, bulk.FailedLines(s.Failures)...)
}

// The outcomes of a row, beyond bulk.Unfinished and bulk.Failed.
const (
	sent = bulk.FirstOutcome + iota
	skipped
	duplicate
	// invalid: reported by the plan already, counted as failed.
	invalid
)

// Send sends the campaign. Once messages may have gone out it always
// returns the summary: with ctx.Err() when ctx was cancelled (requests in
// flight finish first, within the grace period), or the error that stopped
// the run (the circuit, a disconnected channel, the journal or the input
// failing). Rows that fail are counted and reported, not returned as an
// error. The journal is kept: the same campaign run again sends only to
// the recipients not sent.
func (c *Campaign) Send(ctx context.Context) (*Summary, error) {
	if c.closed || c.journal == nil && c.restart == nil {
		return nil, errors.New("a dry run, or a campaign closed, sends nothing")
	}
	start := time.Now()
	var err error
	if c.restart != nil {
		c.journal, _, err = bulk.OpenJournal(*c.restart)
		if err == nil {
			err = errors.Join(c.forgetFormer(), c.home.remember(c.restart.Path))
		}
		if err != nil {
			_, cerr := c.Close()
			return nil, errors.Join(journalError(err), cerr)
		}
	}
	src, _, closeInput, err := openSource(c.opts)
	if err == nil {
		defer closeInput()
		// The server's time, before the first attempt is recorded: the
		// one request of the run that is no recipient's.
		err = c.ping(ctx)
	}
	if err != nil {
		_, cerr := c.Close()
		return nil, errors.Join(err, cerr)
	}
	c.closed = true

	led := newLedger(c.journal, c.state, c.rows, c.layout, c.c.ServerClock())
	cfg := c.opts.Config(c.report)
	cfg.Batch, cfg.Ledger = dispatchBatch, led
	g := c.gate()
	if g != nil {
		// Before rows are recorded: a run held back records nothing it
		// does not send.
		cfg.Gate = func(stop context.Context, batch []bulk.Job) (int, error) {
			keys := make([]validate.PhoneKey, len(batch))
			for i, j := range batch {
				keys[i] = led.recipient(j.Line)
			}
			return g.admit(stop, keys)
		}
	}
	eng := bulk.New(ctx, cfg)
	defer eng.Close()
	d := newDeliverer(c, eng, led, g)
	defer d.recheck.stop()
	// The plan read every row: the total is known, not estimated.
	prog := bulk.StartProgress(c.opts.Feedback, c.opts.Stderr, eng.Counters(), int64(c.plan.Rows), c.opts.ProgressInterval)
	if g != nil {
		g.note = prog.Note
	}
	runErr := eng.Run(src, d.process)
	prog.Stop(runErr == nil && ctx.Err() == nil)

	report, err := c.report.Close()
	runErr = errors.Join(runErr, err, c.journal.Close(), c.release())
	s := summarise(eng.Counters(), time.Since(start))
	s.Journal = c.plan.Journal
	s.OptedOut = int(d.optedOut.Load())
	s.Failures = d.reasons.List()
	if report != "" {
		s.Report = &report
	}
	if p := g.pause(); runErr == nil && p != nil && ctx.Err() == nil {
		runErr = p // the rows it held back were the input's last
	}
	var pause *Pause
	switch {
	case errors.As(runErr, &pause):
		s.StoppedBy, s.ResumeAt = &pause.Reason, &pause.Until
	case runErr == nil && ctx.Err() != nil:
		s.Interrupted = true
		runErr = ctx.Err()
	}
	return s, runErr
}

// ping asks the API for the cheapest answer, for its time.
func (c *Campaign) ping(ctx context.Context) error {
	_, err := c.c.ListChannels(api.ChannelListParams{}).Limit(1).Collect(ctx)
	if err != nil {
		return fmt.Errorf("before sending: %w", err)
	}
	return nil
}

func summarise(c *bulk.Counters, elapsed time.Duration) *Summary {
	s := &Summary{
		Sent:        int(c.Of(sent)),
		Skipped:     int(c.Of(skipped)),
		Duplicates:  int(c.Of(duplicate)),
		Failed:      int(c.Of(bulk.Failed) + c.Of(invalid)),
		AlreadySent: int(c.AlreadyDone()),
		Rows:        int(c.Finished()),
		Seconds:     math.Round(elapsed.Seconds()*1000) / 1000,
	}
	if secs := elapsed.Seconds(); secs > 0 {
		s.MessagesPerSecond = math.Round(float64(s.Sent)/secs*10) / 10
	}
	return s
}
