package desk

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"golang.org/x/sync/errgroup"

	"github.com/convo-cli/convo/internal/api"
)

// PanelNotes is how many of a contact's newest notes the panel holds: the
// most that always fit one request past the first.
const PanelNotes = 50

// Panel is what the desk shows about a chat's contact beside the chat.
type Panel struct {
	// Contact is the contact as GET /contacts/{id} returns it: phone,
	// name, tags and custom fields.
	Contact api.Contact
	// Notes are the contact's newest notes (at most PanelNotes), newest
	// first; NotesTotal is how many it has.
	Notes      []api.Note
	NotesTotal int
	// Chats are the contact's other chats, open or not, each with its
	// channel: the one whose last message is the newest first.
	Chats []*Chat
}

// ContactPanel reads what the panel shows of contact, leaving the chat
// with token except out of its chats. The three reads go at once: the
// contact (1 request), its notes (1, or 2 past 100 notes) and its chats
// (1 per 100), whose channels cost what locating them does (one request
// per channel that holds them when the cache knows them, up to one per
// channel the caller may use, +1 for the channel list, when it does not).
func (d *Desk) ContactPanel(ctx context.Context, contact int64, except string) (*Panel, error) {
	var p Panel
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		res, err := d.c.GetContact(ctx, contact)
		if err != nil {
			return fmt.Errorf("read contact %d: %w", contact, err)
		}
		p.Contact = res.Data
		return nil
	})
	g.Go(func() (err error) {
		p.Notes, p.NotesTotal, err = d.newestNotes(ctx, contact)
		return err
	})
	g.Go(func() error {
		defer d.cache.save()
		chats, _, err := d.listChats(ctx, api.ChatListParams{Contact: strconv.FormatInt(contact, 10)}, nil)
		if err != nil {
			return err
		}
		chats = slices.DeleteFunc(chats, func(l listed) bool { return l.Token == except })
		if len(chats) == 0 {
			return nil
		}
		if p.Chats, err = d.locate(ctx, chats); err != nil {
			return err
		}
		slices.SortStableFunc(p.Chats, func(a, b *Chat) int {
			return -longestWaiting(listed{Chat: a.Chat}, listed{Chat: b.Chat})
		})
		return nil
	})
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return &p, nil
}

// newestNotes returns the contact's newest PanelNotes notes, newest first,
// and how many it has. The API lists notes oldest first, so the first page
// of 100 tells how many there are; past 100, one more request reads the
// page that holds the newest (see cover).
func (d *Desk) newestNotes(ctx context.Context, contact int64) ([]api.Note, int, error) {
	page := func(n, per int) ([]api.Note, int, error) {
		pager := d.c.ListNotes(contact, api.ListOptions{Page: n, PerPage: per})
		notes, err := pager.Collect(ctx)
		if err != nil {
			return nil, 0, fmt.Errorf("list the notes of contact %d: %w", contact, err)
		}
		return notes, pager.Pagination().Total, nil
	}
	notes, total, err := page(1, api.MaxPerPage)
	if err != nil {
		return nil, 0, err
	}
	if total > len(notes) {
		per, first, last := cover(max(total-PanelNotes, 0), total)
		notes = notes[:0]
		for n := first; n <= last; n++ {
			more, _, err := page(n, per)
			if err != nil {
				return nil, 0, err
			}
			notes = append(notes, more...)
		}
	}
	notes = notes[max(len(notes)-PanelNotes, 0):]
	slices.Reverse(notes)
	return notes, total, nil
}
