package desk

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
)

// Note writes an internal note on the contact (POST /contacts/{id}/notes):
// one request. Staff see it; the contact never does.
func (d *Desk) Note(ctx context.Context, contact int64, text string) (*api.Note, error) {
	if strings.TrimSpace(text) == "" {
		return nil, clierr.InputErrorf("an empty note: write something first")
	}
	res, err := d.c.CreateNote(ctx, contact, api.NoteCreate{Content: text})
	if err != nil {
		return nil, fmt.Errorf("note on contact %d: %w", contact, err)
	}
	return &res.Data, nil
}

// Tags returns the company's tags: one request per 100 tags.
func (d *Desk) Tags(ctx context.Context) ([]api.Tag, error) {
	tags, err := d.c.ListTags(api.TagListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}}).Follow(true).Collect(ctx)
	if err != nil {
		return nil, fmt.Errorf("list tags: %w", err)
	}
	return tags, nil
}

// ContactTags returns the tags of the contact: one request.
func (d *Desk) ContactTags(ctx context.Context, contact int64) ([]api.TagRef, error) {
	res, err := d.c.GetContact(ctx, contact)
	if err != nil {
		return nil, fmt.Errorf("read contact %d: %w", contact, err)
	}
	return res.Data.Tags, nil
}

// ChangeTags adds and removes tags (ids) of the contact and returns its
// tags as they are then. The API only replaces a contact's whole set of
// tags, so the contact is read again first (one request, then the update)
// and only add and remove are applied to what it has: a tag someone else
// gave it meanwhile stays.
func (d *Desk) ChangeTags(ctx context.Context, contact int64, add, remove []int64) ([]api.TagRef, error) {
	current, err := d.ContactTags(ctx, contact)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(current)+len(add))
	for _, t := range current {
		if !slices.Contains(remove, t.ID) {
			ids = append(ids, t.ID)
		}
	}
	for _, id := range add {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	res, err := d.c.UpdateContact(ctx, contact, api.ContactUpdate{Tags: &ids})
	if err != nil {
		return nil, fmt.Errorf("tag contact %d: %w", contact, err)
	}
	return res.Data.Tags, nil
}
