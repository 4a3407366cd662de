package desk

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"time"

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
	// another, and chats on channels Me cannot reach are passed over. Zero
	// when unknown (every chat with an attendant is taken).
	Me int64
	// Take makes the chat Me's (see Take): a transfer to Me on its own
	// channel, which leaves it waiting with Me as its attendant, confirmed
	// against takes made at the same moment. A chat another attendant took
	// first, or that the API does not let Me take, is passed over for the
	// next one.
	Take bool
}

// Next returns the open waiting chat whose last message is the oldest among
// those no other attendant has and Me may take, with its channel; with
// o.Take, after taking it for o.Me. No such chat is ErrNoneWaiting, which
// says why when chats wait that are not for Me.
//
// A Chat does not say who has it, so the attendants' waiting chats are
// listed: the active attendants (GET /users, kept for AttendantsTTL) and, for
// each, its open waiting chats (kept for TakenTTL). Nor does it say its
// channel: a `user` attendant's queue is listed channel by channel, on the
// channels it may reach (GET /users/{id}, one request), which tells each
// chat's channel; an admin's in one list. Cost: the queue (one request per
// 100 waiting chats, or per channel of a `user` attendant), Me's channels
// (1, when Me is set), one per active attendant unless cached, the chat's
// channel (one request when cached, up to one per channel when not, none
// for a `user` attendant) and, with Take, the take (see Take) of each chat
// tried.
func (d *Desk) Next(ctx context.Context, o NextOptions) (*Chat, error) {
	if o.Take && o.Me == 0 {
		return nil, clierr.InputErrorf("taking a chat needs your attendant id: set it with `convo config set attendant ID|EMAIL`")
	}
	defer d.cache.save()
	queue, err := d.queue(ctx, o)
	if err != nil {
		return nil, err
	}
	if len(queue.chats) == 0 {
		if queue.unreachable {
			return nil, fmt.Errorf("%w for you on channel %s: it is not among the channels you may take chats on", ErrNoneWaiting, o.Channel)
		}
		return nil, ErrNoneWaiting
	}
	taken, err := d.taken(ctx, o.Me)
	if err != nil {
		return nil, err
	}
	var others, refused int
	free := slices.DeleteFunc(slices.Clone(queue.chats), func(l listed) bool {
		who := taken[l.Token]
		if who != 0 && who != o.Me {
			others++
			return true
		}
		return false
	})
	if err := d.sortByWait(ctx, free); err != nil {
		return nil, err
	}
	for _, l := range free {
		ch, err := d.place(ctx, l, queue.channel[l.Token])
		if err != nil {
			return nil, err
		}
		if !o.Take {
			return ch, nil
		}
		_, err = d.Take(ctx, ch, TakeOptions{For: o.Me})
		var (
			held   *HeldError
			apiErr *api.Error
		)
		switch {
		case err == nil:
			return ch, nil
		case errors.As(err, &held):
			others++
		case errors.As(err, &apiErr) && apiErr.StatusCode == http.StatusForbidden:
			// The attendant, or the token, may not have this chat's
			// channel: the next chat may be theirs to take.
			refused++
		default:
			return nil, err
		}
	}
	return nil, noneFor(len(queue.chats), others, refused)
}

// noneFor says why none of the n waiting chats is for the caller: others
// are other attendants', refused on channels the API would not let them
// take.
func noneFor(n, others, refused int) error {
	switch {
	case n == 1 && refused == 0:
		return fmt.Errorf("%w: the one waiting chat is another attendant's", ErrNoneWaiting)
	case n == 1:
		return fmt.Errorf("%w: the one waiting chat is on a channel the API does not let you take chats on", ErrNoneWaiting)
	case refused == 0:
		return fmt.Errorf("%w: the %d waiting chats are other attendants'", ErrNoneWaiting, n)
	case others == 0:
		return fmt.Errorf("%w: the %d waiting chats are on channels the API does not let you take chats on", ErrNoneWaiting, n)
	}
	return fmt.Errorf("%w: of the %d waiting chats, %d are other attendants' and %d on channels the API does not let you take chats on",
		ErrNoneWaiting, n, others, refused)
}

// waiting is the queue Next works: the open waiting chats, with the
// channel of each when the listing told it.
type waiting struct {
	chats   []listed
	channel map[string]string
	// unreachable: the channel asked for is not one the attendant may be
	// given chats on.
	unreachable bool
}

// queue lists the open waiting chats Next chooses from: on o.Channel, or
// on every channel; for a `user` attendant, only on the channels it may
// reach, one list each.
func (d *Desk) queue(ctx context.Context, o NextOptions) (waiting, error) {
	w := waiting{channel: map[string]string{}}
	channels := []string{o.Channel} // "": every channel, in one list
	if o.Me != 0 {
		reach, err := d.reach(ctx, o.Me)
		if err != nil {
			return waiting{}, err
		}
		if !reach.Admin {
			channels = slices.DeleteFunc(slices.Clone(reach.Channels), func(ch string) bool { return o.Channel != "" && ch != o.Channel })
			w.unreachable = o.Channel != "" && len(channels) == 0
		}
	}
	q := Filter{Status: "waiting", Open: new(true), Tag: o.Tag}
	for _, channel := range channels {
		q.Channel = channel
		chats, _, err := d.listChats(ctx, q.params(), nil)
		if err != nil {
			return waiting{}, err
		}
		for _, l := range chats {
			if channel != "" {
				w.channel[l.Token] = channel
			}
		}
		w.chats = append(w.chats, chats...)
	}
	return w, nil
}

// reach returns the channels attendant may be given chats on: every one
// for an admin (the active attendants say who is one), else from the cache
// while younger than AttendantsTTL, else one request (GET /users/{id}).
func (d *Desk) reach(ctx context.Context, attendant int64) (cachedReach, error) {
	now := d.now()
	users, err := d.activeUsers(ctx)
	if err != nil {
		return cachedReach{}, err
	}
	if i := slices.IndexFunc(users, func(u cachedUser) bool { return u.ID == attendant }); i >= 0 && users[i].Type == "admin" {
		return cachedReach{Attendant: attendant, Admin: true}, nil
	}
	if r, ok := d.cache.reach(attendant, now); ok {
		return r, nil
	}
	res, err := d.c.GetUser(ctx, attendant)
	if err != nil {
		return cachedReach{}, fmt.Errorf("read the channels of attendant %d: %w", attendant, err)
	}
	r := cachedReach{Attendant: attendant, Admin: res.Data.Type == "admin", Channels: []string{}, At: now}
	for _, ch := range res.Data.Channels {
		r.Channels = append(r.Channels, ch.Token)
	}
	d.cache.setReach(r)
	return r, nil
}

// place returns a listed chat with its channel: the one its listing was
// on, or the one locate finds.
func (d *Desk) place(ctx context.Context, l listed, channel string) (*Chat, error) {
	if channel == "" {
		located, err := d.locate(ctx, []listed{l})
		if err != nil {
			return nil, err
		}
		return located[0], nil
	}
	ch, err := d.channel(ctx, channel)
	if err != nil {
		return nil, err
	}
	d.cache.learn(l.Chat, channel, d.now())
	return &Chat{Chat: l.Chat, Raw: l.raw, Channel: ch}, nil
}

// longestWaiting orders chats by their last message, oldest first; chats
// without messages go last, and ties keep the API's order.
func longestWaiting(a, b listed) int { return waitedSince(sinceLast(a), sinceLast(b)) }

// sinceLast is the time of a chat's last message; zero when it has none.
func sinceLast(l listed) time.Time {
	if l.LastMessage == nil {
		return time.Time{}
	}
	return l.LastMessage.CreatedAt.Time
}

// waitedSince orders two times of waiting chats, the earlier first and
// zero (not known) last.
func waitedSince(a, b time.Time) int {
	if a.IsZero() || b.IsZero() {
		return cmp.Compare(boolInt(a.IsZero()), boolInt(b.IsZero()))
	}
	return a.Compare(b)
}

// sortByWait orders the queue as longestWaiting does, except for the chats
// whose last message is a note a take left (a chat taken and released
// since the customer wrote): that says nothing of how long the customer
// has waited, so when the customer last wrote is asked instead, one
// request for each such chat (two past 100 customer messages).
func (d *Desk) sortByWait(ctx context.Context, chats []listed) error {
	since := make(map[string]time.Time, len(chats))
	for _, l := range chats {
		since[l.Token] = sinceLast(l)
		wrote, ours, err := d.wroteBeforeTake(ctx, l)
		if err != nil {
			return err
		}
		if ours {
			since[l.Token] = wrote
		}
	}
	slices.SortStableFunc(chats, func(a, b listed) int { return waitedSince(since[a.Token], since[b.Token]) })
	return nil
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
func (d *Desk) taken(ctx context.Context, me int64) (map[string]int64, error) {
	if m, ok := d.cache.taken(me, d.now()); ok {
		return m, nil
	}
	users, err := d.activeUsers(ctx)
	if err != nil {
		return nil, err
	}
	taken := map[string]int64{}
	for _, u := range users {
		chats, _, err := d.listChats(ctx, api.ChatListParams{Status: "waiting", IsOpen: new(true), Attendant: u.ID}, nil)
		if err != nil {
			return nil, fmt.Errorf("list the waiting chats of attendant %d: %w", u.ID, err)
		}
		for _, l := range chats {
			taken[l.Token] = u.ID
		}
	}
	d.cache.setTaken(taken, me, d.now())
	return taken, nil
}
