package inbox_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/inbox"
	"github.com/convo-cli/convo/internal/sandbox"
)

// The first screen is the waiting queue, longest waiting first, drawn in
// exactly 80×24 cells, and it cost what an idle `chats follow` poll
// costs: one request.
func TestFirstScreenIsTheQueueIn80x24(t *testing.T) {
	h := start(t)
	s := h.waitFor("waiting 4", "Fernanda Lima")
	lines := strings.Split(s, "\n")
	if len(lines) != 24 {
		t.Errorf("the screen has %d lines, want 24:\n%s", len(lines), s)
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > 80 {
			t.Errorf("line %d is %d cells wide: %q", i+1, w, l)
		}
	}
	order := []string{"Maria Aparecida", "Ana Beatriz Souza", "Luís Henrique Costa", "Fernanda Lima"}
	last := -1
	for _, name := range order {
		i := strings.Index(s, name)
		if i < last {
			t.Errorf("%s is out of the longest-waiting-first order:\n%s", name, s)
		}
		last = i
	}
	if !strings.HasPrefix(h.selected(), "›   Maria Aparecida") {
		t.Errorf("the first chat is not selected: %q", h.selected())
	}
	want := []string{"GET /chats?page=1&per_page=100&status=waiting"}
	if got := h.requests(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the first screen sent %v, want %v", got, want)
	}
}

// ↓ j ↑ k move the selection; pgdown, end and home move by a page and to
// the ends.
func TestMoveKeys(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	for _, step := range []struct{ key, want string }{
		{"down", "Ana Beatriz Souza"}, {"j", "Luís Henrique Costa"}, {"up", "Ana Beatriz Souza"},
		{"k", "Maria Aparecida"}, {"k", "Maria Aparecida"}, {"end", "Fernanda Lima"}, {"home", "Maria Aparecida"},
		{"pgdown", "Fernanda Lima"},
	} {
		h.press(step.key)
		h.waitUntil(step.want+" selected after "+step.key, func(string) bool { return strings.Contains(h.selected(), step.want) })
	}
	// Keys that arrive together (fast typing) each count.
	h.press("home")
	h.typeText("jj")
	h.waitUntil("Luís selected after jj", func(string) bool { return strings.Contains(h.selected(), "Luís Henrique Costa") })
}

// enter opens the chat (header with the 24-hour hint, latest messages);
// esc goes back to the list.
func TestEnterOpensTheChatAndEscGoesBack(t *testing.T) {
	h := start(t)
	h.waitFor("Maria Aparecida")
	h.requests()
	h.press("enter")
	s := h.waitFor("Chatapp Atendimento · chatapp · connected", "Bom dia! Vocês entregam em Campinas?")
	if !strings.Contains(s, "24-hour customer-service window") {
		t.Errorf("the header of a chatapp chat the customer left 3 days ago has no 24-hour hint:\n%s", s)
	}
	// Opening a listed chat: its channel (the contact's chats, channel by
	// channel, the cache being cold) and its messages, never a search of
	// the company's chats.
	for _, r := range h.requests() {
		if r.Path == "/chats" && !strings.Contains(r.Query, "contact=") {
			t.Errorf("opening the chat listed chats without its contact: %s", r)
		}
	}
	h.press("esc")
	h.waitFor("Fernanda Lima", "LAST MESSAGE")
	h.waitGone("Bom dia! Vocês entregam")
}

// tab cycles the views: mine lists @me's open chats, open every open chat,
// all every chat, then back to waiting.
func TestTabCyclesTheViews(t *testing.T) {
	h := start(t)
	h.waitFor("waiting 4")
	h.requests()
	h.press("tab")
	h.waitFor("mine 1", "Márcia Rodrigues")
	if r := h.sent("GET", "/chats"); r.Query != "attendant=1&is_open=true&page=1&per_page=100" {
		t.Errorf("the mine view asked %s", r)
	}
	h.press("tab")
	h.waitFor("open 8")
	h.press("tab")
	h.waitFor("all 12", "José Carlos Oliveira", "finished")
	h.press("tab")
	h.waitUntil("the waiting view again", func(s string) bool {
		return strings.Contains(s, "Fernanda Lima") && !strings.Contains(s, "José Carlos")
	})
	h.press("shift+tab")
	h.waitFor("José Carlos Oliveira")
}

// A view chosen while another is being read is read as soon as that
// read ends, not at the next interval.
func TestViewChosenDuringARefresh(t *testing.T) {
	h := start(t, func(s *setup) {
		s.hold = func(r *http.Request) bool { return r.URL.Query().Get("status") == "waiting" }
	})
	h.waitFor("Reading the chats…")
	h.press("tab")
	h.waitFor("mine")
	h.releaseHeld()
	h.waitFor("mine 1", "Márcia Rodrigues")
}

// Without @me the mine view says how to set it.
func TestMineWithoutMe(t *testing.T) {
	h := start(t, func(s *setup) {
		s.me, s.meHint, s.view = 0, "No attendant is set for @me: run `convo config set attendant ID|EMAIL`.", inbox.Mine
	})
	h.waitFor("convo config set attendant ID|EMAIL")
}

// r replies: the text typed, alt+enter a new line, enter sends to the
// chat's own phone and channel as @me; the chat shows the reply.
func TestReplySendsToTheChat(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	h.press("end", "r")
	h.waitFor("Reply to Fernanda Lima")
	h.press("Olá Fernanda, trocamos sim.", "alt+enter", "Traga a nota.", "enter")
	r := h.sent("POST", "/messages")
	want := map[string]any{"phone": "5527991903700", "channel": "site-widget-0007", "type": "text",
		"content": "Olá Fernanda, trocamos sim.\nTraga a nota.", "attendant": float64(ana)}
	for k, v := range want {
		if r.Body[k] != v {
			t.Errorf("the reply's %s = %v, want %v (body %v)", k, r.Body[k], v, r.Body)
		}
	}
	h.waitFor("✓ Sent to Fernanda Lima.", "Ana Souza", "Traga a nota.")
	h.waitGone("Reply to Fernanda")
}

// The reply box takes the lines the screen gives it under the messages: a
// reply of five lines shows whole at 80×24, under a few messages.
func TestReplyBoxShowsItsLines(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	h.press("end", "r")
	h.waitFor("Reply to Fernanda Lima")
	h.press("linha 1", "alt+enter", "linha 2", "alt+enter", "linha 3", "alt+enter", "linha 4", "alt+enter", "linha 5")
	s := h.waitFor("│ linha 5")
	for _, l := range []string{"│ linha 1", "│ linha 2", "│ linha 3", "│ linha 4"} {
		if !strings.Contains(s, l) {
			t.Errorf("the reply box does not show %q:\n%s", l, s)
		}
	}
	if !strings.Contains(s, "preciso do 39.") {
		t.Errorf("the box hides the customer's message:\n%s", s)
	}
}

// esc cancels a reply: nothing is sent.
func TestReplyEscCancels(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	h.press("end", "r")
	h.waitFor("Reply to Fernanda Lima")
	h.press("não vou mandar", "esc")
	h.waitGone("Reply to Fernanda")
	h.press("R")
	h.waitFor("updated")
	h.noneSent("POST")
}

// A chat that another attendant answered after it was opened: the inbox
// says so, shows the answer, and sends only when asked again.
func TestReplyAfterAnotherAttendantAnswered(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	h.press("end", "enter")
	h.waitFor("Widget do Site · widget · connected", "preciso do 39.")
	bruno := h.client(sandbox.AgentToken1, sandbox.NewServer(h.store, sandbox.Options{}))
	brunoID := int64(2)
	if _, err := bruno.SendMessage(context.Background(), api.MessageSend{Phone: "5527991903700", Channel: sandbox.ChannelWidget,
		Type: "text", Content: "Oi Fernanda, aqui é o Bruno.", Attendant: &brunoID}); err != nil {
		t.Fatal(err)
	}
	h.press("r", "Oi, aqui é a Ana.", "enter")
	h.waitFor("Bruno Lima answered", "Oi Fernanda, aqui é o Bruno.")
	h.settled() // what the question started has ended: nothing was sent unasked
	h.noneSent("POST")
	h.press("enter")
	r := h.sent("POST", "/messages")
	if r.Body["content"] != "Oi, aqui é a Ana." {
		t.Errorf("sent %v", r.Body)
	}
	h.waitFor("✓ Sent to Fernanda Lima.")
}

// windowQuestion replies text to Maria, whose customer last wrote days
// ago: enter shows the 24-hour question.
func (h *harness) windowQuestion(text string) {
	h.t.Helper()
	h.waitFor("Maria Aparecida")
	h.press("r")
	h.waitFor("Reply to Maria Aparecida Santos")
	h.press(text, "enter")
	h.waitFor("24-hour customer-service window", "enter: send anyway")
}

// A free-form reply outside the 24-hour window is asked about first.
func TestReplyOutsideTheWindowAsks(t *testing.T) {
	h := start(t)
	h.windowQuestion("Oi Maria!")
	h.noneSent("POST")
	h.press("enter")
	if r := h.sent("POST", "/messages"); r.Body["phone"] != phoneMaria || r.Body["channel"] != sandbox.ChannelMain {
		t.Errorf("sent %v", r.Body)
	}
	h.waitFor("✓ Sent to Maria Aparecida Santos.")
}

// t builds a template message inside the inbox: pick the template (the
// filter narrows the list), fill in each value with the message shown
// filled in so far, send.
func TestTemplateMessage(t *testing.T) {
	h := start(t)
	h.waitFor("Maria Aparecida")
	h.press("t")
	h.waitFor("Template message to Maria Aparecida Santos", "boas_vindas")
	h.press("rastreio")
	h.waitFor("Seu pedido {{numero_pedido}} foi enviado.")
	h.press("enter")
	h.waitFor("Value for the body variable \"numero_pedido\"")
	h.press("4521")
	h.waitFor("Seu pedido 4521 foi enviado.") // the live preview
	h.press("enter")
	h.waitFor("Value for the button 0 URL value")
	h.press("enter") // empty: refused
	h.waitFor("required")
	h.press("4521", "enter")
	h.waitFor("[Rastrear pedido → https://loja.exemplo.com.br/rastreio/4521]", "Ready: enter sends it")
	h.press("enter")
	r := h.sent("POST", "/messages")
	if r.Body["type"] != "template" || r.Body["template"] != float64(3) || r.Body["phone"] != phoneMaria {
		t.Errorf("sent %v", r.Body)
	}
	comps := fmt.Sprint(r.Body["components"])
	for _, want := range []string{"body", "4521", "button", "url"} {
		if !strings.Contains(comps, want) {
			t.Errorf("components %s lack %s", comps, want)
		}
	}
	h.waitFor("✓ Sent to Maria Aparecida Santos.")
}

// n writes a note on the chat's contact.
func TestNoteOnTheContact(t *testing.T) {
	h := start(t)
	h.waitFor("Maria Aparecida")
	h.press("n")
	h.waitFor("Note on Maria Aparecida Santos's contact (staff only)")
	h.press("Prefere entrega à tarde.", "enter")
	r := h.sent("POST", fmt.Sprintf("/contacts/%d/notes", contactMaria))
	if r.Body["content"] != "Prefere entrega à tarde." {
		t.Errorf("sent %v", r.Body)
	}
	h.waitFor("✓ Note saved on Maria Aparecida Santos's contact.")
}

// T transfers: the chat's channel first, then the attendants who may have
// it there (Bruno has the main channel), then an optional message.
func TestTransfer(t *testing.T) {
	h := start(t)
	h.waitFor("Maria Aparecida")
	h.press("T")
	h.waitFor("To which channel?", "Chatapp Atendimento  chatapp · this chat's channel")
	h.press("enter")
	s := h.waitFor("To whom?", "The waiting queue", "Ana Souza (you)", "Bruno Lima")
	if strings.Contains(s, "Diego") {
		t.Errorf("a deactivated attendant is offered:\n%s", s)
	}
	h.press("down", "down", "enter")
	h.waitFor("To: Bruno Lima", "Message for the staff")
	h.press("Cliente do Bruno.", "enter")
	r := h.sent("POST", "/chats/"+chatMaria+"/transfer")
	if r.Body["channel"] != sandbox.ChannelMain || r.Body["attendant"] != float64(bruno) || r.Body["message"] != "Cliente do Bruno." {
		t.Errorf("sent %v", r.Body)
	}
	h.waitFor("✓ Transferred to Bruno Lima on Chatapp Atendimento.")
}

// An attendant without access to a channel is not offered for it.
func TestTransferOffersOnlyAttendantsOfTheChannel(t *testing.T) {
	h := start(t)
	h.waitFor("Maria Aparecida")
	h.press("T")
	h.waitFor("To which channel?")
	h.press("down") // the spare chatapp channel: not one of Bruno's
	h.waitUntil("the spare channel selected", func(s string) bool { return strings.Contains(selectedIn(s), "Chatapp Reserva") })
	h.press("enter")
	s := h.waitFor("To whom?", "Ana Souza (you)")
	if strings.Contains(s, "Bruno Lima") {
		t.Errorf("Bruno is offered for a channel he has no access to:\n%s", s)
	}
	h.press("esc")
	h.waitFor("To which channel?")
	h.press("esc")
	h.waitGone("To which channel?")
	h.noneSent("POST")
}

func selectedIn(s string) string {
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(line, "› ") {
			return line
		}
	}
	return ""
}

// g adds and removes the contact's tags, picked from the company's with a
// filter; a tag given meanwhile by someone else stays.
func TestTags(t *testing.T) {
	h := start(t)
	h.waitFor("Maria Aparecida")
	h.press("g")
	h.waitFor("Tags of Maria Aparecida Santos", "Has: Lead quente", "[x] 🔥 Lead quente", "[ ] ⭐ VIP")
	h.press("vip")
	h.waitUntil("only VIP listed", func(s string) bool { return !strings.Contains(s, "Atacado") && !strings.Contains(s, "[x] 🔥") })
	h.press("enter")
	r := h.sent("PUT", fmt.Sprintf("/contacts/%d", contactMaria))
	if fmt.Sprint(r.Body["tags"]) != "[6 1]" {
		t.Errorf("tags sent %v, want [6 1]", r.Body["tags"])
	}
	h.waitFor("✓ Added tag VIP.", "[x] ⭐ VIP")
	h.press("enter")
	r = h.sent("PUT", fmt.Sprintf("/contacts/%d", contactMaria))
	if fmt.Sprint(r.Body["tags"]) != "[6]" {
		t.Errorf("tags sent %v, want [6]", r.Body["tags"])
	}
	h.waitFor("✓ Removed tag VIP.", "[ ] ⭐ VIP")
	// A change the API refuses says which, and why; the tags stay as
	// they were.
	h.mu.Lock()
	h.refuse = func(r *http.Request) bool { return r.Method == http.MethodPut }
	h.mu.Unlock()
	h.press("enter")
	h.waitFor("add tag VIP: ", "Recusado.", "[ ] ⭐ VIP")
	h.press("esc")
	h.waitGone("Tags of Maria")
}

// / filters the list by name or phone as it is typed; enter keeps the
// filter, esc clears it.
func TestFilter(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	h.press("/", "fern")
	s := h.waitFor("/fern", "1 of 4", "Fernanda Lima")
	if strings.Contains(s, "Maria Aparecida") {
		t.Errorf("the filter kept Maria:\n%s", s)
	}
	h.press("esc")
	h.waitFor("Maria Aparecida", "Fernanda Lima")
	h.press("/", "5531 958", "enter") // a phone, spaced as people write it
	s = h.waitFor("Maria Aparecida")
	if strings.Contains(s, "Fernanda Lima") {
		t.Errorf("the phone filter kept Fernanda:\n%s", s)
	}
	// The filter stays when the view changes; a filter that matches
	// nothing shows nothing.
	h.press("tab")
	h.waitFor("mine 1", "No chat matches the filter")
	h.press("esc")
	h.waitFor("Márcia Rodrigues")
}

// R refreshes now: with nothing new, the one request of an idle follow
// poll; a customer's new message is marked and announced.
func TestRefreshNow(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	if got := h.cost("R"); len(got) != 1 || got[0].String() != "GET /chats?page=1&per_page=100&status=waiting" {
		t.Errorf("an idle refresh sent %v, want the one request of an idle poll", got)
	}
	h.inbound(phoneMaria, sandbox.ChannelMain, "Ainda estou esperando!")
	h.press("R")
	s := h.waitFor("● Maria Aparecida Santos wrote: Ainda estou esperando!")
	if !strings.Contains(s, "› ● Maria Aparecida") {
		t.Errorf("Maria's chat is not marked as news:\n%s", s)
	}
	// Opening it clears the mark.
	h.press("enter", "esc")
	h.waitUntil("the mark cleared", func(s string) bool { return strings.Contains(s, "›   Maria Aparecida") })
}

// The list refreshes itself every interval, and the selection stays on
// its chat when chats come before it.
func TestAutoRefreshKeepsTheSelection(t *testing.T) {
	h := start(t, func(s *setup) { s.interval = 20 * time.Millisecond })
	h.waitFor("Fernanda Lima")
	h.press("end")
	h.waitUntil("Fernanda selected", func(string) bool { return strings.Contains(h.selected(), "Fernanda Lima") })
	// A customer with an older... no: a new customer joins the queue; the
	// queue is longest waiting first, so the new chat goes last and
	// Fernanda stays selected though her row moved.
	h.inbound("5511900000001", sandbox.ChannelMain, "Olá, sou novo aqui")
	h.waitFor("waiting 5", "Olá, sou novo aqui")
	if !strings.Contains(h.selected(), "Fernanda Lima") {
		t.Errorf("the selection moved off Fernanda: %q", h.selected())
	}
	// Maria's chat leaves the queue (answered elsewhere): the rows move up,
	// the selection stays.
	if _, err := h.admin.SendMessage(context.Background(), api.MessageSend{Phone: phoneMaria, Channel: sandbox.ChannelMain, Type: "text", Content: "Respondido."}); err != nil {
		t.Fatal(err)
	}
	h.waitFor("waiting 4")
	if !strings.Contains(h.selected(), "Fernanda Lima") {
		t.Errorf("the selection moved off Fernanda: %q", h.selected())
	}
}

// A failing API leaves the last data on screen, says so, and the inbox
// recovers by itself.
func TestFailingAPIKeepsTheLastData(t *testing.T) {
	h := start(t, func(s *setup) { s.interval = 20 * time.Millisecond })
	h.waitFor("Fernanda Lima")
	h.mu.Lock()
	h.refuse = func(r *http.Request) bool { return r.URL.Path == api.Prefix+"/chats" }
	h.mu.Unlock()
	s := h.waitFor("refresh failed", "retrying in")
	if !strings.Contains(s, "Fernanda Lima") || !strings.Contains(s, "Maria Aparecida") {
		t.Errorf("the list was lost on failure:\n%s", s)
	}
	h.press("down") // still usable
	h.waitUntil("Ana Beatriz selected", func(string) bool { return strings.Contains(h.selected(), "Ana Beatriz") })
	h.mu.Lock()
	h.refuse = nil
	h.mu.Unlock()
	h.press("R")
	h.waitFor("✓ back online")
}

// ? shows the keys; any key goes back.
func TestHelp(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	h.press("?")
	s := h.waitFor("Keys", "alt+enter new line", "filter the list by name or phone")
	for _, k := range []string{"enter", "esc", "tab", "r ", "t ", "n ", "T ", "g ", "/ ", "R ", "? ", "q  ctrl+c"} {
		if !strings.Contains(s, "  "+k) {
			t.Errorf("the help lacks the key %q:\n%s", k, s)
		}
	}
	h.press("x")
	h.waitFor("Fernanda Lima")
}

// q quits.
func TestQuit(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	if m := h.quit(); m.Err() != nil {
		t.Errorf("quit with %v", m.Err())
	}
}

// ctrl+c quits too, even while a reply is being written.
func TestCtrlCQuits(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	h.press("r")
	h.waitFor("Reply to")
	h.press("ctrl+c")
	h.tm.WaitFinished(t)
	h.noneSent("POST")
}

// The all view of a long list reads a page of 100 chats as it is reached.
func TestAllViewReadsPagesAsReached(t *testing.T) {
	h := start(t, func(s *setup) {
		s.view = inbox.All
		s.seed = func(t *testing.T, st *sandbox.Store) {
			if _, _, err := st.AddChats(context.Background(), 250, 10, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
	})
	h.waitFor("all 250")
	if got := fmt.Sprint(h.requests()); got != "[GET /chats?page=1&per_page=100]" {
		t.Errorf("the first screen of the all view sent %s", got)
	}
	h.press("end")
	h.waitUntil("the last chat selected", func(string) bool {
		return strings.Contains(h.selected(), "Chega amanhã") || strings.Contains(h.selected(), "Alguém pode")
	})
	if got := fmt.Sprint(h.requests()); got != "[GET /chats?page=3&per_page=100]" {
		t.Errorf("jumping to the end read %s, want only the last page", got)
	}
	last := h.selected()
	h.press("pgdown", "up")
	h.waitUntil("the chat above selected", func(string) bool { return h.selected() != last })
	h.settled()
	if got := h.requests(); len(got) != 0 {
		t.Errorf("moving within read pages sent %v", got)
	}
	// A refresh reads the pages on screen only.
	h.press("R")
	h.waitFor("updated")
	if got := fmt.Sprint(h.sent("GET", "/chats")); !regexp.MustCompile(`page=3&per_page=100$`).MatchString(got) {
		t.Errorf("the refresh read %s, want the page on screen", got)
	}
}

// Colour follows the setting: none at all without it (reverse video and
// bold are not colours), colours with it.
func TestColour(t *testing.T) {
	colour := regexp.MustCompile(`\x1b\[(3[0-9]|9[0-7])m`)
	h := start(t)
	h.waitFor("Fernanda Lima")
	if colour.MatchString(h.rawScreen()) {
		t.Errorf("colours without colour: %q", h.rawScreen())
	}
	h = start(t, func(s *setup) { s.color = true })
	h.waitFor("Fernanda Lima")
	h.press("R")
	h.waitFor("updated")
	h.press("enter")
	h.waitFor("Bom dia")
	if !colour.MatchString(h.rawScreen()) {
		t.Errorf("no colour with colour on: %q", h.rawScreen())
	}
}

// At 160×45 the list and the chat are side by side, in exactly the
// terminal's size.
func TestWideLayout(t *testing.T) {
	h := start(t, func(s *setup) { s.width, s.heigh = 160, 45 })
	s := h.waitFor("Fernanda Lima", "Select a chat and press enter")
	if strings.Contains(s, "CHANNEL") {
		t.Errorf("a channel column with no channel known:\n%s", s)
	}
	h.press("enter")
	s = h.waitFor("Maria Aparecida Santos · +5531958380742", "│", "CHANNEL", "Chatapp Ate…")
	lines := strings.Split(s, "\n")
	if len(lines) != 45 {
		t.Errorf("%d lines, want 45", len(lines))
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > 160 {
			t.Errorf("line %d is %d cells wide", i+1, w)
		}
	}
	if !strings.Contains(s, "Fernanda Lima") {
		t.Errorf("the list is not beside the chat:\n%s", s)
	}
}

// A terminal smaller than any layout is meant for still gets a screen of
// exactly its size, and the keys still work.
func TestTinyTerminal(t *testing.T) {
	h := start(t, func(s *setup) { s.width, s.heigh = 30, 8 })
	h.waitFor("Maria Apa")
	h.press("enter")
	h.waitFor("Maria Aparecida Santos")
	h.press("r")
	s := h.waitFor("Reply to")
	lines := strings.Split(s, "\n")
	if len(lines) != 8 {
		t.Errorf("%d lines, want 8:\n%s", len(lines), s)
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > 30 {
			t.Errorf("line %d is %d cells wide: %q", i+1, w, l)
		}
	}
	h.press("esc", "esc", "?")
	h.waitFor("Keys")
}

// A token that may not list the attendants can still put a chat back in
// the queue.
func TestTransferWhenAttendantsCannotBeListed(t *testing.T) {
	h := start(t)
	h.waitFor("Maria Aparecida")
	h.mu.Lock()
	h.refuse = func(r *http.Request) bool { return r.URL.Path == api.Prefix+"/users" }
	h.refuseStatus = http.StatusForbidden
	h.mu.Unlock()
	h.press("T")
	h.waitFor("To which channel?")
	h.press("enter")
	s := h.waitFor("your token may not list the attendants", "The waiting queue")
	if strings.Contains(s, "Ana Souza") {
		t.Errorf("attendants offered that could not be listed:\n%s", s)
	}
	h.press("enter", "enter")
	if r := h.sent("POST", "/chats/"+chatMaria+"/transfer"); r.Body["attendant"] != nil {
		t.Errorf("sent %v, want no attendant", r.Body)
	}
	h.waitFor("✓ Transferred to the waiting queue of Chatapp Atendimento.")
}
