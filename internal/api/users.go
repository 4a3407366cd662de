package api

import "context"

// ListUsers lists attendants (GET /users).
func (c *Client) ListUsers(p UserListParams) *Pager[UserListItem] {
	return newPager[UserListItem](c, "/users", p.Query())
}

// GetUser returns one attendant with its channels (GET /users/{id}).
func (c *Client) GetUser(ctx context.Context, id int64) (*Result[UserDetail], error) {
	return call[UserDetail](ctx, c, get, idPath("/users", id), nil)
}

// CreateUser creates an attendant (POST /users).
func (c *Client) CreateUser(ctx context.Context, body UserCreate) (*Result[UserDetail], error) {
	return call[UserDetail](ctx, c, post, "/users", body)
}

// UpdateUser changes an attendant (PUT /users/{id}).
func (c *Client) UpdateUser(ctx context.Context, id int64, body UserUpdate) (*Result[UserDetail], error) {
	return call[UserDetail](ctx, c, put, idPath("/users", id), body)
}

// DeactivateUser soft-deletes an attendant (DELETE /users/{id}) and returns the API's message.
func (c *Client) DeactivateUser(ctx context.Context, id int64) (string, error) {
	return send(ctx, c, del, idPath("/users", id))
}

// RestoreUser reactivates a deactivated attendant (POST /users/{id}/restore).
// The specification promises no data in the answer: without it, the
// result's Raw is nil and its message says what happened.
func (c *Client) RestoreUser(ctx context.Context, id int64) (*Result[UserDetail], error) {
	return callMaybeData[UserDetail](ctx, c, post, idPath("/users", id, "/restore"), nil)
}
