package desk

import (
	"context"
	"fmt"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/naming"
)

// Send answers the chat with content (see Reply: the chat's own phone and
// channel; a finished or closed chat is refused before anything is sent)
// and returns the result with the warning of Sent, if any: one request.
func (d *Desk) Send(ctx context.Context, ch *Chat, content api.MessageSend) (*api.SendResult, string, error) {
	body, err := Reply(ch, content, naming.Flags)
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
	if _, err := Reply(ch, content, naming.Flags); err != nil {
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

// Meanwhile is what came in a chat while a reply to it was being written
// by me, the attendant @me stands for: what the reply would collide with,
// to tell before it goes out. My own messages are not in it.
type Meanwhile struct {
	// Customer are the customer's messages; Answers the answers the
	// customer saw from another attendant than me (me 0: from any
	// attendant); Notes the notes another attendant left (me 0: any).
	Customer, Answers, Notes []Message
	// Newest is the id of the newest message of them all, mine included:
	// what the writer is told of once they are told of it.
	Newest int64
}

// MeanwhileSince is what came among ms (oldest first) after the message
// with id since, as me should be told of it.
func MeanwhileSince(ms []Message, since, me int64) Meanwhile {
	w := Meanwhile{Newest: since}
	for _, m := range ms {
		if m.ID <= since {
			continue
		}
		w.Newest = max(w.Newest, m.ID)
		switch {
		case m.FromCustomer():
			w.Customer = append(w.Customer, m)
		case m.Direction != "outgoing" || me != 0 && m.User != nil && m.User.ID == me:
		case m.IsNote():
			w.Notes = append(w.Notes, m)
		default:
			w.Answers = append(w.Answers, m)
		}
	}
	return w
}

// Empty reports whether nothing came that the writer should be told of.
func (w Meanwhile) Empty() bool {
	return len(w.Customer)+len(w.Answers)+len(w.Notes) == 0
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
