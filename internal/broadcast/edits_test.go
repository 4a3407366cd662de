package broadcast_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/sandbox/sandboxtest"
)

// What an operator does between a crash and the resume: the tests here
// kill a campaign so that recipients are left in doubt, change something,
// and run it again; every recipient must still get one message.

// editList rewrites the campaign's list, line by line.
func (c *campaign) editList(edit func(line string) string) {
	c.t.Helper()
	path := c.args[2]
	b, err := os.ReadFile(path)
	if err != nil {
		c.t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	for i, l := range lines {
		lines[i] = edit(l)
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o600); err != nil {
		c.t.Fatal(err)
	}
}

// TestResumeLooksForWhatTheAttemptSent: a campaign dies with a message
// stored and its answer lost; before the resume, the operator corrects the
// recipient's cell, or the template's text changes. The resume must look
// for the message the attempt sent, not the one it would send now, and
// every recipient gets one message.
func TestResumeLooksForWhatTheAttemptSent(t *testing.T) {
	bin := convo(t)
	for name, change := range map[string]func(s *server, c *campaign, phone string){
		"a corrected cell": func(s *server, c *campaign, phone string) {
			c.editList(func(line string) string {
				if p, rest, ok := strings.Cut(line, ","); ok && p == phone {
					_, order, _ := strings.Cut(rest, ",")
					return p + ",Cliente Corrigido," + order
				}
				return line
			})
		},
		"the template's text changed": func(s *server, c *campaign, phone string) {
			sandboxtest.SetTemplateComponents(t, s.path, "boas_vindas", []api.TemplateComponent{
				{Type: "body", Text: "Oi {{1}}! O pedido {{2}} está confirmado.", Variables: []string{"nome", "numero_pedido"}},
			})
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := newServer(t, sandbox.Options{})
			c := newCampaign(t, bin, s, 12)
			phone := killAt(s, c, 6, killAfter)
			if r := c.run(); r.code != -1 {
				t.Fatalf("the run was not killed: exit %d\n%s", r.code, r.stderr)
			}
			if got := s.sentTo([]string{phone()})[phone()]; got != 1 {
				t.Fatalf("the killed send left %d messages, want the 1 stored", got)
			}
			change(s, c, phone())
			s.onSend(nil)
			r := c.run()
			if r.code != 0 {
				t.Fatalf("resumed: exit %d\n%s", r.code, r.stderr)
			}
			s.assertOnce(c.phones)
		})
	}
}

// at points the campaign's later runs at the sandbox by another name.
func (c *campaign) at(s *server, host string) {
	_, port, _ := strings.Cut(s.addr, ":")
	c.env = append(c.env, "CONVO_BASE_URL=http://"+host+":"+port)
}

// TestLoopbackNamesAreOneServer: a campaign killed while it sent to
// http://localhost:PORT and resumed at http://127.0.0.1:PORT is one
// campaign: the resume finds the first run's journal, and every
// recipient gets one message.
func TestLoopbackNamesAreOneServer(t *testing.T) {
	t.Parallel()
	bin := convo(t)
	s := newServer(t, sandbox.Options{})
	c := newCampaign(t, bin, s, 12)
	c.at(s, "localhost")
	killAt(s, c, 6, killAfter)
	if r := c.run(); r.code != -1 {
		t.Fatalf("the run was not killed: exit %d\n%s", r.code, r.stderr)
	}
	s.onSend(nil)
	c.at(s, "127.0.0.1")
	r := c.run()
	if r.code != 0 {
		t.Fatalf("resumed: exit %d\n%s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "of them may have been sent by a run that stopped: each is looked for first") {
		t.Errorf("the resume did not find the first run's journal:\n%s", r.stderr)
	}
	s.assertOnce(c.phones)
}

// TestJournalOfAnEarlierVersion: earlier versions kept a campaign's
// journal under the root as it was spelt. One kept for
// http://localhost:PORT is this campaign's at http://127.0.0.1:PORT: its
// recipients sent are not sent again.
func TestJournalOfAnEarlierVersion(t *testing.T) {
	t.Parallel()
	bin := convo(t)
	s := newServer(t, sandbox.Options{})
	c := newCampaign(t, bin, s, 8)
	_, port, _ := strings.Cut(s.addr, ":")
	hexSum := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return hex.EncodeToString(sum[:])
	}
	identity := []string{
		"destination " + hexSum("http://localhost:"+port+"/api/v1\x00company\x001"),
		"channel " + sandbox.ChannelMain, "template 1", "values sha256:" + hexSum(""),
	}
	var b strings.Builder
	b.WriteString("convo-journal 2 broadcast\n")
	for _, id := range identity {
		b.WriteString("identity " + id + "\n")
	}
	b.WriteString(`about "template boas_vindas on channel chatapp-main-001, http://localhost:` + port + `/api/v1, company 1"` + "\nbegin\nr\nt 1700000000\n")
	for _, p := range c.phones[:5] {
		b.WriteString("a " + p + "\n")
	}
	for _, p := range c.phones[:5] {
		b.WriteString("s " + p + "\n")
	}
	dir := filepath.Join(c.dir, "data", "broadcasts")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, hexSum(strings.Join(identity, "\n"))[:20]+".journal")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	r := c.run()
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	if sum := r.summary(t); sum.Sent != 3 || sum.AlreadySent != 5 {
		t.Errorf("summary %+v, want 3 sent and the 5 of the earlier journal already sent", sum)
	}
	if got := s.sentTo(c.phones[:5]); len(got) != 0 {
		t.Errorf("sent again to recipients the earlier journal has: %v", got)
	}
	s.assertOnce(c.phones[5:])
}

// TestHangupStopsLikeCtrlC: the terminal closed (SIGHUP) stops a campaign
// as Ctrl-C does: the sends in flight finish, exit 130 with the summary and
// the command that resumes it, and the copy of standard input is removed;
// the rerun sends to the rest.
func TestHangupStopsLikeCtrlC(t *testing.T) {
	t.Parallel()
	bin := convo(t)
	s := newServer(t, sandbox.Options{})
	c := newCampaign(t, bin, s, 20)
	c.stdin, c.args[2] = c.args[2], "-"
	signalAt(s, c, 6, syscall.SIGHUP)
	r := c.run()
	if r.code != 130 {
		t.Fatalf("exit %d, want 130\n%s", r.code, r.stderr)
	}
	want := "To send to the rest, run the same command again with the list on standard input (it sends to nobody twice):\n  convo messages broadcast - "
	if !strings.Contains(r.stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
	}
	first := r.summary(t)
	if !first.Interrupted || first.Sent == 0 || first.Sent >= 20 {
		t.Errorf("summary %+v", first)
	}
	if spooled, _ := filepath.Glob(filepath.Join(c.dir, "data", "spool", "*")); len(spooled) != 0 {
		t.Errorf("copies of standard input left: %v", spooled)
	}
	s.onSend(nil)
	r = c.run()
	if sum := r.summary(t); r.code != 0 || sum.AlreadySent != first.Sent || sum.Sent != 20-first.Sent {
		t.Errorf("resumed: exit %d, %+v after %d sent\n%s", r.code, sum, first.Sent, r.stderr)
	}
	s.assertOnce(c.phones)
}
