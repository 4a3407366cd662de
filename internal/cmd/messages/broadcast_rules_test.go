package messages_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/broadcast"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

// The tests of the channel's rules run the command and the sandbox in a
// synctest bubble: its clock starts at midnight UTC of 2000-01-01, and a
// run that waits for a window or a daily limit waits on it, taking no
// time.

// campaignArgs is a broadcast of the list by boas_vindas on the main
// channel, at rate messages a second, with more flags.
func campaignArgs(list string, rate string, more ...string) []string {
	return append([]string{"messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel,
		"--rate", rate, "--yes", "-o", "json"}, more...)
}

// sentAt is when each phone's one message was stored; a phone with none
// or several fails the test.
func sentAt(t *testing.T, env *cmdtest.Env, all []string) map[string]time.Time {
	t.Helper()
	out := map[string]time.Time{}
	for _, p := range all {
		msgs := sentTo(t, env, p)
		if len(msgs) != 1 {
			t.Errorf("%s got %d messages, want 1", p, len(msgs))
			continue
		}
		out[p] = msgs[0].CreatedAt.Time
	}
	return out
}

// TestBroadcastWaitsForItsWindow: a window of one minute after midnight
// (UTC) and a message every 20 seconds: three go the first night, the
// run waits (saying until when) for the next night's window, and sends
// the other two then. Every message is inside a window, and each
// recipient gets one.
func TestBroadcastWaitsForItsWindow(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		env := cmdtest.New(t)
		list, all := phones(t, 5)
		start := time.Now()
		run(t, env, 0, campaignArgs(list, "0.05", "--window", "00:00-00:01", "--tz", "UTC", "--concurrency", "1")...)
		if s := summaryOf(t, env); s.Sent != 5 || s.StoppedBy != nil {
			t.Errorf("summary %+v", s)
		}
		nextNight := start.Add(24 * time.Hour)
		if want := "waiting until 2000-01-02 00:00 UTC: outside the window 00:00-00:01 (UTC)"; !strings.Contains(env.Stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, env.Stderr)
		}
		first, second := 0, 0
		for p, at := range sentAt(t, env, all) {
			switch {
			case !at.Before(start) && at.Before(start.Add(time.Minute)):
				first++
			case !at.Before(nextNight) && at.Before(nextNight.Add(time.Minute)):
				second++
			default:
				t.Errorf("%s was sent at %s, outside the window", p, at)
			}
		}
		if first != 3 || second != 2 {
			t.Errorf("%d sent the first night and %d the next, want 3 and 2", first, second)
		}
	})
}

// TestBroadcastStopsAtItsWindowAndGoesOn: with --no-wait the run stops
// when the window closes (exit 0, when and how to go on); run again the
// next night, it sends to the rest, each recipient once.
func TestBroadcastStopsAtItsWindowAndGoesOn(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		env := cmdtest.New(t)
		list, all := phones(t, 5)
		args := campaignArgs(list, "0.05", "--window", "00:00-00:01", "--tz", "UTC", "--concurrency", "1", "--no-wait")
		run(t, env, 0, args...)
		s := summaryOf(t, env)
		next := time.Date(2000, 1, 2, 0, 0, 0, 0, time.UTC)
		if s.Sent != 3 || s.StoppedBy == nil || *s.StoppedBy != "window" || s.ResumeAt == nil || !s.ResumeAt.Equal(next) {
			t.Errorf("summary %+v", s)
		}
		for _, want := range []string{
			"Stopped: outside the window 00:00-00:01 (UTC). The recipients sent are in the journal ",
			"To send to the rest from 2000-01-02 00:00 UTC on, run the same command again (it sends to nobody twice):\n  convo messages broadcast ",
		} {
			if !strings.Contains(env.Stderr.String(), want) {
				t.Errorf("stderr lacks %q:\n%s", want, env.Stderr)
			}
		}

		// Too early: nothing is sent.
		env.Reset()
		time.Sleep(12 * time.Hour)
		run(t, env, 0, args...)
		if s := summaryOf(t, env); s.Sent != 0 || s.AlreadySent != 3 || s.StoppedBy == nil {
			t.Errorf("too early: %+v", s)
		}
		env.Reset()
		time.Sleep(time.Until(next))
		run(t, env, 0, args...)
		if s := summaryOf(t, env); s.Sent != 2 || s.AlreadySent != 3 || s.StoppedBy != nil {
			t.Errorf("the next night: %+v", s)
		}
		assertOnce(t, env, all)
	})
}

// TestBroadcastInterruptedWhileItWaits: Ctrl-C while the run waits for its
// window leaves nobody in doubt, and the run after it sends to each
// recipient once.
func TestBroadcastInterruptedWhileItWaits(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		env := cmdtest.New(t)
		list, all := phones(t, 4)
		args := campaignArgs(list, "0.05", "--window", "00:00-00:01", "--tz", "UTC", "--concurrency", "2")
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			time.Sleep(time.Hour) // the window closed long ago
			cancel()
		}()
		if code := env.RunContext(ctx, args...); code != 130 {
			t.Fatalf("exit %d, want 130\n%s", code, env.Stderr)
		}
		if s := summaryOf(t, env); s.Sent != 3 || !s.Interrupted {
			t.Errorf("summary %+v", s)
		}
		env.Reset()
		time.Sleep(24 * time.Hour)
		run(t, env, 0, args...)
		if strings.Contains(env.Stderr.String(), "may have been sent") {
			t.Errorf("the interruption left recipients in doubt:\n%s", env.Stderr)
		}
		if s := summaryOf(t, env); s.Sent != 1 || s.AlreadySent != 3 {
			t.Errorf("the next night: %+v", s)
		}
		assertOnce(t, env, all)
	})
}

// messagesOf are the contents of the outgoing template messages of the
// phone's chats on the main channel, and when each was stored.
func messagesOf(t *testing.T, env *cmdtest.Env, phone string) map[string]time.Time {
	t.Helper()
	out := map[string]time.Time{}
	for _, m := range sentTo(t, env, phone) {
		out[m.Content] = m.CreatedAt.Time
	}
	return out
}

// codesList is a list for codigo_verificacao: each phone's code is its
// place in the list.
func codesList(t *testing.T, phones ...string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("phone,codigo\n")
	for i, p := range phones {
		fmt.Fprintf(&b, "%s,%06d\n", p, i)
	}
	return writeList(t, "codigos.csv", b.String())
}

// TestBroadcastKeepsTheDailyLimitOverCampaigns: a first campaign sends to
// three recipients; an hour later a second one on the same channel, with
// --daily-limit 5, has room for two more distinct recipients (one of its
// four is one of the first's, and counts once). With --no-wait it stops
// there, saying when the first campaign's sends leave the 24 hours;
// without, it waits until then and sends to the last.
func TestBroadcastKeepsTheDailyLimitOverCampaigns(t *testing.T) {
	for _, noWait := range []bool{true, false} {
		t.Run(fmt.Sprintf("no-wait=%v", noWait), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				env := cmdtest.New(t)
				start := time.Now()
				list, first := phones(t, 3)
				run(t, env, 0, campaignArgs(list, "0")...)

				time.Sleep(time.Hour)
				second := []string{first[0], "5548991000001", "5548991000002", "5548991000003"}
				args := []string{"messages", "broadcast", codesList(t, second...), "--template", "codigo_verificacao", "--channel", mainChannel,
					"--rate", "0", "--concurrency", "1", "--daily-limit", "5", "--yes", "-o", "json"}
				if noWait {
					args = append(args, "--no-wait")
				}
				run(t, env, 0, args...)
				s := summaryOf(t, env)
				roomAt := start.Add(24 * time.Hour)
				if !strings.Contains(env.Stderr.String(), "Daily limit:  5 recipients in any 24 hours on the channel: 3 in the last 24 hours, room for 2 now; 1 must wait for room\n") {
					t.Errorf("plan:\n%s", env.Stderr)
				}
				if noWait {
					if s.Sent != 3 || s.StoppedBy == nil || *s.StoppedBy != "daily_limit" || s.ResumeAt == nil || !s.ResumeAt.Equal(roomAt) {
						t.Errorf("summary %+v", s)
					}
					if got := messagesOf(t, env, second[3]); len(got) != 0 {
						t.Errorf("the fourth recipient was sent to: %v", got)
					}
					env.Reset()
					time.Sleep(time.Until(roomAt))
					run(t, env, 0, args...)
					if s := summaryOf(t, env); s.Sent != 1 || s.AlreadySent != 3 || s.StoppedBy != nil {
						t.Errorf("a day later: %+v", s)
					}
				} else if s.Sent != 4 || s.StoppedBy != nil {
					t.Errorf("summary %+v", s)
				}
				for i, p := range second {
					got := messagesOf(t, env, p)
					want := 1
					if i == 0 {
						want = 2 // one of each campaign
					}
					if len(got) != want {
						t.Errorf("%s got %d messages, want %d", p, len(got), want)
					}
					for content, at := range got {
						if strings.Contains(content, "Cliente") {
							continue // the first campaign's
						}
						if late := !at.Before(roomAt); late != (i == 3) {
							t.Errorf("%s was sent at %s (the limit had room again at %s)", p, at, roomAt)
						}
					}
				}
			})
		})
	}
}

// seededContacts are the phones of n contacts of the seed that are not
// blocked and carry no tag.
func seededContacts(t *testing.T, env *cmdtest.Env, n int) []api.Contact {
	t.Helper()
	var cts []api.Contact
	if err := json.Unmarshal(env.Get(t, "/contacts", url.Values{"blocked": {"false"}, "per_page": {"100"}}).Data, &cts); err != nil {
		t.Fatal(err)
	}
	var out []api.Contact
	for _, c := range cts {
		if len(c.Tags) == 0 && len(out) < n {
			out = append(out, c)
		}
	}
	if len(out) < n {
		t.Fatalf("the seed has %d contacts without tags, want %d", len(out), n)
	}
	return out
}

// TestBroadcastSkipsWhoOptsOutAsItSends: once the first message is out, a
// recipient further down the list is blocked and another given the
// --exclude-tag tag, 2 and 3 seconds before their turn: neither gets the
// message (OPTED_OUT in the report, exit 0), and once they opt in again
// the next run sends to them, each recipient once.
func TestBroadcastSkipsWhoOptsOutAsItSends(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		env := cmdtest.New(t)
		cts := seededContacts(t, env, 4)
		var b strings.Builder
		b.WriteString("phone,nome,numero_pedido\n")
		var all []string
		for i, c := range cts {
			all = append(all, c.Phone)
			fmt.Fprintf(&b, "%s,Cliente %d,%d\n", c.Phone, i, 100+i)
		}
		list := writeList(t, "lista.csv", b.String())
		client := env.Client(t, env.Token)
		update := func(id int64, body api.ContactUpdate) {
			if _, err := client.UpdateContact(context.Background(), id, body); err != nil {
				t.Error(err)
			}
		}
		blocked, overdue := true, []int64{3} // Inadimplente
		interceptSends(env, func(n int, w http.ResponseWriter, r *http.Request, next http.Handler) {
			next.ServeHTTP(w, r)
			if n == 1 {
				update(cts[2].ID, api.ContactUpdate{Blocked: &blocked})
				update(cts[3].ID, api.ContactUpdate{Tags: &overdue})
			}
		})
		args := campaignArgs(list, "1", "--concurrency", "1", "--exclude-tag", "Inadimplente")
		run(t, env, 0, args...)
		s := summaryOf(t, env)
		if s.Sent != 2 || s.Skipped != 2 || s.OptedOut != 2 || s.Failed != 0 || s.Report == nil {
			t.Fatalf("summary %+v", s)
		}
		for _, want := range []string{
			"  2 recipients skipped at send time: opted out after the plan (blocked, or given an --exclude-tag tag)\n",
			"2 rows not sent: see " + *s.Report + "\n",
		} {
			if !strings.Contains(env.Stderr.String(), want) {
				t.Errorf("stderr lacks %q:\n%s", want, env.Stderr)
			}
		}
		report, err := os.ReadFile(*s.Report)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{
			cts[2].Phone + ",Cliente 2,102,4,OPTED_OUT,phone,the contact was blocked after the plan was made: not sent",
			cts[3].Phone + ",Cliente 3,103,5,OPTED_OUT,phone,the contact was given the tag Inadimplente after the plan was made: not sent",
		} {
			if !strings.Contains(string(report), want) {
				t.Errorf("report lacks %q:\n%s", want, report)
			}
		}
		for _, p := range all[2:] {
			if got := sentTo(t, env, p); len(got) != 0 {
				t.Errorf("%s, opted out, got %d messages", p, len(got))
			}
		}

		// They opt in again: the next run sends to them only.
		unblocked, none := false, []int64{}
		update(cts[2].ID, api.ContactUpdate{Blocked: &unblocked})
		update(cts[3].ID, api.ContactUpdate{Tags: &none})
		env.Reset()
		run(t, env, 0, args...)
		if s := summaryOf(t, env); s.Sent != 2 || s.AlreadySent != 2 || s.OptedOut != 0 {
			t.Errorf("the next run: %+v", s)
		}
		assertOnce(t, env, all)
	})
}

// TestBroadcastTestsOnAPhoneFirst: --test-to sends the first recipient's
// message to the phone first; on a terminal the campaign waits for a yes,
// without one --yes is needed (and nothing is sent without it). The test
// message is no part of the campaign: not counted, not journalled.
func TestBroadcastTestsOnAPhoneFirst(t *testing.T) {
	const mine = "5511999990000"
	list, all := phones(t, 2)
	args := campaignArgs(list, "0", "--test-to", "+55 11 99999-0000")
	args = slices.DeleteFunc(args, func(a string) bool { return a == "--yes" || a == "-o" || a == "json" })
	firstMessage := "Olá Cliente 0, seu pedido 1000 foi confirmado! Obrigado por comprar com a gente."

	// No terminal and no --yes: refused before the test is sent.
	env := cmdtest.New(t)
	run(t, env, 2, args...)
	if got := sentTo(t, env, mine); len(got) != 0 {
		t.Errorf("the test went out without --yes: %d messages", len(got))
	}

	// A terminal: the test, then the question; no sends nothing more.
	env = terminal(t, "n")
	run(t, env, 130, args...)
	if got := sentTo(t, env, mine); len(got) != 1 || got[0].Content != firstMessage {
		t.Errorf("test message %+v, want %q", got, firstMessage)
	}
	for _, want := range []string{
		"Test message sent to " + mine + " (chat ",
		"), as the first recipient gets it:\n  " + firstMessage + "\n",
		"Send template boas_vindas to 2 recipients on chatapp-main-001?",
	} {
		if !strings.Contains(env.Stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, env.Stderr)
		}
	}
	for _, p := range all {
		if got := sentTo(t, env, p); len(got) != 0 {
			t.Errorf("%s got %d messages after no", p, len(got))
		}
	}

	// --yes: the test, then the campaign; --status counts the campaign's.
	env.SetTTY(false, false)
	run(t, env, 0, append(args, "--yes")...)
	if got := sentTo(t, env, mine); len(got) != 2 {
		t.Errorf("the test phone got %d messages, want 2 tests", len(got))
	}
	assertOnce(t, env, all)
	run(t, env, 0, "messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel, "--status", "-o", "json")
	if got := env.Stdout.String(); got != `{"sent":2,"in_doubt":0,"failed":0,"skipped":0,"left":0,"replied":null}`+"\n" {
		t.Errorf("status %s", got)
	}

	env.Reset()
	run(t, env, 2, append(args, "--dry-run")...)
	if !strings.Contains(env.Stderr.String(), "--test-to sends a message, and --dry-run sends nothing: leave one of them out") {
		t.Errorf("stderr:\n%s", env.Stderr)
	}
}

// TestBroadcastStatus: where a campaign stands, from its journal and its
// list: sent, refused (failed with the invalid rows), skipped, left, and
// with --replies the recipients who wrote back since their message.
func TestBroadcastStatus(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		env := cmdtest.New(t)
		blocked := contactPhone(t, env, url.Values{"blocked": {"true"}})
		list := writeList(t, "lista.csv", "phone,nome,numero_pedido\n"+
			"5511988880101,Ana,1\n5521977770202,Bruno,2\n5531966660303,Carla,3\n"+blocked+",Bloqueado,4\n123,Curto,5\n")
		inbound := func(phone, text string) {
			t.Helper()
			if _, err := sandbox.Inbound(context.Background(), env.Store, env.Token, phone, mainChannel, text); err != nil {
				t.Fatal(err)
			}
		}
		inbound("5511988880101", "Quando chega meu pedido?")
		time.Sleep(time.Minute)
		interceptSends(env, func(n int, w http.ResponseWriter, r *http.Request, next http.Handler) {
			if n == 3 {
				writeEnvelope(w, 422, `{"success":false,"message":"Erro de validação","errors":[{"code":"NUMBER_NOT_ON_CHATAPP","field":"phone","message":""}]}`)
				return
			}
			next.ServeHTTP(w, r)
		})
		run(t, env, 6, campaignArgs(list, "0", "--concurrency", "1")...)
		status := []string{"messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel, "--status"}

		// Bruno answers; Ana wrote before her message only.
		time.Sleep(time.Minute)
		inbound("5521977770202", "Obrigado!")
		env.Reset()
		run(t, env, 0, append(status, "--replies", "-o", "json")...)
		if got := env.Stdout.String(); got != `{"sent":2,"in_doubt":0,"failed":2,"skipped":1,"left":0,"replied":1}`+"\n" {
			t.Errorf("status %s", got)
		}
		// A table on a terminal.
		env.Reset()
		env.SetTTY(false, true)
		run(t, env, 0, status...)
		if got := env.Stdout.String(); !strings.HasPrefix(got, "SENT      2\nIN DOUBT  0\nFAILED    2\nSKIPPED   1\nLEFT      0\nREPLIED") {
			t.Errorf("table:\n%s\nstderr:\n%s", got, env.Stderr)
		}
		env.Reset()
		run(t, env, 2, append(status, "--dry-run")...)
		env.Reset()
		env.SetTTY(false, false)
		run(t, env, 2, "messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel, "--replies")
	})
}

// TestBroadcastSaysWhyRowsFailed: the report and the summary say in words
// why the API refused each row: convo's words for a code it knows, the
// API's message for another, and the code when the API gave no message.
func TestBroadcastSaysWhyRowsFailed(t *testing.T) {
	env := cmdtest.New(t)
	list, all := phones(t, 4)
	refusals := map[int]string{
		1: `{"code":"NUMBER_NOT_ON_CHATAPP","field":"phone","message":""}`,
		2: `{"code":"RECIPIENT_LIMIT","field":"phone","message":"O contato atingiu o limite de mensagens."}`,
		3: `{"code":"NUMBER_NOT_ON_CHATAPP","field":"phone","message":"Número inexistente."}`,
		4: `{"code":"WEIRD","field":"phone","message":""}`,
	}
	interceptSends(env, func(n int, w http.ResponseWriter, r *http.Request, next http.Handler) {
		writeEnvelope(w, 422, `{"success":false,"message":"Erro de validação","errors":[`+refusals[n]+`]}`)
	})
	run(t, env, 6, campaignArgs(list, "0", "--concurrency", "1")...)
	s := summaryOf(t, env)
	want := []broadcast.Reason{
		{Code: "NUMBER_NOT_ON_CHATAPP", Field: "phone", Reason: "the number is not on the messaging app", Count: 2},
		{Code: "RECIPIENT_LIMIT", Field: "phone", Reason: "the API refused it (RECIPIENT_LIMIT)", Count: 1},
		{Code: "WEIRD", Field: "phone", Reason: "the API refused it (WEIRD)", Count: 1},
	}
	if s.Failed != 4 || !slices.Equal(s.Failures, want) {
		t.Errorf("summary %+v", s)
	}
	if !strings.Contains(env.Stderr.String(), "  2 rows failed: the number is not on the messaging app\n  1 row failed: the API refused it (RECIPIENT_LIMIT)\n") {
		t.Errorf("stderr:\n%s", env.Stderr)
	}
	report, err := os.ReadFile(*s.Report)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		all[0] + ",Cliente 0,1000,2,NUMBER_NOT_ON_CHATAPP,phone,the number is not on the messaging app\n",
		all[1] + ",Cliente 1,1001,3,RECIPIENT_LIMIT,phone,O contato atingiu o limite de mensagens.\n",
		all[2] + ",Cliente 2,1002,4,NUMBER_NOT_ON_CHATAPP,phone,the number is not on the messaging app\n",
		all[3] + ",Cliente 3,1003,5,WEIRD,phone,the API refused it (WEIRD)\n",
	} {
		if !strings.Contains(string(report), want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
}
