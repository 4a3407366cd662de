package desk

import (
	"context"
	"fmt"
	"slices"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/validate"
)

// Attendant is an active user and the channels it may be given chats on.
type Attendant struct {
	api.UserListItem
	// Channels are the tokens of the channels a `user` attendant has
	// access to; nil for an admin, who has every channel.
	Channels []string
}

// Reaches reports whether the attendant has access to the channel with
// token: a transfer to it there is allowed.
func (a Attendant) Reaches(token string) bool {
	return a.Type == "admin" || slices.Contains(a.Channels, token)
}

// Attendants returns the company's active users with the channels each
// may be given chats on. A listed user does not say which channels it has,
// so each `user` attendant is read (GET /users/{id}): the active users (one
// request per 100, kept for AttendantsTTL), plus one per `user` attendant.
// Callers keep the answer a while.
func (d *Desk) Attendants(ctx context.Context) ([]Attendant, error) {
	defer d.cache.save()
	users, err := d.activeUsers(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Attendant, len(users))
	for i, u := range users {
		out[i].UserListItem = api.UserListItem{User: api.User{ID: u.ID, Name: u.Name, Email: u.Email, Type: u.Type}}
		if u.Type == "admin" {
			continue
		}
		res, err := d.c.GetUser(ctx, u.ID)
		if err != nil {
			return nil, fmt.Errorf("read the channels of attendant %d: %w", u.ID, err)
		}
		out[i].Channels = []string{}
		for _, ch := range res.Data.Channels {
			out[i].Channels = append(out[i].Channels, ch.Token)
		}
	}
	return out, nil
}

// Transfer hands the chat to the channel with token and to attendant, or
// to the waiting queue when attendant is nil, with an optional message for
// the staff (at most 1000 characters): one request. A transfer to another
// channel opens a new chat there; the cache learns it.
func (d *Desk) Transfer(ctx context.Context, ch *Chat, channel string, attendant *int64, message string) (*api.TransferResult, error) {
	if err := validate.TransferMessage(message); err != nil {
		return nil, err
	}
	if err := validate.ChannelToken("channel", channel); err != nil {
		return nil, err
	}
	res, err := d.c.TransferChat(ctx, ch.Token, api.TransferRequest{Channel: channel, Attendant: attendant, Message: message})
	if err != nil {
		return nil, fmt.Errorf("transfer chat %s: %w", ch.Token, err)
	}
	if t := res.Data.ChatToken; t != "" && t != ch.Token {
		moved := ch.Chat
		moved.Token = t
		d.cache.learn(moved, res.Data.Channel, d.now())
		d.cache.save()
	}
	return &res.Data, nil
}
