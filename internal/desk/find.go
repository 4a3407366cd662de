package desk

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
)

// NotFoundError is a chat token that matches no chat the caller may see.
type NotFoundError struct{ Token string }

func (e *NotFoundError) Error() string { return fmt.Sprintf("chat %s not found", e.Token) }

// searchOrder is where a chat token is looked for when the cache does not
// know it: the waiting queue first (the chats people act on), then the
// other open chats, then the closed ones. The four lists together hold every
// chat exactly once.
var searchOrder = []api.ChatListParams{
	{Status: "waiting"},
	{Status: "entrance", IsOpen: new(true)},
	{Status: "entrance", IsOpen: new(false)},
	{Status: "finished"},
}

// Find returns the chat with token and its channel.
//
// With the chat in the cache it costs one request (the contact's chats on
// the cached channel), plus one when the channel list is older than
// ChannelsTTL. Otherwise, or when the chat is not where the cache says, it
// looks through the chats (100 a request, in searchOrder, stopping at the
// chat) and then through the contact's chats channel by channel until it
// sees the token: at worst every page of the company's chats, four requests
// more for the empty ends of the four lists, and one per channel.
// A token that matches no chat is a *NotFoundError.
func (d *Desk) Find(ctx context.Context, token string) (*Chat, error) {
	token = strings.TrimSpace(token)
	if token == "" {
		return nil, clierr.InputErrorf("empty chat token")
	}
	defer d.cache.save()
	if e, ok := d.cache.chat(token); ok {
		chats, err := d.onChannel(ctx, e.Contact, e.Channel)
		if err != nil {
			return nil, err
		}
		if i := slices.IndexFunc(chats, func(c *Chat) bool { return c.Token == token }); i >= 0 {
			return chats[i], nil
		}
		d.cache.forget(token)
	}
	var found listed
	for _, p := range searchOrder {
		if _, _, err := d.listChats(ctx, p, withToken(token, &found)); err != nil {
			return nil, err
		}
		if found.Token != "" {
			located, err := d.locate(ctx, []listed{found})
			if err != nil {
				return nil, err
			}
			return located[0], nil
		}
	}
	return nil, &NotFoundError{Token: token}
}

// OpenChats returns the open chats of a contact, given by id or by its whole
// phone number as GET /chats takes it, each with its channel, in the API's
// order; none is an empty list. A CHAT argument that names a contact is
// that contact's only open chat.
//
// It costs one request, plus one per channel that holds the chats when the
// cache knows them, or up to one per channel the caller may use when not.
func (d *Desk) OpenChats(ctx context.Context, contact string) ([]*Chat, error) {
	contact = strings.TrimSpace(contact)
	if contact == "" {
		return nil, clierr.InputErrorf("empty contact")
	}
	defer d.cache.save()
	chats, _, err := d.listChats(ctx, api.ChatListParams{Contact: contact, IsOpen: new(true)}, nil)
	if err != nil || len(chats) == 0 {
		return nil, err
	}
	return d.locate(ctx, chats)
}

// locate learns the channel of each chat: first on the channel the cache
// names (one request confirms every chat of the contact there), then by
// listing the contact's chats on each other channel until every chat has
// been seen.
func (d *Desk) locate(ctx context.Context, chats []listed) ([]*Chat, error) {
	out := make([]*Chat, len(chats))
	at := make(map[string]int, len(chats))
	for i, l := range chats {
		at[l.Token] = i
	}
	type place struct {
		contact int64
		channel string
	}
	probed := map[place]bool{}
	probe := func(contact int64, channel string) error {
		probed[place{contact, channel}] = true
		seen, err := d.onChannel(ctx, contact, channel)
		for _, c := range seen {
			if i, ok := at[c.Token]; ok && out[i] == nil {
				out[i] = c
			}
		}
		return err
	}
	for i, l := range chats {
		e, ok := d.cache.chat(l.Token)
		if !ok || out[i] != nil || e.Contact != l.Contact.ID || probed[place{e.Contact, e.Channel}] {
			continue
		}
		if err := probe(e.Contact, e.Channel); err != nil {
			return nil, err
		}
		if out[i] == nil {
			d.cache.forget(l.Token)
		}
	}
	for i, l := range chats {
		// The cached channel list may predate the chat's channel: a
		// second pass over a fresh list probes what the first could not.
		var chs []api.Channel
		for refresh := false; out[i] == nil; refresh = true {
			var fetched bool
			var err error
			if chs, fetched, err = d.channels(ctx, refresh); err != nil {
				return nil, err
			}
			for _, ch := range chs {
				if out[i] != nil || probed[place{l.Contact.ID, ch.Token}] {
					continue
				}
				if err := probe(l.Contact.ID, ch.Token); err != nil {
					return nil, err
				}
			}
			if fetched || refresh {
				break
			}
		}
		if out[i] == nil {
			// Listed a moment ago and now on no channel: deleted or moved
			// in between. Saying so beats guessing a channel to reply on.
			return nil, fmt.Errorf("chat %s: found, but on none of the %d channels you may use; try again", l.Token, len(chs))
		}
	}
	return out, nil
}

// onChannel lists the chats of a contact on a channel, every one of which
// the cache then knows the channel of.
func (d *Desk) onChannel(ctx context.Context, contact int64, channel string) ([]*Chat, error) {
	p := api.ChatListParams{Contact: strconv.FormatInt(contact, 10), Channel: channel}
	chats, _, err := d.listChats(ctx, p, nil)
	if err != nil || len(chats) == 0 {
		return nil, err
	}
	ch, err := d.channel(ctx, channel)
	if err != nil {
		return nil, err
	}
	out := make([]*Chat, len(chats))
	now := d.now()
	for i, l := range chats {
		d.cache.learn(l.Chat, channel, now)
		out[i] = &Chat{Chat: l.Chat, Raw: l.raw, Channel: ch}
	}
	return out, nil
}
