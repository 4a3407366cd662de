package desk

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/dirs"
)

// Event kinds of the follow engine.
const (
	// EventMessageReceived: a chat has a customer's message not seen before,
	// being new in the followed chats or having a new message.
	EventMessageReceived = "message.received"
	// EventLeftQueue: a chat is no longer among the followed chats
	// (answered, transferred or finished).
	EventLeftQueue = "chat.left_queue"
)

// Event is something that changed between two polls. Its JSON is what
// `chats follow` prints: {"type", "at", "chat"}.
type Event struct {
	Type string `json:"type"`
	// At is when it happened, as far as the API tells: the time of the
	// newest new customer message, or the time of the poll that saw the
	// chat gone.
	At api.Time `json:"at"`
	// Chat is the chat exactly as GET /chats listed it; for
	// EventLeftQueue, as last seen.
	Chat json.RawMessage `json:"chat"`
	// Listed is Chat decoded.
	Listed api.Chat `json:"-"`
	// Messages are the new customer messages of an EventMessageReceived,
	// oldest first.
	Messages []Message `json:"-"`
}

// stateVersion is the format of a saved State.
const stateVersion = 1

// State is what a poll saw, which the next poll is compared with. It
// marshals to JSON for a cursor file (see SaveState).
type State struct {
	Version     int      `json:"version"`
	Destination string   `json:"destination"`
	Filter      Filter   `json:"filter"`
	PolledAt    api.Time `json:"polled_at"`
	// Chats are the chats the poll listed, in the API's order.
	Chats []FollowedChat `json:"chats"`
	// Left remembers chats that left lately and how far they had been
	// read, so that one coming back (transferred away and back) is not
	// reported for messages already reported.
	Left []LeftChat `json:"left,omitempty"`
}

// FollowedChat is a chat as a poll saw it.
type FollowedChat struct {
	// Chat is the chat exactly as listed; Listed is the same decoded.
	Chat   json.RawMessage `json:"chat"`
	Listed api.Chat        `json:"-"`
	// Seen is the id of the newest message examined (or, from the first
	// poll, the last message's).
	Seen int64 `json:"seen"`
	// Wrote is when the customer last wrote, when the messages examined
	// (or, from the first poll, a take's note as the last message) made
	// convo look; zero otherwise, and then the last message's time stands
	// for it (see ByWait).
	Wrote api.Time `json:"wrote,omitzero"`
}

// waiting is when the chat's customer started waiting, as far as the
// poll knows: when they last wrote, else the time of the last message.
func (c FollowedChat) waiting() time.Time {
	if !c.Wrote.IsZero() {
		return c.Wrote.Time
	}
	return sinceLast(listed{Chat: c.Listed})
}

// ByWait orders followed chats as the waiting queue is worked: the
// customer who has waited longest first, chats without messages last. A
// take's note or a transfer's message, which the API lists as the chat's
// last message, moves no chat: the customer's own last message counts.
func ByWait(a, b FollowedChat) int { return waitedSince(a.waiting(), b.waiting()) }

// UnmarshalJSON decodes the chat too.
func (f *FollowedChat) UnmarshalJSON(b []byte) error {
	type plain FollowedChat
	if err := json.Unmarshal(b, (*plain)(f)); err != nil {
		return err
	}
	return json.Unmarshal(f.Chat, &f.Listed)
}

// LeftChat is a chat that left the followed chats.
type LeftChat struct {
	Token string   `json:"token"`
	Seen  int64    `json:"seen"`
	At    api.Time `json:"at"`
}

// How long, and how many, chats that left are remembered.
const (
	leftTTL = 7 * 24 * time.Hour
	maxLeft = 1000
)

// followWindow is how many of a chat's newest messages a poll reads when
// the chat changed: at least this many, and the whole chat up to 100.
const followWindow = 20

// ErrStateMismatch is a saved state that belongs to another destination or
// to other filters; comparing with it would report nonsense.
var ErrStateMismatch = errors.New("the saved follow state was made for another destination or other filters")

// Poll lists the chats of f (every page, 100 a request) and returns the new
// state and the events since prev, oldest first. With prev nil it sets the
// baseline: no event. The caller delivers the events and then keeps the
// state (SaveState for a cursor file): a crash before that makes the next
// poll report them again (at least once); nothing is lost.
//
// For `chats follow`, f.Status is "waiting". A poll where nothing changed
// costs one request per 100 chats listed. Each chat that is new in the list
// or whose last message changed costs one more request (two for a chat of
// over 100 messages) to tell a customer's message from a staff note, since
// a listed last message has no direction. When the list spans several pages
// a chat may slip between them while they are read, so each chat that seems
// gone costs one request to confirm it. The first poll costs one request
// more for each chat whose last message is a take's note, to learn when its
// customer last wrote (FollowedChat.Wrote).
//
// An error leaves prev as it was: poll again later.
func (d *Desk) Poll(ctx context.Context, f Filter, prev *State) (*State, []Event, error) {
	if prev != nil && (prev.Version != stateVersion || prev.Destination != d.dest || !sameFilter(prev.Filter, f)) {
		return nil, nil, &clierr.InputError{Err: ErrStateMismatch}
	}
	now := d.now()
	chats, pages, err := d.listChats(ctx, f.params(), nil)
	if err != nil {
		return nil, nil, err
	}
	chats = uniqueChats(chats)
	next := &State{Version: stateVersion, Destination: d.dest, Filter: f, PolledAt: api.NewTime(now)}
	if prev == nil {
		for _, l := range chats {
			c := FollowedChat{Chat: l.raw, Listed: l.Chat, Seen: lastID(l.Chat)}
			wrote, _, err := d.wroteBeforeTake(ctx, l)
			if err != nil {
				return nil, nil, err
			}
			if !wrote.IsZero() {
				c.Wrote = api.NewTime(wrote)
			}
			next.Chats = append(next.Chats, c)
		}
		return next, nil, nil
	}

	before := make(map[string]FollowedChat, len(prev.Chats))
	for _, c := range prev.Chats {
		before[c.Listed.Token] = c
	}
	if pages > 1 {
		if chats, err = d.confirmGone(ctx, f, prev.Chats, chats); err != nil {
			return nil, nil, err
		}
	}
	left := make(map[string]LeftChat, len(prev.Left))
	for _, l := range prev.Left {
		left[l.Token] = l
	}

	var events []Event
	listedNow := make(map[string]bool, len(chats))
	for _, l := range chats {
		c, ev, err := d.examine(ctx, l, before, left)
		if errors.As(err, new(*NotFoundError)) {
			continue // deleted since it was listed: gone, as if not listed
		}
		if err != nil {
			return nil, nil, err
		}
		listedNow[l.Token] = true
		delete(left, l.Token)
		next.Chats = append(next.Chats, c)
		if ev != nil {
			events = append(events, *ev)
		}
	}
	for _, c := range prev.Chats {
		if listedNow[c.Listed.Token] {
			continue
		}
		news, seen, err := d.leftNews(ctx, c)
		if err != nil {
			return nil, nil, err
		}
		if news != nil {
			events = append(events, *news)
		}
		events = append(events, Event{Type: EventLeftQueue, At: api.NewTime(now), Chat: c.Chat, Listed: c.Listed})
		left[c.Listed.Token] = LeftChat{Token: c.Listed.Token, Seen: seen, At: api.NewTime(now)}
	}
	next.Left = keepLeft(left, now)
	return next, events, nil
}

// examine compares a listed chat with what the previous poll saw of it and
// reads its newest messages when its last message changed or it is new.
func (d *Desk) examine(ctx context.Context, l listed, before map[string]FollowedChat, left map[string]LeftChat) (FollowedChat, *Event, error) {
	c := FollowedChat{Chat: l.raw, Listed: l.Chat, Seen: lastID(l.Chat)}
	was, known := before[l.Token]
	if (known && lastID(was.Listed) == lastID(l.Chat)) || l.LastMessage == nil {
		if known {
			c.Seen, c.Wrote = max(c.Seen, was.Seen), was.Wrote
		}
		return c, nil, nil
	}
	t, err := d.tail(ctx, l.Token, api.MessageListParams{}, followWindow)
	if err != nil {
		return c, nil, err
	}
	// Message ids grow with time (the API lists messages oldest first, by
	// id): what is newer than the mark has not been examined.
	mark := was.Seen
	if !known {
		// A chat new to the list: only what the customer wrote since the
		// company last spoke to them is news, not the whole history of a
		// chat transferred into the queue.
		mark = left[l.Token].Seen
		for _, m := range t.fetched {
			if !m.FromCustomer() && !m.IsNote() {
				mark = max(mark, m.ID)
			}
		}
	}
	var fresh []Message
	for _, m := range t.fetched {
		c.Seen = max(c.Seen, m.ID)
		if m.FromCustomer() {
			c.Wrote = m.CreatedAt
			if m.ID > mark {
				fresh = append(fresh, m)
			}
		}
	}
	if known {
		c.Seen = max(c.Seen, was.Seen)
		if c.Wrote.IsZero() {
			c.Wrote = was.Wrote
		}
	}
	if len(fresh) == 0 {
		return c, nil, nil
	}
	return c, &Event{Type: EventMessageReceived, At: fresh[len(fresh)-1].CreatedAt, Chat: l.raw, Listed: l.Chat, Messages: fresh}, nil
}

// wroteBeforeTake tells, for a chat whose last message is a take's note
// (ours true), when its customer last wrote, zero when never: one request,
// two past 100 customer messages. Any other chat costs nothing: its last
// message's time tells how long it has waited.
func (d *Desk) wroteBeforeTake(ctx context.Context, l listed) (wrote time.Time, ours bool, err error) {
	if l.LastMessage == nil {
		return time.Time{}, false, nil
	}
	if _, ours := parseOwnNote(l.LastMessage.Content); !ours {
		return time.Time{}, false, nil
	}
	wrote, err = d.CustomerLastWrote(ctx, l.Token)
	return wrote, true, err
}

// leftNews returns the customer's messages that a chat which left the
// followed chats received since it was last examined, as an
// EventMessageReceived with the chat as it is now (nil when there are
// none), and the id of the newest message read. Between two polls, or
// while follow was stopped, a customer may write and be answered, or the
// chat transferred, before a poll lists it with the message. It costs one
// request (two when the customer wrote over 100 messages), and one more
// to list the chat as it is now when there is news.
func (d *Desk) leftNews(ctx context.Context, c FollowedChat) (*Event, int64, error) {
	token := c.Listed.Token
	t, err := d.tail(ctx, token, api.MessageListParams{Direction: "incoming"}, followWindow)
	if errors.As(err, new(*NotFoundError)) {
		return nil, c.Seen, nil // deleted with its contact: nothing to tell about
	}
	if err != nil {
		return nil, 0, err
	}
	seen := c.Seen
	var fresh []Message
	for _, m := range t.fetched {
		seen = max(seen, m.ID)
		if m.FromCustomer() && m.ID > c.Seen {
			fresh = append(fresh, m)
		}
	}
	if len(fresh) == 0 {
		return nil, seen, nil
	}
	now := listed{Chat: c.Listed, raw: c.Chat}
	p := api.ChatListParams{Contact: strconv.FormatInt(c.Listed.Contact.ID, 10)}
	var found listed
	if _, _, err := d.listChats(ctx, p, withToken(token, &found)); err != nil {
		return nil, 0, err
	}
	if found.Token != "" {
		now = found
	}
	return &Event{Type: EventMessageReceived, At: fresh[len(fresh)-1].CreatedAt, Chat: now.raw, Listed: now.Chat, Messages: fresh}, seen, nil
}

// confirmGone asks again, with the contact as a filter, about each chat of
// the previous poll that a list of several pages did not show: chats that
// leave the list while it is read shift the next pages, and one may slip
// between two of them. Those found are added to chats.
func (d *Desk) confirmGone(ctx context.Context, f Filter, before []FollowedChat, chats []listed) ([]listed, error) {
	seen := make(map[string]bool, len(chats))
	for _, l := range chats {
		seen[l.Token] = true
	}
	for _, c := range before {
		token := c.Listed.Token
		if seen[token] {
			continue
		}
		p := f.params()
		p.Contact = strconv.FormatInt(c.Listed.Contact.ID, 10)
		var found listed
		if _, _, err := d.listChats(ctx, p, withToken(token, &found)); err != nil {
			return nil, err
		}
		if found.Token != "" {
			chats = append(chats, found)
			seen[token] = true
		}
	}
	return chats, nil
}

// uniqueChats drops a chat listed twice, which a list that shifts while its
// pages are read can do.
func uniqueChats(chats []listed) []listed {
	seen := make(map[string]bool, len(chats))
	return slices.DeleteFunc(chats, func(l listed) bool {
		dup := seen[l.Token]
		seen[l.Token] = true
		return dup
	})
}

// keepLeft is the memory of chats that left, without the oldest.
func keepLeft(left map[string]LeftChat, now time.Time) []LeftChat {
	out := make([]LeftChat, 0, len(left))
	for _, l := range left {
		if now.Sub(l.At.Time) < leftTTL {
			out = append(out, l)
		}
	}
	slices.SortFunc(out, func(a, b LeftChat) int {
		if c := b.At.Compare(a.At.Time); c != 0 {
			return c
		}
		return cmp.Compare(a.Token, b.Token)
	})
	return out[:min(len(out), maxLeft)]
}

func lastID(c api.Chat) int64 {
	if c.LastMessage == nil {
		return 0
	}
	return c.LastMessage.ID
}

func sameFilter(a, b Filter) bool {
	return a.Status == b.Status && a.Channel == b.Channel && a.Tag == b.Tag && a.Attendant == b.Attendant &&
		(a.Open == nil) == (b.Open == nil) && (a.Open == nil || *a.Open == *b.Open)
}

// LoadState reads a state saved by SaveState; a missing file is no state
// (nil), and the next poll sets the baseline.
func LoadState(path string) (*State, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, clierr.InputErrorf("read the follow state: %v", err)
	}
	var st State
	if err := json.Unmarshal(b, &st); err != nil || st.Version != stateVersion {
		if err == nil {
			err = fmt.Errorf("unknown version %d", st.Version)
		}
		return nil, clierr.InputErrorf("%s does not hold a follow state (%v); give another file, or remove it to start over", path, err)
	}
	return &st, nil
}

// SaveState writes st to path atomically (a temporary file renamed over
// it), so that a crash leaves the previous state or this one.
func SaveState(path string, st *State) error {
	b, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("save the follow state: %w", err)
	}
	return dirs.WriteFileAtomic(path, b, 0o600)
}

// RetryDelay is how long to wait before polling again after failures
// failed polls in a row: the interval, doubled for each failure, at most a
// minute (or the interval, if longer).
func RetryDelay(interval time.Duration, failures int) time.Duration {
	d := interval
	for range min(failures, 16) {
		d *= 2
	}
	return min(d, max(time.Minute, interval))
}
