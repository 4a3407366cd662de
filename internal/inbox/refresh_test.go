package inbox_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/inbox"
	"github.com/convo-cli/convo/internal/sandbox"
)

// manyChats fills the sandbox up to 250 chats of company 1, of which 60
// wait: more than a page of every paged view, and a queue that one
// request lists.
func manyChats(t *testing.T, st *sandbox.Store) {
	t.Helper()
	if _, _, err := st.AddChats(context.Background(), 250, 60, time.Now()); err != nil {
		t.Fatal(err)
	}
}

// cost presses keys and returns every request they made the inbox send,
// once none is in flight any more. The keys must send one at least.
func (h *harness) cost(keys ...string) []request {
	h.t.Helper()
	h.settled()
	h.requests()
	h.press(keys...)
	h.waitUntil("a request", func(string) bool {
		h.mu.Lock()
		defer h.mu.Unlock()
		return len(h.reqs) > 0
	})
	h.settled()
	return h.requests()
}

// settled waits until the inbox has no request in flight.
func (h *harness) settled() {
	h.t.Helper()
	h.waitUntil("no request in flight", func(string) bool {
		h.mu.Lock()
		defer h.mu.Unlock()
		m, ok := h.model.(inbox.Model)
		return ok && m.Settled()
	})
}

// A refresh with nothing new costs one request in every view, however
// many chats there are: the waiting queue's (what an idle `chats follow`
// poll costs), the one page on screen of the others.
func TestIdleRefreshCostsOneRequest(t *testing.T) {
	h := start(t, func(s *setup) { s.seed = manyChats })
	h.waitFor("waiting 60")
	for _, v := range []struct{ name, query string }{
		{"waiting", "page=1&per_page=100&status=waiting"},
		{"mine", "attendant=1&is_open=true&page=1&per_page=100"},
		{"open", "is_open=true&page=1&per_page=100"},
		{"all", "page=1&per_page=100"},
	} {
		want := fmt.Sprint([]string{"GET /chats?" + v.query})
		for range 3 {
			if got := h.cost("R"); fmt.Sprint(got) != want {
				t.Errorf("an idle refresh of the %s view sent %v, want %s", v.name, got, want)
			}
		}
		h.press("tab")
	}
}

// The refresh that goes by itself costs the same: one request each.
func TestIdleTimerRefreshCostsOneRequest(t *testing.T) {
	h := start(t, func(s *setup) { s.seed, s.interval = manyChats, 10*time.Millisecond })
	h.waitFor("waiting 60")
	h.requests()
	var got []request
	h.waitUntil("five refreshes", func(string) bool {
		got = append(got, h.requests()...)
		return len(got) >= 5
	})
	for _, r := range got {
		if r.String() != "GET /chats?page=1&per_page=100&status=waiting" {
			t.Errorf("the idle refreshes sent %v, want only polls of the queue", got)
			break
		}
	}
}

// A chat read and left stays out of the cost of an idle refresh when it
// is off the screen, though the view no longer lists it (answered, it
// left the queue); shown beside the list, it is kept live for one request
// more.
func TestIdleRefreshAfterAReply(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			h := start(t, func(s *setup) { s.width, s.heigh = size[0], size[1] })
			h.waitFor("waiting 4", "Fernanda Lima")
			h.press("end", "r")
			h.waitFor("Reply to Fernanda Lima")
			h.press("Já verifico.", "enter")
			h.waitFor("waiting 3", "✓ Sent to Fernanda Lima.")
			h.press("esc")
			want := []string{"GET /chats?page=1&per_page=100&status=waiting"}
			if size[0] >= 120 {
				want = append(want, "GET /chats/"+chatFernanda+"/messages?page=1&per_page=100")
			}
			for range 2 {
				if got := h.cost("R"); fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("an idle refresh sent %v, want %v", got, want)
				}
			}
		})
	}
}

// A key that acts on the chat left off the screen reads what the list
// shows it lacks first: the customer's message that came meanwhile is
// above the reply being written.
func TestReplyToTheChatLeftShowsItsNews(t *testing.T) {
	h := start(t)
	h.waitFor("Maria Aparecida")
	h.press("enter")
	h.waitFor("Bom dia! Vocês entregam em Campinas?")
	h.press("esc")
	h.waitFor("LAST MESSAGE")
	h.inbound(phoneMaria, sandbox.ChannelMain, "Ainda estou aguardando o frete.")
	h.press("R")
	h.waitFor("● Maria Aparecida Santos wrote")
	h.press("r")
	h.waitUntil("the message above the reply", func(s string) bool {
		above, _, ok := strings.Cut(s, "Reply to Maria Aparecida Santos")
		return ok && strings.Contains(above, "Ainda estou aguardando o frete.")
	})
}
