package desk

import (
	"context"
	"fmt"

	"github.com/convo-cli/convo/internal/api"
)

// Send answers the chat with content (see Reply: the chat's own phone and
// channel; a finished or closed chat is refused before anything is sent)
// and returns the result with the warning of Sent, if any: one request.
func (d *Desk) Send(ctx context.Context, ch *Chat, content api.MessageSend) (*api.SendResult, string, error) {
	body, err := Reply(ch, content)
	if err != nil {
		return nil, "", err
	}
	res, err := d.c.SendMessage(ctx, body)
	if err != nil {
		return nil, "", fmt.Errorf("send to chat %s: %w", ch.Token, err)
	}
	return &res.Data, d.Sent(ch, &res.Data), nil
}

// Answered is a reply sent by Answer.
type Answered struct {
	Result *api.SendResult
	// Warning is Sent's: the message went to another chat than ch.
	Warning string
	// Take is what the reply did about who has the chat.
	Take ReplyTake
}

// Answer replies to the chat with content as Send does and, with take
// (take on reply, the take_on_reply setting), first takes a chat that no
// attendant has for the reply's attendant, content.Attendant (see
// TakeOnReply; none: the chat is left as it is, and Take.Note says how to
// set one). A finished or closed chat is refused before any request.
// Cost: Send's one request, and TakeOnReply's with take.
func (d *Desk) Answer(ctx context.Context, ch *Chat, content api.MessageSend, take bool) (*Answered, error) {
	if _, err := Reply(ch, content); err != nil {
		return nil, err
	}
	var a Answered
	if take {
		var who int64
		if content.Attendant != nil {
			who = *content.Attendant
		}
		var err error
		if a.Take, err = d.TakeOnReply(ctx, ch, who); err != nil {
			return nil, err
		}
	}
	var err error
	if a.Result, a.Warning, err = d.Send(ctx, ch, content); err != nil {
		return nil, err
	}
	return &a, nil
}

// OthersReplied returns the messages of the conversation's chat that came
// after those it holds, the chat's new total, and which of them are
// answers the customer sees that another attendant than me wrote (me 0:
// any attendant's): what a reply about to be sent would collide with. One
// request when nothing is new.
func (d *Desk) OthersReplied(ctx context.Context, conv *Conversation, me int64) (fresh, others []Message, total int, err error) {
	fresh, total, err = d.MessagesAfter(ctx, conv.Chat.Token, conv.Total)
	if err != nil {
		return nil, nil, 0, err
	}
	for _, m := range fresh {
		if m.Direction == "outgoing" && !m.IsNote() && (me == 0 || m.User == nil || m.User.ID != me) {
			others = append(others, m)
		}
	}
	return fresh, others, total, nil
}

// Templates returns the approved templates of the channel with token, the
// ones a template message on it may use: one request per 100 templates.
func (d *Desk) Templates(ctx context.Context, channel string) ([]api.Template, error) {
	p := api.TemplateListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}, Channel: channel, Status: "approved"}
	ts, err := d.c.ListTemplates(p).Follow(true).Collect(ctx)
	if err != nil {
		return nil, fmt.Errorf("list the templates of channel %s: %w", channel, err)
	}
	return ts, nil
}
