package broadcast

import (
	"context"
	"fmt"
	"slices"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/validate"
)

// excluded are the contacts a campaign leaves out, by phone: why each one
// is (reasonBlocked, or reasonTag plus the index of its --exclude-tag).
type excluded map[validate.PhoneKey]uint16

const (
	reasonBlocked = 0
	reasonTag     = 1
)

// lookUpExcluded finds the company's contacts a campaign leaves out: those
// that are blocked, and those that carry a tag of tags (ids or names),
// whose ids it returns, in the order of tags, for reading them again
// (readExcluded). n names where to look tags up in errors.
func lookUpExcluded(ctx context.Context, c *api.Client, tags []string, n naming.Names) (excluded, []int64, error) {
	ids, err := resolve.TagIDs(ctx, c, tags, n)
	if err != nil {
		return nil, nil, err
	}
	out, err := readExcluded(ctx, c, ids, tags)
	return out, ids, err
}

// readExcluded reads the contacts left out: the blocked ones, and those
// with a tag of ids (named tags, for messages). It reads only them, never
// every contact: the pages of GET /contacts?blocked=true and of GET
// /contacts?tag=ID for each tag, a hundred contacts a page. A contact
// blocked and tagged is counted as blocked; one with several tags, under
// the first.
func readExcluded(ctx context.Context, c *api.Client, ids []int64, tags []string) (excluded, error) {
	out := excluded{}
	add := func(p api.ContactListParams, reason uint16) error {
		p.PerPage = api.MaxPerPage
		for ct, err := range c.ListContacts(p).Follow(true).All(ctx) {
			if err != nil {
				return err
			}
			key, ok := validate.PackPhone(ct.Phone)
			if !ok {
				// A phone stored in another form: read it as the rows are.
				digits, err := validate.Phone("phone", ct.Phone, "", naming.Flags)
				if key, ok = validate.PackPhone(digits); err != nil || !ok {
					continue
				}
			}
			if _, seen := out[key]; !seen {
				out[key] = reason
			}
		}
		return nil
	}
	blocked := true
	if err := add(api.ContactListParams{Blocked: &blocked}, reasonBlocked); err != nil {
		return nil, fmt.Errorf("look up the blocked contacts: %w", err)
	}
	for i, id := range ids {
		if slices.Index(ids, id) < i {
			continue // the same tag twice
		}
		if err := add(api.ContactListParams{Tag: id}, reasonTag+uint16(i)); err != nil {
			return nil, fmt.Errorf("look up the contacts tagged %s: %w", tags[i], err)
		}
	}
	return out, nil
}

// findChannel returns the channel with token, which must be connected; n
// names where to look channels up.
func findChannel(ctx context.Context, c *api.Client, token string, n naming.Names) (api.Channel, error) {
	ch, err := lookUpChannel(ctx, c, token, n)
	if err == nil && ch.Status != "connected" {
		return ch, clierr.InputErrorf("channel %s (%s) is %s: nothing can be sent on it. Nothing was sent: reconnect it first.", ch.Token, ch.Name, ch.Status)
	}
	return ch, err
}

// lookUpChannel returns the channel with token among those c may use,
// connected or not; n names where to look channels up.
func lookUpChannel(ctx context.Context, c *api.Client, token string, n naming.Names) (api.Channel, error) {
	for ch, err := range c.ListChannels(api.ChannelListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}}).Follow(true).All(ctx) {
		if err != nil {
			return api.Channel{}, fmt.Errorf("look up the channel: %w", err)
		}
		if ch.Token == token {
			return ch, nil
		}
	}
	return api.Channel{}, clierr.InputErrorf("no channel %s among those this token may use%s", token, n.SeeAlso("convo channels list"))
}

// sendable refuses a template that is not approved, as `messages send` does.
func sendable(t *api.Template) error {
	if err := msgtemplate.Sendable(*t); err != nil {
		return clierr.InputErrorf("%v. Nothing was sent.", err)
	}
	return nil
}
