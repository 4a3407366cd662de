package api

import "encoding/json"

// Contact is a customer of the company.
type Contact struct {
	ID           int64          `json:"id"`
	Phone        string         `json:"phone"`
	Name         string         `json:"name"`
	Avatar       *string        `json:"avatar"`
	Type         string         `json:"type"`
	Blocked      bool           `json:"blocked"`
	CustomFields map[string]any `json:"customfields"`
	Tags         []TagRef       `json:"tags"`
	CreatedAt    Time           `json:"created_at"`
	UpdatedAt    Time           `json:"updated_at"`
}

// TagRef is a tag as embedded in a contact.
type TagRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// CustomField describes one custom field of the company's contacts.
type CustomField struct {
	ID          int64    `json:"id"`
	Name        string   `json:"name"`
	Type        string   `json:"type"`
	Placeholder string   `json:"placeholder"`
	Options     []string `json:"options"`
	IsActive    bool     `json:"is_active"`
	Order       int      `json:"order"`
}

// Note is an internal note on a contact.
type Note struct {
	ID        int64   `json:"id"`
	Content   string  `json:"content"`
	User      UserRef `json:"user"`
	CreatedAt Time    `json:"created_at"`
}

// UserRef is a user as embedded in a note.
type UserRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Tag labels contacts and chats.
type Tag struct {
	ID        int64   `json:"id"`
	Text      string  `json:"text"`
	Emoji     *string `json:"emoji"`
	Color     string  `json:"color"`
	CreatedAt Time    `json:"created_at"`
}

// Chat is a conversation with a contact on a channel.
type Chat struct {
	ID          int64        `json:"id"`
	Token       string       `json:"token"`
	IsOpen      bool         `json:"is_open"`
	Status      string       `json:"status"`
	UnreadCount int          `json:"unreadCount"`
	Contact     ChatContact  `json:"contact"`
	LastMessage *LastMessage `json:"lastMessage"`
}

// ChatContact is the contact as embedded in a chat.
type ChatContact struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Phone string `json:"phone"`
}

// LastMessage is the newest message of a chat.
type LastMessage struct {
	ID        int64  `json:"id"`
	Content   string `json:"content"`
	CreatedAt Time   `json:"created_at"`
}

// Message is a message of a chat's history.
type Message struct {
	ID          int64           `json:"id"`
	Signature   *string         `json:"signature"`
	Content     string          `json:"content"`
	Type        string          `json:"type"`
	Token       string          `json:"token"`
	Direction   string          `json:"direction"`
	Visibility  string          `json:"visibility"`
	CreatedAt   Time            `json:"created_at"`
	IsForwarded bool            `json:"is_forwarded"`
	User        *MessageUser    `json:"user"`
	File        json.RawMessage `json:"file"`
}

// MessageUser is the sender of an outgoing message.
type MessageUser struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
	Type  string `json:"type"`
}

// SendResult is what POST /messages returns.
type SendResult struct {
	Message SentMessage `json:"message"`
	Chat    SentChat    `json:"chat"`
	Contact SentContact `json:"contact"`
}

// SentMessage is the message part of a send result.
type SentMessage struct {
	ID         int64  `json:"id"`
	Content    string `json:"content"`
	Type       string `json:"type"`
	Token      string `json:"token"`
	Direction  string `json:"direction"`
	Visibility string `json:"visibility"`
	CreatedAt  Time   `json:"created_at"`
}

// SentChat is the chat part of a send result.
type SentChat struct {
	Token  string `json:"token"`
	Status string `json:"status"`
	IsOpen bool   `json:"is_open"`
}

// SentContact is the contact part of a send result.
type SentContact struct {
	Phone string `json:"phone"`
	Name  string `json:"name"`
}

// User is an attendant, with the fields every user endpoint returns.
type User struct {
	ID                int64   `json:"id"`
	Name              string  `json:"name"`
	Email             string  `json:"email"`
	Type              string  `json:"type"`
	Signature         string  `json:"signature"`
	Avatar            *string `json:"avatar"`
	ExternalReference *int64  `json:"external_reference"`
	CreatedAt         Time    `json:"created_at"`
	UpdatedAt         Time    `json:"updated_at"`
}

// UserListItem is a user as GET /users lists it.
type UserListItem struct {
	User
	SignatureActive bool  `json:"signature_active"`
	CompanyID       int64 `json:"company_id"`
	DeletedAt       *Time `json:"deleted_at"`
}

// UserDetail is a user as view, create, update and restore return it.
type UserDetail struct {
	User
	Channels []ChannelRef `json:"channels"`
}

// ChannelRef is a channel as embedded in users and templates.
type ChannelRef struct {
	Token string `json:"token"`
	Name  string `json:"name"`
	Type  string `json:"type"`
}

// Channel is a communication channel of the company.
type Channel struct {
	Token  string `json:"token"`
	Name   string `json:"name"`
	Type   string `json:"type"`
	Status string `json:"status"`
}

// Template is a pre-approved message template.
type Template struct {
	ID         int64               `json:"id"`
	Name       string              `json:"name"`
	Language   string              `json:"language"`
	Category   string              `json:"category"`
	Status     string              `json:"status"`
	Components []TemplateComponent `json:"components"`
	Channel    ChannelRef          `json:"channel"`
	CreatedAt  Time                `json:"created_at"`
	UpdatedAt  Time                `json:"updated_at"`
}

// TemplateComponent is one part of a template: header, body, footer or buttons.
type TemplateComponent struct {
	Type      string           `json:"type"`
	Format    string           `json:"format,omitempty"`
	Text      string           `json:"text,omitempty"`
	Variables []string         `json:"variables,omitempty"`
	Buttons   []TemplateButton `json:"buttons,omitempty"`
}

// TemplateButton is a button of a template's buttons component.
type TemplateButton struct {
	Type  string `json:"type"`
	Text  string `json:"text"`
	URL   string `json:"url,omitempty"`
	Phone string `json:"phone,omitempty"`
}

// VerifyResult is the outcome of POST /contacts/verifynumber.
type VerifyResult struct {
	Valid             bool   `json:"valid"`
	Phone             string `json:"phone"`
	CanReceiveMessage bool   `json:"can_receive_message"`
	IsBusiness        *bool  `json:"is_business,omitempty"`
	Reason            string `json:"reason,omitempty"`
}

// TransferResult is what POST /chats/{token}/transfer returns.
type TransferResult struct {
	ChatToken string `json:"chatToken"`
	Channel   string `json:"channel"`
	Attendant *int64 `json:"attendant"`
}

// Pagination is the page information of a list response.
type Pagination struct {
	Total       int `json:"total"`
	PerPage     int `json:"per_page"`
	CurrentPage int `json:"current_page"`
	LastPage    int `json:"last_page"`
}

// MarshalJSON writes the component as the API does: a body always lists its
// variables, an empty list when it has no placeholders.
func (c TemplateComponent) MarshalJSON() ([]byte, error) {
	type plain TemplateComponent
	if c.Type != "body" {
		return json.Marshal(plain(c))
	}
	vars := c.Variables
	if vars == nil {
		vars = []string{}
	}
	return json.Marshal(struct {
		plain
		Variables []string `json:"variables"`
	}{plain(c), vars})
}
