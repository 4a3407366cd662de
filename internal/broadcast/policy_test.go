package broadcast

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/validate"
)

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func TestParseWindow(t *testing.T) {
	for s, want := range map[string]string{
		"09:00-18:00":   "09:00-18:00",
		" 9:30 - 18:00": "09:30-18:00",
		"22:00-06:00":   "22:00-06:00",
		"20:00-24:00":   "20:00-24:00",
		"09:00":         "no '-' between its start and end",
		"09:00-09:00":   "it starts where it ends",
		"00:00-24:00":   "the whole day is no window; to send at any hour leave --window out",
		"24:00-06:00":   `"24:00" is no time of day (00:00 to 23:59)`,
		"09:00-25:00":   `"25:00" is no time of day`,
		"09:0-10:00":    `"09:0" is no time of day`,
		"nove-dez":      `"nove" is no time of day`,
	} {
		w, err := ParseWindow(s, time.UTC, naming.Flags)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = w.String()
		}
		if !strings.Contains(got, want) {
			t.Errorf("ParseWindow(%q) = %q, want %q", s, got, want)
		}
	}
	// A window written right that means none is not told how to write one.
	for _, s := range []string{"09:00-09:00", "00:00-24:00"} {
		if _, err := ParseWindow(s, time.UTC, naming.Flags); err == nil || strings.Contains(err.Error(), "write it as") {
			t.Errorf("ParseWindow(%q): %v, want it refused without the form", s, err)
		}
	}
}

func TestWindow(t *testing.T) {
	sp := mustZone(t, "America/Sao_Paulo")
	at := func(s string) time.Time {
		t.Helper()
		v, err := time.ParseInLocation("2006-01-02 15:04", s, sp)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, tc := range []struct {
		window, now string
		open        bool
		next        string // when it closes (open) or opens (closed)
	}{
		{"09:00-18:00", "2026-12-01 08:00", false, "2026-12-01 09:00"},
		{"09:00-18:00", "2026-12-01 09:00", true, "2026-12-01 18:00"},
		{"09:00-18:00", "2026-12-01 17:59", true, "2026-12-01 18:00"},
		{"09:00-18:00", "2026-12-01 18:00", false, "2026-12-02 09:00"},
		{"22:00-06:00", "2026-12-01 23:00", true, "2026-12-02 06:00"},
		{"22:00-06:00", "2026-12-01 05:00", true, "2026-12-01 06:00"},
		{"22:00-06:00", "2026-12-01 12:00", false, "2026-12-01 22:00"},
		{"20:00-24:00", "2026-12-01 21:00", true, "2026-12-02 00:00"},
		{"20:00-24:00", "2026-12-31 23:59", true, "2027-01-01 00:00"},
	} {
		w, err := ParseWindow(tc.window, sp, naming.Flags)
		if err != nil {
			t.Fatal(err)
		}
		now := at(tc.now)
		next := w.Opens(now)
		if tc.open {
			next = w.Closes(now)
		}
		if w.Open(now) != tc.open || !next.Equal(at(tc.next)) {
			t.Errorf("%s at %s: open %v, next %s; want %v, %s", tc.window, tc.now, w.Open(now), next, tc.open, tc.next)
		}
	}
	// Clocks went forward at midnight of 2018-11-04 in São Paulo: the window
	// opens at the first moment of that day, 01:00, and is open then.
	w, _ := ParseWindow("00:00-02:00", sp, naming.Flags)
	opens := w.Opens(at("2018-11-03 23:00"))
	if opens.Format("2006-01-02 15:04 -07") != "2018-11-04 01:00 -02" || !w.Open(opens) {
		t.Errorf("opens at %s (open: %v)", opens, w.Open(opens))
	}
}

func TestPolicyFlags(t *testing.T) {
	sp := mustZone(t, "America/Sao_Paulo")
	now := time.Date(2026, 12, 1, 10, 30, 0, 0, sp)
	for _, tc := range []struct {
		flags       PolicyFlags
		start, warn string
		err         string
	}{
		{flags: PolicyFlags{Zone: "America/Sao_Paulo", StartAt: "09:00"}, start: "2026-12-02T09:00:00-03:00"},
		{flags: PolicyFlags{Zone: "America/Sao_Paulo", StartAt: "11:00"}, start: "2026-12-01T11:00:00-03:00"},
		{flags: PolicyFlags{Zone: "UTC", StartAt: "13:30"}, start: "2026-12-01T13:30:00Z"}, // 10:30 in São Paulo
		{flags: PolicyFlags{StartAt: "2026-12-03T08:00:00-03:00", NoWait: true}, start: "2026-12-03T08:00:00-03:00"},
		{flags: PolicyFlags{StartAt: "2026-11-30T08:00:00-03:00"}, warn: "--start-at 2026-11-30T08:00:00-03:00 is past: the campaign starts at once"},
		{flags: PolicyFlags{StartAt: "09:00", NoWait: true}, err: "--start-at 09:00 with --no-wait"},
		{flags: PolicyFlags{StartAt: "amanhã"}, err: `--start-at "amanhã": give an RFC 3339 time`},
		{flags: PolicyFlags{Zone: "Brasil/Sao_Paulo"}, err: `--tz "Brasil/Sao_Paulo": no such time zone`},
		{flags: PolicyFlags{Zone: "Local"}, err: `--tz "Local": no such time zone`},
		{flags: PolicyFlags{DailyLimit: -1}, err: "--daily-limit: must be a number of recipients"},
		{flags: PolicyFlags{Window: "9-18"}, err: `--window "9-18"`},
	} {
		p, warnings, err := tc.flags.Policy(now)
		switch {
		case tc.err != "":
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%+v: error %v, want %q", tc.flags, err, tc.err)
			}
			continue
		case err != nil:
			t.Errorf("%+v: %v", tc.flags, err)
			continue
		}
		start := ""
		if !p.StartAt.IsZero() {
			start = p.StartAt.Format(time.RFC3339)
		}
		if start != tc.start || strings.Join(warnings, "\n") != tc.warn {
			t.Errorf("%+v: start %q, warnings %q; want %q, %q", tc.flags, start, warnings, tc.start, tc.warn)
		}
	}
}

// clock is a fake clock: sleeping moves it on.
type clock struct {
	now   time.Time
	naps  []time.Duration
	notes []string
}

func (c *clock) Now() time.Time { return c.now }

func (c *clock) sleep(ctx context.Context, d time.Duration) error {
	c.naps = append(c.naps, d)
	c.now = c.now.Add(d)
	return ctx.Err()
}

func (c *clock) gate(p Policy, tl *tally) *gate {
	return &gate{policy: p, tally: tl, now: c.Now, sleep: c.sleep, note: func(s string) { c.notes = append(c.notes, s) }}
}

func TestGateWaitsForTheWindow(t *testing.T) {
	w, _ := ParseWindow("09:00-18:00", time.UTC, naming.Flags)
	c := &clock{now: time.Date(2026, 12, 1, 17, 59, 30, 0, time.UTC)}
	g := c.gate(Policy{Window: w, Zone: time.UTC}, nil)
	ctx := context.Background()
	if waited, err := g.pass(ctx, 0); waited || err != nil {
		t.Fatalf("inside the window: waited %v, %v", waited, err)
	}
	c.now = c.now.Add(30 * time.Second) // 18:00, closed
	waited, err := g.pass(ctx, 0)
	if !waited || err != nil || !c.now.Equal(time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)) {
		t.Fatalf("waited %v, %v, until %s", waited, err, c.now)
	}
	// Fifteen hours, a minute at a time, so that a clock set anew is seen.
	if len(c.naps) != 15*60 || c.naps[0] != time.Minute {
		t.Errorf("%d naps, the first %s", len(c.naps), c.naps[0])
	}
	if len(c.notes) != 15*60+1 || c.notes[0] != "waiting until 2026-12-02 09:00 UTC: outside the window 09:00-18:00 (UTC)" || c.notes[len(c.notes)-1] != "" {
		t.Errorf("notes %q … %q", c.notes[0], c.notes[len(c.notes)-1])
	}

	// --no-wait: the run stops, saying when it can go on.
	c.now = time.Date(2026, 12, 2, 18, 30, 0, 0, time.UTC)
	g = c.gate(Policy{Window: w, Zone: time.UTC, NoWait: true}, nil)
	_, err = g.pass(ctx, 0)
	var p *Pause
	if !errors.As(err, &p) || p.Reason != HeldByWindow || !p.Until.Equal(time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)) || g.pause() != p {
		t.Errorf("%v", err)
	}
	if got := err.Error(); got != "outside the window 09:00-18:00 (UTC); it can go on at 2026-12-03 09:00 UTC" {
		t.Errorf("%q", got)
	}

	// Not started yet.
	g = c.gate(Policy{StartAt: c.now.Add(time.Hour), Zone: time.UTC, NoWait: true}, nil)
	if _, err := g.pass(ctx, 0); !errors.As(err, &p) || p.Reason != HeldByStart || !p.Until.Equal(c.now.Add(time.Hour)) {
		t.Errorf("%v", err)
	}
	// Ctrl-C while it waits.
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	g = c.gate(Policy{StartAt: c.now.Add(time.Hour), Zone: time.UTC}, nil)
	if _, err := g.pass(cancelled, 0); !errors.Is(err, bulk.ErrStopped) {
		t.Errorf("%v", err)
	}
}

// writeJournal writes a campaign journal of the destination "dest" and
// channel at path, its records one a line.
func writeJournal(t *testing.T, path, channel, template, records string) {
	t.Helper()
	spec := campaignSpec(path, []string{"destination dest", "channel " + channel, "template " + template, "values v"}, nil, "a campaign", newJournalState())
	j, _, err := bulk.OpenJournal(spec)
	if err != nil {
		t.Fatal(err)
	}
	var recs []bulk.JournalRecord
	for line := range strings.SplitSeq(strings.TrimSpace(records), "\n") {
		f := append(strings.Fields(line), "", "")
		recs = append(recs, bulk.JournalRecord{Letter: f[0][0], Key: f[1], Value: f[2]})
	}
	if err := j.WriteSynced(recs...); err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
}

func key(t *testing.T, phone string) validate.PhoneKey {
	t.Helper()
	k, ok := validate.PackPhone(phone)
	if !ok {
		t.Fatal(phone)
	}
	return k
}

// TestTallyCountsTheChannelsCampaigns: the recipients of the last 24 hours
// on a channel, over the journals of the data directory of that
// destination and channel (one kept elsewhere included), each recipient
// once, from the time of its latest attempt; a campaign that sends while
// the run goes on is followed.
func TestTallyCountsTheChannelsCampaigns(t *testing.T) {
	dir := t.TempDir()
	day0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	ts := func(d time.Duration) string { return strconv.FormatInt(day0.Add(d).Unix(), 10) }
	// A campaign a day ago, and one an hour ago, which sent to 01 again
	// and left 05 in doubt; 04 was refused, 06 left unsent.
	writeJournal(t, filepath.Join(dir, "a.journal"), "chan", "1", `
t `+ts(-25*time.Hour)+`
a 5511900000001
a 5511900000002
s 5511900000001
s 5511900000002
t `+ts(-23*time.Hour)+`
a 5511900000003
s 5511900000003`)
	elsewhere := filepath.Join(t.TempDir(), "ci.journal")
	writeJournal(t, elsewhere, "chan", "2", `
t `+ts(-time.Hour)+`
a 5511900000001
a 5511900000004
a 5511900000005
a 5511900000006
s 5511900000001
f 5511900000004
n 5511900000006`)
	if err := os.WriteFile(filepath.Join(dir, "b.where"), []byte(elsewhere+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	// Another channel, another destination: not counted.
	writeJournal(t, filepath.Join(dir, "c.journal"), "other", "1", "t "+ts(-time.Hour)+"\na 5511900000009\ns 5511900000009")
	own := filepath.Join(dir, "own.journal")

	tl, err := newTally(4, dir, []string{"dest"}, "chan", own, day0)
	if err != nil {
		t.Fatal(err)
	}
	// 01 (an hour ago), 03, and 05 in doubt; 02 left the 24 hours.
	if n := tl.recent(day0); n != 3 {
		t.Fatalf("count %d, want 3", n)
	}
	// 01 is counted as sent: it takes no room; 07 takes the last; 08
	// finds none; 05, in doubt, is counted already: it may be sent while
	// the count is within the limit.
	for _, tc := range []struct {
		phone string
		want  bool
	}{{"5511900000001", true}, {"5511900000007", true}, {"5511900000008", false}, {"5511900000005", true}} {
		if got := tl.take(key(t, tc.phone), day0); got != tc.want {
			t.Errorf("take %s: %v, want %v", tc.phone, got, tc.want)
		}
	}
	if at := tl.roomAt(day0); !at.Equal(day0.Add(time.Hour)) { // 03's send leaves the 24 hours
		t.Errorf("room at %s", at)
	}
	tl.release(key(t, "5511900000007"))
	if tl.room(day0) != 1 {
		t.Errorf("room %d after a release, want 1", tl.room(day0))
	}
	tl.release(key(t, "5511900000001")) // counted as sent before: stays
	if n := tl.recent(day0); n != 3 {
		t.Errorf("count %d", n)
	}

	// Another campaign of the channel sends meanwhile: seen within a second.
	writeJournal(t, filepath.Join(dir, "d.journal"), "chan", "3", "t "+ts(0)+"\na 5511900000010\ns 5511900000010")
	if err := tl.catch(day0.Add(catchEvery)); err != nil {
		t.Fatal(err)
	}
	if n := tl.recent(day0.Add(catchEvery)); n != 4 {
		t.Errorf("count %d after another campaign sent, want 4", n)
	}
	// Nearly a day later: 03 has left the count.
	later := day0.Add(23*time.Hour + 30*time.Minute)
	if err := tl.catch(later); err != nil {
		t.Fatal(err)
	}
	if n := tl.recent(later); n != 3 { // 01 and 05 sent by this run, 10
		t.Errorf("count %d half an hour before a day went by, want 3", n)
	}
}

// TestTallyAfterAKill: a run killed with its attempts recorded and no
// outcome leaves them counted, but not as sent: the run after it sends to
// them within the limit, not past it.
func TestTallyAfterAKill(t *testing.T) {
	dir := t.TempDir()
	own := filepath.Join(dir, "own.journal")
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	writeJournal(t, own, "chan", "1", "t "+strconv.FormatInt(now.Unix(), 10)+"\na 5511900000001\na 5511900000002\ns 5511900000001")
	tl, err := newTally(2, dir, []string{"dest"}, "chan", own, now)
	if err != nil {
		t.Fatal(err)
	}
	if !tl.take(key(t, "5511900000002"), now) || tl.take(key(t, "5511900000003"), now) {
		t.Error("the recipient in doubt may go, a new one may not")
	}
}

func TestHistoryDatesASendByItsLatestAttempt(t *testing.T) {
	h := newHistory(1500)
	for _, line := range []string{"t 1000", "a 5511900000001", "a 5511900000002", "r", "t 2000", "a 5511900000001", "s 5511900000001", "s 5511900000002", "a 5511900000003"} {
		f := append(strings.Fields(line), "", "")
		if err := h.Apply(f[0][0], f[1], f[2]); err != nil {
			t.Fatal(err)
		}
	}
	// 01 waited and was sent at 2000; 02's send was its attempt at 1000,
	// before since; 03 is on its way.
	k1, k3 := key(t, "5511900000001"), key(t, "5511900000003")
	if len(h.sent) != 1 || h.sent[k1] != 2000 || len(h.open) != 1 || h.open[k3] != 2000 {
		t.Errorf("sent %v, open %v", h.sent, h.open)
	}
}

func TestIsOptOut(t *testing.T) {
	words := DefaultOptOutWords
	for text, want := range map[string]bool{
		"SAIR": true, "sair": true, "Sair.": true, " PARAR!": true, "stop": true, "Cancelár?!": true, "  sair  ": true,
		"sair daqui amanhã?": false, "quero sair": false, "": false, "...": false, "STOPP": false, "s a i r": false,
	} {
		if got := IsOptOut(text, words); got != want {
			t.Errorf("IsOptOut(%q) = %v", text, got)
		}
	}
	if !IsOptOut("Descadastrar", []string{"descadastrar"}) {
		t.Error("words of one's own")
	}
}

func TestExplain(t *testing.T) {
	for _, tc := range []struct {
		in          bulk.Failure
		report, sum string
	}{
		{bulk.Failure{Code: "CHANNEL_DISCONNECTED", Message: "Canal desconectado."},
			"the channel is disconnected: reconnect it, then run the campaign again to send to the rest", "the channel is disconnected"},
		{bulk.Failure{Code: "NUMBER_NOT_ON_CHATAPP", Field: "phone"}, "the number is not on the messaging app", "the number is not on the messaging app"},
		{bulk.Failure{Code: "INVALID_VALUE", Field: "template", Message: `template "x" was paused`},
			templateRefused + ` (template "x" was paused)`, "the template cannot be sent"},
		{bulk.Failure{Code: "OTHER", Message: "Outro motivo."}, "Outro motivo.", "the API refused it (OTHER)"},
		{bulk.Failure{Code: "OTHER"}, "the API refused it (OTHER)", "the API refused it (OTHER)"},
		{bulk.Failure{Code: "FIELD_REQUIRED", Field: "nome", Message: "is empty"}, "is empty", "nome missing"},
		{bulk.Failure{Code: "A; B", Field: "x; y", Message: "x: a\ny: b"}, "x: a\ny: b", "several problems (see the report)"},
	} {
		if got := words.Explain(tc.in).Message; got != tc.report {
			t.Errorf("explain(%+v) = %q, want %q", tc.in, got, tc.report)
		}
		if got := words.Reason(tc.in); got != tc.sum {
			t.Errorf("short(%+v) = %q, want %q", tc.in, got, tc.sum)
		}
	}
}

// TestRulesLinesSayOneInTheSingular: a daily limit of one reads as one
// recipient, as the other counts of the plan do.
func TestRulesLinesSayOneInTheSingular(t *testing.T) {
	at := time.Date(2026, 11, 28, 15, 27, 0, 0, time.UTC)
	for _, tc := range []struct {
		limit int
		want  string
	}{
		{1, "Daily limit: 1 recipient in any 24 hours on the channel: 1 in the last 24 hours, room for 0 now, more at 2026-11-28 15:27 UTC; 1 must wait for room"},
		{2, "Daily limit: 2 recipients in any 24 hours on the channel: 1 in the last 24 hours, room for 0 now, more at 2026-11-28 15:27 UTC; 1 must wait for room"},
	} {
		p := &Plan{Rules: Rules{DailyLimit: &LimitRule{Limit: tc.limit, Recent: 1, RoomAt: &at, Wait: 1}}, zone: time.UTC}
		var got []string
		p.writeRules(func(label, format string, args ...any) {
			got = append(got, label+": "+fmt.Sprintf(format, args...))
		})
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("limit %d: got %q, want %q", tc.limit, got, tc.want)
		}
	}
}
