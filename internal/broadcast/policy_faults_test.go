package broadcast_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/broadcast"
	"github.com/convo-cli/convo/internal/sandbox"
)

// TestDailyLimitKillAndResume: a campaign with a daily limit is killed
// with a message stored and its answer lost; run again, it finds that
// recipient sent (counted once), sends up to the limit and stops with exit
// 0, saying when it can go on; --status shows where it stands; with a
// higher limit the next run sends to the rest. Every recipient gets one
// message, and no more than the limit went out under it: the recipients
// in doubt after the kill are never more than the limit let through.
func TestDailyLimitKillAndResume(t *testing.T) {
	t.Parallel()
	bin := convo(t)
	s := newServer(t, sandbox.Options{})
	c := newCampaign(t, bin, s, 8)
	limited := []string{"--daily-limit", "5", "--no-wait"}
	c.args = append(c.args, "--concurrency", "1")
	killAt(s, c, 3, killAfter)
	if r := c.run(limited...); r.code != -1 {
		t.Fatalf("the run was not killed: exit %d\n%s", r.code, r.stderr)
	}
	status := func() broadcast.Status {
		t.Helper()
		saved := c.args
		c.args = []string{"messages", "broadcast", c.args[2], "--template", "boas_vindas", "--channel", sandbox.ChannelMain, "--status", "-o", "json"}
		r := c.run()
		c.args = saved
		var st broadcast.Status
		if err := json.Unmarshal([]byte(r.stdout), &st); r.code != 0 || err != nil {
			t.Fatalf("status: exit %d, %v\n%s%s", r.code, err, r.stdout, r.stderr)
		}
		return st
	}
	// The run recorded the attempts of the five the limit let through:
	// those not answered yet are in doubt.
	if st := status(); st.Sent+st.InDoubt != 5 || st.InDoubt == 0 || st.Left != 3 || st.Failed != 0 {
		t.Errorf("status after the kill: %+v", st)
	}

	s.onSend(nil)
	r := c.run(limited...)
	sum := r.summary(t)
	if r.code != 0 || sum.Sent+sum.AlreadySent != 5 || sum.StoppedBy == nil || *sum.StoppedBy != "daily_limit" || sum.ResumeAt == nil {
		t.Fatalf("resumed: exit %d, %+v\n%s", r.code, sum, r.stderr)
	}
	if until := time.Until(*sum.ResumeAt); until < 23*time.Hour || until > 24*time.Hour {
		t.Errorf("it can go on at %s, in %s: want the first send's time a day later", sum.ResumeAt, until)
	}
	if !strings.Contains(r.stderr, "Stopped: the daily limit is reached: 5 distinct recipients in the last 24 hours on the channel.") {
		t.Errorf("stderr:\n%s", r.stderr)
	}
	counts := s.sentTo(c.phones)
	sent := 0
	for _, p := range c.phones {
		switch counts[p] {
		case 0:
		case 1:
			sent++
		default:
			t.Errorf("%s got %d messages", p, counts[p])
		}
	}
	if sent != 5 {
		t.Errorf("%d recipients got the message under a limit of 5", sent)
	}
	if st := status(); st != (broadcast.Status{Sent: 5, Left: 3}) {
		t.Errorf("status: %+v", st)
	}

	r = c.run("--daily-limit", fmt.Sprint(len(c.phones)), "--no-wait")
	if sum := r.summary(t); r.code != 0 || sum.Sent != 3 || sum.StoppedBy != nil {
		t.Fatalf("a higher limit: exit %d, %+v\n%s", r.code, sum, r.stderr)
	}
	s.assertOnce(c.phones)
}
