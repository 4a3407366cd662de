package importer

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/convo-cli/convo/internal/api"
)

// errStopped ends a row that had not finished when the import was told to
// stop (Ctrl-C, or a fatal error in another worker). The row is neither
// journaled nor reported, so the next run does it again.
var errStopped = errors.New("import stopped")

// caller sends the import's requests. Each one waits for the throttle, runs
// under the request context (which outlives Ctrl-C by a grace period, so
// that requests in flight finish), and a 429 it ends with pauses every worker.
type caller struct {
	c        *api.Client
	throttle *throttle
	ctx      context.Context
}

// do sends req once the throttle allows; the wait for it ends with
// errStopped when wait ends.
func (k *caller) do(wait context.Context, req api.Request) (*api.Response, error) {
	if err := k.throttle.wait(wait); err != nil {
		return nil, errStopped
	}
	resp, err := k.c.Do(k.ctx, req)
	k.observe(resp, err)
	return resp, err
}

// observe pauses every worker after a 429: the client has already retried
// it as Retry-After asked, so the server is still overloaded.
func (k *caller) observe(resp *api.Response, err error) {
	if isRateLimited(err) {
		k.throttle.pause(retryAfter(resp, time.Now()))
	}
}

// findContact returns the contact whose phone is exactly phone (the API's
// filter matches parts of phones), or nil.
func (k *caller) findContact(wait context.Context, phone string) (*api.Contact, error) {
	if err := k.throttle.wait(wait); err != nil {
		return nil, errStopped
	}
	params := api.ContactListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}, Phone: phone}
	for ct, err := range k.c.ListContacts(params).Follow(true).All(k.ctx) {
		if err != nil {
			k.observe(nil, err)
			return nil, err
		}
		if ct.Phone == phone {
			return &ct, nil
		}
	}
	return nil, nil
}

// tags lists the company's tags, all of them or those whose text contains search.
func (k *caller) tags(wait context.Context, search string) ([]api.Tag, error) {
	if err := k.throttle.wait(wait); err != nil {
		return nil, errStopped
	}
	var tags []api.Tag
	params := api.TagListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}, Search: search}
	for t, err := range k.c.ListTags(params).Follow(true).All(k.ctx) {
		if err != nil {
			k.observe(nil, err)
			return nil, err
		}
		tags = append(tags, t)
	}
	return tags, nil
}

func contactPath(id int64) string { return "/contacts/" + strconv.FormatInt(id, 10) }
