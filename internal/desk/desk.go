package desk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/dirs"

	// Named apart from the tests' destination helper.
	destinations "github.com/convo-cli/convo/internal/destination"
)

// Options configures a Desk.
type Options struct {
	// Destination names the API root and company the client talks to, as a
	// stable string; the cache and the follow state are bound to it, so that
	// what was learnt of one company is never applied to another.
	Destination string
	// CacheDir is the directory the cache file and the drafts go in (the
	// data directory); empty keeps them in memory, for one process only.
	CacheDir string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Desk is the chat-centric view of the API. It is safe for concurrent use,
// starts no goroutine, and every call honours its context, so that a
// bubbletea command may run any of them.
type Desk struct {
	c      *api.Client
	dest   string
	cache  *cache
	drafts *drafts
	now    func() time.Time
}

// New returns a desk over c. The cache file is read at once; a missing or
// unreadable one is an empty cache.
func New(c *api.Client, o Options) *Desk {
	now := o.Now
	if now == nil {
		now = time.Now
	}
	return &Desk{c: c, dest: o.Destination, cache: openCache(o.CacheDir, o.Destination), drafts: newDrafts(o.CacheDir, o.Destination), now: now}
}

// Open returns a desk over c whose cache file is in the data directory
// (dirs.DataDir), bound to the destination c's requests land at: learnt
// with one request the first time a login is used, remembered in the data
// directory after that (destination.Remembered). A token that can tell no
// company, or a data directory that cannot be found, gets a cache in memory
// only, for this process.
func Open(ctx context.Context, c *api.Client) (*Desk, error) {
	dir, err := dirs.DataDir()
	if err != nil {
		dir = ""
	}
	var dest destinations.Destination
	if dir != "" {
		dest, err = destinations.Remembered(ctx, c, filepath.Join(dir, "desk", "logins.json"))
	} else {
		dest, err = destinations.Learn(ctx, c)
	}
	switch {
	case errors.Is(err, destinations.ErrUnknownCompany):
		return New(c, Options{}), nil
	case err != nil:
		return nil, err
	}
	return New(c, Options{Destination: dest.Key(), CacheDir: dir}), nil
}

// Destination is the key of the destination the desk's cache is bound to;
// "" for a cache in memory only.
func (d *Desk) Destination() string { return d.dest }

// CacheErr is the last failure to write the cache file, if any. The desk
// works without the file; a command may mention the failure under --debug.
func (d *Desk) CacheErr() error { return d.cache.lastErr() }

// Chat is a chat as GET /chats lists it, with the channel it is on.
type Chat struct {
	api.Chat
	// Raw is the chat exactly as the API listed it, for JSON output.
	Raw json.RawMessage
	// Channel is the chat's channel. When the channel is not among those the
	// caller may list, only its token is known.
	Channel api.Channel
}

// listed is one chat of a list, decoded and as sent.
type listed struct {
	api.Chat
	raw json.RawMessage
}

// listChats walks every page of GET /chats with p, 100 chats a page, and
// stops early when stop returns true for a chat. pages is the number of
// requests made.
func (d *Desk) listChats(ctx context.Context, p api.ChatListParams, stop func(listed) bool) (all []listed, pages int, err error) {
	p.ListOptions = api.ListOptions{PerPage: api.MaxPerPage}
	for page, err := range d.c.ListChats(p).Follow(true).RawPages(ctx) {
		if err != nil {
			return all, pages, fmt.Errorf("list chats: %w", err)
		}
		pages++
		for _, raw := range page.Items {
			var ch api.Chat
			if err := json.Unmarshal(raw, &ch); err != nil {
				return all, pages, fmt.Errorf("list chats: decode a chat: %w", err)
			}
			l := listed{Chat: ch, raw: raw}
			all = append(all, l)
			if stop != nil && stop(l) {
				return all, pages, nil
			}
		}
	}
	return all, pages, nil
}

// withToken is a stop function that finds the chat with token.
func withToken(token string, found *listed) func(listed) bool {
	return func(l listed) bool {
		if l.Token == token {
			*found = l
			return true
		}
		return false
	}
}

// channels returns the channels the caller may use, from the cache when it
// is fresh, unless refresh; fetched tells whether the API was asked.
func (d *Desk) channels(ctx context.Context, refresh bool) (chs []api.Channel, fetched bool, err error) {
	if !refresh {
		if chs, ok := d.cache.channels(d.now()); ok {
			return chs, false, nil
		}
	}
	chs, err = d.c.ListChannels(api.ChannelListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}}).Follow(true).Collect(ctx)
	if err != nil {
		return nil, true, fmt.Errorf("list channels: %w", err)
	}
	d.cache.setChannels(chs, d.now())
	return chs, true, nil
}

// channel describes the channel with token: from the cached list, or from a
// fresh one when the cached list is stale or lacks it (a channel created or
// granted since).
func (d *Desk) channel(ctx context.Context, token string) (api.Channel, error) {
	chs, fetched, err := d.channels(ctx, false)
	i := slices.IndexFunc(chs, func(ch api.Channel) bool { return ch.Token == token })
	if err == nil && i < 0 && !fetched {
		chs, _, err = d.channels(ctx, true)
		i = slices.IndexFunc(chs, func(ch api.Channel) bool { return ch.Token == token })
	}
	switch {
	case err != nil:
		return api.Channel{}, err
	case i < 0:
		return api.Channel{Token: token}, nil
	}
	return chs[i], nil
}
