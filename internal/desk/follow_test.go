package desk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/sandbox"
)

var queue = Filter{Status: "waiting"}

// poll polls once, failing the test on an error.
func poll(t *testing.T, d *Desk, f Filter, prev *State) (*State, []Event) {
	t.Helper()
	st, events, err := d.Poll(context.Background(), f, prev)
	if err != nil {
		t.Fatalf("poll: %v", err)
	}
	return st, events
}

func wantEvents(t *testing.T, what string, events []Event, want ...string) {
	t.Helper()
	if got := eventKinds(events); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s: events %v, want %v", what, got, want)
	}
}

func TestFollowReportsEachCustomerMessageOnce(t *testing.T) {
	e := newEnv(t)
	chats := e.chats(sandbox.AdminToken1)
	d := e.desk(sandbox.AdminToken1, "")
	var st *State
	var events []Event

	e.cost("first poll", 1, func() { st, events = poll(t, d, queue, nil) })
	wantEvents(t, "first poll (the baseline)", events)
	if len(st.Chats) != 4 {
		t.Fatalf("baseline: %d chats, want the 4 waiting", len(st.Chats))
	}
	if n := e.cost("idle poll", 1, func() { st, events = poll(t, d, queue, st) }); n != 1 {
		t.Errorf("idle poll with 4 waiting: %d requests, want 1", n)
	}
	wantEvents(t, "idle poll", events)

	m := e.inbound(chats[2].Contact.Phone, sandbox.ChannelMain, "Alguém aí?")
	e.cost("poll after a customer wrote", 2, func() { st, events = poll(t, d, queue, st) })
	wantEvents(t, "a customer wrote in a waiting chat", events, EventMessageReceived+" "+chats[2].Token)
	if len(events) == 1 {
		ev := events[0]
		if len(ev.Messages) != 1 || ev.Messages[0].ID != m.ID || !ev.At.Equal(m.CreatedAt.Time) {
			t.Errorf("event: messages %s at %v, want the customer's message at %v", contents(ev.Messages), ev.At, m.CreatedAt)
		}
		if ev.Listed.LastMessage == nil || ev.Listed.LastMessage.ID != m.ID {
			t.Errorf("event's chat: last message %+v, want the new one", ev.Listed.LastMessage)
		}
		var obj map[string]json.RawMessage
		b, _ := json.Marshal(ev)
		if err := json.Unmarshal(b, &obj); err != nil || len(obj) != 3 || obj["type"] == nil || obj["at"] == nil || obj["chat"] == nil {
			t.Errorf("event JSON = %s, want exactly type, at and chat", b)
		}
	}
	e.cost("poll after the report", 1, func() { st, events = poll(t, d, queue, st) })
	wantEvents(t, "the next poll", events)

	e.inbound("5521988887777", sandbox.ChannelWidget, "Oi! Primeira vez aqui.")
	st, events = poll(t, d, queue, st)
	if len(events) != 1 || events[0].Type != EventMessageReceived || events[0].Listed.Contact.Phone != "5521988887777" {
		t.Errorf("a new customer: events %v, want message.received for the new chat", eventKinds(events))
	}
	_, events = poll(t, d, queue, st)
	wantEvents(t, "after the new chat was reported", events)
}

func TestFollowIgnoresStaffNotesAndChatsWithoutNews(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	admin := e.api(sandbox.AdminToken1)
	d := e.desk(sandbox.AdminToken1, "")
	st, _ := poll(t, d, queue, nil)

	// A note on a waiting chat changes its last message, not who spoke last.
	if _, err := admin.TransferChat(ctx, chats[7].Token, api.TransferRequest{Channel: "social-msgr-0005", Message: "Cliente VIP: atender primeiro."}); err != nil {
		t.Fatal(err)
	}
	var events []Event
	e.cost("poll after a note", 2, func() { st, events = poll(t, d, queue, st) })
	wantEvents(t, "a staff note", events)
	e.cost("poll after the note was read", 1, func() { st, events = poll(t, d, queue, st) })
	wantEvents(t, "the poll after a note", events)

	// A note and a customer message in one interval: one event, the customer's message.
	if _, err := admin.TransferChat(ctx, chats[7].Token, api.TransferRequest{Channel: "social-msgr-0005", Message: "Ligar depois."}); err != nil {
		t.Fatal(err)
	}
	m := e.inbound(chats[7].Contact.Phone, "social-msgr-0005", "Ainda estou aguardando.")
	if _, err := admin.TransferChat(ctx, chats[7].Token, api.TransferRequest{Channel: "social-msgr-0005", Message: "Cliente insistiu."}); err != nil {
		t.Fatal(err)
	}
	st, events = poll(t, d, queue, st)
	wantEvents(t, "a customer message between two notes", events, EventMessageReceived+" "+chats[7].Token)
	if len(events) == 1 && (len(events[0].Messages) != 1 || events[0].Messages[0].ID != m.ID) {
		t.Errorf("the event's messages are %s, want only the customer's", contents(events[0].Messages))
	}

	// An answered chat put back in the queue: nobody's, but the company wrote
	// last, so it is not waiting and nothing is news.
	if _, err := admin.TransferChat(ctx, chats[8].Token, api.TransferRequest{Channel: "securechat-00006"}); err != nil {
		t.Fatal(err)
	}
	st, events = poll(t, d, queue, st)
	wantEvents(t, "an answered chat back in the queue", events)
	if slices.ContainsFunc(st.Chats, func(c FollowedChat) bool { return c.Listed.Token == chats[8].Token }) {
		t.Errorf("chat 8 is followed as waiting, but the company wrote last")
	}
}

func TestFollowReportsChatsLeavingTheQueue(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	admin := e.api(sandbox.AdminToken1)
	d := e.desk(sandbox.AdminToken1, "")
	st, _ := poll(t, d, queue, nil)
	lastSeen := st.Chats[slices.IndexFunc(st.Chats, func(c FollowedChat) bool { return c.Listed.Token == chats[2].Token })].Chat

	if _, err := admin.SendMessage(ctx, api.MessageSend{Phone: chats[2].Contact.Phone, Channel: sandbox.ChannelMain, Content: "Entregamos, sim!"}); err != nil {
		t.Fatal(err)
	}
	var events []Event
	st, events = poll(t, d, queue, st)
	wantEvents(t, "a reply", events, EventLeftQueue+" "+chats[2].Token)
	if len(events) == 1 && string(events[0].Chat) != string(lastSeen) {
		t.Errorf("left chat = %s, want it as last seen: %s", events[0].Chat, lastSeen)
	}

	// Transferred to another channel: this chat is finished, the new one
	// holds only the staff's link to it.
	res, err := admin.TransferChat(ctx, chats[7].Token, api.TransferRequest{Channel: sandbox.ChannelWidget})
	if err != nil {
		t.Fatal(err)
	}
	st, events = poll(t, d, queue, st)
	wantEvents(t, "a transfer to another channel", events, EventLeftQueue+" "+chats[7].Token)
	if !slices.ContainsFunc(st.Chats, func(c FollowedChat) bool { return c.Listed.Token == res.Data.ChatToken }) {
		t.Errorf("the transferred chat %s waits but is not followed", res.Data.ChatToken)
	}
}

func TestFollowRemembersChatsThatComeBack(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	admin := e.api(sandbox.AdminToken1)
	d := e.desk(sandbox.AdminToken1, "")
	brunos := Filter{Status: "waiting", Attendant: bruno}
	st, _ := poll(t, d, brunos, nil)
	if len(st.Chats) != 1 || st.Chats[0].Listed.Token != chats[4].Token {
		t.Fatalf("Bruno's waiting chats: %v, want chat 4", st.Chats)
	}
	transfer := func(to int64) {
		if _, err := admin.TransferChat(ctx, chats[4].Token, api.TransferRequest{Channel: sandbox.ChannelWidget, Attendant: &to}); err != nil {
			t.Fatal(err)
		}
	}
	var events []Event
	transfer(ana)
	st, events = poll(t, d, brunos, st)
	wantEvents(t, "chat 4 given to Ana", events, EventLeftQueue+" "+chats[4].Token)
	transfer(bruno)
	st, events = poll(t, d, brunos, st)
	wantEvents(t, "chat 4 given back to Bruno", events)
	e.inbound(chats[4].Contact.Phone, sandbox.ChannelWidget, "E o frete?")
	_, events = poll(t, d, brunos, st)
	wantEvents(t, "the customer of chat 4 wrote", events, EventMessageReceived+" "+chats[4].Token)
}

func TestFollowRestartsFromItsSavedState(t *testing.T) {
	e := newEnv(t)
	chats := e.chats(sandbox.AdminToken1)
	cursor := filepath.Join(t.TempDir(), "follow.json")
	run := func(deliver bool) []Event {
		t.Helper()
		prev, err := LoadState(cursor)
		if err != nil {
			t.Fatal(err)
		}
		st, events := poll(t, e.desk(sandbox.AdminToken1, ""), queue, prev)
		if deliver {
			if err := SaveState(cursor, st); err != nil {
				t.Fatal(err)
			}
		}
		return events
	}
	wantEvents(t, "the first run", run(true))
	if info, err := os.Stat(cursor); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("cursor file: %v, %v; want it with mode 0600", info, err)
	}

	e.inbound(chats[2].Contact.Phone, sandbox.ChannelMain, "Oi?")
	want := EventMessageReceived + " " + chats[2].Token
	// A crash before the state was saved: the event comes again.
	wantEvents(t, "a run that crashed", run(false), want)
	wantEvents(t, "the run after the crash", run(true), want)
	// A clean stop after the state was saved: never again.
	wantEvents(t, "the run after a clean stop", run(true))

	// Another destination or other filters cannot use the state.
	prev, err := LoadState(cursor)
	if err != nil {
		t.Fatal(err)
	}
	for name, try := range map[string]func() error{
		"other filters": func() error {
			_, _, err := e.desk(sandbox.AdminToken1, "").Poll(context.Background(), Filter{Status: "waiting", Channel: sandbox.ChannelMain}, prev)
			return err
		},
		"another company": func() error {
			_, _, err := e.desk(sandbox.AdminToken2, "").Poll(context.Background(), queue, prev)
			return err
		},
	} {
		if err := try(); !errors.Is(err, ErrStateMismatch) || !isInputError(err) {
			t.Errorf("%s: %v, want ErrStateMismatch as an input error", name, err)
		}
	}

	if err := os.WriteFile(cursor, []byte("not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadState(cursor); !isInputError(err) {
		t.Errorf("a corrupt cursor file: %v, want an input error", err)
	}
	if st, err := LoadState(filepath.Join(t.TempDir(), "none.json")); st != nil || err != nil {
		t.Errorf("a missing cursor file: %v, %v; want no state and no error", st, err)
	}
}

// A customer who writes while follow is stopped, and whose chat then
// leaves the queue (answered, moved to another channel), is reported after
// the restart, with the chat as it is now, and then the chat's leaving.
func TestFollowReportsWhatArrivedWhileStopped(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	admin := e.api(sandbox.AdminToken1)
	cursor := filepath.Join(t.TempDir(), "follow.json")
	st, _ := poll(t, e.desk(sandbox.AdminToken1, ""), queue, nil)
	if err := SaveState(cursor, st); err != nil {
		t.Fatal(err)
	}

	// Stopped: Maria writes and is answered; Luís writes and his chat
	// goes to the widget, which finishes it.
	maria := e.inbound(chats[2].Contact.Phone, sandbox.ChannelMain, "Vocês entregam no sábado?")
	if _, err := admin.SendMessage(ctx, api.MessageSend{Phone: chats[2].Contact.Phone, Channel: sandbox.ChannelMain, Content: "Entregamos, sim!"}); err != nil {
		t.Fatal(err)
	}
	luis := e.inbound(chats[7].Contact.Phone, "social-msgr-0005", "Posso trocar pelo site?")
	moved, err := admin.TransferChat(ctx, chats[7].Token, api.TransferRequest{Channel: sandbox.ChannelWidget})
	if err != nil {
		t.Fatal(err)
	}

	prev, err := LoadState(cursor)
	if err != nil {
		t.Fatal(err)
	}
	d := e.desk(sandbox.AdminToken1, "")
	var events []Event
	// The queue, then for each chat that left: its customer's messages and
	// the chat as it is now; the chat new in the queue: its messages.
	e.cost("the poll after the restart", 6, func() { st, events = poll(t, d, queue, prev) })
	wantEvents(t, "the restart", events,
		EventMessageReceived+" "+chats[2].Token, EventLeftQueue+" "+chats[2].Token,
		EventMessageReceived+" "+chats[7].Token, EventLeftQueue+" "+chats[7].Token)
	if len(events) != 4 {
		return
	}
	for _, tc := range []struct {
		ev     Event
		msg    *api.Message
		status string
	}{{events[0], maria, "entrance"}, {events[2], luis, "finished"}} {
		if len(tc.ev.Messages) != 1 || tc.ev.Messages[0].ID != tc.msg.ID || !tc.ev.At.Equal(tc.msg.CreatedAt.Time) {
			t.Errorf("%s: messages %v at %v, want the customer's message %d", tc.ev.Listed.Token, tc.ev.Messages, tc.ev.At, tc.msg.ID)
		}
		if tc.ev.Listed.Status != tc.status {
			t.Errorf("%s: the chat is %s in the event, want it as it is now: %s", tc.ev.Listed.Token, tc.ev.Listed.Status, tc.status)
		}
	}
	if !slices.ContainsFunc(st.Chats, func(c FollowedChat) bool { return c.Listed.Token == moved.Data.ChatToken }) {
		t.Errorf("the chat moved to the widget waits but is not followed")
	}
	// Reported once: the next poll, and a poll of a chat that left without
	// news, tell nothing more.
	_, events = poll(t, d, queue, st)
	wantEvents(t, "the poll after", events)
}

func TestFollowALongQueue(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	for i := range 150 {
		e.inbound(fmt.Sprintf("55119100%05d", i), sandbox.ChannelMain, "Olá")
	}
	d := e.desk(sandbox.AdminToken1, "")
	var st *State
	var events []Event
	e.cost("first poll of 154 waiting", 2, func() { st, _ = poll(t, d, queue, nil) })
	if len(st.Chats) != 154 {
		t.Fatalf("followed %d chats, want 154", len(st.Chats))
	}
	e.cost("idle poll of 154 waiting", 2, func() { st, events = poll(t, d, queue, st) })
	wantEvents(t, "idle poll of two pages", events)

	// A chat of the first page is answered while the second page is being
	// read: every chat after it moves up one place, and the first of the
	// second page slips onto the first, which was already read.
	var once sync.Once
	e.mu.Lock()
	e.before = func(r *http.Request) {
		if r.URL.Path == api.Prefix+"/chats" && r.URL.Query().Get("page") == "2" {
			once.Do(func() {
				if _, err := e.api(sandbox.AdminToken1).SendMessage(ctx, api.MessageSend{Phone: chats[2].Contact.Phone,
					Channel: sandbox.ChannelMain, Content: "Entregamos em Campinas."}); err != nil {
					t.Error(err)
				}
			})
		}
	}
	e.mu.Unlock()
	e.cost("a poll that confirms a chat that slipped", 3, func() { st, events = poll(t, d, queue, st) })
	wantEvents(t, "a poll during which a chat was answered", events) // read before it was answered
	if len(st.Chats) != 154 {
		t.Errorf("followed %d chats, want 154: the one that slipped between the pages is still waiting", len(st.Chats))
	}
	// Two pages, one request to confirm that the chat missing from them
	// left, and one to see that its customer wrote nothing since.
	e.cost("the next poll", 4, func() { st, events = poll(t, d, queue, st) })
	wantEvents(t, "the poll after the answer", events, EventLeftQueue+" "+chats[2].Token)
	if len(st.Chats) != 153 {
		t.Errorf("followed %d chats after the answer, want 153", len(st.Chats))
	}
}

func TestRetryDelayBacksOffToAMinute(t *testing.T) {
	for _, tc := range []struct {
		interval time.Duration
		failures int
		want     time.Duration
	}{
		{5 * time.Second, 0, 5 * time.Second},
		{5 * time.Second, 1, 10 * time.Second},
		{5 * time.Second, 3, 40 * time.Second},
		{5 * time.Second, 4, time.Minute},
		{5 * time.Second, 1000, time.Minute},
		{2 * time.Minute, 3, 2 * time.Minute},
	} {
		if got := RetryDelay(tc.interval, tc.failures); got != tc.want {
			t.Errorf("RetryDelay(%s, %d) = %s, want %s", tc.interval, tc.failures, got, tc.want)
		}
	}
}

func eventKinds(events []Event) []string {
	out := make([]string, len(events))
	for i, ev := range events {
		out[i] = fmt.Sprintf("%s %s", ev.Type, ev.Listed.Token)
	}
	return out
}

// A take's note becomes the chat's last message; the queue is still
// ordered by when the customer last wrote: from the first poll (one more
// request for the taken chat) and after a poll that saw the take (none
// more than examining the changed chat).
func TestByWaitIgnoresTakeNotes(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	d := e.desk(sandbox.AdminToken1, "")
	order := func(st *State) []string {
		chats := slices.Clone(st.Chats)
		slices.SortStableFunc(chats, ByWait)
		var out []string
		for _, c := range chats {
			out = append(out, c.Listed.Contact.Name)
		}
		return out
	}
	st, _ := poll(t, d, queue, nil)
	before := order(st)
	// The longest-waiting chat is taken.
	sorted := slices.Clone(st.Chats)
	slices.SortStableFunc(sorted, ByWait)
	if _, err := d.Take(ctx, mustFind(t, d, sorted[0].Listed.Token), TakeOptions{For: ana}); err != nil {
		t.Fatal(err)
	}
	e.cost("the poll that sees the take", 2, func() { st, _ = poll(t, d, queue, st) })
	if got := order(st); fmt.Sprint(got) != fmt.Sprint(before) {
		t.Errorf("after the take the queue is %v, want %v", got, before)
	}
	e.cost("a first poll with a taken chat", 2, func() { st, _ = poll(t, d, queue, nil) })
	if got := order(st); fmt.Sprint(got) != fmt.Sprint(before) {
		t.Errorf("a first poll after the take orders %v, want %v", got, before)
	}
}
