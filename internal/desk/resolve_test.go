package desk

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/sandbox"
)

func TestResolveATokenOrAContactsOnlyOpenChat(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	chats := e.chats(sandbox.AdminToken1)
	d := e.desk(sandbox.AdminToken1, t.TempDir())
	ref := func(s string) resolve.ChatRef {
		r, err := resolve.ParseChat(s, "", naming.Flags)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}

	// A token is the chat.
	if ch, err := d.Resolve(ctx, ref(chats[2].Token), naming.Flags); err != nil || ch.Token != chats[2].Token || ch.Channel.Token != sandbox.ChannelMain {
		t.Errorf("token: %+v, %v", ch, err)
	}
	// A contact with one open chat (and a finished one elsewhere, had it
	// any) is that chat, by phone or by id.
	for _, r := range []string{chats[4].Contact.Phone, "4"} {
		ch, err := d.Resolve(ctx, ref(r), naming.Flags)
		if err != nil || ch.Token != chats[4].Token || ch.Channel.Token != sandbox.ChannelWidget {
			t.Errorf("contact %s: %+v, %v; want chat %s on the widget", r, ch, err, chats[4].Token)
		}
	}
	// João has two open chats: both are listed, with their channels.
	_, err := d.Resolve(ctx, ref(chats[1].Contact.Phone), naming.Flags)
	want := "the contact with phone 5521979190371 has 2 open chats; give the token of one:\n" +
		"  " + chats[1].Token + "  Chatapp Atendimento (chatapp-main-001) · entrance · last message "
	var in *clierr.InputError
	if !errors.As(err, &in) || !strings.HasPrefix(err.Error(), want) ||
		!strings.Contains(err.Error(), "\n  "+chats[12].Token+"  Widget do Site (site-widget-0007) · entrance · last message ") {
		t.Errorf("two open chats: %v, want an input error starting %q", err, want)
	}
	// José's only chat is finished: he has none open.
	_, err = d.Resolve(ctx, ref(chats[3].Contact.Phone), naming.Flags)
	if !errors.As(err, &in) || err.Error() != "the contact with phone "+chats[3].Contact.Phone+" has no open chat; see `convo chats list --contact "+chats[3].Contact.Phone+"`" {
		t.Errorf("no open chat: %v", err)
	}
	// An unknown token is not found (exit 1), not an input error.
	var nf *NotFoundError
	if _, err := d.Resolve(ctx, ref("ffffffffffffffffffff"), naming.Flags); !errors.As(err, &nf) {
		t.Errorf("unknown token: %v, want not found", err)
	}
}

func TestLatestAndFilteredAfter(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	d := e.desk(sandbox.AdminToken1, "")
	ch := longChat(t, e, d, "5511900000002", 130)
	incoming := api.MessageListParams{Direction: "incoming"}

	var msgs []Message
	var total int
	e.cost("latest 3 of 130", 2, func() {
		var err error
		if msgs, total, err = d.Latest(ctx, ch.Token, api.MessageListParams{}, 3); err != nil {
			t.Fatal(err)
		}
	})
	if contents(msgs) != wantRange(128, 130) || total != 130 {
		t.Errorf("latest 3: %s of %d", contents(msgs), total)
	}
	// A staff note is no incoming message: the filter leaves it out.
	if _, err := e.api(sandbox.AdminToken1).TransferChat(ctx, ch.Token, api.TransferRequest{Channel: sandbox.ChannelMain, Message: "nota"}); err != nil {
		t.Fatal(err)
	}
	e.inbound("5511900000002", sandbox.ChannelMain, "m131")
	if msgs, total, _ = d.Latest(ctx, ch.Token, incoming, 2); contents(msgs) != wantRange(130, 131) || total != 131 {
		t.Errorf("latest 2 incoming: %s of %d, want m130 m131 of 131", contents(msgs), total)
	}
	e.cost("nothing new among the incoming", 1, func() {
		if msgs, total, _ = d.FilteredAfter(ctx, ch.Token, incoming, 131); len(msgs) != 0 || total != 131 {
			t.Errorf("after 131 incoming: %s of %d", contents(msgs), total)
		}
	})
	if msgs, total, _ = d.FilteredAfter(ctx, ch.Token, api.MessageListParams{}, 130); len(msgs) != 2 || msgs[0].Content != "nota" || total != 132 {
		t.Errorf("after 130 of all: %s of %d, want the note and m131 of 132", contents(msgs), total)
	}
	if _, _, err := d.Latest(ctx, ch.Token, incoming, 0); !isInputError(err) {
		t.Errorf("latest 0: %v, want an input error", err)
	}
}
