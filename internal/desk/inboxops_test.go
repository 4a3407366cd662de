package desk

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/validate"
)

// A long list is read a page at a time; a listed chat is located from its
// contact, never by searching the company's chats, and once located costs
// one request.
func TestChatsPageAndLocate(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	if _, _, err := e.store.AddChats(ctx, 250, 10, time.Now()); err != nil {
		t.Fatal(err)
	}
	d := e.desk(sandbox.AdminToken1, t.TempDir())
	var page Page
	e.cost("a page", 1, func() {
		var err error
		if page, err = d.ChatsPage(ctx, Filter{}, 3); err != nil {
			t.Fatal(err)
		}
	})
	if page.Total != 250 || len(page.Chats) != 50 {
		t.Fatalf("page 3 of 250 chats: %d chats of %d", len(page.Chats), page.Total)
	}
	listed := page.Chats[len(page.Chats)-1]
	if _, known := d.KnownChannel(listed.Token); known {
		t.Errorf("the channel of a chat never located is known")
	}
	var ch *Chat
	e.cost("locate, cold", 1+seedChannels1+1, func() {
		var err error
		if ch, err = d.Locate(ctx, listed); err != nil {
			t.Fatal(err)
		}
	})
	if ch.Token != listed.Token || ch.Channel.Token == "" || len(ch.Raw) == 0 {
		t.Errorf("located %+v", ch)
	}
	e.cost("locate, warm", 1, func() {
		if _, err := d.Locate(ctx, listed); err != nil {
			t.Fatal(err)
		}
	})
	if got, known := d.KnownChannel(listed.Token); !known || got.Token != ch.Channel.Token || got.Name == "" {
		t.Errorf("known channel = %+v, %v; want %+v", got, known, ch.Channel)
	}
}

// seedChannels1 is how many channels company 1's admin may use.
const seedChannels1 = 7

// The check before a reply: what came since the conversation was read
// costs one request, and what of it the writer is told of is the
// customer's messages, another attendant's answers and notes, not mine.
func TestMeanwhile(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	d := e.desk(sandbox.AdminToken1, t.TempDir())
	ch := mustFind(t, d, e.chats(sandbox.AdminToken1)[2].Token) // Maria, on the main channel
	conv, err := d.Conversation(ctx, ch, 20)
	if err != nil {
		t.Fatal(err)
	}
	since := conv.Messages[len(conv.Messages)-1].ID
	e.cost("nothing new", 1, func() {
		fresh, total, err := d.MessagesAfter(ctx, ch.Token, conv.Total)
		if err != nil || len(fresh) != 0 || total != conv.Total || !MeanwhileSince(fresh, since, ana).Empty() {
			t.Errorf("nothing new: %d fresh, total %d (was %d), %v", len(fresh), total, conv.Total, err)
		}
	})
	send := func(token string, attendant int64, text string) {
		t.Helper()
		if _, err := e.api(token).SendMessage(ctx, api.MessageSend{Phone: ch.Contact.Phone, Channel: ch.Channel.Token,
			Type: "text", Content: text, Attendant: &attendant}); err != nil {
			t.Fatal(err)
		}
	}
	send(sandbox.AdminToken1, ana, "mine")
	fresh, _, err := d.MessagesAfter(ctx, ch.Token, conv.Total)
	if w := MeanwhileSince(fresh, since, ana); err != nil || len(fresh) != 1 || !w.Empty() || w.Newest != fresh[0].ID {
		t.Errorf("my own message: %d fresh, %+v, %v; want 1 fresh and nothing to tell", len(fresh), w, err)
	}
	send(sandbox.AgentToken1, bruno, "Bruno's")
	e.inbound(ch.Contact.Phone, ch.Channel.Token, "the customer's")
	him := int64(bruno)
	if _, err := e.api(sandbox.AgentToken1).TransferChat(ctx, ch.Token, api.TransferRequest{Channel: ch.Channel.Token, Attendant: &him, Message: "Bruno's note"}); err != nil {
		t.Fatal(err)
	}
	fresh, total, err := d.MessagesAfter(ctx, ch.Token, conv.Total)
	if err != nil || len(fresh) != 4 || total != conv.Total+4 {
		t.Fatalf("after Bruno and the customer: %d fresh, total %d (was %d), %v", len(fresh), total, conv.Total, err)
	}
	w := MeanwhileSince(fresh, since, ana)
	if len(w.Answers) != 1 || w.Answers[0].Content != "Bruno's" || len(w.Customer) != 1 || w.Customer[0].Content != "the customer's" ||
		len(w.Notes) != 1 || w.Notes[0].Content != "Bruno's note" || w.Newest != fresh[3].ID {
		t.Errorf("after Bruno and the customer: %+v", w)
	}
	// What was told of already is not told again.
	if w := MeanwhileSince(fresh, fresh[2].ID, ana); len(w.Notes) != 1 || len(w.Customer)+len(w.Answers) != 0 {
		t.Errorf("since the customer's message: %+v", w)
	}
	// Without @me, any attendant's answer counts.
	if w := MeanwhileSince(fresh, since, 0); len(w.Answers) != 2 {
		t.Errorf("without me: %d answers, want 2", len(w.Answers))
	}
}

// Send answers the chat on its own phone and channel and refuses a
// finished one before sending.
func TestSend(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	d := e.desk(sandbox.AdminToken1, t.TempDir())
	chats := e.chats(sandbox.AdminToken1)
	open := mustFind(t, d, chats[2].Token)
	e.cost("send", 1, func() {
		res, warning, err := d.Send(ctx, open, api.MessageSend{Type: "text", Content: "Olá"})
		if err != nil || warning != "" || res.Chat.Token != open.Token {
			t.Errorf("send: %+v, %q, %v", res, warning, err)
		}
	})
	finished := mustFind(t, d, chats[3].Token)
	e.cost("refused", 0, func() {
		if _, _, err := d.Send(ctx, finished, api.MessageSend{Type: "text", Content: "Olá"}); !isInputError(err) {
			t.Errorf("a reply to a finished chat: %v, want an input error", err)
		}
	})
}

// ChangeTags applies only what was added and removed to the contact's
// tags as they are now: a tag someone gave meanwhile stays.
func TestChangeTagsKeepsTagsGivenMeanwhile(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	d := e.desk(sandbox.AdminToken1, t.TempDir())
	const maria = 2
	before, err := d.ContactTags(ctx, maria)
	if err != nil {
		t.Fatal(err)
	}
	// Someone else tags her VIP (1) after the inbox read her tags.
	meanwhile := []int64{1}
	for _, tag := range before {
		meanwhile = append(meanwhile, tag.ID)
	}
	if _, err := e.api(sandbox.AdminToken1).UpdateContact(ctx, maria, api.ContactUpdate{Tags: &meanwhile}); err != nil {
		t.Fatal(err)
	}
	var after []api.TagRef
	e.cost("change", 2, func() {
		if after, err = d.ChangeTags(ctx, maria, []int64{5}, []int64{before[0].ID}); err != nil {
			t.Fatal(err)
		}
	})
	ids := make([]int64, len(after))
	for i, tag := range after {
		ids[i] = tag.ID
	}
	slices.Sort(ids)
	if fmt.Sprint(ids) != "[1 5]" {
		t.Errorf("tags after adding 5 and removing %d: %v, want [1 5]", before[0].ID, ids)
	}
	all, err := d.Tags(ctx)
	if err != nil || len(all) != 6 {
		t.Errorf("the company's tags: %d, %v; want 6", len(all), err)
	}
}

// Attendants lists the active users with the channels each may be given
// chats on; Transfer hands a chat over and learns a new chat's channel.
func TestAttendantsAndTransfer(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	d := e.desk(sandbox.AdminToken1, t.TempDir())
	var atts []Attendant
	e.cost("attendants", 1+2, func() { // the list, then each `user` attendant
		var err error
		if atts, err = d.Attendants(ctx); err != nil {
			t.Fatal(err)
		}
	})
	byName := map[string]Attendant{}
	for _, a := range atts {
		byName[a.Name] = a
	}
	if _, ok := byName["Diego Rocha"]; ok || len(atts) != 3 {
		t.Errorf("attendants %v: want the 3 active ones", atts)
	}
	if a := byName["Ana Souza"]; !a.Reaches(sandbox.ChannelSpare) {
		t.Errorf("an admin does not reach every channel")
	}
	if b := byName["Bruno Lima"]; !b.Reaches(sandbox.ChannelMain) || !b.Reaches(sandbox.ChannelWidget) || b.Reaches(sandbox.ChannelSpare) {
		t.Errorf("Bruno reaches %v, want the main channel and the widget only", b.Channels)
	}

	ch := mustFind(t, d, e.chats(sandbox.AdminToken1)[2].Token)
	e.cost("a message too long", 0, func() {
		var rule *validate.Error
		if _, err := d.Transfer(ctx, ch, sandbox.ChannelMain, nil, strings.Repeat("é", 1001)); !errors.As(err, &rule) {
			t.Errorf("a message of 1001 characters: %v, want the rule's error", err)
		}
	})
	res, err := d.Transfer(ctx, ch, sandbox.ChannelWidget, nil, "para o site")
	if err != nil || res.ChatToken == ch.Token {
		t.Fatalf("transfer to another channel: %+v, %v", res, err)
	}
	if got, known := d.KnownChannel(res.ChatToken); !known || got.Token != sandbox.ChannelWidget {
		t.Errorf("the new chat's channel is not learnt: %+v, %v", got, known)
	}
}
