package desk

import (
	"context"
	"fmt"
	"time"

	"github.com/dustin/go-humanize"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/naming"
)

// ChatappType is the channel type of the official messaging-app API, whose
// 24-hour customer-service window the desk hints at.
const ChatappType = "chatapp"

// Window is the messaging app's customer-service window: outside it, after
// the customer's latest message, only template messages are delivered. The
// API specification does not state this rule and the sandbox does not
// enforce it, so the desk only hints at it.
const Window = 24 * time.Hour

// WindowHint is the hint shown when a free-form message would fall outside
// the window; the commands add how to send a template.
const WindowHint = "outside the messaging app's 24-hour customer-service window, only template messages are delivered"

// OutsideWindow reports whether a free-form message to the chat falls outside
// the 24-hour window: the chat is on a chatapp channel and its customer last
// wrote (customerWrote; zero: never) more than 24 hours before now.
func OutsideWindow(ch *Chat, customerWrote, now time.Time) bool {
	return ch.Channel.Type == ChatappType && (customerWrote.IsZero() || now.Sub(customerWrote) > Window)
}

// WindowState is where a free-form message to a chat stands with the
// window: when its customer last wrote (zero: never) and whether the
// message falls outside it.
type WindowState struct {
	CustomerWrote time.Time
	Outside       bool
}

// Window tells whether a free-form message to ch sent now falls outside
// the 24-hour window. Off a chatapp channel it asks nothing and never is;
// on one it costs CustomerLastWrote's one or two requests.
func (d *Desk) Window(ctx context.Context, ch *Chat) (WindowState, error) {
	if ch.Channel.Type != ChatappType {
		return WindowState{}, nil
	}
	wrote, err := d.CustomerLastWrote(ctx, ch.Token)
	if err != nil {
		return WindowState{}, err
	}
	return WindowState{CustomerWrote: wrote, Outside: OutsideWindow(ch, wrote, d.now())}, nil
}

// Why says when the customer last wrote, for the hint of a message
// outside the window: "The customer last wrote 2 days ago".
func (w WindowState) Why(now time.Time) string {
	if w.CustomerWrote.IsZero() {
		return "The customer has not written in this chat"
	}
	return "The customer last wrote " + humanize.RelTime(w.CustomerWrote, now, "ago", "from now")
}

// Reply returns the body of POST /messages that answers the chat: content
// (type, text, media, template, attendant: built by the caller) sent to the
// chat's own contact phone and channel. A finished or closed chat is refused
// before anything is sent, as an input error: the API would open a new chat
// with the contact rather than answer this one; n names how to write to
// the contact instead.
func Reply(ch *Chat, content api.MessageSend, n naming.Names) (api.MessageSend, error) {
	if ch.Status == "finished" || !ch.IsOpen {
		state := "closed"
		if ch.Status == "finished" {
			state = "finished"
		}
		msg := fmt.Sprintf("chat %s is %s: a reply would open a new chat with %s", ch.Token, state, ContactLabel(ch.Contact.Name, ch.Contact.Phone))
		if send := n.See(fmt.Sprintf("convo messages send --phone %s --channel %s …", ch.Contact.Phone, ch.Channel.Token)); send != "" {
			msg += "\nTo write to the contact anyway: " + send
		}
		return api.MessageSend{}, clierr.InputErrorf("%s", msg)
	}
	content.Phone, content.Channel = ch.Contact.Phone, ch.Channel.Token
	return content, nil
}

// Sent takes note of the result of a reply to ch and returns a warning when
// the message went to another chat than ch (which the cache then knows, on
// the same channel); empty otherwise.
func (d *Desk) Sent(ch *Chat, res *api.SendResult) string {
	if res.Chat.Token == "" || res.Chat.Token == ch.Token {
		return ""
	}
	other := ch.Chat
	other.Token = res.Chat.Token
	d.cache.learn(other, ch.Channel.Token, d.now())
	d.cache.save()
	return fmt.Sprintf("the message went to chat %s, not to chat %s (the API opened or chose another chat with %s on %s)",
		res.Chat.Token, ch.Token, ContactLabel(ch.Contact.Name, ch.Contact.Phone), ChannelLabel(ch.Channel))
}

// ContactLabel names a contact in one line: "Maria Souza (+5511987654321)",
// or the phone when it has no name.
func ContactLabel(name, phone string) string {
	if name == "" {
		return "+" + phone
	}
	return fmt.Sprintf("%s (+%s)", name, phone)
}

// ChannelLabel names a channel in one line: "Chatapp Atendimento
// (chatapp-main-001)", or the token when it has no name.
func ChannelLabel(ch api.Channel) string {
	if ch.Name == "" {
		return ch.Token
	}
	return fmt.Sprintf("%s (%s)", ch.Name, ch.Token)
}
