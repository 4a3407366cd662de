package broadcast

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	// A --tz zone is found on machines without a zone database of their
	// own (Windows, slim containers).
	_ "time/tzdata"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/destination"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/validate"
)

// The channel's rules a campaign keeps, beyond sending each recipient one
// message:
//
//   - when it may send: a window of the day (--window, in --tz) and a time
//     to begin (--start-at);
//   - how many distinct recipients it may reach: at most --daily-limit in
//     any 24 hours on the channel, counting every campaign of this data
//     directory (tally.go);
//   - who must not get it, however late they opted out: blocked contacts
//     and those with an --exclude-tag tag, read again while it sends
//     (recheck.go).
//
// A run that meets the window, the start time or the limit waits, or with
// --no-wait stops (a *Pause) with exit 0 and the command that goes on. The
// rules are checked before rows are recorded in the journal (so that a run
// waiting records nothing it does not send, and the daily limit takes its
// room as the attempts are written: a run killed never leaves more in
// doubt than it let through), and the time of day again just before each
// message goes out (nothing is sent a second after the window closed).
// The clock is the server's as far as its answers tell (api.ServerClock),
// the time the journal records; tests give their own.

// Window is the time of day a campaign may send: from From up to To,
// minutes after midnight in Zone. A To earlier than From is a window across
// midnight (22:00-06:00); To may be 24:00.
type Window struct {
	From, To int
	Zone     *time.Location
}

// minutesADay is 24:00, the latest end of a window.
const minutesADay = 24 * 60

// ParseWindow reads a --window, HH:MM-HH:MM, of the day in zone; n names
// the option in errors.
func ParseWindow(s string, zone *time.Location, n naming.Names) (*Window, error) {
	from, to, ok := strings.Cut(strings.TrimSpace(s), "-")
	option := n.Option("window")
	bad := func(why string) error {
		return clierr.FlagErrorf("%s %q: %s; write it as HH:MM-HH:MM, e.g. 09:00-18:00", option, s, why)
	}
	if !ok {
		return nil, bad("no '-' between its start and end")
	}
	w := &Window{Zone: zone}
	var err error
	if w.From, err = clockMinutes(from, false); err != nil {
		return nil, bad(err.Error())
	}
	if w.To, err = clockMinutes(to, true); err != nil {
		return nil, bad(err.Error())
	}
	// Not mistakes of form: what they mean is said, not how to write it.
	switch {
	case w.From == w.To:
		return nil, clierr.FlagErrorf("%s %q: it starts where it ends; to send at any hour leave %s out", option, s, option)
	case w.From == 0 && w.To == minutesADay:
		return nil, clierr.FlagErrorf("%s %q: the whole day is no window; to send at any hour leave %s out", option, s, option)
	}
	return w, nil
}

// clockMinutes reads HH:MM as minutes after midnight; 24:00 only when end.
func clockMinutes(s string, end bool) (int, error) {
	h, m, ok := strings.Cut(strings.TrimSpace(s), ":")
	hours, err1 := strconv.Atoi(h)
	minutes, err2 := strconv.Atoi(m)
	switch {
	case !ok || err1 != nil || err2 != nil || len(m) != 2 || len(h) < 1 || len(h) > 2:
		return 0, fmt.Errorf("%q is no time of day", s)
	case hours == 24 && minutes == 0 && end:
		return minutesADay, nil
	case hours < 0 || hours > 23 || minutes < 0 || minutes > 59:
		return 0, fmt.Errorf("%q is no time of day (00:00 to 23:59)", s)
	}
	return hours*60 + minutes, nil
}

func (w *Window) String() string { return hhmm(w.From) + "-" + hhmm(w.To) }

func hhmm(minutes int) string { return fmt.Sprintf("%02d:%02d", minutes/60, minutes%60) }

// at is the moment of minutes after the midnight that begins t's day, in
// the window's zone, days later; for a time of day that a change of the
// clocks skips, the first moment after the gap.
func (w *Window) at(t time.Time, days, minutes int) time.Time {
	y, m, d := t.In(w.Zone).Date()
	at := time.Date(y, m, d+days, minutes/60, minutes%60, 0, 0, w.Zone)
	// time.Date gives some moment near the gap; the clock there reads
	// earlier than asked by as much as the gap has yet to skip.
	want := time.Date(y, m, d+days, minutes/60, minutes%60, 0, 0, time.UTC)
	if short := want.Sub(wall(at)); short > 0 {
		at = at.Add(short)
	}
	return at
}

// wall is the date and time t's clock reads, as if in UTC.
func wall(t time.Time) time.Time {
	y, m, d := t.Date()
	h, mi, s := t.Clock()
	return time.Date(y, m, d, h, mi, s, t.Nanosecond(), time.UTC)
}

// Open reports whether t is inside the window.
func (w *Window) Open(t time.Time) bool {
	h, m, s := t.In(w.Zone).Clock()
	now := (h*60+m)*60 + s
	from, to := w.From*60, w.To*60
	if w.From < w.To {
		return from <= now && now < to
	}
	return now >= from || now < to
}

// Opens is the next moment the window opens, at or after t.
func (w *Window) Opens(t time.Time) time.Time {
	if next := w.at(t, 0, w.From); !next.Before(t) {
		return next
	}
	return w.at(t, 1, w.From)
}

// Closes is the moment the window open at t closes.
func (w *Window) Closes(t time.Time) time.Time {
	if next := w.at(t, 0, w.To); next.After(t) {
		return next
	}
	return w.at(t, 1, w.To)
}

// PolicyFlags are the rules of a campaign as a person writes them: the
// flags of messages broadcast, the fields of the MCP server's plan.
type PolicyFlags struct {
	// Window is HH:MM-HH:MM; Zone an IANA time zone, "" for the local one;
	// StartAt an RFC 3339 time, or HH:MM (its next occurrence in Zone).
	Window, Zone, StartAt string
	// DailyLimit is the most distinct recipients in any 24 hours on the
	// channel; 0 for none.
	DailyLimit int
	// NoWait stops a run the rules hold back, instead of waiting.
	NoWait bool
	// Names names the options in errors and warnings: the flags, or the
	// plan's arguments.
	Names naming.Names
}

// Policy reads the flags at now: the rules, and warnings for people (a
// --start-at already past).
func (f PolicyFlags) Policy(now time.Time) (p Policy, warnings []string, err error) {
	p.NoWait = f.NoWait
	n := f.Names
	if p.Zone, err = ParseZone(f.Zone, n); err != nil {
		return p, nil, err
	}
	if f.Window != "" {
		if p.Window, err = ParseWindow(f.Window, p.Zone, n); err != nil {
			return p, nil, err
		}
	}
	if f.DailyLimit < 0 {
		return p, nil, clierr.FlagErrorf("%s: must be a number of recipients, or 0 for none (got %d)", n.Option("daily-limit"), f.DailyLimit)
	}
	p.DailyLimit = f.DailyLimit
	if f.StartAt != "" {
		at, clock, err := ParseStartAt(f.StartAt, p.Zone, now, n)
		if err != nil {
			return p, nil, err
		}
		if clock && f.NoWait {
			return p, nil, clierr.FlagErrorf("%s %s with %s: a run started again after %s would wait for the next day's; give the moment as RFC 3339 (e.g. %s), or use %s",
				n.Option("start-at"), f.StartAt, n.Option("no-wait"), f.StartAt, at.Format(time.RFC3339), n.Option("window"))
		}
		if !clock && !at.After(now) {
			warnings = append(warnings, fmt.Sprintf("%s %s is past: the campaign starts at once", n.Option("start-at"), f.StartAt))
		} else {
			p.StartAt = at
		}
	}
	return p, warnings, nil
}

// ParseZone reads a --tz: an IANA time zone name; "" is the local zone. n
// names the option in errors.
func ParseZone(name string, n naming.Names) (*time.Location, error) {
	if name == "" {
		return time.Local, nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil || strings.EqualFold(name, "local") {
		return nil, clierr.FlagErrorf("%s %q: no such time zone; give an IANA name, e.g. America/Sao_Paulo, America/Manaus or UTC", n.Option("tz"), name)
	}
	return loc, nil
}

// ParseStartAt reads a --start-at at now: an RFC 3339 time, or HH:MM, the
// next such time of day in zone (now, when it is that very minute's
// start). clock says it was HH:MM. n names the option in errors.
func ParseStartAt(s string, zone *time.Location, now time.Time, n naming.Names) (at time.Time, clock bool, err error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, false, nil
	}
	minutes, err := clockMinutes(s, false)
	if err != nil {
		return time.Time{}, false, clierr.FlagErrorf("%s %q: give an RFC 3339 time (2026-12-01T09:00:00-03:00) or a time of day, HH:MM", n.Option("start-at"), s)
	}
	w := &Window{Zone: zone, From: minutes}
	return w.Opens(now), true, nil
}

// Policy is the rules a campaign keeps; its zero value keeps none beyond
// the opt-outs, which every campaign keeps.
type Policy struct {
	Window *Window
	// Zone is where times are shown (and the window read).
	Zone *time.Location
	// StartAt is when the first message may go; zero for at once.
	StartAt time.Time
	// DailyLimit bounds the distinct recipients in any 24 hours on the
	// channel; 0 for none.
	DailyLimit int
	NoWait     bool
}

// The reasons a run is held back, as the summary's stopped_by says them.
const (
	HeldByStart  = "start_at"
	HeldByWindow = "window"
	HeldByLimit  = "daily_limit"
)

// Pause is a run held back by its rules: with --no-wait it stops with it
// (exit 0, the command to go on), otherwise it waits Until.
type Pause struct {
	// Reason is HeldByStart, HeldByWindow or HeldByLimit.
	Reason string
	// Until is when the run can go on.
	Until time.Time
	// Why says it for people: "outside the window 09:00-18:00 (UTC)".
	Why  string
	zone *time.Location
}

func (p *Pause) Error() string {
	return p.Why + "; it can go on at " + showTime(p.Until, p.zone)
}

// showTime is a moment for people, in zone: 2026-12-02 09:00 -03.
func showTime(t time.Time, zone *time.Location) string {
	if zone == nil {
		zone = time.Local
	}
	return t.In(zone).Format("2006-01-02 15:04 MST")
}

// zoneName names a zone for people: its IANA name, or for the local one
// "local time".
func zoneName(zone *time.Location) string {
	if zone == nil || zone == time.Local {
		return "local time"
	}
	return zone.String()
}

// gate holds a run back while its rules say so: before rows are recorded
// and dispatched (admit, which takes the daily limit's room for them), and
// before each message (pass, for the time of day).
type gate struct {
	policy Policy
	tally  *tally // nil without a daily limit
	now    func() time.Time
	sleep  func(ctx context.Context, d time.Duration) error
	// note tells the progress display why the run waits ("" when it goes
	// on).
	note func(string)

	mu sync.Mutex
	// held is the first *Pause returned, with --no-wait: why the run
	// stopped, even when the rows it held back were the last.
	held *Pause
}

// maxNap bounds one sleep of a wait: the wall clock is looked at again
// after it, so that a machine asleep meanwhile, or a clock set anew, does
// not make the run wait longer than the rules say.
const maxNap = time.Minute

// admit returns how many of keys (the recipients of rows about to be
// recorded and dispatched, in order; 0 for a row that sends nothing) may
// go now, at least one, once the time of day allows and the daily limit
// has room for them, which they take. Room is taken when the attempts are
// recorded, so that a run killed afterwards never leaves more attempts in
// doubt than the limit let through. It returns the *Pause of a run held
// back with --no-wait, bulk.ErrStopped when stop ends the wait, or the
// error that kept the limit from being counted.
func (g *gate) admit(stop context.Context, keys []validate.PhoneKey) (int, error) {
	n := 0
	_, err := g.wait(stop, func(now time.Time) (*Pause, error) {
		if p := g.timeHold(now); p != nil {
			return p, nil
		}
		if g.tally == nil {
			n = len(keys)
			return nil, nil
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		if err := g.tally.catch(now); err != nil {
			return nil, err
		}
		for n = 0; n < len(keys); n++ {
			if keys[n] != 0 && !g.tally.take(keys[n], now) {
				break
			}
		}
		if n > 0 {
			return nil, nil
		}
		return &Pause{Reason: HeldByLimit, Until: g.tally.roomAt(now), zone: g.policy.Zone,
			Why: fmt.Sprintf("the daily limit is reached: %s in the last 24 hours on the channel", english.Count(g.policy.DailyLimit, "distinct recipient"))}, nil
	})
	return n, err
}

// pass returns when the time of day lets the recipient's message go
// (the window may have closed since its row was dispatched), its send
// then counted by the daily limit as of now; the errors are admit's.
// waited says that it waited.
func (g *gate) pass(stop context.Context, key validate.PhoneKey) (waited bool, err error) {
	waited, err = g.wait(stop, func(now time.Time) (*Pause, error) { return g.timeHold(now), nil })
	if err == nil && g.tally != nil {
		g.mu.Lock()
		g.tally.touch(key, g.now())
		g.mu.Unlock()
	}
	return waited, err
}

// wait calls hold until it holds nothing back: it waits while it does,
// saying why on the progress display, or with --no-wait returns the
// *Pause.
func (g *gate) wait(stop context.Context, hold func(now time.Time) (*Pause, error)) (waited bool, err error) {
	for {
		now := g.now()
		p, err := hold(now)
		if err != nil {
			return waited, err
		}
		if p == nil {
			if waited {
				g.note("")
			}
			return waited, nil
		}
		if g.policy.NoWait {
			g.mu.Lock()
			if g.held == nil {
				g.held = p
			}
			g.mu.Unlock()
			return waited, p
		}
		g.note("waiting until " + showTime(p.Until, g.policy.Zone) + ": " + p.Why)
		// At least a second: a rule never holds a run back to a moment
		// already past, whatever a zone's clock changes make of it.
		if err := g.sleep(stop, min(max(p.Until.Sub(now), time.Second), maxNap)); err != nil {
			return waited, bulk.ErrStopped
		}
		waited = true
	}
}

// timeHold is what the time of day holds back at now: the start time or
// the window; nil when neither does.
func (g *gate) timeHold(now time.Time) *Pause {
	pol := g.policy
	switch {
	case now.Before(pol.StartAt):
		return &Pause{Reason: HeldByStart, Until: pol.StartAt, Why: "not started yet (--start-at)", zone: pol.Zone}
	case pol.Window != nil && !pol.Window.Open(now):
		return &Pause{Reason: HeldByWindow, Until: pol.Window.Opens(now), zone: pol.Zone,
			Why: fmt.Sprintf("outside the window %s (%s)", pol.Window, zoneName(pol.Zone))}
	}
	return nil
}

// pause is why the gate stopped the run with --no-wait; nil when it did
// not.
func (g *gate) pause() *Pause {
	if g == nil {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.held
}

// release gives back the room taken for a recipient that was not sent.
func (g *gate) release(key validate.PhoneKey) {
	if g.tally == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.tally.release(key)
}

// gate is the run's gate, nil when its policy holds nothing back (no
// window, start time or daily limit).
func (c *Campaign) gate() *gate {
	pol := c.opts.Policy
	if pol.Window == nil && pol.StartAt.IsZero() && c.tally == nil {
		return nil
	}
	return &gate{policy: pol, tally: c.tally, now: c.c.ServerClock().Now, sleep: api.Sleep, note: func(string) {}}
}

// Rules are the channel's rules a campaign keeps, as its plan shows them.
type Rules struct {
	// Window is null when the campaign may send at any time of day.
	Window *WindowRule `json:"window"`
	// StartAt is when the first message may go; null for at once.
	StartAt *time.Time `json:"start_at"`
	// DailyLimit is null without --daily-limit.
	DailyLimit *LimitRule `json:"daily_limit"`
	OptOuts    OptOutRule `json:"opt_outs"`
	// NoWait: a run the rules hold back stops (exit 0, to be run again)
	// instead of waiting.
	NoWait bool `json:"no_wait"`
}

// WindowRule is the time of day the campaign may send, and whether it may
// now: until ClosesAt, or from OpensAt.
type WindowRule struct {
	From     string     `json:"from"`
	To       string     `json:"to"`
	Zone     string     `json:"tz"`
	Open     bool       `json:"open"`
	OpensAt  *time.Time `json:"opens_at"`
	ClosesAt *time.Time `json:"closes_at"`
}

// LimitRule is the daily limit, and how much of it the campaigns of this
// data directory used in the last 24 hours on the channel.
type LimitRule struct {
	Limit int `json:"limit"`
	// Recent are the distinct recipients of the last 24 hours.
	Recent int `json:"recent"`
	// Room is how many more may be sent to now; RoomAt when there is room
	// again, when there is none.
	Room   int        `json:"room"`
	RoomAt *time.Time `json:"room_at"`
	// Wait are the recipients to send that find no room now (those counted
	// in the last 24 hours need none).
	Wait int `json:"must_wait"`
}

// OptOutRule is who the campaign leaves out, when the plan is made and
// again as each message goes.
type OptOutRule struct {
	Blocked     bool     `json:"blocked"`
	ExcludeTags []string `json:"exclude_tags"`
	// Recheck says how late an opt-out is still kept.
	Recheck string `json:"recheck"`
}

// recheckRule is OptOutRule.Recheck.
var recheckRule = fmt.Sprintf("read again as the messages go: a contact blocked, or given an excluded tag, at least %s before its message is skipped (%s)",
	optOutFresh, CodeOptedOut)

// planRules puts the rules in the plan, as they stand now, and counts the
// channel's recipients of the last 24 hours for a daily limit.
func (c *Campaign) planRules(dest destination.Destination, channel string) error {
	pol := &c.opts.Policy
	if pol.Zone == nil {
		pol.Zone = time.Local
	}
	now := c.c.ServerClock().Now()
	r := Rules{NoWait: pol.NoWait, OptOuts: OptOutRule{Blocked: true, ExcludeTags: append([]string{}, c.opts.ExcludeTags...), Recheck: recheckRule}}
	if w := pol.Window; w != nil {
		wr := &WindowRule{From: hhmm(w.From), To: hhmm(w.To), Zone: pol.Zone.String(), Open: w.Open(now)}
		if wr.Open {
			at := w.Closes(now)
			wr.ClosesAt = &at
		} else {
			at := w.Opens(now)
			wr.OpensAt = &at
		}
		r.Window = wr
	}
	if !pol.StartAt.IsZero() {
		r.StartAt = &pol.StartAt
	}
	if pol.DailyLimit > 0 {
		dir := c.opts.JournalDir
		keys := append([]string{dest.Key()}, dest.FormerKeys()...)
		t, err := newTally(pol.DailyLimit, dir, keys, channel, c.plan.Journal, now)
		if err != nil {
			return err
		}
		c.tally = t
		lr := &LimitRule{Limit: pol.DailyLimit, Recent: t.recent(now), Room: t.room(now)}
		for line, cl := range c.rows.classes {
			if k := c.rows.phones[line]; cl == classSend && !c.state.isSent(k) {
				if _, counted := t.counted[k]; !counted {
					lr.Wait++
				}
			}
		}
		lr.Wait = max(lr.Wait-lr.Room, 0)
		if lr.Room == 0 {
			at := t.roomAt(now)
			lr.RoomAt = &at
		}
		r.DailyLimit = lr
	}
	c.plan.Rules, c.plan.zone = r, pol.Zone
	return nil
}

// writeRules prints the rules of time and number for people, as lines of
// the plan (line writes one).
func (p *Plan) writeRules(line func(label, format string, args ...any)) {
	r, zone := p.Rules, p.zone
	if w := r.Window; w != nil {
		state := "open now, closes at " + showTime(deref(w.ClosesAt), zone)
		if !w.Open {
			state = "closed now, opens at " + showTime(deref(w.OpensAt), zone)
		}
		line("Window", "%s-%s (%s): %s", w.From, w.To, zoneName(zone), state)
	}
	if r.StartAt != nil {
		line("Starts at", "%s", showTime(*r.StartAt, zone))
	}
	if l := r.DailyLimit; l != nil {
		room := fmt.Sprintf("room for %s now", english.Comma(l.Room))
		if l.RoomAt != nil {
			room += ", more at " + showTime(*l.RoomAt, zone)
		}
		if l.Wait > 0 {
			room += fmt.Sprintf("; %s must wait for room", english.Comma(l.Wait))
		}
		line("Daily limit", "%s in any 24 hours on the channel: %s in the last 24 hours, %s",
			english.Count(l.Limit, "recipient"), english.Comma(l.Recent), room)
	}
}

func deref(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return *t
}
