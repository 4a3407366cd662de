package inbox_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/sandbox"
)

const phoneFernanda = "5527991903700"

// often refreshes the inbox every few milliseconds: what a customer writes
// while a reply is being written shows before the test sends it.
func often(s *setup) { s.interval = 20 * time.Millisecond }

// messagesSent waits until the inbox has settled and returns the messages
// it sent to customers (POST /messages) since the last look.
func (h *harness) messagesSent() []request {
	h.t.Helper()
	h.settled()
	var out []request
	for _, r := range h.requests() {
		if r.Method == "POST" && r.Path == "/messages" {
			out = append(out, r)
		}
	}
	return out
}

// asks presses enter and waits for the question that says texts: nothing
// goes out before it is answered.
func (h *harness) asks(texts ...string) string {
	h.t.Helper()
	h.press("enter")
	s := h.waitFor(append(texts, "send yours anyway")...)
	if sent := h.messagesSent(); len(sent) != 0 {
		h.t.Fatalf("the message went out before the question was answered: %v", sent)
	}
	return s
}

// sentOnce waits for status and checks that one message went out since
// the last look, with field's value want.
func (h *harness) sentOnce(status, field string, want any) {
	h.t.Helper()
	h.waitFor(status)
	if sent := h.messagesSent(); len(sent) != 1 || sent[0].Body[field] != want {
		h.t.Errorf("sent %v, want one message with %s %v", sent, field, want)
	}
}

// writeToFernanda opens a reply to Fernanda, the last chat waiting, and
// types text in it.
func (h *harness) writeToFernanda(text string) {
	h.t.Helper()
	h.waitFor("Fernanda Lima")
	h.press("end", "r")
	h.waitFor("Reply to Fernanda Lima")
	h.press(text)
	h.waitFor("│ " + text)
}

// above reports whether the screen shows text in a line above the line
// holding mark: in the chat, over the reply box.
func above(screen, text, mark string) bool {
	i, j := strings.Index(screen, text), strings.Index(screen, mark)
	return i >= 0 && j >= 0 && i < j
}

// A customer who writes while the reply is being written: the message
// shows in the chat above the reply, and a line of the reply box says so;
// enter asks before sending, esc goes back to the text as it was, and the
// next enter sends it once, without asking again.
func TestReplyToldOfTheCustomersNewMessage(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			h := start(t, often, func(s *setup) { s.width, s.heigh = size[0], size[1] })
			h.writeToFernanda("Trocamos sim.")
			h.inbound(phoneFernanda, sandbox.ChannelWidget, "Ah, e o 40 também serve?")
			s := h.waitFor("● Fernanda Lima wrote 1 new message since you began: “Ah, e o 40 também", "│ Trocamos sim.")
			if !above(s, "Ah, e o 40 também serve?", "Reply to Fernanda Lima") {
				t.Errorf("the customer's new message does not show in the chat above the reply:\n%s", s)
			}
			h.asks("Fernanda Lima wrote 1 new message since you began", "esc: back to yours")
			h.press("esc")
			s = h.waitGone("enter: send yours anyway")
			if !strings.Contains(s, "│ Trocamos sim.") || strings.Contains(s, "since you began") {
				t.Errorf("esc should give back the text as it was, the news told:\n%s", s)
			}
			h.press(" O 40 também.", "enter")
			h.sentOnce("✓ Sent to Fernanda Lima.", "content", "Trocamos sim. O 40 também.")
		})
	}
}

// A customer's message that no refresh showed yet is found by the check
// before the send: the inbox shows it and asks; enter sends the reply as
// written, once.
func TestReplyAsksWhenTheCustomerWroteUnseen(t *testing.T) {
	h := start(t) // no refresh while the reply is written
	h.writeToFernanda("Trocamos sim.")
	h.inbound(phoneFernanda, sandbox.ChannelWidget, "Ainda tem o 39?")
	s := h.asks("Fernanda Lima wrote 1 new message since you began: “Ainda tem o 39?”")
	if !above(s, "Ainda tem o 39?", "Reply to Fernanda Lima") {
		t.Errorf("the chat does not show the customer's message above the reply:\n%s", s)
	}
	h.press("enter")
	h.sentOnce("✓ Sent to Fernanda Lima.", "content", "Trocamos sim.")
}

// Another attendant's note and answer while the reply is being written
// are told with their names, and asked about once.
func TestReplyToldOfAnotherAttendant(t *testing.T) {
	h := start(t, often)
	h.writeToFernanda("Oi, aqui é a Ana.")
	other := h.client(sandbox.AgentToken1, sandbox.NewServer(h.store, sandbox.Options{}))
	if _, err := other.TransferChat(context.Background(), chatFernanda, api.TransferRequest{Channel: sandbox.ChannelWidget, Message: "Cliente VIP: frete grátis."}); err != nil {
		t.Fatal(err)
	}
	h.waitFor("● Bruno Lima left a note since you began: “Cliente VIP: frete", "│ Oi, aqui é a Ana.")
	brunoID := int64(bruno)
	if _, err := other.SendMessage(context.Background(), api.MessageSend{Phone: phoneFernanda, Channel: sandbox.ChannelWidget,
		Type: "text", Content: "Oi Fernanda, aqui é o Bruno.", Attendant: &brunoID}); err != nil {
		t.Fatal(err)
	}
	h.waitFor("● Bruno Lima answered and left a note since you began: “Oi Fernanda,", "Bruno.”")
	h.asks("Bruno Lima answered and left a note since you began")
	h.press("enter")
	h.sentOnce("Sent to Fernanda Lima.", "content", "Oi, aqui é a Ana.")
}

// A template message being filled in is told of the customer's message
// too, and asks before it goes out; esc goes back to it, and enter then
// sends it once.
func TestTemplateAsksWhenTheCustomerWrote(t *testing.T) {
	h := start(t)
	h.waitFor("Maria Aparecida")
	h.press("t", "rastreio", "enter", "4521", "enter", "4521", "enter") // typed ahead of the list
	h.waitFor("Ready: enter sends it")
	h.inbound(phoneMaria, sandbox.ChannelMain, "Já chegou, obrigada!")
	h.asks("Maria Aparecida Santos wrote 1 new message since you began: “Já")
	h.press("esc")
	h.waitFor("Ready: enter sends it")
	if sent := h.messagesSent(); len(sent) != 0 {
		t.Fatalf("esc sent the template: %v", sent)
	}
	h.press("enter") // told already: no question
	h.sentOnce("✓ Sent to Maria Aparecida Santos.", "type", "template")
}

// A customer who writes while the 24-hour question is on screen is asked
// about when it is answered: the chat is checked again, and the reply
// waits for the next question's answer. The customer having written, the
// window is open again: the reply goes without the 24-hour question.
func TestWindowQuestionThenTheCustomerWrote(t *testing.T) {
	h := start(t)
	h.windowQuestion("Oi Maria!")
	h.inbound(phoneMaria, sandbox.ChannelMain, "Oi, ainda estão aí?")
	h.asks("Maria Aparecida Santos wrote 1 new message since you began: “Oi, ainda")
	h.press("enter")
	h.sentOnce("✓ Sent to Maria Aparecida Santos.", "content", "Oi Maria!")
}

// A customer who writes while the 24-hour question is on screen: once a
// refresh shows the message, the question on screen is about it, and
// neither it nor the status line speaks of the window it opened again;
// enter sends once.
func TestWindowQuestionGivesWayToTheCustomersMessage(t *testing.T) {
	h := start(t, often)
	h.windowQuestion("Oi Maria!")
	h.inbound(phoneMaria, sandbox.ChannelMain, "Oi, ainda estão aí?")
	// The warning that the window was closed goes with the question.
	if s := h.waitFor("Maria Aparecida Santos wrote 1 new message since you began: “Oi, ainda", "esc: back to yours"); strings.Contains(s, "24-hour") {
		t.Errorf("the window, open again, is still spoken of:\n%s", s)
	}
	// Nothing is sent while a question is on screen: no request to send
	// can be in flight, so the requests made are all there is.
	for _, r := range h.requests() {
		if r.Method == "POST" && r.Path == "/messages" {
			t.Fatalf("sent before the question was answered: %v", r)
		}
	}
	h.press("enter")
	h.sentOnce("✓ Sent to Maria Aparecida Santos.", "content", "Oi Maria!")
}
