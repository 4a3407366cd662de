package desk

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/sandbox"
)

func TestReplyGoesToTheChatsOwnPhoneAndChannel(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	d := e.desk(sandbox.AdminToken1, t.TempDir())
	ch := mustFind(t, d, chats[4].Token) // waiting on the widget
	me := int64(ana)
	body, err := Reply(ch, api.MessageSend{Type: "text", Content: "Olá! O frete é grátis.", Attendant: &me}, naming.Flags)
	if err != nil {
		t.Fatal(err)
	}
	if body.Phone != chats[4].Contact.Phone || body.Channel != sandbox.ChannelWidget || body.Content != "Olá! O frete é grátis." ||
		body.Type != "text" || body.Attendant == nil || *body.Attendant != ana {
		t.Errorf("reply body = %+v, want the content to %s on %s", body, chats[4].Contact.Phone, sandbox.ChannelWidget)
	}
	res, err := e.api(sandbox.AdminToken1).SendMessage(ctx, body)
	if err != nil {
		t.Fatal(err)
	}
	if res.Data.Chat.Token != ch.Token {
		t.Errorf("the reply went to chat %s, want %s", res.Data.Chat.Token, ch.Token)
	}
	if w := d.Sent(ch, &res.Data); w != "" {
		t.Errorf("a reply to the chat itself warns: %q", w)
	}
}

func TestReplyRefusesAChatItWouldNotReach(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	dir := t.TempDir()
	d := e.desk(sandbox.AdminToken1, dir)
	for _, tc := range []struct {
		id   int64
		want string
	}{
		{3, "is finished"}, // finished and closed
		{9, "is closed"},   // answered, then closed
	} {
		ch := mustFind(t, d, chats[tc.id].Token)
		_, err := Reply(ch, api.MessageSend{Content: "Oi"}, naming.Flags)
		if !isInputError(err) {
			t.Fatalf("chat %d: %v, want an input error", tc.id, err)
		}
		for _, w := range []string{ch.Token + " " + tc.want, "a reply would open a new chat",
			"convo messages send --phone " + ch.Contact.Phone + " --channel " + ch.Channel.Token} {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("chat %d: %q does not say %q", tc.id, err, w)
			}
		}
	}

	// What the refusal prevents: sent anyway, the message opens another chat.
	ch := mustFind(t, d, chats[9].Token)
	res, err := e.api(sandbox.AdminToken1).SendMessage(ctx, api.MessageSend{Phone: ch.Contact.Phone, Channel: ch.Channel.Token, Content: "Oi"})
	if err != nil {
		t.Fatal(err)
	}
	w := d.Sent(ch, &res.Data)
	if !strings.Contains(w, "went to chat "+res.Data.Chat.Token+", not to chat "+ch.Token) {
		t.Errorf("warning = %q, want it to name both chats", w)
	}
	e.cost("find the chat the message went to", 1, func() {
		if other := mustFind(t, e.desk(sandbox.AdminToken1, dir), res.Data.Chat.Token); other.Channel.Token != ch.Channel.Token {
			t.Errorf("the other chat is on %s, want %s", other.Channel.Token, ch.Channel.Token)
		}
	})
}

func TestOutsideWindowOnlyOnChatappAfter24Hours(t *testing.T) {
	now := time.Date(2026, 5, 17, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		typ   string
		wrote time.Time
		want  bool
	}{
		{"chatapp", now.Add(-23 * time.Hour), false},
		{"chatapp", now.Add(-24 * time.Hour), false},
		{"chatapp", now.Add(-24*time.Hour - time.Second), true},
		{"chatapp", time.Time{}, true},
		{"chatapp_unofficial", now.Add(-72 * time.Hour), false},
		{"widget", time.Time{}, false},
	} {
		ch := &Chat{Channel: api.Channel{Type: tc.typ}}
		if got := OutsideWindow(ch, tc.wrote, now); got != tc.want {
			t.Errorf("OutsideWindow(%s, wrote %v before) = %v, want %v", tc.typ, now.Sub(tc.wrote), got, tc.want)
		}
	}
}
