package desk

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/safetext"
)

// Holder is the attendant who has a chat. The zero Holder is nobody: the
// chat is in the waiting queue.
type Holder struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// String names the holder as people are told who has a chat: name and
// e-mail, as safetext.Line shows them.
func (h Holder) String() string {
	name, email := safetext.Line(h.Name), safetext.Line(h.Email)
	switch {
	case h.ID == 0:
		return "nobody"
	case name == "" && email == "":
		return fmt.Sprintf("attendant %d", h.ID)
	case email == "":
		return name
	case name == "":
		return email
	}
	return fmt.Sprintf("%s <%s>", name, email)
}

// HeldError is a chat that another attendant has: a take or a release
// that would take it from them without being told to (Force).
type HeldError struct {
	Token  string
	Holder Holder
	// Race is set when the holder took the chat at the same moment as the
	// take that failed, and theirs came first.
	Race bool
	// Returning is who has the chat for a moment, by a take that lost to
	// Holder's and gives the chat back to them; nobody otherwise.
	Returning Holder
}

func (e *HeldError) Error() string {
	switch {
	case e.Race:
		return fmt.Sprintf("%s took chat %s at the same moment, first: it is theirs", e.Holder, e.Token)
	case e.Returning.ID != 0:
		return fmt.Sprintf("chat %s is taken by %s (%s has it for a moment, by a take at the same moment that lost, and gives it back)",
			e.Token, e.Holder, e.Returning)
	}
	return fmt.Sprintf("chat %s is taken by %s", e.Token, e.Holder)
}

// activeUsers returns the company's active attendants, from the cache while
// it is younger than AttendantsTTL, else one request per 100 users.
func (d *Desk) activeUsers(ctx context.Context) ([]cachedUser, error) {
	now := d.now()
	if users, ok := d.cache.attendants(now); ok {
		return users, nil
	}
	listed, err := d.c.ListUsers(api.UserListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}, Status: "active"}).
		Follow(true).Collect(ctx)
	if err != nil {
		return nil, fmt.Errorf("list attendants: %w", err)
	}
	users := make([]cachedUser, len(listed))
	for i, u := range listed {
		users[i] = cachedUser{ID: u.ID, Name: u.Name, Email: u.Email, Type: u.Type}
	}
	d.cache.setAttendants(users, now)
	return users, nil
}

// holder describes attendant id by name and e-mail, as far as the active
// attendants tell.
func holder(users []cachedUser, id int64) Holder {
	if i := slices.IndexFunc(users, func(u cachedUser) bool { return u.ID == id }); i >= 0 {
		return Holder{ID: id, Name: users[i].Name, Email: users[i].Email}
	}
	return Holder{ID: id}
}

// holds reports whether attendant has the chat: one request, the contact's
// chats on the chat's channel that the attendant has.
func (d *Desk) holds(ctx context.Context, ch *Chat, attendant int64) (bool, error) {
	p := api.ChatListParams{Contact: strconv.FormatInt(ch.Contact.ID, 10), Channel: ch.Channel.Token, Attendant: attendant}
	var found listed
	if _, _, err := d.listChats(ctx, p, withToken(ch.Token, &found)); err != nil {
		return false, fmt.Errorf("who has chat %s: %w", ch.Token, err)
	}
	return found.Token != "", nil
}

// holderAmong returns the first of users who has the chat; nobody when
// none does. One request per attendant asked.
func (d *Desk) holderAmong(ctx context.Context, ch *Chat, users []cachedUser) (Holder, error) {
	for _, u := range users {
		has, err := d.holds(ctx, ch, u.ID)
		if err != nil {
			return Holder{}, err
		}
		if has {
			d.cache.take(ch.Token, u.ID)
			return Holder{ID: u.ID, Name: u.Name, Email: u.Email}, nil
		}
	}
	return Holder{}, nil
}

// Holder returns who has the chat, asking about first before the others
// (the attendant most likely to have it: the caller), or nobody. A chat
// does not say who has it, so the active attendants are asked one by one
// with the attendant filter: up to A requests (+1 for the attendants when
// not cached), one when first has it.
func (d *Desk) Holder(ctx context.Context, ch *Chat, first int64) (Holder, error) {
	defer d.cache.save()
	users, err := d.activeUsers(ctx)
	if err != nil {
		return Holder{}, err
	}
	return d.holderAmong(ctx, ch, firstOf(users, first))
}

// firstOf puts attendant id first among users.
func firstOf(users []cachedUser, id int64) []cachedUser {
	out := slices.Clone(users)
	if i := slices.IndexFunc(out, func(u cachedUser) bool { return u.ID == id }); i > 0 {
		u := out[i]
		out = append([]cachedUser{u}, slices.Delete(out, i, i+1)...)
	}
	return out
}

// TakeOptions says who takes a chat.
type TakeOptions struct {
	// For is the attendant who takes the chat (@me, resolved).
	For int64
	// Force takes the chat even from another attendant.
	Force bool
}

// Taken is a take that made the chat the attendant's.
type Taken struct {
	Chat *Chat
	// Already is set when the chat was the attendant's before: nothing was
	// transferred.
	Already bool
	// From is who had the chat before a forced take; nobody when it was in
	// the queue.
	From Holder
	// Unconfirmed is set when the API did not list the take's note, so
	// that the take could not be told apart from one made at the same
	// moment: the chat was the attendant's when asked after the transfer.
	Unconfirmed bool
}

// Take makes the chat the attendant's (o.For) with a transfer on its own
// channel, which leaves it where it is (waiting, or not) with the attendant
// as its holder, and confirms that the take won: of several attendants
// taking one chat at about the same moment, exactly one is told it is
// theirs, and once all of them have finished the API gives the chat to
// that one. A chat another attendant has is a *HeldError naming them,
// unless o.Force; so is a take that lost to one made at the same moment.
//
// The API has no compare-and-set, so the takes are ordered by the notes
// their transfers leave in the chat (internal messages, listed in the
// order they were written): each take writes one naming its attendant and
// a random claim, then reads the notes written since it looked, and
// replays them (see arbitrate). The first take made while nobody had the
// chat wins; a later one gives the chat back to the winner if its own
// transfer was the last. Cost: 1 request when the chat is already the
// attendant's (+1 for the attendants when not cached); otherwise 1 + 1
// (the notes so far) + up to A−1 (who else has it) + 1 (the transfer) + 1
// (the notes since, 2 past 100 of them), and 1 more for a take that lost
// and must give the chat back; a take refused because another has the
// chat, no transfer and up to 3 for the notes (see keeper). docs/agent.md
// says what this cannot cover.
func (d *Desk) Take(ctx context.Context, ch *Chat, o TakeOptions) (*Taken, error) {
	if o.For == 0 {
		return nil, clierr.InputErrorf("taking a chat needs your attendant: set it with `convo config set attendant ID|EMAIL`")
	}
	if err := movable(ch); err != nil {
		return nil, err
	}
	defer d.cache.save()
	users, err := d.activeUsers(ctx)
	if err != nil {
		return nil, err
	}
	switch has, err := d.holds(ctx, ch, o.For); {
	case err != nil:
		return nil, err
	case has:
		d.cache.take(ch.Token, o.For)
		return &Taken{Chat: ch, Already: true}, nil
	}
	// The notes are counted before anyone's take is looked for, so that
	// a take that this look misses is among the notes read afterwards.
	before, err := d.noteCount(ctx, ch.Token)
	if err != nil {
		return nil, err
	}
	others := slices.DeleteFunc(slices.Clone(users), func(u cachedUser) bool { return u.ID == o.For })
	from, err := d.holderAmong(ctx, ch, others)
	if err != nil {
		return nil, err
	}
	if from.ID != 0 && !o.Force {
		keeps, err := d.keeper(ctx, ch, users, from, before)
		switch {
		case err != nil:
			return nil, err
		case keeps.ID == o.For:
			// The attendant's own take won a moment ago, and the loser
			// holding the chat gives it back.
			d.cache.take(ch.Token, o.For)
			return &Taken{Chat: ch, Already: true}, nil
		}
		return nil, heldBy(ch.Token, from, keeps)
	}
	mine := ownNote{attendant: o.For, claim: newClaim(), from: from.ID, after: before}
	if _, err := d.Transfer(ctx, ch, ch.Channel.Token, &o.For, mine.text(holder(users, o.For), from)); err != nil {
		return nil, err
	}
	d.cache.take(ch.Token, o.For)
	return d.confirm(ctx, ch, users, mine, before, from)
}

// keeper is whom a chat that h has stays with: h, unless h got it with a
// take that lost a race and its taker is giving it back to the winner.
// Such a take's transfer landed after the winner's, so for a moment the
// API says the loser has the chat; the notes say who keeps it. The chat's
// newest notes are read (the last few of the count notes, and any since:
// one request, two across a page of 100), and when the newest of convo's
// is h's take, it is replayed as its taker replays it, from the notes its
// taker counted (one request more when they begin on an earlier page). A chat h
// got otherwise (a take that won, a keep note, a transfer without a note,
// a losing take whose taker did not give it back within givesBackWithin)
// stays h's.
func (d *Desk) keeper(ctx context.Context, ch *Chat, users []cachedUser, h Holder, count int) (Holder, error) {
	// The read starts at the page of the last few notes, which it fetches
	// anyway, so that a replay from earlier on that page needs no other.
	start := max(count-recentNotes, 0)
	from := start / api.MaxPerPage * api.MaxPerPage
	read, err := d.notesAfter(ctx, ch.Token, from)
	if err != nil {
		return Holder{}, err
	}
	var (
		last   ownNote
		lastAt time.Time
	)
	for _, m := range read[min(start-from, len(read)):] {
		if n, ok := parseOwnNote(m.Content); ok {
			last, lastAt = n, m.CreatedAt.Time
		}
	}
	// The note's time is the server's: it is compared with the server's
	// clock, as far as its answers tell.
	now := d.now()
	if t, ok := d.c.ServerClock().Earliest(now); ok {
		now = t
	}
	if last.keep || last.attendant != h.ID || last.after < 0 || now.Sub(lastAt) > givesBackWithin {
		return h, nil
	}
	since := read[min(max(last.after-from, 0), len(read)):]
	if last.after < from {
		if since, err = d.notesAfter(ctx, ch.Token, last.after); err != nil {
			return Holder{}, err
		}
	}
	if v := arbitrate(ownNotes(since), last.claim); v.found && !v.mine {
		return holder(users, v.winner), nil
	}
	return h, nil
}

// heldBy is the refusal of a take or a release because h has the chat,
// naming whom it stays with (see keeper), and h as Returning when that is
// another.
func heldBy(token string, h, keeps Holder) *HeldError {
	if keeps.ID == h.ID {
		return &HeldError{Token: token, Holder: h}
	}
	return &HeldError{Token: token, Holder: keeps, Returning: h}
}

// givesBackWithin is how long after its note a take that lost gives the
// chat back: a few requests. A losing take's note older than that is a
// taker that stopped before it could (docs/agent.md), and the chat is its
// attendant's until someone moves it.
const givesBackWithin = time.Minute

// recentNotes is how many of a chat's notes before a take's look keeper
// reads for the take that gave the chat its holder: a race's takes write
// theirs within moments of each other.
const recentNotes = 10

// confirm reads the notes written since before and tells whether the take
// mine won; when it lost and its transfer was the last, it gives the chat
// back to the winner.
func (d *Desk) confirm(ctx context.Context, ch *Chat, users []cachedUser, mine ownNote, before int, from Holder) (*Taken, error) {
	fresh, err := d.notesAfter(ctx, ch.Token, before)
	if err != nil {
		return nil, fmt.Errorf("chat %s was transferred to %s, but the take could not be confirmed (take it again to find out who has it): %w",
			ch.Token, holder(users, mine.attendant), err)
	}
	v := arbitrate(ownNotes(fresh), mine.claim)
	switch {
	case !v.found:
		// The API did not list the transfer's note: the attendant filter
		// is all there is to go by.
		switch has, err := d.holds(ctx, ch, mine.attendant); {
		case err != nil:
			return nil, err
		case has:
			return &Taken{Chat: ch, From: from, Unconfirmed: true}, nil
		}
		h, err := d.holderAmong(ctx, ch, users)
		switch {
		case err != nil:
			return nil, err
		case h.ID == 0:
			return nil, fmt.Errorf("chat %s was transferred to %s, and nobody has it now: it was released meanwhile", ch.Token, holder(users, mine.attendant))
		}
		return nil, &HeldError{Token: ch.Token, Holder: h, Race: true}
	case v.mine:
		return &Taken{Chat: ch, From: from}, nil
	}
	winner := holder(users, v.winner)
	if v.last {
		// Nobody transferred the chat after this take: it is this take's
		// to undo.
		keep := ownNote{keep: true, attendant: v.winner}
		if _, err := d.Transfer(ctx, ch, ch.Channel.Token, &v.winner, keep.text(holder(users, mine.attendant), winner)); err != nil {
			return nil, fmt.Errorf("%s took chat %s at the same moment, first, and giving it back to them failed: %w", winner, ch.Token, err)
		}
	}
	d.cache.take(ch.Token, v.winner)
	return nil, &HeldError{Token: ch.Token, Holder: winner, Race: true}
}

// movable refuses, before any request, a chat no transfer can move: a
// finished one, which nobody takes or releases any more.
func movable(ch *Chat) error {
	if ch.Status == "finished" {
		return clierr.InputErrorf("chat %s is finished: the API cannot transfer it, so nobody takes or releases it", ch.Token)
	}
	return nil
}

// noteCount is how many internal notes the chat has: one request.
func (d *Desk) noteCount(ctx context.Context, token string) (int, error) {
	pg, err := d.messagePage(ctx, token, internalNotes, 1, 1)
	if err != nil {
		return 0, err
	}
	return pg.pagination.Total, nil
}

// internalNotes lists a chat's internal notes, where takes leave theirs.
var internalNotes = api.MessageListParams{Visibility: "internal"}

// notesAfter is the chat's internal notes after the first count, in the
// order they were written: one request, two across a page of 100.
func (d *Desk) notesAfter(ctx context.Context, token string, count int) ([]Message, error) {
	notes, _, err := d.FilteredAfter(ctx, token, internalNotes, count)
	return notes, err
}

// ownNotes is the notes convo left among msgs, in their order.
func ownNotes(msgs []Message) []ownNote {
	var out []ownNote
	for _, m := range msgs {
		if n, ok := parseOwnNote(m.Content); ok {
			out = append(out, n)
		}
	}
	return out
}

// newClaim is a random name for one take, which its note carries so that
// the taker finds its own note among those of the same attendant.
func newClaim() string {
	b := make([]byte, 4)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// ownNote is the note a take leaves in the chat (its transfer's message),
// or the one a take that lost leaves when it gives the chat back (keep).
// Its text ends with a mark that convo reads back: people read the rest.
type ownNote struct {
	keep      bool
	attendant int64
	claim     string
	// from is the attendant a forced take took the chat from; 0 for a
	// take of a chat nobody had.
	from int64
	// after is how many notes the chat had when the taker counted them,
	// before it looked for the chat's holder: the point its replay starts
	// from. -1 for a take note without it, as convo's older notes are; 0
	// for a keep note, which has none.
	after int
}

var ownNoteMark = regexp.MustCompile(`\[convo (take|keep): attendant (\d+)(?:, claim ([0-9a-f]{8}))?(?:, from (\d+))?(?:, after (\d+))?\]$`)

// text is the note for people and for convo: who took the chat (taker,
// from whom), or for a keep note, whose take (taker) gave way to whom.
func (n ownNote) text(taker, other Holder) string {
	who := func(h Holder) string {
		if h.Name != "" {
			return h.Name
		}
		return fmt.Sprintf("Attendant %d", h.ID)
	}
	switch {
	case n.keep:
		return fmt.Sprintf("%s took the chat at the same moment as %s, who keeps it. [convo keep: attendant %d]",
			who(taker), who(other), n.attendant)
	case n.from != 0:
		return fmt.Sprintf("%s took the chat from %s. [convo take: attendant %d, claim %s, from %d, after %d]",
			who(taker), who(other), n.attendant, n.claim, n.from, n.after)
	}
	return fmt.Sprintf("%s took the chat. [convo take: attendant %d, claim %s, after %d]", who(taker), n.attendant, n.claim, n.after)
}

// parseOwnNote reads the mark of a note convo left; ok is false for any
// other note.
func parseOwnNote(content string) (ownNote, bool) {
	m := ownNoteMark.FindStringSubmatch(content)
	if m == nil {
		return ownNote{}, false
	}
	keep := m[1] == "keep"
	id, err := strconv.ParseInt(m[2], 10, 64)
	if err != nil || id <= 0 || keep == (m[3] != "") || keep && (m[4] != "" || m[5] != "") {
		return ownNote{}, false
	}
	n := ownNote{keep: keep, attendant: id, claim: m[3]}
	if m[4] != "" {
		if n.from, err = strconv.ParseInt(m[4], 10, 64); err != nil || n.from <= 0 {
			return ownNote{}, false
		}
	}
	switch {
	case m[5] != "":
		if n.after, err = strconv.Atoi(m[5]); err != nil {
			return ownNote{}, false
		}
	case !keep:
		n.after = -1
	}
	return n, true
}

// Readable is a message's content as people read it. The note a take
// leaves (see ownNote) ends with a mark that convo reads back, which says
// nothing to a person and is left out: "Ana Souza took the chat." Any
// other content is returned as it is. It goes by the content alone, as a
// chat's last message has no visibility; a note with nothing before its
// mark keeps the mark, which is all it says.
func Readable(content string) string {
	if _, ok := parseOwnNote(content); !ok {
		return content
	}
	at := ownNoteMark.FindStringIndex(content)[0]
	if text := strings.TrimSpace(content[:at]); text != "" {
		return text
	}
	return content
}

// verdict is what the notes say of one take.
type verdict struct {
	// found: the take's note is among the notes.
	found bool
	// mine: the take won; otherwise winner had the chat when it was made.
	mine   bool
	winner int64
	// last: no take or keep note came after the take's: its transfer set
	// the chat's holder last.
	last bool
}

// arbitrate replays the notes written since a taker looked for the chat's
// holder, in the API's order, to decide its take, claim. The replay starts
// with nobody holding the chat: what each taker saw (or, forcing, took it
// from) at its look, before any note of the concurrent takes. A take wins
// when, at that point of the replay, nobody has the chat, or its own
// attendant, or the one a forced take meant to take it from; its attendant
// then has it. A take made while anybody else has the chat loses and
// changes nothing, since the taker gives the chat back; a keep note gives
// it to its attendant. Every taker replays the same notes in the same
// order, from a point before any of the concurrent takes, so they agree on
// one winner: the first take made while the chat was as its taker saw it.
func arbitrate(notes []ownNote, claim string) verdict {
	var v verdict
	var has int64 // who has the chat at this point of the replay
	for _, n := range notes {
		if v.found {
			v.last = false
			continue
		}
		switch {
		case n.keep:
			has = n.attendant
		case has == 0 || has == n.attendant || n.from != 0 && has == n.from:
			has = n.attendant
			v.mine = n.claim == claim
		}
		if !n.keep && n.claim == claim {
			v.found, v.last, v.winner = true, true, has
		}
	}
	return v
}

// ReleaseOptions says who releases a chat.
type ReleaseOptions struct {
	// Me is the attendant releasing the chat (@me, resolved); 0 when not
	// set, and then only Force releases a chat somebody has.
	Me int64
	// Force releases the chat even from another attendant.
	Force bool
}

// Released is a chat handed back to the waiting queue.
type Released struct {
	Chat *Chat
	// From is who had it; nobody when it was already in the queue, and
	// then nothing was transferred.
	From Holder
}

// Outcome says where the release left the chat, as a sentence about
// subject ("Chat X", "The chat with Ana"), naming the queue as channel's
// when channel is not empty. The API's waiting queue holds the chats
// nobody has, while the waiting chats (`chats list --status waiting`,
// `chats next`, the inbox's waiting view) are those whose customer wrote
// last: a chat that was answered is in the one, not the other, until the
// customer writes again.
func (r *Released) Outcome(subject, channel string) string {
	queue := "the waiting queue"
	if channel != "" {
		queue += " of " + channel
	}
	switch {
	case r.From.ID == 0:
		return subject + " is in " + queue + " already: no attendant has it."
	case r.Chat.Status != "waiting":
		return subject + " is nobody's now: answered, it joins the waiting chats when the customer writes again."
	}
	return subject + " is back in " + queue + "."
}

// Release hands the chat back to the waiting queue on its own channel (a
// transfer without an attendant), where any attendant may take it. A chat
// another attendant has is a *HeldError naming them, unless o.Force; a
// chat in the queue already is left as it is (Released.From is nobody).
// Cost: who has the chat (1 when it is Me's, up to A otherwise, +1 for
// the attendants when not cached) and the transfer (1); a refusal, no
// transfer and up to 4 for the notes (see releaseRefused).
func (d *Desk) Release(ctx context.Context, ch *Chat, o ReleaseOptions) (*Released, error) {
	if err := movable(ch); err != nil {
		return nil, err
	}
	h, err := d.Holder(ctx, ch, o.Me)
	switch {
	case err != nil:
		return nil, err
	case h.ID == 0:
		return &Released{Chat: ch}, nil
	case h.ID != o.Me && !o.Force:
		return nil, d.releaseRefused(ctx, ch, h, o.Me)
	}
	if _, err := d.Transfer(ctx, ch, ch.Channel.Token, nil, ""); err != nil {
		return nil, err
	}
	d.cache.take(ch.Token, 0)
	d.cache.save()
	return &Released{Chat: ch, From: h}, nil
}

// releaseRefused is the refusal of a release because h has the chat,
// naming whom it stays with, as a take's refusal does (see keeper): 1
// request for the notes' count, then keeper's. A chat that stays me's is
// h's for the moment, and the refusal says so: released now, it would come
// back to me when h gives it back.
func (d *Desk) releaseRefused(ctx context.Context, ch *Chat, h Holder, me int64) error {
	users, err := d.activeUsers(ctx)
	if err != nil {
		return err
	}
	count, err := d.noteCount(ctx, ch.Token)
	if err != nil {
		return err
	}
	keeps, err := d.keeper(ctx, ch, users, h, count)
	switch {
	case err != nil:
		return err
	case me != 0 && keeps.ID == me:
		keeps = h
	}
	return heldBy(ch.Token, h, keeps)
}

// ReplyTake is what a reply did about who has its chat (take on reply).
type ReplyTake struct {
	// Taken is set when the chat was taken for the reply's attendant, or
	// was theirs already (Taken.Already).
	Taken *Taken
	// Holder is who has the chat when the reply did not take it: another
	// attendant, or nobody when there was no attendant to take it for.
	Holder Holder
	// Race is set when another attendant took the chat at the same moment.
	Race bool
	// Refused is the API's refusal of the take (the attendant cannot
	// reach the chat's channel, say): the reply goes out all the same.
	Refused error
}

// TakeOnReply takes the chat for attendant before a reply is sent, if no
// attendant has it: replying makes a chat yours. It never takes a chat
// from another attendant. With attendant 0 (none set), it only says who has
// the chat, so that the caller can tell how to set one. Cost: as Take
// when an attendant is given (1 when the chat is theirs already), up to A
// (+1) otherwise.
func (d *Desk) TakeOnReply(ctx context.Context, ch *Chat, attendant int64) (ReplyTake, error) {
	if attendant == 0 {
		h, err := d.Holder(ctx, ch, 0)
		return ReplyTake{Holder: h}, err
	}
	t, err := d.Take(ctx, ch, TakeOptions{For: attendant})
	var (
		held   *HeldError
		apiErr *api.Error
	)
	switch {
	case err == nil:
		return ReplyTake{Taken: t}, nil
	case errors.As(err, &held):
		return ReplyTake{Holder: held.Holder, Race: held.Race}, nil
	case errors.As(err, &apiErr) && apiErr.StatusCode >= http.StatusBadRequest && apiErr.StatusCode < http.StatusInternalServerError &&
		apiErr.StatusCode != http.StatusUnauthorized && apiErr.StatusCode != http.StatusTooManyRequests:
		return ReplyTake{Refused: err}, nil
	}
	return ReplyTake{}, err
}

// Note is what people are told about the take of a reply to the chat,
// named by chat at the start of a sentence ("Chat bf7e…", or "The chat"
// where the screen shows which), as a sentence shown as safetext.Line
// shows text; empty when there is nothing to say (the chat was theirs
// already, or another attendant's, which a reply does not change).
func (t ReplyTake) Note(chat string) string { return safetext.Line(t.note(chat)) }

func (t ReplyTake) note(chat string) string {
	switch {
	case t.Refused != nil:
		return fmt.Sprintf("%s was not taken (%v); the reply goes out all the same.", chat, t.Refused)
	case t.Taken != nil && !t.Taken.Already:
		return chat + " is yours now: replying took it."
	case t.Race:
		return fmt.Sprintf("%s stays with %s, who took it at the same moment.", chat, t.Holder)
	case t.Taken == nil && t.Holder.ID == 0:
		return chat + " stays in the queue: no attendant is set to take it for. " +
			"Set yours with `convo config set attendant ID|EMAIL`, " +
			"or stop taking the chats you answer with `convo config set take_on_reply false`."
	}
	return ""
}
