package desk

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/sandbox"
)

func waitingOf(t *testing.T, e *env, attendant int64) []string {
	t.Helper()
	chats, err := e.api(sandbox.AdminToken1).ListChats(api.ChatListParams{Status: "waiting", Attendant: attendant}).Collect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range chats {
		out = append(out, c.Token)
	}
	return out
}

func TestTwoAttendantsTakingOneAfterTheOtherGetTwoChats(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	// Each attendant on a machine of their own: nothing shared but the API.
	anaDesk := e.desk(sandbox.AdminToken1, t.TempDir())
	brunoDesk := e.desk(sandbox.AgentToken1, t.TempDir())

	// Bruno looks first: the longest-waiting chat is nobody's yet.
	peek, err := brunoDesk.Next(ctx, NextOptions{Me: bruno})
	if err != nil || peek.Token != chats[2].Token {
		t.Fatalf("Bruno's next = %v, %v; want chat 2, waiting longest", peek, err)
	}

	var took *Chat
	// The queue, the attendants, the waiting chats of each of the three
	// active ones, the channels, the contact's chats on the channel; then
	// the take: whether Ana has it, the chat's notes, whether either of the
	// other two has it, the transfer, the notes since.
	e.cost("cold next --take", 13, func() {
		if took, err = anaDesk.Next(ctx, NextOptions{Me: ana, Take: true}); err != nil {
			t.Fatal(err)
		}
	})
	if took.Token != chats[2].Token || took.Channel.Token != sandbox.ChannelMain {
		t.Fatalf("Ana took %s on %s, want chat 2 on %s", took.Token, took.Channel.Token, sandbox.ChannelMain)
	}
	if mine := waitingOf(t, e, ana); !slices.Contains(mine, chats[2].Token) {
		t.Errorf("after the take, Ana's waiting chats are %v, want chat 2 among them", mine)
	}
	if after := e.chats(sandbox.AdminToken1)[2]; after.Status != "waiting" || !after.IsOpen {
		t.Errorf("a same-channel take leaves the chat waiting and open; it is %s, open %v", after.Status, after.IsOpen)
	}

	// Bruno's cache still says chat 2 is nobody's: taking asks again.
	took, err = brunoDesk.Next(ctx, NextOptions{Me: bruno, Take: true})
	if err != nil {
		t.Fatal(err)
	}
	if took.Token == chats[2].Token || took.Token != chats[4].Token {
		t.Errorf("Bruno took %s, want chat 4 (his own, next in line), never Ana's chat 2", took.Token)
	}

	// Without taking, the cached owners serve for a while: the queue, the
	// contact's chats on the channel, nothing about the attendants.
	e.cost("next with the owners cached", 2, func() {
		if _, err := brunoDesk.Next(ctx, NextOptions{Me: bruno}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestNextFiltersAndSaysWhenNothingWaits(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	d := e.desk(sandbox.AdminToken1, "")

	ch, err := d.Next(ctx, NextOptions{Me: ana, Channel: sandbox.ChannelWidget})
	if err != nil || ch.Token != chats[10].Token {
		// Chat 4 waits longer but is Bruno's; chat 10 has no message yet.
		t.Errorf("next on the widget = %v, %v; want chat 10", ch, err)
	}
	if _, err := d.Next(ctx, NextOptions{Me: ana, Channel: sandbox.ChannelSpare}); !errors.Is(err, ErrNoneWaiting) {
		t.Errorf("no chat waiting on the channel: %v, want ErrNoneWaiting", err)
	}
	_, err = d.Next(ctx, NextOptions{Me: ana, Tag: 2}) // only chat 4 has the tag, and Bruno has it
	if !errors.Is(err, ErrNoneWaiting) || err.Error() == ErrNoneWaiting.Error() {
		t.Errorf("every waiting chat taken: %v, want ErrNoneWaiting saying they are others'", err)
	}
	ch, err = e.desk(sandbox.AgentToken1, "").Next(ctx, NextOptions{Me: bruno, Tag: 2})
	if err != nil || ch.Token != chats[4].Token {
		t.Errorf("Bruno's own chat is his to take: %v, %v", ch, err)
	}
	if _, err := d.Next(ctx, NextOptions{Take: true}); !isInputError(err) {
		t.Errorf("taking without an attendant id: %v, want an input error", err)
	}
}

// A token the company's attendants share: the attendant may not be given
// chats on every channel, and the next chat is one they can take.
func TestNextPassesOverChatsTheAttendantCannotTake(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	if _, err := e.desk(sandbox.AdminToken1, "").Next(ctx, NextOptions{Me: ana, Take: true}); err != nil {
		t.Fatal(err) // chat 2
	}
	if _, err := e.api(sandbox.AdminToken1).SendMessage(ctx, api.MessageSend{Phone: chats[4].Contact.Phone, Channel: sandbox.ChannelWidget,
		Content: "O frete é grátis acima de R$ 200."}); err != nil {
		t.Fatal(err) // chat 4, Bruno's, answered
	}
	// Chat 7 waits longest now, on a channel Bruno has no access to.
	d := e.desk(sandbox.AdminToken1, "")
	took, err := d.Next(ctx, NextOptions{Me: bruno, Take: true})
	if err != nil || took.Token != chats[10].Token || took.Channel.Token != sandbox.ChannelWidget {
		t.Fatalf("Bruno's next --take = %v, %v; want chat 10 on the widget, passing over chat 7", took, err)
	}
	if mine := waitingOf(t, e, bruno); !slices.Contains(mine, chats[10].Token) {
		t.Errorf("Bruno's waiting chats %v, want chat 10 among them", mine)
	}
	_, err = d.Next(ctx, NextOptions{Me: bruno, Channel: "social-msgr-0005"})
	if !errors.Is(err, ErrNoneWaiting) || !strings.Contains(err.Error(), "it is not among the channels you may take chats on") {
		t.Errorf("Bruno's next on a channel he has no access to: %v", err)
	}

	// A transfer the API refuses (the token lost the channel meanwhile) is
	// passed over too.
	d = e.refusingTransfers(func(r *http.Request) bool { return strings.Contains(r.URL.Path, chats[7].Token) })
	took, err = d.Next(ctx, NextOptions{Me: carla, Take: true})
	if !errors.Is(err, ErrNoneWaiting) || !strings.Contains(err.Error(), "the one waiting chat is on a channel the API does not let you take chats on") {
		t.Errorf("Carla's next --take, her one chat refused: %v, %v; want none waiting, saying why", took, err)
	}
	e.inbound("5511912340000", "unofficial-ch-03", "Olá, ainda estão aí?")
	took, err = d.Next(ctx, NextOptions{Me: carla, Take: true})
	if err != nil || took.Contact.Phone != "5511912340000" {
		t.Errorf("Carla's next --take = %v, %v; want the newer chat, past chat 7", took, err)
	}
}

// A chat taken and handed back keeps its place in the queue, though the
// take's note is now its last message.
func TestAReleasedChatKeepsItsPlace(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	d := e.desk(sandbox.AdminToken1, "")
	ch := mustFind(t, d, chats[2].Token)
	if _, err := d.Take(ctx, ch, TakeOptions{For: ana}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Release(ctx, ch, ReleaseOptions{Me: ana}); err != nil {
		t.Fatal(err)
	}
	next, err := d.Next(ctx, NextOptions{Me: ana})
	if err != nil || next.Token != chats[2].Token {
		t.Errorf("next = %v, %v; want chat 2, whose customer still waits longest", next, err)
	}
}
