package desk

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/sandbox"
)

func TestFindLearnsTheChannelOnceAndViewCostsTwoRequestsWarm(t *testing.T) {
	e := newEnv(t)
	dir := t.TempDir()
	ctx := context.Background()
	waiting := e.chats(sandbox.AdminToken1)[2] // João's neighbour: contact 2, waiting on the main chatapp channel

	cold := e.desk(sandbox.AdminToken1, dir)
	var ch *Chat
	e.cost("cold find of a waiting chat", 3, func() { ch = mustFind(t, cold, waiting.Token) })
	if ch.Channel.Token != sandbox.ChannelMain || ch.Channel.Name != "Chatapp Atendimento" || ch.Channel.Type != "chatapp" ||
		ch.Channel.Status != "connected" {
		t.Errorf("channel = %+v, want the main chatapp channel", ch.Channel)
	}
	if ch.Contact != waiting.Contact || ch.Status != "waiting" || !ch.IsOpen || string(ch.Raw) == "" {
		t.Errorf("chat = %+v, want the listed chat %+v with its JSON", ch.Chat, waiting)
	}
	if _, err := os.Stat(CachePath(dir, cold.dest)); err != nil {
		t.Fatalf("the cache file was not written: %v", err)
	}

	// Another process later: the cache file is all it shares with the first.
	warm := e.desk(sandbox.AdminToken1, dir)
	e.cost("warm find", 1, func() { ch = mustFind(t, warm, waiting.Token) })
	if ch.Channel.Token != sandbox.ChannelMain || ch.Channel.Name != "Chatapp Atendimento" {
		t.Errorf("warm channel = %+v", ch.Channel)
	}
	n := e.cost("warm view", 3, func() {
		ch = mustFind(t, warm, waiting.Token)
		conv, err := warm.Conversation(ctx, ch, 20)
		if err != nil {
			t.Fatal(err)
		}
		if len(conv.Messages) != 2 || conv.Total != 2 || !conv.CustomerKnown || conv.CustomerWrote.IsZero() {
			t.Errorf("conversation = %d of %d messages, customer known %v at %v; want 2 of 2 and the customer's time",
				len(conv.Messages), conv.Total, conv.CustomerKnown, conv.CustomerWrote)
		}
	})
	if n != 2 {
		t.Errorf("warm view of a short chat: %d requests, want 2 (the chat, its messages)", n)
	}
}

func TestFindLooksEverywhereForAClosedChatAndReportsAnUnknownToken(t *testing.T) {
	e := newEnv(t)
	finished := e.chats(sandbox.AdminToken1)[11] // finished, on the disconnected chatapp channel
	d := e.desk(sandbox.AdminToken1, t.TempDir())
	var ch *Chat
	// Four lists (the last one holds it), the channels, then the contact's
	// chats on the first two channels.
	e.cost("cold find of a finished chat", 7, func() { ch = mustFind(t, d, finished.Token) })
	if ch.Channel.Token != sandbox.ChannelSpare || ch.Status != "finished" || ch.IsOpen {
		t.Errorf("found %s %v on %s, want finished and closed on %s", ch.Status, ch.IsOpen, ch.Channel.Token, sandbox.ChannelSpare)
	}

	_, err := d.Find(context.Background(), "0000nochat0000")
	var nf *NotFoundError
	if !errors.As(err, &nf) || err.Error() != "chat 0000nochat0000 not found" {
		t.Errorf("unknown token: %v, want a NotFoundError `chat 0000nochat0000 not found`", err)
	}
	if _, err := d.Find(context.Background(), " "); !isInputError(err) {
		t.Errorf("empty token: %v, want an input error", err)
	}
	// Another company's chat does not exist for this token.
	other := e.chats(sandbox.AdminToken2)[13]
	if _, err := d.Find(context.Background(), other.Token); !errors.As(err, &nf) {
		t.Errorf("another company's chat: %v, want not found", err)
	}
}

func TestCacheIsCorrectedWhenTheChatIsNotWhereItSays(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	dir := t.TempDir()
	chats := e.chats(sandbox.AdminToken1)
	d := e.desk(sandbox.AdminToken1, dir)
	ch := mustFind(t, d, chats[7].Token) // waiting, on the social messenger

	// An API that moves a chat when it is transferred to another channel
	// (the specification allows reading it so) keeps the token.
	e.exec("UPDATE chats SET channel_id = 3 WHERE id = 7")
	e.cost("find after the chat moved", 9, func() { ch = mustFind(t, d, chats[7].Token) })
	if ch.Channel.Token != "unofficial-ch-03" {
		t.Fatalf("after the move: channel %s, want unofficial-ch-03", ch.Channel.Token)
	}
	again := e.desk(sandbox.AdminToken1, dir)
	e.cost("find once corrected", 1, func() { ch = mustFind(t, again, chats[7].Token) })
	if ch.Channel.Token != "unofficial-ch-03" {
		t.Errorf("corrected cache: channel %s, want unofficial-ch-03", ch.Channel.Token)
	}

	// The sandbox's own transfer to another channel opens a new chat and
	// finishes this one where it was: the cache stays right about both.
	res, err := e.api(sandbox.AdminToken1).TransferChat(ctx, ch.Token, api.TransferRequest{Channel: sandbox.ChannelWidget})
	if err != nil {
		t.Fatal(err)
	}
	e.cost("find a chat transferred away", 1, func() { ch = mustFind(t, again, chats[7].Token) })
	if ch.Status != "finished" || ch.Channel.Token != "unofficial-ch-03" {
		t.Errorf("transferred chat: %s on %s, want finished on unofficial-ch-03", ch.Status, ch.Channel.Token)
	}
	moved := mustFind(t, again, res.Data.ChatToken)
	if moved.Channel.Token != sandbox.ChannelWidget || moved.Status != "waiting" {
		t.Errorf("new chat: %s on %s, want waiting on %s", moved.Status, moved.Channel.Token, sandbox.ChannelWidget)
	}

}

func TestFindForgetsADeletedChat(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	d := e.desk(sandbox.AdminToken1, t.TempDir())
	mustFind(t, d, chats[5].Token)
	if _, err := e.api(sandbox.AdminToken1).DeleteContact(ctx, chats[5].Contact.ID); err != nil {
		t.Fatal(err)
	}
	_, err := d.Find(ctx, chats[5].Token)
	var nf *NotFoundError
	if !errors.As(err, &nf) {
		t.Fatalf("deleted chat: %v, want not found", err)
	}
	if _, ok := d.cache.chat(chats[5].Token); ok {
		t.Error("the deleted chat is still in the cache")
	}
}

func TestOpenChatsOfAContact(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	joao := chats[1].Contact // open chats 1 (main chatapp) and 12 (widget); chat 9 is closed
	dir := t.TempDir()
	want := fmt.Sprint([]string{chats[1].Token + "@" + sandbox.ChannelMain, chats[12].Token + "@" + sandbox.ChannelWidget})
	if chats[1].Token > chats[12].Token {
		want = fmt.Sprint([]string{chats[12].Token + "@" + sandbox.ChannelWidget, chats[1].Token + "@" + sandbox.ChannelMain})
	}

	var open []*Chat
	e.cost("cold open chats", 9, func() {
		var err error
		if open, err = e.desk(sandbox.AdminToken1, dir).OpenChats(ctx, joao.Phone); err != nil {
			t.Fatal(err)
		}
	})
	if got := fmt.Sprint(tokens(open)); got != want {
		t.Errorf("open chats = %s, want %s", got, want)
	}
	e.cost("warm open chats", 3, func() {
		var err error
		if open, err = e.desk(sandbox.AdminToken1, dir).OpenChats(ctx, joao.Phone); err != nil {
			t.Fatal(err)
		}
	})
	if got := fmt.Sprint(tokens(open)); got != want {
		t.Errorf("warm open chats = %s, want %s", got, want)
	}

	none, err := e.desk(sandbox.AdminToken1, dir).OpenChats(ctx, chats[3].Contact.Phone) // José: his only chat is finished
	if err != nil || len(none) != 0 {
		t.Errorf("contact without open chats: %v, %v; want none", tokens(none), err)
	}
}
