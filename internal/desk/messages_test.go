package desk

import (
	"context"
	"fmt"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/sandbox"
)

// longChat makes a chat of n customer messages "m1"…"mn" and returns it found.
func longChat(t *testing.T, e *env, d *Desk, phone string, n int) *Chat {
	t.Helper()
	var token string
	for i := 1; i <= n; i++ {
		e.inbound(phone, sandbox.ChannelMain, fmt.Sprintf("m%d", i))
	}
	for _, c := range e.chats(sandbox.AdminToken1) {
		if c.Contact.Phone == phone {
			token = c.Token
		}
	}
	return mustFind(t, d, token)
}

func contents(msgs []Message) string {
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = m.Content
	}
	return fmt.Sprint(out)
}

func wantRange(from, to int) string {
	var out []string
	for i := from; i <= to; i++ {
		out = append(out, fmt.Sprintf("m%d", i))
	}
	return fmt.Sprint(out)
}

func TestConversationReadsTheLatestMessagesOfALongChat(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	dir := t.TempDir()
	ch := longChat(t, e, e.desk(sandbox.AdminToken1, dir), "5511900000001", 150)
	d := e.desk(sandbox.AdminToken1, dir)

	for _, tc := range []struct{ n, cost int }{
		{20, 2}, {50, 2}, {60, 2}, {1, 2}, {120, 2}, {150, 2}, {400, 2},
	} {
		var conv *Conversation
		e.cost(fmt.Sprintf("latest %d of 150", tc.n), tc.cost, func() {
			var err error
			if conv, err = d.Conversation(ctx, ch, tc.n); err != nil {
				t.Fatal(err)
			}
		})
		want := wantRange(max(151-tc.n, 1), 150)
		if got := contents(conv.Messages); got != want || conv.Total != 150 {
			t.Errorf("latest %d: %s of %d, want %s of 150", tc.n, got, conv.Total, want)
		}
		if !conv.CustomerKnown || !conv.CustomerWrote.Equal(conv.Messages[len(conv.Messages)-1].CreatedAt.Time) {
			t.Errorf("latest %d: customer wrote %v (known %v), want the last message's time", tc.n, conv.CustomerWrote, conv.CustomerKnown)
		}
	}
	n := e.cost("warm view of a long chat", 3, func() {
		conv, err := d.Conversation(ctx, mustFind(t, d, ch.Token), 20)
		if err != nil || len(conv.Messages) != 20 {
			t.Fatalf("view: %v", err)
		}
	})
	if n != 3 {
		t.Errorf("warm view of a chat of 150 messages: %d requests, want 3", n)
	}
	if _, err := d.Conversation(ctx, ch, 0); !isInputError(err) {
		t.Errorf("0 messages: %v, want an input error", err)
	}
}

func TestConversationFindsTheCustomerBeyondTheLatestMessages(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	d := e.desk(sandbox.AdminToken1, t.TempDir())
	first := e.inbound("5511900000002", sandbox.ChannelMain, "Olá?")
	c := e.api(sandbox.AdminToken1)
	reply := func(from, to int) {
		for i := from; i <= to; i++ {
			if _, err := c.SendMessage(ctx, api.MessageSend{Phone: "5511900000002", Channel: sandbox.ChannelMain, Content: fmt.Sprintf("r%d", i)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	reply(1, 120)
	var ch *Chat
	for _, l := range e.chats(sandbox.AdminToken1) {
		if l.Contact.Phone == "5511900000002" {
			ch = mustFind(t, d, l.Token)
		}
	}
	view := func(what string, cost int) {
		t.Helper()
		var conv *Conversation
		if n := e.cost(what, cost, func() {
			var err error
			if conv, err = d.Conversation(ctx, ch, 20); err != nil {
				t.Fatal(err)
			}
		}); n != cost {
			t.Errorf("%s: %d requests, want %d", what, n, cost)
		}
		if !conv.CustomerKnown || !conv.CustomerWrote.Equal(first.CreatedAt.Time) {
			t.Errorf("%s: customer wrote %v (known %v), want %v", what, conv.CustomerWrote, conv.CustomerKnown, first.CreatedAt)
		}
	}
	// 121 messages: the first 100 and the latest page join, and the
	// customer's message is among them.
	view("a chatapp chat whose customer wrote first of 121", 2)
	// 251: the first 100, the latest page, then the customer's own messages.
	reply(121, 250)
	view("a chatapp chat whose customer wrote before the latest 200", 3)
	got, err := d.CustomerLastWrote(ctx, ch.Token)
	if err != nil || !got.Equal(first.CreatedAt.Time) {
		t.Errorf("CustomerLastWrote = %v, %v; want %v", got, err, first.CreatedAt)
	}

	// A chat the customer never wrote in.
	if _, err := c.SendMessage(ctx, api.MessageSend{Phone: "5511900000003", Channel: sandbox.ChannelMain, Content: "Promoção!"}); err != nil {
		t.Fatal(err)
	}
	for _, l := range e.chats(sandbox.AdminToken1) {
		if l.Contact.Phone == "5511900000003" {
			ch = mustFind(t, d, l.Token)
		}
	}
	conv, err := d.Conversation(ctx, ch, 20)
	if err != nil {
		t.Fatal(err)
	}
	if !conv.CustomerKnown || !conv.CustomerWrote.IsZero() {
		t.Errorf("customer who never wrote: %v (known %v), want zero and known", conv.CustomerWrote, conv.CustomerKnown)
	}
}

func TestMessagesAfterCostsOneRequestWhenNothingIsNew(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	d := e.desk(sandbox.AdminToken1, t.TempDir())
	ch := longChat(t, e, d, "5511900000004", 105)
	conv, err := d.Conversation(ctx, ch, 5)
	if err != nil {
		t.Fatal(err)
	}
	var after []Message
	total := conv.Total
	e.cost("idle follow of a chat", 1, func() {
		if after, total, err = d.MessagesAfter(ctx, ch.Token, total); err != nil || len(after) != 0 || total != 105 {
			t.Errorf("nothing new: %s, total %d, %v", contents(after), total, err)
		}
	})
	for i := 106; i <= 203; i++ {
		e.inbound("5511900000004", sandbox.ChannelMain, fmt.Sprintf("m%d", i))
	}
	e.cost("98 new messages across two pages", 2, func() {
		if after, total, err = d.MessagesAfter(ctx, ch.Token, total); err != nil {
			t.Fatal(err)
		}
	})
	if got, want := contents(after), wantRange(106, 203); got != want || total != 203 {
		t.Errorf("new messages: %s (total %d), want %s (203)", got, total, want)
	}
}

func TestCoverHoldsTheRangeInTheFewestPages(t *testing.T) {
	for to := 1; to <= 20000; to++ {
		for _, n := range []int{1, 7, 20, 33, 50, 51, 80, 100, 101, 250} {
			from := max(to-n, 0)
			per, first, last := cover(from, to)
			if per < 1 || per > api.MaxPerPage || (first-1)*per > from || last*per < to {
				t.Fatalf("cover(%d, %d) = %d per page, pages %d-%d: does not hold the range", from, to, per, first, last)
			}
			if to-from <= 50 && first != last {
				t.Fatalf("cover(%d, %d) = %d per page, pages %d-%d: want one page for %d messages", from, to, per, first, last, to-from)
			}
			if pages := last - first + 1; pages > (to-from+api.MaxPerPage-1)/api.MaxPerPage+1 {
				t.Fatalf("cover(%d, %d): %d pages", from, to, pages)
			}
		}
	}
}
