package api

import (
	"net/url"
	"strconv"
)

// ContactCreate is the body of POST /contacts.
type ContactCreate struct {
	Phone        string         `json:"phone"`
	Name         string         `json:"name,omitempty"`
	Blocked      *bool          `json:"blocked,omitempty"`
	CustomFields map[string]any `json:"customfields,omitempty"`
	Tags         []int64        `json:"tags,omitempty"`
}

// ContactUpdate is the body of PUT /contacts/{id}; nil fields are left as they are.
// Tags, when not nil, replaces every tag of the contact (an empty slice removes them all).
type ContactUpdate struct {
	Name         *string        `json:"name,omitempty"`
	Blocked      *bool          `json:"blocked,omitempty"`
	CustomFields map[string]any `json:"customfields,omitempty"`
	Tags         *[]int64       `json:"tags,omitempty"`
}

// NoteCreate is the body of POST /contacts/{id}/notes.
type NoteCreate struct {
	Content string `json:"content"`
}

// VerifyNumberRequest is the body of POST /contacts/verifynumber.
type VerifyNumberRequest struct {
	Phone   string `json:"phone"`
	Channel string `json:"channel"`
}

// MessageSend is the body of POST /messages.
type MessageSend struct {
	Phone      string          `json:"phone"`
	Channel    string          `json:"channel"`
	Attendant  *int64          `json:"attendant,omitempty"`
	Type       string          `json:"type,omitempty"`
	Content    string          `json:"content,omitempty"`
	Path       string          `json:"path,omitempty"`
	Caption    string          `json:"caption,omitempty"`
	Name       string          `json:"name,omitempty"`
	Contact    string          `json:"contact,omitempty"`
	Template   *int64          `json:"template,omitempty"`
	Components []SendComponent `json:"components,omitempty"`
}

// SendComponent is one item of the components of a template message.
type SendComponent struct {
	Type       string      `json:"type"`
	SubType    string      `json:"sub_type,omitempty"`
	Index      *int        `json:"index,omitempty"`
	Parameters []Parameter `json:"parameters"`
}

// Parameter is a value for a template placeholder or header.
type Parameter struct {
	Type string `json:"type"`
	Text string `json:"text,omitempty"`
	Path string `json:"path,omitempty"`
}

// UserCreate is the body of POST /users.
type UserCreate struct {
	Name              string   `json:"name"`
	Email             string   `json:"email"`
	Password          string   `json:"password"`
	Type              string   `json:"type"`
	ExternalReference int64    `json:"external_reference"`
	Channels          []string `json:"channels,omitempty"`
}

// UserUpdate is the body of PUT /users/{id}; nil fields are left as they are.
// Channels, when not nil, replaces the user's channels.
type UserUpdate struct {
	Name              *string   `json:"name,omitempty"`
	Email             *string   `json:"email,omitempty"`
	Password          *string   `json:"password,omitempty"`
	Type              *string   `json:"type,omitempty"`
	ExternalReference *int64    `json:"external_reference,omitempty"`
	Channels          *[]string `json:"channels,omitempty"`
}

// TagCreate is the body of POST /tags.
type TagCreate struct {
	Text  string `json:"text"`
	Emoji string `json:"emoji,omitempty"`
	Color string `json:"color,omitempty"`
}

// TagUpdate is the body of PUT /tags/{id}; nil fields are left as they are.
type TagUpdate struct {
	Text  *string `json:"text,omitempty"`
	Emoji *string `json:"emoji,omitempty"`
	Color *string `json:"color,omitempty"`
}

// TransferRequest is the body of POST /chats/{token}/transfer.
type TransferRequest struct {
	Channel   string `json:"channel"`
	Attendant *int64 `json:"attendant,omitempty"`
	Message   string `json:"message,omitempty"`
}

// ListOptions selects a page of a list. Zero values leave the server's defaults.
type ListOptions struct {
	Page    int
	PerPage int
}

// CustomFieldListParams filters GET /contacts/customfields.
type CustomFieldListParams struct {
	ListOptions
	Name     string
	Type     string
	IsActive *bool
}

// ContactListParams filters GET /contacts.
type ContactListParams struct {
	ListOptions
	Name    string
	Phone   string
	Tag     int64
	Blocked *bool
}

// MessageListParams filters GET /chats/{token}/messages.
type MessageListParams struct {
	ListOptions
	Type       string
	Direction  string
	Visibility string
	Attendant  int64
	Content    string
}

// UserListParams filters GET /users.
type UserListParams struct {
	ListOptions
	Search string
	Type   string
	Status string
}

// TagListParams filters GET /tags.
type TagListParams struct {
	ListOptions
	Search string
}

// ChatListParams filters GET /chats.
type ChatListParams struct {
	ListOptions
	Status    string
	IsOpen    *bool
	Contact   string
	Tag       int64
	Channel   string
	Attendant int64
}

// ChannelListParams filters GET /channels.
type ChannelListParams struct {
	ListOptions
	Type   string
	Status string
	Search string
}

// TemplateListParams filters GET /templates.
type TemplateListParams struct {
	ListOptions
	Channel  string
	Status   string
	Category string
	Search   string
}

// query builds a query string, leaving out every unset value.
type query url.Values

func newQuery(o ListOptions) query {
	q := query{}
	q.int("page", int64(o.Page))
	q.int("per_page", int64(o.PerPage))
	return q
}

func (q query) values() url.Values { return url.Values(q) }

func (q query) str(key, v string) query {
	if v != "" {
		url.Values(q).Set(key, v)
	}
	return q
}

func (q query) int(key string, v int64) query {
	if v != 0 {
		url.Values(q).Set(key, strconv.FormatInt(v, 10))
	}
	return q
}

func (q query) bool(key string, v *bool) query {
	if v != nil {
		url.Values(q).Set(key, strconv.FormatBool(*v))
	}
	return q
}

// Query encodes the parameters.
func (p CustomFieldListParams) Query() url.Values {
	return newQuery(p.ListOptions).str("name", p.Name).str("type", p.Type).bool("is_active", p.IsActive).values()
}

// Query encodes the parameters.
func (p ContactListParams) Query() url.Values {
	return newQuery(p.ListOptions).str("name", p.Name).str("phone", p.Phone).int("tag", p.Tag).bool("blocked", p.Blocked).values()
}

// Query encodes the parameters.
func (p MessageListParams) Query() url.Values {
	return newQuery(p.ListOptions).str("type", p.Type).str("direction", p.Direction).
		str("visibility", p.Visibility).int("attendant", p.Attendant).str("content", p.Content).values()
}

// Query encodes the parameters.
func (p UserListParams) Query() url.Values {
	return newQuery(p.ListOptions).str("search", p.Search).str("type", p.Type).str("status", p.Status).values()
}

// Query encodes the parameters.
func (p TagListParams) Query() url.Values {
	return newQuery(p.ListOptions).str("search", p.Search).values()
}

// Query encodes the parameters.
func (p ChatListParams) Query() url.Values {
	return newQuery(p.ListOptions).str("status", p.Status).bool("is_open", p.IsOpen).
		str("contact", p.Contact).int("tag", p.Tag).str("channel", p.Channel).int("attendant", p.Attendant).values()
}

// Query encodes the parameters.
func (p ChannelListParams) Query() url.Values {
	return newQuery(p.ListOptions).str("type", p.Type).str("status", p.Status).str("search", p.Search).values()
}

// Query encodes the parameters.
func (p TemplateListParams) Query() url.Values {
	return newQuery(p.ListOptions).str("channel", p.Channel).str("status", p.Status).
		str("category", p.Category).str("search", p.Search).values()
}
