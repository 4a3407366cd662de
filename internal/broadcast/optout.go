package broadcast

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
)

// A customer who answers a campaign with "SAIR" wants no more of them.
// ScanOptOuts finds such answers on a channel and tags their contacts, so
// that the next campaign's --exclude-tag leaves them out.

// DefaultOptOutWords are the answers taken as an opt-out when none are
// given: Portuguese and English.
var DefaultOptOutWords = []string{"SAIR", "PARAR", "STOP", "CANCELAR"}

// IsOptOut reports whether a customer's message is one of the words: the
// whole message, trimmed of spaces and of a trailing ".", "!" or "?",
// with case and accents ignored ("Sair." and " PARAR!" are; "sair daqui
// amanhã?" is not: a message that holds the word says something else).
func IsOptOut(text string, words []string) bool {
	t := resolve.Fold(strings.TrimRight(strings.TrimSpace(text), ".!? \t\r\n"))
	if t == "" {
		return false
	}
	return slices.ContainsFunc(words, func(w string) bool { return resolve.Fold(w) == t })
}

// OptOutScan is what to look for: the customers' messages on Channel since
// Since that are one of Words, whose contacts get Tag (an id or a text).
type OptOutScan struct {
	Channel string
	Since   time.Time
	Tag     string
	Words   []string
	// DryRun finds them and tags nobody.
	DryRun bool
}

// The actions of OptOut.
const (
	OptOutTagged        = "tagged"
	OptOutAlreadyTagged = "already_tagged"
	OptOutWouldTag      = "would_tag"
)

// OptOut is a contact who answered with an opt-out, and what was done.
type OptOut struct {
	ContactID int64  `json:"contact_id"`
	Phone     string `json:"phone"`
	Name      string `json:"name"`
	Chat      string `json:"chat"`
	// Message is the customer's latest message that is an opt-out.
	Message string   `json:"message"`
	At      api.Time `json:"at"`
	// Action is OptOutTagged, OptOutAlreadyTagged or, in a dry run,
	// OptOutWouldTag.
	Action string `json:"action"`
}

// scanConcurrency is how many chats are read at once.
const scanConcurrency = 4

// ScanOptOuts finds the contacts whose message on the channel since
// scan.Since is an opt-out (IsOptOut), and gives them the tag, in order of
// their contact id. It reads the channel's chats (a request per hundred);
// of those with a message since then, the customer's latest messages (the
// API has no date filter: a request per hundred of them, from the newest
// back); then, for each contact found, its tags (a request) and, when it
// lacks the tag, writes them (a request).
func ScanOptOuts(ctx context.Context, c *api.Client, scan OptOutScan) ([]OptOut, error) {
	if len(scan.Words) == 0 {
		scan.Words = DefaultOptOutWords
	}
	if _, err := lookUpChannel(ctx, c, scan.Channel, naming.Flags); err != nil {
		return nil, err
	}
	tag, err := resolve.TagID(ctx, c, scan.Tag, naming.Flags)
	if err != nil {
		return nil, err
	}
	var chats []api.Chat
	for ch, err := range c.ListChats(api.ChatListParams{Channel: scan.Channel}).Follow(true).All(ctx) {
		if err != nil {
			return nil, fmt.Errorf("list the chats of channel %s: %w", scan.Channel, err)
		}
		if ch.LastMessage != nil && !ch.LastMessage.CreatedAt.Before(scan.Since) {
			chats = append(chats, ch)
		}
	}
	d := desk.New(c, desk.Options{})
	var (
		mu    sync.Mutex
		found = map[int64]*OptOut{}
	)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(scanConcurrency)
	for _, ch := range chats {
		g.Go(func() error {
			msgs, err := d.CustomerMessagesSince(gctx, ch.Token, scan.Since)
			if err != nil {
				return err
			}
			for i := len(msgs) - 1; i >= 0; i-- {
				m := msgs[i]
				if !IsOptOut(m.Content, scan.Words) {
					continue
				}
				mu.Lock()
				defer mu.Unlock()
				if o := found[ch.Contact.ID]; o == nil || o.At.Before(m.CreatedAt.Time) {
					found[ch.Contact.ID] = &OptOut{ContactID: ch.Contact.ID, Phone: ch.Contact.Phone, Name: ch.Contact.Name,
						Chat: ch.Token, Message: m.Content, At: m.CreatedAt}
				}
				return nil
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	out := make([]OptOut, 0, len(found))
	for _, o := range found {
		out = append(out, *o)
	}
	slices.SortFunc(out, func(a, b OptOut) int { return cmp.Compare(a.ContactID, b.ContactID) })
	for i := range out {
		if out[i].Action, err = giveTag(ctx, c, out[i].ContactID, tag, scan.DryRun); err != nil {
			return out[:i], err
		}
	}
	return out, nil
}

// giveTag gives the contact the tag, unless it has it or this is a dry run,
// and says which it was.
func giveTag(ctx context.Context, c *api.Client, contact, tag int64, dryRun bool) (string, error) {
	res, err := c.GetContact(ctx, contact)
	if err != nil {
		return "", fmt.Errorf("read contact %d: %w", contact, err)
	}
	ids := make([]int64, 0, len(res.Data.Tags)+1)
	for _, t := range res.Data.Tags {
		if t.ID == tag {
			return OptOutAlreadyTagged, nil
		}
		ids = append(ids, t.ID)
	}
	if dryRun {
		return OptOutWouldTag, nil
	}
	ids = append(ids, tag)
	if _, err := c.UpdateContact(ctx, contact, api.ContactUpdate{Tags: &ids}); err != nil {
		return "", fmt.Errorf("tag contact %d: %w", contact, err)
	}
	return OptOutTagged, nil
}
