package broadcast

import (
	"strconv"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/bulk"
)

func TestJournalState(t *testing.T) {
	s := newJournalState()
	records := `r
t 1000
a 5511900000001
a 5511900000002
a 5511900000003
a 5511900000004
c rendered
s 5511900000001
n 5511900000002
r
t 2000
a 5511900000002
a 5511900000003
a 5511900000005
s 5511900000005`
	for line := range strings.SplitSeq(records, "\n") {
		letter, rest, _ := strings.Cut(line, " ")
		if err := s.Apply(letter[0], rest, ""); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
	}
	s.seal()
	for phone, want := range map[string]string{
		"5511900000001": "sent",
		"5511900000002": "in doubt since 2000", // not sent at 1000, tried again at 2000
		"5511900000003": "in doubt since 1000", // its doubt began with the first attempt
		"5511900000004": "in doubt since 1000",
		"5511900000005": "sent",
		"5511900000006": "new",
	} {
		k, _ := keyOf(phone)
		got := "new"
		if s.isSent(k) {
			got = "sent"
		} else if since, ok := s.inDoubt(k); ok {
			got = "in doubt since " + strconv.FormatInt(since, 10)
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
		{'a', "5511900000001", ""},  // an attempt before any time
		{'t', "-5", ""},             // no time
		{'t', "12a", ""},            // no time
		{'s', "55119", ""},          // no phone
		{'s', "5511900000001", "x"}, // a value
		{'x', "5511900000001", ""},  // an unknown letter
		{'c', "sometimes", ""},      // no content mode
		{'n', "+5511900000001", ""}, // no normalised phone
	} {
		if err := newJournalState().Apply(rec.letter, rec.key, rec.value); err == nil {
			t.Errorf("%c %q %q accepted", rec.letter, rec.key, rec.value)
		}
	}
	if err := newJournalState().Apply(bulk.RecRun, "", ""); err != nil {
		t.Errorf("a run's start: %v", err)
	}
}
