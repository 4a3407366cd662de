package desk

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/sandbox"
)

// carla is the third active attendant of company 1, a user of other
// channels than the main one until a test gives her it.
const carla = 3

func take(attendant int64, claim string) ownNote {
	return ownNote{attendant: attendant, claim: claim, after: 4}
}

func TestArbitrate(t *testing.T) {
	for _, tc := range []struct {
		name  string
		notes []ownNote
		claim string
		want  verdict
	}{
		{"alone", []ownNote{take(1, "aaaaaaaa")}, "aaaaaaaa", verdict{found: true, mine: true, winner: 1, last: true}},
		{"first of two, the other after", []ownNote{take(1, "aaaaaaaa"), take(2, "bbbbbbbb")}, "aaaaaaaa",
			verdict{found: true, mine: true, winner: 1}},
		{"second of two", []ownNote{take(1, "aaaaaaaa"), take(2, "bbbbbbbb")}, "bbbbbbbb",
			verdict{found: true, winner: 1, last: true}},
		{"second of two, given back already", []ownNote{take(1, "aaaaaaaa"), take(2, "bbbbbbbb"), {keep: true, attendant: 1}}, "bbbbbbbb",
			verdict{found: true, winner: 1}},
		{"third, after a take given back", []ownNote{take(1, "aaaaaaaa"), take(2, "bbbbbbbb"), {keep: true, attendant: 1}, take(3, "cccccccc")},
			"cccccccc", verdict{found: true, winner: 1, last: true}},
		{"third, the second not given back yet: the first still wins", []ownNote{take(1, "aaaaaaaa"), take(2, "bbbbbbbb"), take(3, "cccccccc")},
			"cccccccc", verdict{found: true, winner: 1, last: true}},
		{"the same attendant twice", []ownNote{take(1, "aaaaaaaa"), take(1, "a2a2a2a2")}, "a2a2a2a2",
			verdict{found: true, mine: true, winner: 1, last: true}},
		{"forced from the holder", []ownNote{take(1, "aaaaaaaa"), {attendant: 2, claim: "bbbbbbbb", from: 1}}, "bbbbbbbb",
			verdict{found: true, mine: true, winner: 2, last: true}},
		{"after a forced take", []ownNote{{attendant: 2, claim: "bbbbbbbb", from: 1}, take(1, "aaaaaaaa")}, "aaaaaaaa",
			verdict{found: true, winner: 2, last: true}},
		{"two forcing at once: the first wins", []ownNote{{attendant: 2, claim: "bbbbbbbb", from: 1}, {attendant: 3, claim: "cccccccc", from: 1}},
			"cccccccc", verdict{found: true, winner: 2, last: true}},
		{"forced from one who lost it meanwhile", []ownNote{take(3, "cccccccc"), {attendant: 2, claim: "bbbbbbbb", from: 1}},
			"bbbbbbbb", verdict{found: true, winner: 3, last: true}},
		{"not listed", []ownNote{take(1, "aaaaaaaa")}, "bbbbbbbb", verdict{}},
	} {
		if got := arbitrate(tc.notes, tc.claim); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

func TestOwnNotesReadBack(t *testing.T) {
	ana := Holder{ID: 1, Name: "Ana Souza", Email: "ana.souza@lojaexemplo.com.br"}
	bruno := Holder{ID: 2, Name: "Bruno Lima"}
	for _, tc := range []struct {
		note      ownNote
		from      Holder
		wantText  string
		wantParse bool
	}{
		{take(1, "0123abcd"), Holder{}, "Ana Souza took the chat. [convo take: attendant 1, claim 0123abcd, after 4]", true},
		{ownNote{attendant: 1, claim: "0123abcd", from: 2}, bruno,
			"Ana Souza took the chat from Bruno Lima. [convo take: attendant 1, claim 0123abcd, from 2, after 0]", true},
		{ownNote{keep: true, attendant: 2}, bruno, "Ana Souza took the chat at the same moment as Bruno Lima, who keeps it. [convo keep: attendant 2]", true},
	} {
		text := tc.note.text(ana, tc.from)
		if text != tc.wantText {
			t.Errorf("text %q, want %q", text, tc.wantText)
		}
		if got, ok := parseOwnNote(text); !ok || got != tc.note {
			t.Errorf("%q read back as %+v, %v; want %+v", text, got, ok, tc.note)
		}
	}
	// A take's note without the count of the notes before it, as convo's
	// older ones are, reads as one that does not say.
	for text, want := range map[string]ownNote{
		"Ana Souza took the chat. [convo take: attendant 1, claim 0123abcd]":                         {attendant: 1, claim: "0123abcd", after: -1},
		"Ana Souza took the chat from Bruno Lima. [convo take: attendant 1, claim 0123abcd, from 2]": {attendant: 1, claim: "0123abcd", from: 2, after: -1},
	} {
		if got, ok := parseOwnNote(text); !ok || got != want {
			t.Errorf("%q read back as %+v, %v; want %+v", text, got, ok, want)
		}
	}
	for _, text := range []string{
		"Cliente pediu a gerente.",
		"[convo take: attendant 1]", // a take names its claim
		"[convo keep: attendant 1, claim 0123abcd]",
		"[convo take: attendant 0, claim 0123abcd]",
		"[convo take: attendant 1, claim 0123abcd] and more",
		"[convo keep: attendant 1, from 2]",
		"[convo take: attendant 1, claim 0123abcd, from 0]",
		"[convo keep: attendant 1, after 3]",
		"[convo take: attendant 1, claim 0123abcd, after 99999999999999999999]",
	} {
		if n, ok := parseOwnNote(text); ok {
			t.Errorf("%q read as a note of convo's: %+v", text, n)
		}
	}
}

// A take's note reads as its sentence; any other text, and a mark with
// nothing before it, is left as it is.
func TestReadable(t *testing.T) {
	for content, want := range map[string]string{
		"Ana Souza took the chat. [convo take: attendant 1, claim 0123abcd]":                                "Ana Souza took the chat.",
		"Ana Souza took the chat from Bruno Lima. [convo take: attendant 1, claim 0123abcd, from 2]":        "Ana Souza took the chat from Bruno Lima.",
		"Ana Souza took the chat. [convo take: attendant 1, claim 0123abcd, after 12]":                      "Ana Souza took the chat.",
		"Bruno Lima took the chat at the same moment as Ana Souza, who keeps it. [convo keep: attendant 1]": "Bruno Lima took the chat at the same moment as Ana Souza, who keeps it.",
		"Attendant 3 took the chat.\n[convo take: attendant 3, claim 0123abcd]":                             "Attendant 3 took the chat.",
		"Cliente pediu a gerente.":                        "Cliente pediu a gerente.",
		"Veja [convo take: attendant 1] depois":           "Veja [convo take: attendant 1] depois",
		"Leia: [convo take: attendant 0, claim 0123abcd]": "Leia: [convo take: attendant 0, claim 0123abcd]",
		"[convo take: attendant 1, claim 0123abcd]":       "[convo take: attendant 1, claim 0123abcd]",
		"": "",
	} {
		if got := Readable(content); got != want {
			t.Errorf("Readable(%q) = %q, want %q", content, got, want)
		}
	}
}

// holderOf is who has chat, as the API says with the attendant filter.
func holderOf(t *testing.T, e *env, chat api.Chat) []int64 {
	t.Helper()
	var who []int64
	for _, id := range []int64{ana, bruno, carla} {
		chats, err := e.api(sandbox.AdminToken1).ListChats(api.ChatListParams{Attendant: id, Contact: strconv.FormatInt(chat.Contact.ID, 10)}).Collect(e.ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range chats {
			if c.Token == chat.Token {
				who = append(who, id)
			}
		}
	}
	return who
}

// notesOf is the contents of the chat's internal notes, oldest first.
func notesOf(t *testing.T, e *env, token string) []string {
	t.Helper()
	msgs, err := e.api(sandbox.AdminToken1).ListMessages(token, api.MessageListParams{Visibility: "internal"}).Follow(true).Collect(e.ctx)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = m.Content
	}
	return out
}

func wantHeld(t *testing.T, what string, err error, by int64, race bool) {
	t.Helper()
	var held *HeldError
	if !errors.As(err, &held) || held.Holder.ID != by || held.Race != race || held.Holder.Name == "" || held.Holder.Email == "" {
		t.Errorf("%s: %v, want the chat held by attendant %d (race %v), named with name and e-mail", what, err, by, race)
	}
}

func TestTakeAndRelease(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chat2 := e.chats(sandbox.AdminToken1)[2]
	anaDesk := e.desk(sandbox.AdminToken1, "")
	brunoDesk := e.desk(sandbox.AgentToken1, "")
	ch := mustFind(t, anaDesk, chat2.Token)

	// The attendants, whether Ana has it, the notes so far, whether Bruno
	// or Carla has it, the transfer, the notes since.
	e.cost("take a chat in the queue", 7, func() {
		taken, err := anaDesk.Take(ctx, ch, TakeOptions{For: ana})
		if err != nil || taken.Already || taken.From.ID != 0 || taken.Unconfirmed {
			t.Fatalf("take = %+v, %v", taken, err)
		}
	})
	if got := holderOf(t, e, chat2); len(got) != 1 || got[0] != ana {
		t.Fatalf("after Ana's take the chat is %v's", got)
	}
	if after := e.chats(sandbox.AdminToken1)[2]; after.Status != "waiting" || !after.IsOpen {
		t.Errorf("a take leaves the chat where it was; it is %s, open %v", after.Status, after.IsOpen)
	}
	notes := notesOf(t, e, chat2.Token)
	if len(notes) != 1 || !strings.HasPrefix(notes[0], "Ana Souza took the chat. [convo take: attendant 1, claim ") {
		t.Errorf("notes %q, want the take's", notes)
	}
	e.cost("take a chat that is yours", 1, func() {
		if taken, err := anaDesk.Take(ctx, ch, TakeOptions{For: ana}); err != nil || !taken.Already {
			t.Errorf("take again = %+v, %v; want it yours already", taken, err)
		}
	})

	// Bruno, on his own token, is told who has it; --force takes it.
	bch := mustFind(t, brunoDesk, chat2.Token)
	_, err := brunoDesk.Take(ctx, bch, TakeOptions{For: bruno})
	wantHeld(t, "Bruno takes Ana's chat", err, ana, false)
	if got := holderOf(t, e, chat2); len(got) != 1 || got[0] != ana {
		t.Fatalf("a refused take changed the holder: %v", got)
	}
	taken, err := brunoDesk.Take(ctx, bch, TakeOptions{For: bruno, Force: true})
	if err != nil || taken.From.ID != ana || taken.From.Email != "ana.souza@lojaexemplo.com.br" {
		t.Fatalf("forced take = %+v, %v", taken, err)
	}
	if got := holderOf(t, e, chat2); len(got) != 1 || got[0] != bruno {
		t.Fatalf("after the forced take the chat is %v's", got)
	}

	// Releasing: not Ana's to release; Bruno's is.
	_, err = anaDesk.Release(ctx, ch, ReleaseOptions{Me: ana})
	wantHeld(t, "Ana releases Bruno's chat", err, bruno, false)
	_, err = anaDesk.Release(ctx, ch, ReleaseOptions{})
	wantHeld(t, "releasing without an attendant", err, bruno, false)
	rel, err := brunoDesk.Release(ctx, bch, ReleaseOptions{Me: bruno})
	if err != nil || rel.From.ID != bruno {
		t.Fatalf("release = %+v, %v", rel, err)
	}
	if got := holderOf(t, e, chat2); len(got) != 0 {
		t.Fatalf("after the release the chat is %v's", got)
	}
	// Whether any of the three has it; nothing to transfer.
	e.cost("release a chat in the queue", 3, func() {
		if rel, err := brunoDesk.Release(ctx, bch, ReleaseOptions{Me: bruno}); err != nil || rel.From.ID != 0 {
			t.Errorf("release of a chat in the queue = %+v, %v", rel, err)
		}
	})
	if _, err := anaDesk.Take(ctx, ch, TakeOptions{}); !isInputError(err) {
		t.Errorf("take without an attendant: %v, want an input error", err)
	}
	if n := len(notesOf(t, e, chat2.Token)); n != 2 {
		t.Errorf("%d notes, want the two takes': a release leaves none, so that the chat keeps its place in the queue", n)
	}
}

// A take refused because another attendant has the chat names whom it
// stays with. For a moment after three takes at once, the API says the
// chat is a loser's: one whose transfer landed after the winner's, and
// who is about to give it back. A fourth take that looks then is told the
// winner's name, as the notes say, not the loser's. A chat its holder got
// by a take that won, by a keep note, or by a note convo cannot replay, is
// theirs.
func TestRefusalNamesWhoKeepsTheChat(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chat2 := e.chats(sandbox.AdminToken1)[2]
	admin := e.api(sandbox.AdminToken1)
	names := map[int64]Holder{ana: {ID: ana, Name: "Ana Souza"}, bruno: {ID: bruno, Name: "Bruno Lima"}}
	give := func(to int64, note ownNote) {
		t.Helper()
		text := note.text(names[note.attendant], names[note.from])
		if note.keep {
			text = note.text(names[bruno], names[note.attendant])
		}
		if _, err := admin.TransferChat(ctx, chat2.Token, api.TransferRequest{Channel: sandbox.ChannelMain, Attendant: &to, Message: text}); err != nil {
			t.Fatal(err)
		}
	}
	carlaDesk := e.desk(sandbox.AdminToken1, "")
	carlaTakes := func(what string, want, returning int64) {
		t.Helper()
		_, err := carlaDesk.Take(ctx, mustFind(t, carlaDesk, chat2.Token), TakeOptions{For: carla})
		wantHeld(t, what, err, want, false)
		if held := (*HeldError)(nil); errors.As(err, &held) && held.Returning.ID != returning {
			t.Errorf("%s: %v, want attendant %d named as giving it back", what, err, returning)
		}
	}

	// Ana's take and Bruno's, both made while nobody had the chat; Bruno's
	// transfer came last.
	give(ana, ownNote{attendant: ana, claim: "aaaaaaaa", after: 0})
	give(bruno, ownNote{attendant: bruno, claim: "bbbbbbbb", after: 0})
	carlaTakes("Carla looks while Bruno's lost take holds the chat", ana, bruno)
	if _, err := carlaDesk.Take(ctx, mustFind(t, carlaDesk, chat2.Token), TakeOptions{For: carla}); err == nil ||
		err.Error() != "chat "+chat2.Token+" is taken by Ana Souza <ana.souza@lojaexemplo.com.br> (Bruno Lima <bruno.lima@lojaexemplo.com.br> has it for a moment, by a take at the same moment that lost, and gives it back)" {
		t.Errorf("the refusal says %v", err)
	}
	// Ana's own take is the one that won: hers it is, nothing transferred.
	anaDesk := e.desk(sandbox.AdminToken1, "")
	if taken, err := anaDesk.Take(ctx, mustFind(t, anaDesk, chat2.Token), TakeOptions{For: ana}); err != nil || !taken.Already {
		t.Errorf("Ana takes the chat her take won while Bruno gives it back: %+v, %v; want it hers already", taken, err)
	}
	// A release is refused as a take is, naming Ana; Ana's own release is
	// refused naming Bruno, who has the chat for the moment: released now,
	// it would come back to her.
	_, err := carlaDesk.Release(ctx, mustFind(t, carlaDesk, chat2.Token), ReleaseOptions{Me: carla})
	wantHeld(t, "Carla releases while Bruno's lost take holds the chat", err, ana, false)
	if held := (*HeldError)(nil); !errors.As(err, &held) || held.Returning.ID != bruno {
		t.Errorf("Carla's release: %v, want Bruno named as giving it back", err)
	}
	_, err = anaDesk.Release(ctx, mustFind(t, anaDesk, chat2.Token), ReleaseOptions{Me: ana})
	wantHeld(t, "Ana releases while Bruno's lost take holds the chat", err, bruno, false)
	if got := holderOf(t, e, chat2); len(got) != 1 || got[0] != bruno {
		t.Fatalf("refused takes and releases changed the holder: %v", got)
	}
	// A take that looks a while later is told it is Bruno's: a taker gives
	// the chat back within moments, and his did not.
	later := New(e.client(sandbox.AdminToken1), Options{Destination: destination(sandbox.AdminToken1),
		Now: func() time.Time { return time.Now().Add(givesBackWithin + time.Second) }})
	_, err = later.Take(ctx, mustFind(t, later, chat2.Token), TakeOptions{For: carla})
	wantHeld(t, "Carla looks a while after Bruno's lost take", err, bruno, false)
	// Bruno gives it back.
	give(ana, ownNote{keep: true, attendant: ana})
	carlaTakes("Carla looks once Bruno gave the chat back", ana, 0)
	// Bruno takes it from Ana, and wins.
	give(bruno, ownNote{attendant: bruno, claim: "b2b2b2b2", from: ana, after: 3})
	carlaTakes("Carla looks after Bruno's forced take", bruno, 0)
	// Ana takes it back with a note that does not say where its replay
	// starts: what the API says goes.
	if _, err := admin.TransferChat(ctx, chat2.Token, api.TransferRequest{Channel: sandbox.ChannelMain, Attendant: ptr(int64(ana)),
		Message: "Ana Souza took the chat. [convo take: attendant 1, claim a3a3a3a3]"}); err != nil {
		t.Fatal(err)
	}
	carlaTakes("Carla looks after an older note's take", ana, 0)
	// Later, Bruno's take and Ana's from the same look, with other notes
	// between them (Bruno passing the chat on to himself): the replay
	// reaches back past the newest notes.
	if _, err := admin.TransferChat(ctx, chat2.Token, api.TransferRequest{Channel: sandbox.ChannelMain}); err != nil {
		t.Fatal(err)
	}
	n := len(notesOf(t, e, chat2.Token))
	give(bruno, ownNote{attendant: bruno, claim: "b4b4b4b4", after: n})
	for range recentNotes {
		if _, err := admin.TransferChat(ctx, chat2.Token, api.TransferRequest{Channel: sandbox.ChannelMain, Attendant: ptr(int64(bruno)), Message: "Cliente pediu a gerente."}); err != nil {
			t.Fatal(err)
		}
	}
	give(ana, ownNote{attendant: ana, claim: "a4a4a4a4", after: n})
	carlaTakes("Carla looks while Ana's lost take, counted from further back, holds the chat", bruno, ana)
	if got := holderOf(t, e, chat2); len(got) != 1 || got[0] != ana {
		t.Errorf("refused takes changed the holder: %v", got)
	}
}

func ptr[T any](v T) *T { return &v }

// serveAs is a handler that serves the tests' desks with hooks around the
// requests of each token.
type serveAs struct {
	e      *env
	before map[string]func(*http.Request)
	after  map[string]func(*http.Request)
}

func (s serveAs) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	if f := s.before[token]; f != nil {
		f(r)
	}
	s.e.raw.ServeHTTP(w, r)
	if f := s.after[token]; f != nil {
		f(r)
	}
}

func isTransfer(r *http.Request) bool { return r.Method == http.MethodPost }

func isNotesSince(r *http.Request) bool {
	return r.Method == http.MethodGet && r.URL.Query().Get("visibility") == "internal" && r.URL.Query().Get("per_page") == "100"
}

// Two takes whose looks came before either transfer: the first transfer
// wins, whichever order the checks come in, and the second gives the chat
// back.
func TestTakeLosesToAnEarlierOneAndGivesTheChatBack(t *testing.T) {
	for _, anaChecksLate := range []bool{false, true} {
		e := newEnv(t)
		ctx := context.Background()
		chat2 := e.chats(sandbox.AdminToken1)[2]
		brunoLooked, anaTransferred, brunoTransferred := make(chan struct{}), make(chan struct{}), make(chan struct{})
		h := serveAs{e: e,
			before: map[string]func(*http.Request){
				sandbox.AdminToken1: func(r *http.Request) {
					switch {
					case isTransfer(r):
						<-brunoLooked
					case isNotesSince(r) && anaChecksLate:
						<-brunoTransferred
					}
				},
				sandbox.AgentToken1: func(r *http.Request) {
					if isTransfer(r) {
						select {
						case <-brunoLooked: // the transfer that gives the chat back
						default:
							close(brunoLooked)
							<-anaTransferred
						}
					}
				},
			},
			after: map[string]func(*http.Request){
				sandbox.AdminToken1: func(r *http.Request) {
					if isTransfer(r) {
						close(anaTransferred)
					}
				},
				sandbox.AgentToken1: func(r *http.Request) {
					if isTransfer(r) && !isClosed(brunoTransferred) {
						close(brunoTransferred)
					}
				},
			},
		}
		anaDesk := New(e.newClient(sandbox.AdminToken1, h), Options{Destination: destination(sandbox.AdminToken1)})
		brunoDesk := New(e.newClient(sandbox.AgentToken1, h), Options{Destination: destination(sandbox.AgentToken1)})
		anaCh, brunoCh := mustFind(t, anaDesk, chat2.Token), mustFind(t, brunoDesk, chat2.Token)

		var wg sync.WaitGroup
		var anaErr, brunoErr error
		wg.Go(func() { _, anaErr = anaDesk.Take(ctx, anaCh, TakeOptions{For: ana}) })
		wg.Go(func() { _, brunoErr = brunoDesk.Take(ctx, brunoCh, TakeOptions{For: bruno}) })
		wg.Wait()
		if anaErr != nil {
			t.Errorf("Ana checks late %v: Ana's take, made first: %v", anaChecksLate, anaErr)
		}
		wantHeld(t, "Bruno's take, made second", brunoErr, ana, true)
		if got := holderOf(t, e, chat2); len(got) != 1 || got[0] != ana {
			t.Errorf("Ana checks late %v: the chat ends %v's, want Ana's", anaChecksLate, got)
		}
		notes := notesOf(t, e, chat2.Token)
		if len(notes) != 3 || !strings.HasSuffix(notes[2], "Bruno Lima took the chat at the same moment as Ana Souza, who keeps it. [convo keep: attendant 1]") {
			t.Errorf("notes %q, want the two takes and Bruno's giving it back", notes)
		}
	}
}

func isClosed(c chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// An API that does not list the notes of transfers leaves the attendant
// filter alone to tell: the take is said to be unconfirmed.
func TestTakeWithoutNotesListed(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chat2 := e.chats(sandbox.AdminToken1)[2]
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if q := r.URL.Query(); q.Get("visibility") == "internal" {
			q.Set("visibility", "client")
			r.URL.RawQuery = q.Encode()
		}
		e.raw.ServeHTTP(w, r)
	})
	d := New(e.newClient(sandbox.AdminToken1, h), Options{Destination: destination(sandbox.AdminToken1)})
	taken, err := d.Take(ctx, mustFind(t, d, chat2.Token), TakeOptions{For: ana})
	if err != nil || !taken.Unconfirmed {
		t.Errorf("take = %+v, %v; want it made and said unconfirmed", taken, err)
	}
	if got := holderOf(t, e, chat2); len(got) != 1 || got[0] != ana {
		t.Errorf("the chat is %v's", got)
	}
}

// Replying takes a chat that nobody has, for the reply's attendant; a chat
// another attendant has stays theirs; without an attendant nothing is
// taken and the note says how to set one.
func TestAnswerTakesOnReply(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	d := e.desk(sandbox.AdminToken1, "")
	text := func(attendant int64) api.MessageSend {
		m := api.MessageSend{Type: "text", Content: "Olá! Já vou verificar."}
		if attendant != 0 {
			m.Attendant = &attendant
		}
		return m
	}

	chat2 := mustFind(t, d, chats[2].Token)
	a, err := d.Answer(ctx, chat2, text(bruno), true)
	if err != nil || a.Take.Taken == nil || a.Take.Taken.Already || a.Result.Chat.Token != chat2.Token {
		t.Fatalf("the first reply = %+v, %v; want the chat taken and the reply sent", a, err)
	}
	if got := holderOf(t, e, chats[2]); len(got) != 1 || got[0] != bruno {
		t.Errorf("after Bruno's reply the chat is %v's", got)
	}
	if note := a.Take.Note("Chat " + chat2.Token); note != "Chat "+chat2.Token+" is yours now: replying took it." {
		t.Errorf("note %q", note)
	}
	// Whether Bruno has it, and the send.
	e.cost("a reply to your own chat", 2, func() {
		if a, err = d.Answer(ctx, chat2, text(bruno), true); err != nil || a.Take.Taken == nil || !a.Take.Taken.Already || a.Take.Note(chat2.Token) != "" {
			t.Errorf("the second reply = %+v, %v", a, err)
		}
	})
	// Ana answers Bruno's chat: it stays his.
	if a, err = d.Answer(ctx, chat2, text(ana), true); err != nil || a.Take.Taken != nil || a.Take.Holder.ID != bruno {
		t.Errorf("Ana's reply to Bruno's chat = %+v, %v; want it sent and left his", a, err)
	}
	if got := holderOf(t, e, chats[2]); len(got) != 1 || got[0] != bruno {
		t.Errorf("after Ana's reply the chat is %v's", got)
	}

	// No attendant: nothing taken, and a note on how to set one.
	chat7 := mustFind(t, d, chats[7].Token)
	if a, err = d.Answer(ctx, chat7, text(0), true); err != nil || a.Take.Taken != nil || a.Take.Holder.ID != 0 ||
		!strings.Contains(a.Take.Note(chat7.Token), "convo config set attendant") {
		t.Errorf("a reply without an attendant = %+v, %v (note %q)", a, err, a.Take.Note(chat7.Token))
	}
	// Taking turned off: the send alone.
	e.cost("a reply without taking", 1, func() {
		if a, err = d.Answer(ctx, chat7, text(ana), false); err != nil || a.Take != (ReplyTake{}) {
			t.Errorf("a reply without taking = %+v, %v", a, err)
		}
	})
	// The API refuses the take (the token may send but not transfer on
	// the channel): the reply goes out all the same, and says so.
	rd := e.refusingTransfers(func(*http.Request) bool { return true })
	chat10 := mustFind(t, rd, chats[10].Token)
	if a, err = rd.Answer(ctx, chat10, text(ana), true); err != nil || a.Take.Refused == nil || a.Result == nil ||
		!strings.Contains(a.Take.Note(chat10.Token), "was not taken") {
		t.Errorf("a reply whose take is refused = %+v, %v", a, err)
	}
	if got := holderOf(t, e, chats[10]); len(got) != 0 {
		t.Errorf("after a refused take the chat is %v's", got)
	}
	// A finished chat is refused before anything, taking included.
	finished := mustFind(t, d, chats[3].Token)
	e.cost("a reply to a finished chat", 0, func() {
		if _, err := d.Answer(ctx, finished, text(ana), true); !isInputError(err) {
			t.Errorf("a reply to a finished chat: %v, want an input error", err)
		}
	})
}

// Who has a chat is said with the API's text shown as escapes: a name or
// an e-mail cannot act on the terminal.
func TestHolderShowsEscapes(t *testing.T) {
	h := Holder{ID: 9, Name: "Ana\x1b]0;pwned\x07", Email: "ana@x.com\u202e"}
	if got := h.String(); got != `Ana^[]0;pwned^G <ana@x.com\u202e>` {
		t.Errorf("holder %q", got)
	}
	note := ReplyTake{Holder: h, Race: true}.Note("bf7e5b62f66d65a3a450")
	if strings.ContainsAny(note, "\x1b\x07\u202e") {
		t.Errorf("note %q holds the controls raw", note)
	}
}
