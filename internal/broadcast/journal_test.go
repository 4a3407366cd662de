package broadcast

import (
	"fmt"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/validate"
)

func TestJournalState(t *testing.T) {
	a, b := bodyDigest("Olá Ana"), bodyDigest("Olá Ana Lima")
	s := newJournalState()
	records := `r
t 1000
a 5511900000001 ` + formatDigest(a) + `
a 5511900000002 ` + formatDigest(a) + `
a 5511900000003 ` + formatDigest(a) + `
a 5511900000004
c rendered
s 5511900000001
n 5511900000002
r
t 2000
a 5511900000002 ` + formatDigest(b) + `
a 5511900000003 ` + formatDigest(b) + `
a 5511900000005 ` + formatDigest(b) + `
s 5511900000005`
	for line := range strings.SplitSeq(records, "\n") {
		fields := strings.Fields(line)
		fields = append(fields, "", "")
		if err := s.Apply(fields[0][0], fields[1], fields[2]); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
	}
	s.seal()
	for phone, want := range map[string]string{
		"5511900000001": "sent",
		"5511900000002": fmt.Sprintf("in doubt since 2000, sent %x", []uint64{b}), // not sent at 1000, tried again at 2000
		"5511900000003": fmt.Sprintf("in doubt since 1000, sent %x", []uint64{a, b}),
		"5511900000004": "in doubt since 1000, sent []", // an earlier version's record
		"5511900000005": "sent",
		"5511900000006": "new",
	} {
		k, _ := validate.PackPhone(phone)
		got := "new"
		if s.isSent(k) {
			got = "sent"
		} else if d, ok := s.inDoubt(k); ok {
			got = fmt.Sprintf("in doubt since %d, sent %x", d.since, d.bodies)
		}
		if got != want {
			t.Errorf("%s is %s, want %s", phone, got, want)
		}
	}
	if s.mode != contentRendered {
		t.Errorf("content %v, want rendered", s.mode)
	}
}

func TestJournalStateRefuses(t *testing.T) {
	for _, rec := range []struct {
		letter     byte
		key, value string
	}{
		{'a', "5511900000001", ""},                   // an attempt before any time
		{'t', "-5", ""},                              // no time
		{'t', "12a", ""},                             // no time
		{'s', "55119", ""},                           // no phone
		{'s', "5511900000001", "x"},                  // a value
		{'s', "5511900000001", "00000000000000ff"},   // a digest where none goes
		{'x', "5511900000001", ""},                   // an unknown letter
		{'c', "sometimes", ""},                       // no content mode
		{'n', "+5511900000001", ""},                  // no normalised phone
		{'a', "5511900000001", "0123456789abcdeg"},   // no digest
		{'a', "5511900000001", "0123456789ABCDEF"},   // not as written
		{'a', "5511900000001", "0000000000000000"},   // none
		{'a', "5511900000001", "0123456789abcdef00"}, // too long
	} {
		s := newJournalState()
		s.now = 1000
		if rec.letter == 'a' && rec.value == "" {
			s.now = 0
		}
		if err := s.Apply(rec.letter, rec.key, rec.value); err == nil {
			t.Errorf("%c %q %q accepted", rec.letter, rec.key, rec.value)
		}
	}
	if err := newJournalState().Apply(bulk.RecRun, "", ""); err != nil {
		t.Errorf("a run's start: %v", err)
	}
}

func TestBodyDigest(t *testing.T) {
	d := bodyDigest("Olá Ana, seu pedido 1001 foi confirmado!")
	if got, ok := parseDigest(formatDigest(d)); !ok || got != d {
		t.Errorf("%x reads back as %x, %v", d, got, ok)
	}
	if bodyDigest("Olá Ana") == bodyDigest("Olá Ana ") || bodyDigest("") == 0 {
		t.Error("digests of different bodies agree, or one is 0")
	}
}
