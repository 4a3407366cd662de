package api

import "context"

// ListTags lists tags (GET /tags).
func (c *Client) ListTags(p TagListParams) *Pager[Tag] {
	return newPager[Tag](c, "/tags", p.Query())
}

// GetTag returns one tag (GET /tags/{id}).
func (c *Client) GetTag(ctx context.Context, id int64) (*Result[Tag], error) {
	return call[Tag](ctx, c, get, idPath("/tags", id), nil)
}

// CreateTag creates a tag (POST /tags).
func (c *Client) CreateTag(ctx context.Context, body TagCreate) (*Result[Tag], error) {
	return call[Tag](ctx, c, post, "/tags", body)
}

// UpdateTag changes a tag (PUT /tags/{id}).
func (c *Client) UpdateTag(ctx context.Context, id int64, body TagUpdate) (*Result[Tag], error) {
	return call[Tag](ctx, c, put, idPath("/tags", id), body)
}

// DeleteTag deletes a tag and detaches it from every contact and chat
// (DELETE /tags/{id}) and returns the API's message.
func (c *Client) DeleteTag(ctx context.Context, id int64) (string, error) {
	return send(ctx, c, del, idPath("/tags", id))
}
