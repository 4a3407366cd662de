package broadcast

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/validate"
)

// SendTest sends the first recipient's message to phone (digits with the
// country code), before the campaign: what a person checks on their own
// phone. It is no part of the campaign: not in its journal, not counted
// by a daily limit, nor by Status.
func (c *Campaign) SendTest(ctx context.Context, phone string) (*api.SendResult, error) {
	if c.plan.First == nil {
		return nil, clierr.InputErrorf("--test-to: the campaign has no recipient left to send to, so there is no message to test")
	}
	body := *c.plan.First
	body.Phone = phone
	res, err := c.c.SendMessage(ctx, body)
	if err != nil {
		return nil, fmt.Errorf("send the test message to %s: %w", phone, err)
	}
	return &res.Data, nil
}

// Status is where a campaign stands with the recipients of its list, as
// its journal says: each recipient (the first row of each phone) and each
// invalid row is counted once.
type Status struct {
	Sent int `json:"sent"`
	// InDoubt may have been sent by a run that stopped; the next run looks
	// for them first.
	InDoubt int `json:"in_doubt"`
	// Failed are the invalid rows and the recipients the API refused last
	// time (the next run tries them again).
	Failed int `json:"failed"`
	// Skipped are the recipients left out now: blocked, or with an
	// --exclude-tag tag.
	Skipped int `json:"skipped"`
	// Left are the recipients not sent yet, never tried or left by a run
	// that stopped.
	Left int `json:"left"`
	// Replied are the recipients sent who wrote back since their message;
	// null unless asked for.
	Replied *int `json:"replied"`
}

// Status says where a campaign planned as a dry run stands (see Status):
// it sends nothing. With replies, the sent recipients' chats on the channel
// are read for messages they wrote since their message (see replied).
func (c *Campaign) Status(ctx context.Context, replies bool) (*Status, error) {
	p := &c.plan
	st := &Status{Sent: p.AlreadySent, InDoubt: p.InDoubt, Failed: p.Invalid + p.FailedBefore, Skipped: p.Skipped(),
		Left: p.ToSend - p.InDoubt - p.FailedBefore}
	if !replies {
		return st, nil
	}
	sentAt, err := c.sentTimes()
	if err != nil {
		return nil, err
	}
	n, err := countReplies(ctx, c.c, c.plan.Channel.Token, sentAt)
	if err != nil {
		return nil, err
	}
	st.Replied = &n
	return st, nil
}

// sentTimes are the recipients of the list that the campaign sent, and
// when (the time its journal recorded before their message, server clock).
func (c *Campaign) sentTimes() (map[validate.PhoneKey]time.Time, error) {
	h := newHistory(0)
	paths := append([]string{c.plan.Journal}, c.home.formerJournals()...)
	identities := append([][]string{c.home.identity}, c.home.former...)
	for i, path := range paths {
		spec := campaignSpec(path, identities[i], nil, "", h)
		if i == 0 {
			spec.Former = c.home.former
		}
		if err := bulk.ReadJournal(spec); err != nil {
			return nil, err
		}
	}
	out := map[validate.PhoneKey]time.Time{}
	for line, cl := range c.rows.classes {
		if cl != classSend {
			continue
		}
		k := c.rows.phones[line]
		if at, ok := h.sent[k]; ok && c.state.isSent(k) {
			out[k] = time.Unix(at, 0)
		}
	}
	return out, nil
}

// repliesConcurrency is how many chats are read at once for replies.
const repliesConcurrency = 4

// countReplies counts the recipients of sentAt who wrote on the channel
// since their message. Their chats are found in the cheaper of two ways
// (the first page of the channel's chats tells): the channel's chats, a
// hundred a request, when there are no more pages of them than
// recipients; else each recipient's chats, a request each. A
// chat whose last message is older than the recipient's message is passed
// over; the others' latest customer messages are read (the API has no
// date filter): a request or two each.
func countReplies(ctx context.Context, c *api.Client, channel string, sentAt map[validate.PhoneKey]time.Time) (int, error) {
	if len(sentAt) == 0 {
		return 0, nil
	}
	type candidate struct {
		key   validate.PhoneKey
		token string
	}
	var candidates []candidate
	consider := func(ch api.Chat) {
		key, ok := validate.PackPhone(ch.Contact.Phone)
		at, sent := sentAt[key]
		if ok && sent && ch.LastMessage != nil && !ch.LastMessage.CreatedAt.Before(at) {
			candidates = append(candidates, candidate{key, ch.Token})
		}
	}
	first := c.ListChats(api.ChatListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}, Channel: channel})
	if _, err := first.Collect(ctx); err != nil {
		return 0, fmt.Errorf("list the chats of channel %s: %w", channel, err)
	}
	if first.Pagination().LastPage <= len(sentAt) {
		for ch, err := range c.ListChats(api.ChatListParams{Channel: channel}).Follow(true).All(ctx) {
			if err != nil {
				return 0, fmt.Errorf("list the chats of channel %s: %w", channel, err)
			}
			consider(ch)
		}
	} else {
		for k := range sentAt {
			chats, err := c.ListChats(api.ChatListParams{Contact: k.String(), Channel: channel}).Follow(true).Collect(ctx)
			var apiErr *api.Error
			if errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusNotFound {
				continue
			}
			if err != nil {
				return 0, fmt.Errorf("list the chats of %s: %w", k, err)
			}
			for _, ch := range chats {
				consider(ch)
			}
		}
	}
	d := desk.New(c, desk.Options{})
	var (
		mu      sync.Mutex
		replied = map[validate.PhoneKey]bool{}
	)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(repliesConcurrency)
	for _, cand := range candidates {
		g.Go(func() error {
			msgs, err := d.CustomerMessagesSince(gctx, cand.token, sentAt[cand.key])
			if err != nil {
				return err
			}
			if len(msgs) > 0 {
				mu.Lock()
				replied[cand.key] = true
				mu.Unlock()
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return 0, err
	}
	return len(replied), nil
}
