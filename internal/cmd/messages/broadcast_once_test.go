package messages_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

// TestBroadcastOneJournalPerCampaign: the same campaign run with the
// default journal and with --journal, in either order, is one campaign
// with one journal: nobody gets the message twice, and a --journal that
// would start a second journal is refused, naming the first.
func TestBroadcastOneJournalPerCampaign(t *testing.T) {
	t.Run("the default journal first", func(t *testing.T) {
		env := cmdtest.New(t)
		list, all := phones(t, 3)
		args := []string{"messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel, "--rate", "0", "--yes"}
		run(t, env, 0, append(slices.Clone(args), "-o", "json")...)
		home := summaryOf(t, env).Journal

		other := filepath.Join(t.TempDir(), "outra.journal")
		for _, more := range [][]string{{"--journal", other}, {"--journal", other, "--dry-run"}} {
			run(t, env, 2, append(slices.Clone(args), more...)...)
			want := "error: this campaign already has a journal, " + home + "; nothing was sent. Leave --journal out to use it, or move that file to " + other + " first\n"
			if got := env.Stderr.String(); got != want {
				t.Errorf("%v: stderr\n%s\nwant\n%s", more, got, want)
			}
		}
		if _, err := os.Stat(other); err == nil {
			t.Errorf("the refused run made %s", other)
		}
		assertOnce(t, env, all)

		// Moved where the job keeps it, the journal is the campaign's there.
		if err := os.Rename(home, other); err != nil {
			t.Fatal(err)
		}
		run(t, env, 0, append(slices.Clone(args), "--journal", other, "-o", "json")...)
		if s := summaryOf(t, env); s.Sent != 0 || s.AlreadySent != 3 || s.Journal != other {
			t.Errorf("the journal moved: %+v", s)
		}
		assertOnce(t, env, all)
	})

	t.Run("--journal first", func(t *testing.T) {
		env := cmdtest.New(t)
		list, all := phones(t, 3)
		args := []string{"messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel, "--rate", "0", "--yes"}
		named := filepath.Join(t.TempDir(), "campanha.journal")
		run(t, env, 0, append(slices.Clone(args), "--journal", named)...)

		// Without --journal, the run finds the journal an earlier one named.
		run(t, env, 0, append(slices.Clone(args), "-o", "json")...)
		if s := summaryOf(t, env); s.Sent != 0 || s.AlreadySent != 3 || s.Journal != named {
			t.Errorf("without --journal: %+v", s)
		}
		if want := "Journal:      " + named + " (the campaign's, as an earlier run's --journal named it)\n"; !strings.Contains(env.Stderr.String(), want) {
			t.Errorf("the plan does not say which journal:\n%s", env.Stderr)
		}
		assertOnce(t, env, all)

		// Another --journal is refused, naming the campaign's.
		run(t, env, 2, append(slices.Clone(args), "--journal", filepath.Join(t.TempDir(), "outra.journal"))...)
		if want := "error: the journal of this campaign is " + named + ", as an earlier run's --journal named it; nothing was sent. Name that file, or leave --journal out\n"; env.Stderr.String() != want {
			t.Errorf("stderr\n%s\nwant\n%s", env.Stderr, want)
		}

		// The journal gone, nothing says whom it sent to: refused until
		// --restart says to send to everyone again.
		if err := os.Remove(named); err != nil {
			t.Fatal(err)
		}
		run(t, env, 2, args...)
		if !strings.Contains(env.Stderr.String(), "error: the journal of this campaign is "+named+", as an earlier run's --journal named it, and that file is gone; nothing was sent.") {
			t.Errorf("stderr:\n%s", env.Stderr)
		}
		assertOnce(t, env, all)
		run(t, env, 0, append(slices.Clone(args), "--restart", "-o", "json")...)
		if s := summaryOf(t, env); s.Sent != 3 {
			t.Errorf("--restart: %+v", s)
		}
		run(t, env, 0, append(slices.Clone(args), "-o", "json")...)
		if s := summaryOf(t, env); s.Sent != 0 || s.AlreadySent != 3 {
			t.Errorf("after --restart: %+v", s)
		}
	})
}
