package messages_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/dirs"
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

// TestBroadcastSpools: the copy of standard input is removed at the end
// of every run, copies older than a day that killed runs left are swept,
// and standard input longer than the bound is refused before anything is
// sent, saying the bound.
func TestBroadcastSpools(t *testing.T) {
	env := cmdtest.New(t)
	spool := filepath.Join(os.Getenv(dirs.EnvDataDir), "spool")
	if err := os.MkdirAll(spool, 0o700); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	for name, age := range map[string]time.Duration{"stdin-123.spool": 49 * time.Hour, "input-456.spool": time.Hour, "notes.txt": 49 * time.Hour} {
		path := filepath.Join(spool, name)
		if err := os.WriteFile(path, []byte("phone\n5511900000000\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	left := func() []string {
		t.Helper()
		entries, err := os.ReadDir(spool)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}
	args := []string{"messages", "broadcast", "-", "--template", "boas_vindas", "--channel", mainChannel, "--rate", "0", "--yes"}
	env.Stdin.WriteString("phone,nome,numero_pedido\n5547990000101,Ana,1\n")
	run(t, env, 0, args...)
	if got, want := left(), []string{"input-456.spool", "notes.txt"}; !slices.Equal(got, want) {
		t.Errorf("spool holds %v, want %v: the stale copy swept, the fresh one and what is no copy kept, the run's own removed", got, want)
	}

	env.StdinLimit = 64
	before := snapshot(t, env)
	env.Stdin.WriteString("phone,nome,numero_pedido\n" + strings.Repeat("5547990000102,Bruno,2\n", 4))
	run(t, env, 2, args...)
	want := "error: standard input is longer than 64 B, the most convo copies of standard input or a pipe to read it again; nothing was sent. Save it to a file and give the file instead: a file is read where it is, whatever its size\n"
	if env.Stderr.String() != want {
		t.Errorf("stderr\n%s\nwant\n%s", env.Stderr, want)
	}
	if after := snapshot(t, env); after != before {
		t.Errorf("the sandbox changed: %+v, then %+v", before, after)
	}
	if got := left(); len(got) != 2 {
		t.Errorf("spool holds %v after the refusal", got)
	}
}

// TestBroadcastRateBounds: --rate is 0 or a finite number from 0.01 to
// 10,000 a second.
func TestBroadcastRateBounds(t *testing.T) {
	env := cmdtest.New(t)
	list, _ := phones(t, 1)
	for _, rate := range []string{"NaN", "-Inf", "1e-300", "-0.5", "20000"} {
		run(t, env, 2, "messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel, "--rate", rate, "--yes")
		if !strings.HasPrefix(env.Stderr.String(), "error: --rate: must be 0 (no limit) or from 0.01 to 10,000 a second (got ") {
			t.Errorf("--rate %s: %s", rate, env.Stderr)
		}
	}
	run(t, env, 0, "messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel, "--rate", "10000", "--yes")
}

// TestReportNamesApart: an import and a broadcast of one list write their
// reports apart, FILE.errors.csv and FILE.broadcast-errors.csv, and a run
// without failures removes its own, never the other's.
func TestReportNamesApart(t *testing.T) {
	env := cmdtest.New(t)
	list := writeList(t, "clientes.csv", "phone,nome,numero_pedido\n5547990000201,Ana,1\n123,Bruno,2\n")
	imports, broadcasts := list+".errors.csv", list+".broadcast-errors.csv"
	importArgs := []string{"contacts", "import", list, "--ignore-unknown-columns"}
	broadcastArgs := []string{"messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel, "--rate", "0", "--yes"}
	run(t, env, 6, importArgs...)
	run(t, env, 6, broadcastArgs...)
	if !strings.Contains(env.Stderr.String(), "1 row not sent: see "+broadcasts+"\n") {
		t.Errorf("stderr:\n%s", env.Stderr)
	}
	for _, report := range []string{imports, broadcasts} {
		if data, err := os.ReadFile(report); err != nil || !strings.Contains(string(data), "123,Bruno,2,3,") {
			t.Errorf("%s: %q, %v", report, data, err)
		}
	}

	if err := os.WriteFile(list, []byte("phone,nome,numero_pedido\n5547990000201,Ana,1\n5547990000202,Bruno,2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	run(t, env, 0, broadcastArgs...)
	if _, err := os.Stat(broadcasts); err == nil {
		t.Errorf("%s is left after a broadcast without failures", broadcasts)
	}
	if _, err := os.Stat(imports); err != nil {
		t.Errorf("the broadcast removed the import's report: %v", err)
	}
	run(t, env, 0, importArgs...)
	if _, err := os.Stat(imports); err == nil {
		t.Errorf("%s is left after an import without failures", imports)
	}
}

// TestBroadcastRefusesMixedEncodings: a list whose rows are UTF-8 and
// Windows-1252 is refused before anything is sent, naming a line of each,
// whatever --encoding says, and without the hint to read it as
// Windows-1252, which would send "JosÃ©" to the UTF-8 rows.
func TestBroadcastRefusesMixedEncodings(t *testing.T) {
	env := cmdtest.New(t)
	list := writeList(t, "clientes.csv", "phone;nome;numero_pedido\n5547990000301;José;1\n5547990000302;Ara\xfajo;2\n")
	before := snapshot(t, env)
	for _, enc := range [][]string{nil, {"--encoding", "windows-1252"}} {
		run(t, env, 2, append([]string{"messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel, "--yes"}, enc...)...)
		want := "error: " + list + " mixes encodings: line 2 is UTF-8 (\"José\") and line 3 is not (the byte 0xFA in \"Ara\\xfajo\"); nothing was sent.\n" +
			"No one encoding reads both: save the whole file as \"CSV UTF-8\" (or in one encoding), then run again.\n"
		if got := env.Stderr.String(); got != want {
			t.Errorf("%v: stderr\n%s\nwant\n%s", enc, got, want)
		}
	}
	if after := snapshot(t, env); after != before {
		t.Errorf("the sandbox changed: %+v, then %+v", before, after)
	}
}

// TestBroadcastJSONLinesRepeatedKey: a JSON Lines row that gives a key
// twice is not sent: which value was meant cannot be told.
func TestBroadcastJSONLinesRepeatedKey(t *testing.T) {
	env := cmdtest.New(t)
	list := writeList(t, "clientes.jsonl", `{"phone":"5547990000401","nome":"Ana","numero_pedido":"1"}`+"\n"+
		`{"phone":"5547990000402","nome":"Bia","numero_pedido":"2","nome":"Beatriz"}`+"\n")
	run(t, env, 6, "messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel, "--rate", "0", "--yes", "-o", "json")
	if s := summaryOf(t, env); s.Sent != 1 || s.Failed != 1 {
		t.Errorf("summary %+v", s)
	}
	if !strings.Contains(env.Stderr.String(), "  line 2: nome: is given twice in the record: keep one\n") {
		t.Errorf("stderr:\n%s", env.Stderr)
	}
	if msgs := sentTo(t, env, "5547990000402"); len(msgs) != 0 {
		t.Errorf("sent %+v", msgs)
	}
}
