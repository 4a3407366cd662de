package desk

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
)

// Filter is the set of chats Poll follows, as GET /chats filters them; zero
// values do not filter. Tag and Attendant are ids: the caller resolves
// names and @me.
type Filter struct {
	// Status is a chat status; Poll of the waiting queue sets "waiting".
	Status    string `json:"status,omitempty"`
	Open      *bool  `json:"open,omitempty"`
	Channel   string `json:"channel,omitempty"`
	Tag       int64  `json:"tag,omitempty"`
	Attendant int64  `json:"attendant,omitempty"`
}

func (f Filter) params() api.ChatListParams {
	return api.ChatListParams{Status: f.Status, IsOpen: f.Open, Channel: f.Channel, Tag: f.Tag, Attendant: f.Attendant}
}

// ErrNoneWaiting is the answer of Next when no open chat waits for an
// attendant (or every one that does is another attendant's).
var ErrNoneWaiting = errors.New("no chat is waiting")

// NextOptions says which chat Next looks for and whether it takes it.
type NextOptions struct {
	// Channel and Tag narrow the queue.
	Channel string
	Tag     int64
	// Me is the caller's attendant id: chats Me has are not taken by
	// another. Zero when unknown (every chat with an attendant is taken).
	Me int64
	// Take transfers the chat to Me on its own channel (which leaves it
	// waiting and changes only its attendant). Who has which chat is then
	// asked afresh rather than read from the cache, so that two attendants
	// taking one after the other get two different chats.
	Take bool
}

// Next returns the open waiting chat whose last message is the oldest among
// those no other attendant has, with its channel; with o.Take, after
// transferring it to o.Me. No such chat is ErrNoneWaiting.
//
// A Chat does not say who has it, so the attendants' waiting chats are
// listed: the active attendants (GET /users, kept for AttendantsTTL) and, for
// each, its open waiting chats (kept for TakenTTL, asked again when taking).
// Cost: the queue (one request per 100 waiting chats), one per active
// attendant unless cached, the chat's channel (one request when cached, up
// to one per channel when not) and the transfer.
func (d *Desk) Next(ctx context.Context, o NextOptions) (*Chat, error) {
	if o.Take && o.Me == 0 {
		return nil, clierr.InputErrorf("taking a chat needs your attendant id: set it with `convo config set attendant ID|EMAIL`")
	}
	defer d.cache.save()
	queue := Filter{Status: "waiting", Open: new(true), Channel: o.Channel, Tag: o.Tag}
	chats, _, err := d.listChats(ctx, queue.params(), nil)
	if err != nil {
		return nil, err
	}
	if len(chats) == 0 {
		return nil, ErrNoneWaiting
	}
	slices.SortStableFunc(chats, longestWaiting)
	taken, err := d.taken(ctx, o.Me, o.Take)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(chats, func(l listed) bool {
		who := taken[l.Token]
		return who == 0 || who == o.Me
	})
	if i < 0 {
		if len(chats) == 1 {
			return nil, fmt.Errorf("%w: the one waiting chat is another attendant's", ErrNoneWaiting)
		}
		return nil, fmt.Errorf("%w: the %d waiting chats are other attendants'", ErrNoneWaiting, len(chats))
	}
	located, err := d.locate(ctx, chats[i:i+1])
	if err != nil {
		return nil, err
	}
	ch := located[0]
	if o.Take && taken[ch.Token] != o.Me { // a chat already Me's needs no transfer
		me := o.Me
		if _, err := d.c.TransferChat(ctx, ch.Token, api.TransferRequest{Channel: ch.Channel.Token, Attendant: &me}); err != nil {
			return nil, fmt.Errorf("take chat %s: %w", ch.Token, err)
		}
		d.cache.take(ch.Token, me)
	}
	return ch, nil
}

// longestWaiting orders chats by their last message, oldest first; chats
// without messages go last, and ties keep the API's order.
func longestWaiting(a, b listed) int {
	switch {
	case a.LastMessage == nil || b.LastMessage == nil:
		return cmp.Compare(boolInt(a.LastMessage == nil), boolInt(b.LastMessage == nil))
	default:
		return a.LastMessage.CreatedAt.Compare(b.LastMessage.CreatedAt.Time)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// taken maps the token of each open waiting chat that an active attendant
// has to that attendant, as seen by me (a user attendant sees only its
// channels, so the set is cached for the one who made it).
func (d *Desk) taken(ctx context.Context, me int64, fresh bool) (map[string]int64, error) {
	now := d.now()
	if !fresh {
		if m, ok := d.cache.taken(me, now); ok {
			return m, nil
		}
	}
	ids, ok := d.cache.attendants(now)
	if !ok {
		users, err := d.c.ListUsers(api.UserListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}, Status: "active"}).
			Follow(true).Collect(ctx)
		if err != nil {
			return nil, fmt.Errorf("list attendants: %w", err)
		}
		ids = make([]int64, len(users))
		for i, u := range users {
			ids[i] = u.ID
		}
		d.cache.setAttendants(ids, now)
	}
	taken := map[string]int64{}
	for _, id := range ids {
		chats, _, err := d.listChats(ctx, api.ChatListParams{Status: "waiting", IsOpen: new(true), Attendant: id}, nil)
		if err != nil {
			return nil, fmt.Errorf("list the waiting chats of attendant %d: %w", id, err)
		}
		for _, l := range chats {
			taken[l.Token] = id
		}
	}
	d.cache.setTaken(taken, me, d.now())
	return taken, nil
}
