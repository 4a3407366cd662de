package broadcast

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/convo-cli/convo/internal/api"
)

// Sought is a message that a send in doubt may have left: one that its
// request reached the server with, and whose answer never came.
type Sought struct {
	// Phone and Channel are where the message went.
	Phone, Channel string
	// Type is the message's type (template, text).
	Type string
	// Since is when the first attempt at it was made, by the server's clock
	// (api.ServerClock): nothing created before it is the message.
	Since time.Time
	// Matches tells the message by the API's content of a message.
	Matches func(content string) bool
}

// Search is the outcome of LookFor.
type Search struct {
	// Found is the message sought, when it went out.
	Found *api.Message
	// Others are the outgoing messages of the type created since that
	// Matches did not take for it.
	Others int
}

// LookFor looks for what a send in doubt left: the contact's chats on the
// channel (one request a page), and in those whose last message is not
// older than s.Since, their outgoing messages of the type (a request a
// page of them); the first created since that s.Matches is Found. Staff
// notes are no message sent. do runs
// each request, so that a caller may throttle them; nil runs them as they
// come. A phone that is no contact has no chat, and nothing is found.
//
// What Others means is the caller's to judge: a broadcast whose API
// content does not hold the rendered body takes any such message for its
// own; a single message sent in doubt is not sent again while there are.
func LookFor(ctx context.Context, c *api.Client, s Sought, do func(context.Context, func(context.Context) error) error) (Search, error) {
	if do == nil {
		do = func(ctx context.Context, req func(context.Context) error) error { return req(ctx) }
	}
	var chats []api.Chat
	err := do(ctx, func(ctx context.Context) error {
		p := api.ChatListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}, Contact: s.Phone, Channel: s.Channel}
		var err error
		chats, err = c.ListChats(p).Follow(true).Collect(ctx)
		var apiErr *api.Error
		if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusNotFound {
			chats, err = nil, nil // no such contact: no chat
		}
		return err
	})
	if err != nil {
		return Search{}, err
	}
	var out Search
	for _, chat := range chats {
		if chat.LastMessage == nil || chat.LastMessage.CreatedAt.Before(s.Since) {
			continue
		}
		var msgs []api.Message
		err := do(ctx, func(ctx context.Context) error {
			p := api.MessageListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}, Type: s.Type, Direction: "outgoing"}
			var err error
			msgs, err = c.ListMessages(chat.Token, p).Follow(true).Collect(ctx)
			return err
		})
		if err != nil {
			return Search{}, err
		}
		for i, m := range msgs {
			switch {
			case m.CreatedAt.Before(s.Since), m.Visibility == "internal":
			case s.Matches(m.Content):
				out.Found = &msgs[i]
				return out, nil
			default:
				out.Others++
			}
		}
	}
	return out, nil
}
