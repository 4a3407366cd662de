package desk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
)

// Message is a message of a chat, decoded and exactly as the API listed it.
type Message struct {
	api.Message
	// Raw is the message exactly as the API listed it, for JSON output.
	Raw json.RawMessage
}

// FromCustomer reports whether the contact wrote the message.
func (m Message) FromCustomer() bool {
	return m.Direction == "incoming" && m.Visibility != "internal"
}

// IsNote reports whether the message is an internal note, seen only by staff.
func (m Message) IsNote() bool { return m.Visibility == "internal" }

// Readable is the message's content as people read it: a note a take
// left without the mark convo reads back (see Readable). A customer's
// message is shown whole, whatever it ends with.
func (m Message) Readable() string {
	if m.IsNote() {
		return Readable(m.Content)
	}
	return m.Content
}

// Conversation is a chat and its latest messages: what `chats view` prints
// and the inbox's chat pane shows.
type Conversation struct {
	Chat *Chat
	// Messages are the latest messages, oldest first.
	Messages []Message
	// Total is the number of messages in the chat.
	Total int
	// CustomerWrote is when the customer last wrote; zero when never.
	CustomerWrote time.Time
	// CustomerKnown tells whether CustomerWrote was learnt: always on a
	// chatapp channel (for its 24-hour window), elsewhere only when the
	// messages read held the answer.
	CustomerKnown bool
}

// Conversation reads the latest n messages of ch, oldest first.
//
// The API lists messages oldest first, so the first request (100 messages)
// also tells how many there are: a chat of up to 100 messages costs that one
// request; a longer one, one more for the page that holds the latest n
// (n ≤ 50 always fit one page; a larger n may take two, or more past 100).
// On a chatapp channel, when none of the messages read is the customer's
// and some were not read, finding the customer's latest message costs one
// or two requests more (see CustomerLastWrote).
func (d *Desk) Conversation(ctx context.Context, ch *Chat, n int) (*Conversation, error) {
	if n < 1 {
		return nil, clierr.InputErrorf("the number of messages to show must be at least 1, not %d", n)
	}
	t, err := d.tail(ctx, ch.Token, api.MessageListParams{}, n)
	if err != nil {
		return nil, err
	}
	conv := &Conversation{Chat: ch, Messages: t.last(n), Total: t.total}
	for i := len(t.fetched) - 1; i >= 0; i-- {
		if t.fetched[i].FromCustomer() {
			conv.CustomerWrote, conv.CustomerKnown = t.fetched[i].CreatedAt.Time, true
			return conv, nil
		}
	}
	switch {
	case t.fromStart:
		conv.CustomerKnown = true // every message was read: the customer never wrote
	case ch.Channel.Type == ChatappType:
		if conv.CustomerWrote, err = d.CustomerLastWrote(ctx, ch.Token); err != nil {
			return nil, err
		}
		conv.CustomerKnown = true
	}
	return conv, nil
}

// Latest returns the newest n messages of the chat with token among those
// p selects (no filter: all of them), oldest first, and how many p selects:
// what `messages list --last` prints. It costs what Conversation costs
// without the customer's latest message: one request when p selects up to
// 100 messages, two for more (n ≤ 50).
func (d *Desk) Latest(ctx context.Context, token string, p api.MessageListParams, n int) ([]Message, int, error) {
	if n < 1 {
		return nil, 0, clierr.InputErrorf("the number of messages to show must be at least 1, not %d", n)
	}
	t, err := d.tail(ctx, token, p, n)
	if err != nil {
		return nil, 0, err
	}
	return t.last(n), t.total, nil
}

// CustomerLastWrote returns when the customer last wrote in the chat with
// token; zero when never. It costs one request when the customer wrote at
// most 100 messages, two otherwise.
func (d *Desk) CustomerLastWrote(ctx context.Context, token string) (time.Time, error) {
	t, err := d.tail(ctx, token, api.MessageListParams{Direction: "incoming"}, 1)
	if err != nil || len(t.fetched) == 0 {
		return time.Time{}, err
	}
	return t.fetched[len(t.fetched)-1].CreatedAt.Time, nil
}

// CustomerMessagesSince returns the messages the customer wrote in the
// chat with token at or after since, oldest first. The API has no date
// filter: the pages of the chat's incoming messages are read from the
// newest back, while they reach since: one request when the customer wrote
// at most a hundred messages, one more for each page of a hundred past it.
func (d *Desk) CustomerMessagesSince(ctx context.Context, token string, since time.Time) ([]Message, error) {
	p := api.MessageListParams{Direction: "incoming"}
	first, err := d.messagePage(ctx, token, p, 1, api.MaxPerPage)
	if err != nil {
		return nil, err
	}
	var out []Message
	for page := first.pagination.LastPage; ; page-- {
		pg := first
		if page > 1 {
			if pg, err = d.messagePage(ctx, token, p, page, api.MaxPerPage); err != nil {
				return nil, err
			}
		}
		older := false
		for i := len(pg.items) - 1; i >= 0; i-- {
			m := pg.items[i]
			if m.CreatedAt.Before(since) {
				older = true
				break
			}
			if m.FromCustomer() {
				out = append(out, m)
			}
		}
		if older || page <= 1 {
			slices.Reverse(out)
			return out, nil
		}
	}
}

// MessagesAfter returns the messages of the chat that come after its first
// count (the Total of a Conversation, or the total it returned last), and
// the chat's new total: what `messages list --follow` prints as they arrive.
// When nothing is new it costs one request.
func (d *Desk) MessagesAfter(ctx context.Context, token string, count int) ([]Message, int, error) {
	return d.FilteredAfter(ctx, token, api.MessageListParams{}, count)
}

// FilteredAfter is MessagesAfter among the messages p selects, count being
// how many of them were seen: what `messages list --follow` with filters
// prints as they arrive.
func (d *Desk) FilteredAfter(ctx context.Context, token string, p api.MessageListParams, count int) ([]Message, int, error) {
	count = max(count, 0)
	var out []Message
	total := count
	for page := count/api.MaxPerPage + 1; ; page++ {
		pg, err := d.messagePage(ctx, token, p, page, api.MaxPerPage)
		if err != nil {
			return nil, 0, err
		}
		total = pg.pagination.Total
		if skip := count - (page-1)*api.MaxPerPage; skip > 0 {
			pg.items = pg.items[min(skip, len(pg.items)):]
		}
		out = append(out, pg.items...)
		if len(pg.items) == 0 || page >= pg.pagination.LastPage {
			return out, total, nil
		}
	}
}

// tail is the newest messages of a list: a run of messages that ends with
// the newest one.
type tail struct {
	fetched []Message
	total   int
	// fromStart is true when fetched begins with the oldest message.
	fromStart bool
}

// last returns the newest n messages of the run.
func (t tail) last(n int) []Message { return t.fetched[max(len(t.fetched)-n, 0):] }

// tail reads at least the newest n messages of the chat's list filtered by
// p: the first page of 100 tells the total; when it does not hold them all,
// the page (or pages) that cover the newest n follow. Messages read on the
// way that join the run are kept, so that the customer's latest message is
// found without another request more often.
func (d *Desk) tail(ctx context.Context, token string, p api.MessageListParams, n int) (tail, error) {
	first, err := d.messagePage(ctx, token, p, 1, api.MaxPerPage)
	if err != nil {
		return tail{}, err
	}
	total := first.pagination.Total
	if total <= len(first.items) {
		return tail{fetched: first.items, total: total, fromStart: true}, nil
	}
	from := max(total-n, 0)
	per, firstPage, lastPage := cover(from, total)
	var run []Message
	for page := firstPage; page <= lastPage; page++ {
		pg := first
		if page != 1 || per != api.MaxPerPage {
			if pg, err = d.messagePage(ctx, token, p, page, per); err != nil {
				return tail{}, err
			}
		}
		total = max(total, pg.pagination.Total)
		run = append(run, pg.items...)
	}
	start := (firstPage - 1) * per
	if start <= len(first.items) {
		// The first page reaches the run: join them into one.
		return tail{fetched: append(first.items[:start:start], run...), total: total, fromStart: true}, nil
	}
	return tail{fetched: run, total: total}, nil
}

// cover returns a page size and the pages of that size that hold the
// positions [from, to) of a list (0-based). One page is enough whenever some
// size up to 100 has no page boundary inside the range, which is always the
// case for ranges of up to 50 (checked up to two million positions); the
// largest such size is chosen, which brings the most messages before them.
// Otherwise the pages are of 100.
func cover(from, to int) (per, first, last int) {
	n := to - from
	for per := api.MaxPerPage; per >= max(n, 1); per-- {
		if from/per == (to-1)/per {
			return per, from/per + 1, from/per + 1
		}
	}
	return api.MaxPerPage, from/api.MaxPerPage + 1, (to-1)/api.MaxPerPage + 1
}

// messagePage is one page of the chat's messages.
type messagePage struct {
	items      []Message
	pagination api.Pagination
}

func (d *Desk) messagePage(ctx context.Context, token string, p api.MessageListParams, page, per int) (messagePage, error) {
	p.ListOptions = api.ListOptions{Page: page, PerPage: per}
	var out messagePage
	for pg, err := range d.c.ListMessages(token, p).RawPages(ctx) {
		if err != nil {
			var apiErr *api.Error
			if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusNotFound {
				return out, &NotFoundError{Token: token}
			}
			return out, fmt.Errorf("list the messages of chat %s: %w", token, err)
		}
		out.pagination = pg.Pagination
		out.items = make([]Message, len(pg.Items))
		for i, raw := range pg.Items {
			out.items[i].Raw = raw
			if err := json.Unmarshal(raw, &out.items[i].Message); err != nil {
				return out, fmt.Errorf("list the messages of chat %s: decode a message: %w", token, err)
			}
		}
	}
	return out, nil
}
