package inbox_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/inbox"
	"github.com/convo-cli/convo/internal/sandbox"
)

// Facts of the seed the desk's tests below rely on.
const (
	brunoHolder = "Bruno Lima <bruno.lima@lojaexemplo.com.br>"
	joaoWidget  = "Widget do Site (widget)"
)

// giveTo transfers the chat to attendant on its channel, as another
// attendant's take would.
func (h *harness) giveTo(token, channel string, attendant int64) {
	h.t.Helper()
	if _, err := h.admin.TransferChat(context.Background(), token, api.TransferRequest{Channel: channel, Attendant: &attendant}); err != nil {
		h.t.Fatal(err)
	}
}

// holds reports whether attendant has the chat, as the API says.
func (h *harness) holds(token string, attendant int64) bool {
	h.t.Helper()
	chats, err := h.admin.ListChats(api.ChatListParams{Attendant: attendant, ListOptions: api.ListOptions{PerPage: 100}}).Collect(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	for _, c := range chats {
		if c.Token == token {
			return true
		}
	}
	return false
}

// a takes the selected chat from the list, without opening it, with the
// take confirmed; the chat keeps its place in the queue (the customer's
// wait, not the take's note, orders it), shows no news for the note the
// take left, and is in the mine view; b gives it back to the queue.
func TestTakeAndRelease(t *testing.T) {
	h := start(t)
	h.waitFor("waiting 4", "Fernanda Lima")
	h.requests()
	h.press("a")
	h.waitFor("✓ The chat with Maria Aparecida Santos is yours.")
	r := h.sent("POST", "/chats/"+chatMaria+"/transfer")
	if r.Body["attendant"] != float64(ana) || r.Body["channel"] != sandbox.ChannelMain {
		t.Errorf("the take sent %v, want Ana on the chat's own channel", r.Body)
	}
	if !h.holds(chatMaria, ana) {
		t.Errorf("the API does not give Maria's chat to Ana")
	}
	s := h.waitFor("Ana Souza took the chat")
	if !strings.HasPrefix(h.selected(), "›   Maria Aparecida") {
		t.Errorf("the take moved Maria's chat, or marked it as news: %q\n%s", h.selected(), s)
	}
	if strings.Contains(s, "●") {
		t.Errorf("the take's own note shows as news:\n%s", s)
	}
	if strings.Contains(s, "Chatapp Atendimento · chatapp") {
		t.Errorf("a take from the list opened the chat:\n%s", s)
	}
	h.press("tab")
	h.waitFor("mine 2", "Maria Aparecida", "Márcia Rodrigues")
	h.press("b")
	h.waitFor("✓ The chat with Maria Aparecida Santos is back in the waiting queue.", "mine 1")
	if h.holds(chatMaria, ana) {
		t.Errorf("Maria's chat is still Ana's after b")
	}
	h.press("shift+tab")
	h.waitFor("waiting 4")
	h.press("b")
	h.waitFor("The chat with Maria Aparecida Santos is in the waiting queue already: no", "attendant has it.")
	h.press("a")
	h.waitFor("✓ The chat with Maria Aparecida Santos is yours.")
	h.press("a")
	h.waitFor("The chat with Maria Aparecida Santos is yours already.")
}

// The note a take leaves reads as a sentence, in the list as the chat's
// last message and in the chat among its messages, without the mark
// convo reads back.
func TestTakeNoteReadsAsASentence(t *testing.T) {
	h := start(t)
	h.waitFor("waiting 4", "Fernanda Lima")
	h.press("a")
	h.waitFor("✓ The chat with Maria Aparecida Santos is yours.")
	if s := h.waitFor("Ana Souza took the chat."); strings.Contains(s, "[convo") {
		t.Errorf("the list shows the take's mark:\n%s", s)
	}
	h.press("enter")
	if s := h.waitFor("Chatapp Atendimento · chatapp", "│ note: Ana Souza took the chat."); strings.Contains(s, "[convo") {
		t.Errorf("the chat shows the take's mark:\n%s", s)
	}
}

// b on a chat answered (the customer has not written since) says that it
// is nobody's, and that it joins the waiting chats (the waiting view) when
// the customer writes again, not that it is back there.
func TestReleaseOfAnAnsweredChat(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	h.press("end", "r")
	h.waitFor("Reply to Fernanda Lima")
	h.press("Já separo o 39 para você.", "enter")
	h.waitFor("is yours now: replying took", "waiting 3", "entrance · open")
	h.press("b")
	h.waitFor("✓ The chat with Fernanda Lima is nobody's now: answered, it joins the waiting", "chats when the customer writes again.")
	if h.holds(chatFernanda, ana) {
		t.Errorf("Fernanda's chat is still Ana's after b")
	}
}

// A chat another attendant has is not taken: the inbox says who has it,
// by name and e-mail, and nothing is transferred; b does not take it
// from them either.
func TestTakeAndReleaseOfAChatAnotherHas(t *testing.T) {
	h := start(t)
	h.waitFor("Maria Aparecida")
	h.giveTo(chatMaria, sandbox.ChannelMain, bruno)
	h.requests()
	h.press("a")
	h.waitFor("Not taken: " + brunoHolder + " has this chat")
	h.press("b")
	h.waitFor("Not released: " + brunoHolder + " has this chat")
	h.noneSent("POST")
	if !h.holds(chatMaria, bruno) {
		t.Errorf("Maria's chat left Bruno")
	}
}

// A take that loses to another attendant's made at the same moment says
// who has the chat, by name and e-mail, and leaves it theirs.
func TestTakeLosesARace(t *testing.T) {
	var holding atomic.Bool
	h := start(t, func(s *setup) {
		s.hold = func(r *http.Request) bool {
			return holding.Load() && r.Method == http.MethodPost && r.URL.Path == api.Prefix+"/chats/"+chatMaria+"/transfer"
		}
	})
	h.waitFor("Maria Aparecida")
	holding.Store(true)
	h.press("a")
	h.sent("POST", "/chats/"+chatMaria+"/transfer") // Ana's transfer, held
	// Bruno, at another desk, takes it meanwhile, from start to end.
	d := desk.New(h.admin, desk.Options{Destination: "bruno", CacheDir: t.TempDir()})
	ch, err := d.Find(context.Background(), chatMaria)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Take(context.Background(), ch, desk.TakeOptions{For: bruno}); err != nil {
		t.Fatalf("Bruno's take: %v", err)
	}
	holding.Store(false)
	h.releaseHeld()
	h.waitFor(brunoHolder+" took this chat at the same moment,", "first: it is theirs.")
	if !h.holds(chatMaria, bruno) {
		t.Errorf("Maria's chat is not Bruno's, who took it first")
	}
}

// In an open chat, a takes it.
func TestTakeInTheOpenChat(t *testing.T) {
	h := start(t)
	h.waitFor("Maria Aparecida")
	h.press("enter")
	h.waitFor("Bom dia! Vocês entregam em Campinas?")
	h.press("a")
	h.waitFor("✓ The chat with Maria Aparecida Santos is yours.")
	// The chat is read again and shows the take's note; being in the
	// chat, the person has seen it.
	h.waitFor("Ana Souza took the chat.")
	h.press("esc")
	s := h.waitFor("LAST MESSAGE")
	if strings.Contains(s, "●") {
		t.Errorf("the take's note is news:\n%s", s)
	}
}

// A take does not clear news the customer brought before it: the chat
// stays marked until it is opened.
func TestTakeKeepsTheCustomersNews(t *testing.T) {
	h := start(t)
	h.waitFor("Maria Aparecida")
	h.inbound(phoneMaria, sandbox.ChannelMain, "Ainda estou esperando!")
	h.press("R")
	h.waitFor("● Maria Aparecida Santos wrote")
	h.press("end") // Maria wrote last: her chat is last
	h.waitUntil("Maria selected", func(string) bool { return strings.Contains(h.selected(), "Maria Aparecida") })
	h.press("a")
	h.waitFor("✓ The chat with Maria Aparecida Santos is yours.")
	h.sent("GET", "/chats") // the refresh after the take
	h.waitFor("Ana Souza took the chat")
	if !strings.Contains(h.selected(), "● Maria Aparecida") {
		t.Errorf("the take cleared the news of Maria's chat: %q", h.selected())
	}
	h.press("enter")
	h.waitFor("Ainda estou esperando!")
	h.press("esc")
	h.waitUntil("the mark cleared by enter", func(string) bool { return strings.HasPrefix(h.selected(), "›   Maria") })
}

// The ● mark of a chat left with esc stays when the customer writes and
// the list refreshes, refresh after refresh, until the chat is opened
// with enter; at 80 columns and beside the list alike.
func TestNewsStaysUntilTheChatIsOpened(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {160, 45}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			h := start(t, func(s *setup) { s.width, s.heigh = size[0], size[1] })
			h.waitFor("Fernanda Lima")
			h.press("enter")
			h.waitFor("Bom dia! Vocês entregam em Campinas?")
			h.press("esc")
			h.waitFor("LAST MESSAGE")
			h.inbound(phoneMaria, sandbox.ChannelMain, "Alguém me responde?")
			for range 3 {
				h.press("R")
				h.sent("GET", "/chats")
				h.waitFor("Alguém me responde?")
				if !strings.Contains(h.selected(), "● Maria Aparecida") {
					t.Fatalf("the news of the chat left vanished on a refresh: %q\n%s", h.selected(), h.screen())
				}
			}
			h.press("enter")
			h.waitFor("Customer last wrote now")
			h.press("esc")
			h.waitUntil("the mark cleared by enter", func(string) bool { return strings.Contains(h.selected(), "  Maria Aparecida") })
		})
	}
}

// News not opened when the inbox ends stays marked in the next run, until
// the chat is opened; news opened, or that came before the first run, is
// not.
func TestNewsStaysAcrossARestart(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	h.inbound(phoneMaria, sandbox.ChannelMain, "Alguém me responde?")
	h.inbound("5527991903700", sandbox.ChannelWidget, "Vocês têm o 39?")
	h.press("R")
	h.waitFor("waiting 4 ●2")
	h.press("end", "enter") // Fernanda's: opened
	h.waitFor("Vocês têm o 39?")
	left := h.quit().Left(time.Now())
	if _, ok := left.News[chatFernanda]; ok || len(left.News) != 1 {
		t.Errorf("the run left news of %v, want Maria's chat alone", left.News)
	}

	again := start(t, func(s *setup) { s.store, s.dataDir, s.looked = h.store, h.dataDir, left })
	s := again.waitFor("waiting 4 ●1")
	if !strings.Contains(s, "  ● Maria Aparecida") {
		t.Errorf("Maria's news, not opened, lost its mark:\n%s", s)
	}
	again.press("down", "down") // Maria wrote last but one
	again.waitUntil("Maria selected", func(string) bool { return strings.Contains(again.selected(), "Maria Aparecida") })
	again.press("enter", "esc")
	again.waitUntil("the mark cleared by enter", func(string) bool { return strings.HasPrefix(again.selected(), "›   Maria") })
	if left := again.quit().Left(time.Now()); len(left.News) != 0 {
		t.Errorf("the second run left news of %v, want none", left.News)
	}
}

// In the chat, a message that comes is seen: leaving the chat shows no
// mark for it.
func TestNewsSeenInTheChat(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	h.press("enter")
	h.waitFor("Bom dia! Vocês entregam em Campinas?")
	h.inbound(phoneMaria, sandbox.ChannelMain, "Estou aqui.")
	h.press("R")
	h.waitFor("Customer last wrote now") // the chat read again
	h.press("esc")
	h.waitFor("LAST MESSAGE")
	if strings.Contains(h.selected(), "●") {
		t.Errorf("a message read in the chat is news: %q", h.selected())
	}
}

// Started on the mine view without @me, the inbox reads no list and shows
// no count for it (a count of every open chat used to stand beside an
// empty view); the hint says how to set @me.
func TestMineWithoutMeCountsNothing(t *testing.T) {
	h := start(t, func(s *setup) {
		s.me, s.meHint, s.view = 0, "No attendant is set for @me: run `convo config set attendant ID|EMAIL`.", inbox.Mine
	})
	h.waitFor("convo config set attendant ID|EMAIL")
	h.press("R")
	h.press("tab")
	h.waitFor("open 8") // read after R, which read nothing
	if r := h.sent("GET", "/chats"); r.Query != "is_open=true&page=1&per_page=100" {
		t.Errorf("the first request was %s, not the open view's", r)
	}
	h.press("shift+tab")
	s := h.waitFor("convo config set attendant ID|EMAIL")
	if top := strings.Split(s, "\n")[0]; !strings.Contains(top, "  mine ") || strings.Contains(top, "mine 8") {
		t.Errorf("the mine view has a count without @me: %q", top)
	}
}

// A view's count is the number of its rows.
func TestViewCountsAreTheRows(t *testing.T) {
	h := start(t)
	h.waitFor("waiting 4")
	for _, v := range []struct {
		count string
		rows  int
	}{{"mine 1", 1}, {"open 8", 8}, {"all 12", 12}, {"waiting 4", 4}} {
		h.press("tab")
		h.waitUntil(fmt.Sprintf("%s with %d rows", v.count, v.rows), func(s string) bool {
			lines := strings.Split(s, "\n")
			rows := 0
			for _, line := range lines[2 : len(lines)-2] {
				if strings.TrimSpace(line) != "" {
					rows++
				}
			}
			return strings.Contains(lines[0], v.count) && rows == v.rows
		})
	}
}

// R says it refreshes, and stops saying so once the list is read.
func TestRefreshingEnds(t *testing.T) {
	var holding atomic.Bool
	h := start(t, func(s *setup) {
		s.hold = func(r *http.Request) bool { return holding.Load() && r.URL.Path == api.Prefix+"/chats" }
	})
	h.waitFor("Fernanda Lima")
	holding.Store(true)
	h.press("R")
	h.waitFor("Refreshing…")
	h.releaseHeld()
	h.waitGone("Refreshing…")
}

// i shows the contact: phone, tags, custom fields, notes newest first and
// the contact's other chats; enter opens one of them; a note written with
// n shows there at once; esc goes back to the chat.
func TestContactPanel(t *testing.T) {
	h := start(t, func(s *setup) { s.view = inbox.Open })
	h.waitFor("open 8", "João da Silva")
	h.press("/", "joão", "enter")
	h.waitUntil("João selected", func(string) bool { return strings.Contains(h.selected(), "João da Silva") })
	h.press("i")
	s := h.waitFor("João da Silva · +5521979190371", "Tags:", "Other chats (1):", "Notes (2), newest first:", joaoWidget)
	newest := strings.Index(s, "Pediu para avisar quando o modelo azul voltar ao estoque.")
	if newest < 0 {
		t.Fatalf("the newest note is missing:\n%s", s)
	}
	h.press("n")
	h.waitFor("(staff only)")
	h.press("Ligar depois das 18h.", "enter")
	s = h.waitFor("✓ Note saved", "Notes (3), newest first:", "Ligar depois das 18h.")
	if strings.Index(s, "Ligar depois das 18h.") > strings.Index(s, "Pediu para avisar quando") {
		t.Errorf("the new note is not first:\n%s", s)
	}
	h.requests()
	h.press("enter")
	s = h.waitFor("Widget do Site · widget")
	if strings.Contains(s, "Other chats") {
		t.Errorf("the chat opened from the panel shows the panel:\n%s", s)
	}
	h.press("i")
	h.waitFor("Other chats (1):", "Chatapp Atendimento (chatapp)")
	h.press("esc")
	h.waitGone("Other chats")
	h.waitFor("Widget do Site · widget")
}

// A custom field shows in the panel.
func TestContactPanelShowsTheFields(t *testing.T) {
	h := start(t)
	h.waitFor("Maria Aparecida")
	h.press("i")
	s := h.waitFor("Fields:", "cpf: 246.914.578-02", "Tags: Lead quente", "Other chats: none")
	for i, l := range strings.Split(s, "\n") {
		if w := ansi.StringWidth(l); w > 80 {
			t.Errorf("line %d is %d cells wide: %q", i+1, w, l)
		}
	}
}

// esc keeps the reply being written as the chat's draft: the chat's
// header says so, and r brings it back; sending it clears it.
func TestDraftKeptAndSent(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	h.press("end", "r")
	h.waitFor("Reply to Fernanda Lima")
	h.press("Oi Fernanda, vou verificar")
	h.press("esc")
	h.waitFor("Draft kept", "A draft reply is waiting: r goes on with it.")
	h.noneSent("POST")
	h.press("esc", "home", "enter") // another chat
	h.waitFor("Bom dia! Vocês entregam em Campinas?")
	if strings.Contains(h.screen(), "A draft reply is waiting") {
		t.Errorf("Maria's chat shows Fernanda's draft:\n%s", h.screen())
	}
	h.press("esc", "end", "enter")
	h.waitFor("preciso do 39.", "A draft reply is waiting")
	h.press("r")
	h.waitFor("│ Oi Fernanda, vou verificar")
	h.press(" e já volto.", "enter")
	if r := h.sent("POST", "/messages"); r.Body["content"] != "Oi Fernanda, vou verificar e já volto." {
		t.Errorf("sent %v", r.Body)
	}
	h.waitFor("✓ Sent to Fernanda Lima.")
	h.waitGone("A draft reply is waiting")
	h.press("r")
	h.waitFor("Write your reply…")
}

// A draft left by quitting, even with ctrl+c in the composer, is there
// after a restart: r brings it back.
func TestDraftAfterARestart(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	h.press("end", "r")
	h.waitFor("Reply to Fernanda Lima")
	h.press("Amanhã te retorno")
	h.waitFor("│ Amanhã te retorno")
	m := h.quitWith("ctrl+c")
	if err := m.KeepDraft(); err != nil { // as convo inbox does once the program ends
		t.Fatal(err)
	}
	again := start(t, func(s *setup) { s.store, s.dataDir = h.store, h.dataDir })
	again.waitFor("Fernanda Lima")
	again.press("end", "r") // at once: the draft comes with the chat
	again.waitFor("│ Amanhã te retorno")
	again.noneSent("POST")
}

// A reply to a chat nobody has takes it first (take on reply), and says
// so; with take on reply off, nothing but the reply is sent.
func TestReplyTakesTheChat(t *testing.T) {
	for _, take := range []bool{true, false} {
		t.Run(fmt.Sprint("take_on_reply=", take), func(t *testing.T) {
			h := start(t, func(s *setup) { s.takeOnReply = take })
			h.waitFor("Fernanda Lima")
			h.press("end", "r")
			h.waitFor("Reply to Fernanda Lima")
			h.press("Já verifico.", "enter")
			h.sent("POST", "/messages")
			if take {
				h.waitFor("✓ Sent to Fernanda Lima. The chat is yours now: replying took it.") // on one line of 80
			} else {
				h.waitFor("✓ Sent to Fernanda Lima.")
			}
			if got := h.holds(chatFernanda, ana); got != take {
				t.Errorf("Ana has Fernanda's chat: %v, want %v", got, take)
			}
		})
	}
}

// A reply to a chat another attendant has goes out without taking it.
func TestReplyLeavesAnothersChat(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	h.giveTo(chatFernanda, sandbox.ChannelWidget, bruno)
	h.press("end", "r")
	h.waitFor("Reply to Fernanda Lima")
	h.requests()
	h.press("Oi!", "enter")
	h.sent("POST", "/messages")
	h.waitFor("✓ Sent to Fernanda Lima.")
	if !h.holds(chatFernanda, bruno) {
		t.Errorf("the reply took Bruno's chat")
	}
}

// The tag picker takes ↑↓ from the first press, even pressed before the
// tags are read: from the list (the chat is read first) and in the chat.
func TestTagPickerKeysFromTheFirstPress(t *testing.T) {
	for _, inChat := range []bool{false, true} {
		t.Run(fmt.Sprint("in the chat ", inChat), func(t *testing.T) {
			var holding atomic.Bool
			h := start(t, func(s *setup) {
				s.hold = func(r *http.Request) bool { return holding.Load() && r.URL.Path == api.Prefix+"/tags" }
			})
			h.waitFor("Maria Aparecida")
			if inChat {
				h.press("enter")
				h.waitFor("Bom dia! Vocês entregam em Campinas?")
			}
			holding.Store(true)
			h.press("g", "down", "down")
			h.waitFor("Reading the tags…")
			h.releaseHeld()
			chosen := func(s string) string { return selectedIn(s[strings.Index(s, "filter:"):]) }
			s := h.waitFor("Tags of Maria Aparecida Santos", "[ ] ⭐ VIP")
			if got := chosen(s); !strings.Contains(got, "Inadimplente") {
				t.Errorf("two ↓ pressed early select %q, want the third tag:\n%s", got, s)
			}
			h.press("up")
			h.waitUntil("the second tag selected", func(s string) bool { return strings.Contains(chosen(s), "Novo cliente") })
		})
	}
}

// Every footer and status line fits 80 columns, with ? help at its end
// wherever ? shows the help.
func TestFootersFit80Columns(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	check := func(where string, help bool) {
		t.Helper()
		s := h.screen()
		lines := strings.Split(s, "\n")
		for i, l := range lines {
			if w := ansi.StringWidth(l); w > 80 {
				t.Errorf("%s: line %d is %d cells wide: %q", where, i+1, w, l)
			}
		}
		if footer := strings.TrimRight(lines[len(lines)-1], " "); help && !strings.Contains(footer, "? help") {
			t.Errorf("%s: the footer has no ? help: %q", where, footer)
		}
	}
	check("the list", true)
	h.press("enter")
	h.waitFor("Bom dia!")
	check("the chat", true)
	h.press("i")
	h.waitFor("Fields:")
	check("the panel", true)
	h.press("esc", "r")
	h.waitFor("Reply to")
	check("the composer", false)
	h.press("esc", "?")
	h.waitFor("Keys")
	check("the help", false)
}

// What came of an action stays in the status line a moment: a customer's
// message that a refresh finds meanwhile shows as a ● mark, and is said in
// the status line by the first refresh after that moment.
func TestActionStatusStays(t *testing.T) {
	var later atomic.Int64 // how far the inbox's clock is ahead of the wall's
	h := start(t, func(s *setup) {
		s.interval = 20 * time.Millisecond
		s.now = func() time.Time { return time.Now().Add(time.Duration(later.Load())) }
	})
	h.waitFor("Maria Aparecida")
	h.press("a")
	h.waitFor("✓ The chat with Maria Aparecida Santos is yours.")
	h.inbound("5511900000001", sandbox.ChannelMain, "Olá, sou novo aqui")
	s := h.waitFor("waiting 5 ●1")
	if !strings.Contains(s, "✓ The chat with Maria Aparecida Santos is yours.") {
		t.Errorf("the take's status gave way to a customer's message at once:\n%s", s)
	}
	// Then the next refresh says it; news found later is said at once.
	later.Store(int64(6 * time.Second))
	h.waitFor("● +5511900000001 wrote: Olá, sou novo aqui")
	h.inbound("5511900000002", sandbox.ChannelMain, "Boa tarde, alguém aí?")
	h.waitFor("waiting 6 ●2", "● +5511900000002 wrote: Boa tarde, alguém aí?")
}
