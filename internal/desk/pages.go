package desk

import (
	"context"
	"fmt"
	"slices"

	"github.com/convo-cli/convo/internal/api"
)

// PageSize is the number of chats a page of ChatsPage holds: the most the
// API serves, so that a list costs as few requests as it can.
const PageSize = api.MaxPerPage

// Page is one page of the chats a filter selects, in the API's order.
type Page struct {
	Chats []api.Chat
	// Total is the number of chats the filter selects, all pages together.
	Total int
}

// ChatsPage reads page n (from 1) of the chats f selects, PageSize chats a
// page: one request. It is how a long list is read as it is scrolled
// through, without reading every page first.
func (d *Desk) ChatsPage(ctx context.Context, f Filter, n int) (Page, error) {
	p := f.params()
	p.ListOptions = api.ListOptions{Page: max(n, 1), PerPage: PageSize}
	pager := d.c.ListChats(p)
	chats, err := pager.Collect(ctx)
	if err != nil {
		return Page{}, fmt.Errorf("list chats: %w", err)
	}
	return Page{Chats: chats, Total: pager.Pagination().Total}, nil
}

// Locate returns a chat that a list has just shown (GET /chats) with its
// channel, which the listing does not tell: one request when the cache
// knows the chat (the contact's chats on the cached channel, which also
// confirms it), up to one per channel the caller may use (+1 for the
// channel list) when it does not. Unlike Find, it never searches the
// company's chats for the token: the listed chat names its contact.
func (d *Desk) Locate(ctx context.Context, c api.Chat) (*Chat, error) {
	defer d.cache.save()
	located, err := d.locate(ctx, []listed{{Chat: c}})
	if err != nil {
		return nil, err
	}
	return located[0], nil
}

// KnownChannel is the channel of the chat with token, when the cache knows
// it: no request. A list uses it to show channels it has learnt, without
// asking the API about each chat.
func (d *Desk) KnownChannel(token string) (api.Channel, bool) {
	e, ok := d.cache.chat(token)
	if !ok {
		return api.Channel{}, false
	}
	chs, _ := d.cache.channels(d.now())
	if i := slices.IndexFunc(chs, func(ch api.Channel) bool { return ch.Token == e.Channel }); i >= 0 {
		return chs[i], true
	}
	return api.Channel{Token: e.Channel}, true
}

// Channels returns the channels the caller may use: from the cache while
// it is younger than ChannelsTTL, else one request per 100 channels.
func (d *Desk) Channels(ctx context.Context) ([]api.Channel, error) {
	defer d.cache.save()
	chs, _, err := d.channels(ctx, false)
	return slices.Clone(chs), err
}

// OneLine is text from the API made safe to print in one cell of a list:
// control characters shown as visible escapes, white space made single
// spaces.
func OneLine(s string) string { return oneLine(s) }
