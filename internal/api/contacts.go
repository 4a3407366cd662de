package api

import "context"

// ListCustomFields lists the company's contact custom fields (GET /contacts/customfields).
func (c *Client) ListCustomFields(p CustomFieldListParams) *Pager[CustomField] {
	return newPager[CustomField](c, "/contacts/customfields", p.Query())
}

// ListContacts lists contacts (GET /contacts).
func (c *Client) ListContacts(p ContactListParams) *Pager[Contact] {
	return newPager[Contact](c, "/contacts", p.Query())
}

// GetContact returns one contact (GET /contacts/{id}).
func (c *Client) GetContact(ctx context.Context, id int64) (*Result[Contact], error) {
	return call[Contact](ctx, c, get, idPath("/contacts", id), nil)
}

// CreateContact creates a contact (POST /contacts).
func (c *Client) CreateContact(ctx context.Context, body ContactCreate) (*Result[Contact], error) {
	return call[Contact](ctx, c, post, "/contacts", body)
}

// UpdateContact changes a contact (PUT /contacts/{id}).
func (c *Client) UpdateContact(ctx context.Context, id int64, body ContactUpdate) (*Result[Contact], error) {
	return call[Contact](ctx, c, put, idPath("/contacts", id), body)
}

// DeleteContact removes a contact with all its chats and messages
// (DELETE /contacts/{id}) and returns the API's message.
func (c *Client) DeleteContact(ctx context.Context, id int64) (string, error) {
	return send(ctx, c, del, idPath("/contacts", id))
}

// ListNotes lists the notes of a contact (GET /contacts/{id}/notes).
func (c *Client) ListNotes(contactID int64, o ListOptions) *Pager[Note] {
	return newPager[Note](c, idPath("/contacts", contactID, "/notes"), newQuery(o).values())
}

// CreateNote adds a note to a contact (POST /contacts/{id}/notes).
func (c *Client) CreateNote(ctx context.Context, contactID int64, body NoteCreate) (*Result[Note], error) {
	return call[Note](ctx, c, post, idPath("/contacts", contactID, "/notes"), body)
}

// VerifyNumber checks whether a phone can receive messages on a channel
// (POST /contacts/verifynumber).
func (c *Client) VerifyNumber(ctx context.Context, body VerifyNumberRequest) (*Result[VerifyResult], error) {
	return call[VerifyResult](ctx, c, post, "/contacts/verifynumber", body)
}
