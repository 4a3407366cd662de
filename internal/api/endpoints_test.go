package api

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// outcome is what one endpoint call gave back, in a shape common to objects,
// lists and deletes.
type outcome struct {
	data    any               // T for one object, []T for a list, nil for a delete
	raw     json.RawMessage   // Result.Raw of one object
	items   []json.RawMessage // the items of a list as Pager.Raw yields them
	isList  bool
	message string
}

type endpointCall func(ctx context.Context, c *Client) (outcome, error)

func one[T any](call func(ctx context.Context, c *Client) (*Result[T], error)) endpointCall {
	return func(ctx context.Context, c *Client) (outcome, error) {
		res, err := call(ctx, c)
		if err != nil {
			return outcome{}, err
		}
		return outcome{data: res.Data, raw: res.Raw, message: res.Message}, nil
	}
}

// deferred is one for a call whose data is decoded when asked.
func deferred[T any](call func(ctx context.Context, c *Client) (*Deferred[T], error)) endpointCall {
	return func(ctx context.Context, c *Client) (outcome, error) {
		d, err := call(ctx, c)
		if err != nil {
			return outcome{}, err
		}
		data, err := d.Decode()
		if err != nil {
			return outcome{}, err
		}
		return outcome{data: data, raw: d.Raw, message: d.Message}, nil
	}
}

// list reads the pager twice, decoded and raw, so both paths are checked.
func list[T any](pager func(c *Client) *Pager[T]) endpointCall {
	return func(ctx context.Context, c *Client) (outcome, error) {
		items, err := pager(c).Collect(ctx)
		if err != nil {
			return outcome{}, err
		}
		var raws []json.RawMessage
		for raw, err := range pager(c).Raw(ctx) {
			if err != nil {
				return outcome{}, err
			}
			raws = append(raws, raw)
		}
		return outcome{data: items, items: raws, isList: true}, nil
	}
}

func messageOnly(call func(ctx context.Context, c *Client) (string, error)) endpointCall {
	return func(ctx context.Context, c *Client) (outcome, error) {
		msg, err := call(ctx, c)
		return outcome{message: msg}, err
	}
}

// recordedRequest is what the fixture server saw of one request.
type recordedRequest struct {
	method string
	path   string // as sent, escaped
	query  string
	header http.Header
	body   []byte
}

// fixtureServer answers every request with one fixture and records the requests.
type fixtureServer struct {
	status int
	body   []byte

	mu       sync.Mutex
	requests []recordedRequest
}

func (s *fixtureServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	s.mu.Lock()
	s.requests = append(s.requests, recordedRequest{r.Method, r.URL.EscapedPath(), r.URL.RawQuery, r.Header.Clone(), body})
	s.mu.Unlock()
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(s.status)
	_, _ = w.Write(s.body)
}

func loadFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// at is a UTC instant with microseconds, the API's precision.
func at(year int, month time.Month, day, hour, min, sec, micro int) time.Time {
	return time.Date(year, month, day, hour, min, sec, micro*1000, time.UTC)
}

func wantTime(t *testing.T, what string, got Time, want time.Time) {
	t.Helper()
	if !got.Equal(want) {
		t.Errorf("%s = %s, want %s", what, got.Time.Format(time.RFC3339Nano), want.Format(time.RFC3339Nano))
	}
}

// jsonEqual reports whether a and b encode the same JSON value.
func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var va, vb any
	if err := json.Unmarshal(a, &va); err != nil {
		t.Fatalf("invalid JSON %s: %v", a, err)
	}
	if err := json.Unmarshal(b, &vb); err != nil {
		t.Fatalf("invalid JSON %s: %v", b, err)
	}
	return reflect.DeepEqual(va, vb)
}

type endpointCase struct {
	name    string
	call    endpointCall
	method  string
	path    string // escaped, as it must reach the server
	query   string // decoded and compared as a set of values; "" for none
	body    string // the JSON the request must carry; "" for no body
	status  int
	fixture string
	check   func(t *testing.T, data any)
}

func endpointCases() []endpointCase {
	return []endpointCase{
		{
			name: "ListCustomFields",
			call: list(func(c *Client) *Pager[CustomField] {
				return c.ListCustomFields(CustomFieldListParams{ListOptions: ListOptions{Page: 2, PerPage: 10},
					Name: "cp", Type: "text", IsActive: ptr(false)})
			}),
			method: "GET", path: "/api/v1/contacts/customfields",
			query:  "page=2&per_page=10&name=cp&type=text&is_active=false",
			status: 200, fixture: "customfields_list.json",
			check: func(t *testing.T, data any) {
				fields := data.([]CustomField)
				if len(fields) != 3 || fields[0].Options != nil || fields[1].IsActive ||
					!slices.Equal(fields[2].Options, []string{"básico", "premium"}) || fields[2].Order != 3 {
					t.Errorf("custom fields = %+v", fields)
				}
			},
		},
		{
			name: "ListCustomFields without filters",
			call: list(func(c *Client) *Pager[CustomField] {
				return c.ListCustomFields(CustomFieldListParams{})
			}),
			method: "GET", path: "/api/v1/contacts/customfields", query: "page=1",
			status: 200, fixture: "customfields_list.json",
		},
		{
			name: "ListContacts",
			call: list(func(c *Client) *Pager[Contact] {
				return c.ListContacts(ContactListParams{Name: "Ana Sou", Phone: "+55 11", Tag: 3, Blocked: ptr(true)})
			}),
			method: "GET", path: "/api/v1/contacts",
			query:  "page=1&name=Ana+Sou&phone=%2B55+11&tag=3&blocked=true",
			status: 200, fixture: "contacts_list.json",
			check: func(t *testing.T, data any) {
				cs := data.([]Contact)
				if len(cs) != 2 {
					t.Fatalf("got %d contacts, want 2", len(cs))
				}
				a := cs[0]
				if a.ID != 42 || a.Phone != "5511987654321" || !a.Blocked || a.Type != "chatapp" ||
					a.Avatar == nil || *a.Avatar != "https://cdn.example.com/avatars/42.png" || cs[1].Avatar != nil {
					t.Errorf("contact = %+v", a)
				}
				if a.CustomFields["idade"] != float64(31) || a.CustomFields["nascimento"] != "1993-02-17" {
					t.Errorf("customfields = %v", a.CustomFields)
				}
				if !slices.Equal(a.Tags, []TagRef{{3, "VIP"}, {5, "Atacado"}}) {
					t.Errorf("tags = %v", a.Tags)
				}
				wantTime(t, "created_at", a.CreatedAt, at(2024, 5, 1, 12, 34, 56, 123456))
				wantTime(t, "updated_at", a.UpdatedAt, at(2024, 6, 10, 8, 0, 0, 1))
			},
		},
		{
			name: "GetContact",
			call: one(func(ctx context.Context, c *Client) (*Result[Contact], error) {
				return c.GetContact(ctx, 42)
			}),
			method: "GET", path: "/api/v1/contacts/42",
			status: 200, fixture: "contact.json",
			check: func(t *testing.T, data any) {
				c := data.(Contact)
				if c.ID != 42 || c.Name != "Ana Souza" || c.Avatar != nil || c.Blocked {
					t.Errorf("contact = %+v", c)
				}
				wantTime(t, "created_at", c.CreatedAt, at(2024, 5, 1, 12, 34, 56, 123456))
			},
		},
		{
			name: "CreateContact",
			call: one(func(ctx context.Context, c *Client) (*Result[Contact], error) {
				return c.CreateContact(ctx, ContactCreate{Phone: "5511955554444", Name: "Carla Dias", Blocked: ptr(false),
					CustomFields: map[string]any{"cpf": "987.654.321-00", "idade": 40}, Tags: []int64{1, 2}})
			}),
			method: "POST", path: "/api/v1/contacts",
			body:   `{"phone":"5511955554444","name":"Carla Dias","blocked":false,"customfields":{"cpf":"987.654.321-00","idade":40},"tags":[1,2]}`,
			status: 201, fixture: "contact_created.json",
			check: func(t *testing.T, data any) {
				if c := data.(Contact); c.ID != 51 || len(c.Tags) != 2 {
					t.Errorf("contact = %+v", c)
				}
			},
		},
		{
			name: "CreateContact phone only",
			call: one(func(ctx context.Context, c *Client) (*Result[Contact], error) {
				return c.CreateContact(ctx, ContactCreate{Phone: "5511955554444"})
			}),
			method: "POST", path: "/api/v1/contacts",
			body:   `{"phone":"5511955554444"}`,
			status: 201, fixture: "contact_created.json",
		},
		{
			name: "UpdateContact clearing tags",
			call: one(func(ctx context.Context, c *Client) (*Result[Contact], error) {
				return c.UpdateContact(ctx, 42, ContactUpdate{Tags: &[]int64{}})
			}),
			method: "PUT", path: "/api/v1/contacts/42",
			body:   `{"tags":[]}`,
			status: 200, fixture: "contact_updated.json",
			check: func(t *testing.T, data any) {
				c := data.(Contact)
				if c.Tags == nil || len(c.Tags) != 0 {
					t.Errorf("tags = %#v, want an empty list", c.Tags)
				}
				wantTime(t, "updated_at", c.UpdatedAt, at(2024, 7, 2, 11, 22, 33, 444555))
			},
		},
		{
			name: "UpdateContact",
			call: one(func(ctx context.Context, c *Client) (*Result[Contact], error) {
				return c.UpdateContact(ctx, 42, ContactUpdate{Name: ptr("Ana Souza"), Blocked: ptr(false),
					CustomFields: map[string]any{"cpf": "123.456.789-00"}, Tags: &[]int64{3}})
			}),
			method: "PUT", path: "/api/v1/contacts/42",
			body:   `{"name":"Ana Souza","blocked":false,"customfields":{"cpf":"123.456.789-00"},"tags":[3]}`,
			status: 200, fixture: "contact_updated.json",
		},
		{
			name: "DeleteContact",
			call: messageOnly(func(ctx context.Context, c *Client) (string, error) {
				return c.DeleteContact(ctx, 42)
			}),
			method: "DELETE", path: "/api/v1/contacts/42",
			status: 200, fixture: "contact_deleted.json",
		},
		{
			name: "ListNotes",
			call: list(func(c *Client) *Pager[Note] {
				return c.ListNotes(42, ListOptions{PerPage: 5})
			}),
			method: "GET", path: "/api/v1/contacts/42/notes", query: "page=1&per_page=5",
			status: 200, fixture: "notes_list.json",
			check: func(t *testing.T, data any) {
				ns := data.([]Note)
				if len(ns) != 2 || ns[0].User != (UserRef{7, "Marina Alves"}) || ns[1].Content != "Enviado orçamento." {
					t.Errorf("notes = %+v", ns)
				}
				wantTime(t, "created_at", ns[0].CreatedAt, at(2024, 5, 3, 14, 0, 0, 250000))
			},
		},
		{
			name: "CreateNote",
			call: one(func(ctx context.Context, c *Client) (*Result[Note], error) {
				return c.CreateNote(ctx, 42, NoteCreate{Content: "Ligar na segunda-feira."})
			}),
			method: "POST", path: "/api/v1/contacts/42/notes",
			body:   `{"content":"Ligar na segunda-feira."}`,
			status: 201, fixture: "note_created.json",
			check: func(t *testing.T, data any) {
				if n := data.(Note); n.ID != 11 || n.User.ID != 7 {
					t.Errorf("note = %+v", n)
				}
			},
		},
		{
			name: "VerifyNumber",
			call: one(func(ctx context.Context, c *Client) (*Result[VerifyResult], error) {
				return c.VerifyNumber(ctx, VerifyNumberRequest{Phone: "5511987654321", Channel: "a1b2c3d4e5f6g7h8"})
			}),
			method: "POST", path: "/api/v1/contacts/verifynumber",
			body:   `{"phone":"5511987654321","channel":"a1b2c3d4e5f6g7h8"}`,
			status: 200, fixture: "verifynumber.json",
			check: func(t *testing.T, data any) {
				v := data.(VerifyResult)
				if !v.Valid || !v.CanReceiveMessage || v.IsBusiness == nil || *v.IsBusiness || v.Reason != "" {
					t.Errorf("verify result = %+v", v)
				}
			},
		},
		{
			name: "VerifyNumber not on the app",
			call: one(func(ctx context.Context, c *Client) (*Result[VerifyResult], error) {
				return c.VerifyNumber(ctx, VerifyNumberRequest{Phone: "5511987654320", Channel: "a1b2c3d4e5f6g7h8"})
			}),
			method: "POST", path: "/api/v1/contacts/verifynumber",
			body:   `{"phone":"5511987654320","channel":"a1b2c3d4e5f6g7h8"}`,
			status: 200, fixture: "verifynumber_invalid.json",
			check: func(t *testing.T, data any) {
				v := data.(VerifyResult)
				if v.Valid || v.CanReceiveMessage || v.IsBusiness != nil || v.Reason != "NUMBER_NOT_ON_CHATAPP" {
					t.Errorf("verify result = %+v", v)
				}
			},
		},
		{
			name: "ListMessages",
			call: list(func(c *Client) *Pager[Message] {
				return c.ListMessages("chat 7f3a/b?", MessageListParams{Type: "text", Direction: "outgoing",
					Visibility: "client", Attendant: 7, Content: "pedido não & nota"})
			}),
			method: "GET", path: "/api/v1/chats/chat%207f3a%2Fb%3F/messages",
			query:  "page=1&type=text&direction=outgoing&visibility=client&attendant=7&content=pedido+n%C3%A3o+%26+nota",
			status: 200, fixture: "messages_list.json",
			check: func(t *testing.T, data any) {
				ms := data.([]Message)
				if len(ms) != 2 {
					t.Fatalf("got %d messages, want 2", len(ms))
				}
				in, out := ms[0], ms[1]
				if in.User != nil || string(in.File) != "null" || in.Signature != nil || in.Direction != "incoming" {
					t.Errorf("incoming message = %+v", in)
				}
				wantTime(t, "created_at", in.CreatedAt, at(2024, 5, 1, 12, 34, 56, 123456))
				if out.User == nil || *out.User != (MessageUser{7, "Marina Alves", "marina@example.com", "user"}) ||
					out.Signature == nil || *out.Signature != "Marina" || !out.IsForwarded {
					t.Errorf("outgoing message = %+v", out)
				}
				if !jsonEqual(t, out.File, []byte(`{"url":"https://cdn.example.com/files/nf-101.pdf","name":"nf-101.pdf"}`)) {
					t.Errorf("file = %s", out.File)
				}
			},
		},
		{
			name: "SendMessage template",
			call: one(func(ctx context.Context, c *Client) (*Result[SendResult], error) {
				return c.SendMessage(ctx, MessageSend{Phone: "5511987654321", Channel: "a1b2c3d4e5f6g7h8", Type: "template",
					Template: ptr(int64(20)), Components: []SendComponent{
						{Type: "header", Parameters: []Parameter{{Type: "image", Path: "https://cdn.example.com/inverno.jpg"}}},
						{Type: "body", Parameters: []Parameter{{Type: "text", Text: "Ana"}, {Type: "text", Text: "30"}}},
						{Type: "button", SubType: "url", Index: ptr(0), Parameters: []Parameter{{Type: "text", Text: "inverno"}}},
					}})
			}),
			method: "POST", path: "/api/v1/messages",
			body: `{"phone":"5511987654321","channel":"a1b2c3d4e5f6g7h8","type":"template","template":20,"components":[
				{"type":"header","parameters":[{"type":"image","path":"https://cdn.example.com/inverno.jpg"}]},
				{"type":"body","parameters":[{"type":"text","text":"Ana"},{"type":"text","text":"30"}]},
				{"type":"button","sub_type":"url","index":0,"parameters":[{"type":"text","text":"inverno"}]}]}`,
			status: 201, fixture: "message_sent.json",
			check: func(t *testing.T, data any) {
				r := data.(SendResult)
				if r.Message.ID != 102 || r.Chat != (SentChat{"chat-7f3a", "entrance", true}) ||
					r.Contact != (SentContact{"5511987654321", "Ana Souza"}) {
					t.Errorf("send result = %+v", r)
				}
				wantTime(t, "message.created_at", r.Message.CreatedAt, at(2024, 7, 1, 10, 0, 0, 0))
			},
		},
		{
			name: "SendMessageDeferred",
			call: deferred(func(ctx context.Context, c *Client) (*Deferred[SendResult], error) {
				return c.SendMessageDeferred(ctx, MessageSend{Phone: "5511987654321", Channel: "a1b2c3d4e5f6g7h8", Type: "template",
					Template: ptr(int64(20)), Components: []SendComponent{{Type: "body", Parameters: []Parameter{{Type: "text", Text: "Ana"}}}}})
			}),
			method: "POST", path: "/api/v1/messages",
			body:   `{"phone":"5511987654321","channel":"a1b2c3d4e5f6g7h8","type":"template","template":20,"components":[{"type":"body","parameters":[{"type":"text","text":"Ana"}]}]}`,
			status: 201, fixture: "message_sent.json",
			check: func(t *testing.T, data any) {
				if r := data.(SendResult); r.Message.ID != 102 || r.Contact != (SentContact{"5511987654321", "Ana Souza"}) {
					t.Errorf("send result = %+v", r)
				}
			},
		},
		{
			name: "SendMessage text",
			call: one(func(ctx context.Context, c *Client) (*Result[SendResult], error) {
				return c.SendMessage(ctx, MessageSend{Phone: "5511987654321", Channel: "a1b2c3d4e5f6g7h8",
					Attendant: ptr(int64(7)), Content: "Seu pedido saiu para entrega."})
			}),
			method: "POST", path: "/api/v1/messages",
			body:   `{"phone":"5511987654321","channel":"a1b2c3d4e5f6g7h8","attendant":7,"content":"Seu pedido saiu para entrega."}`,
			status: 201, fixture: "message_sent_text.json",
		},
		{
			name: "ListUsers",
			call: list(func(c *Client) *Pager[UserListItem] {
				return c.ListUsers(UserListParams{Search: "João", Type: "user", Status: "inactive"})
			}),
			method: "GET", path: "/api/v1/users", query: "page=1&search=Jo%C3%A3o&type=user&status=inactive",
			status: 200, fixture: "users_list.json",
			check: func(t *testing.T, data any) {
				us := data.([]UserListItem)
				if len(us) != 2 {
					t.Fatalf("got %d users, want 2", len(us))
				}
				active, gone := us[0], us[1]
				if active.DeletedAt != nil || active.ExternalReference == nil || *active.ExternalReference != 1001 ||
					!active.SignatureActive || active.CompanyID != 1 || active.Type != "admin" {
					t.Errorf("active user = %+v", active)
				}
				if gone.DeletedAt == nil || gone.ExternalReference != nil || gone.Avatar == nil {
					t.Fatalf("deactivated user = %+v", gone)
				}
				wantTime(t, "deleted_at", *gone.DeletedAt, at(2024, 6, 1, 17, 45, 12, 654321))
			},
		},
		{
			name: "GetUser",
			call: one(func(ctx context.Context, c *Client) (*Result[UserDetail], error) {
				return c.GetUser(ctx, 8)
			}),
			method: "GET", path: "/api/v1/users/8",
			status: 200, fixture: "user.json",
			check: func(t *testing.T, data any) {
				u := data.(UserDetail)
				if u.ID != 8 || !slices.Equal(u.Channels, []ChannelRef{
					{"a1b2c3d4e5f6g7h8", "Loja Centro", "chatapp"}, {"w1d2g3e4t5w6i7d8", "Site", "widget"}}) {
					t.Errorf("user = %+v", u)
				}
			},
		},
		{
			name: "CreateUser",
			call: one(func(ctx context.Context, c *Client) (*Result[UserDetail], error) {
				return c.CreateUser(ctx, UserCreate{Name: "Paula Costa", Email: "paula@example.com", Password: "s3nh4-forte",
					Type: "user", ExternalReference: 1003, Channels: []string{"a1b2c3d4e5f6g7h8"}})
			}),
			method: "POST", path: "/api/v1/users",
			body:   `{"name":"Paula Costa","email":"paula@example.com","password":"s3nh4-forte","type":"user","external_reference":1003,"channels":["a1b2c3d4e5f6g7h8"]}`,
			status: 201, fixture: "user_created.json",
			check: func(t *testing.T, data any) {
				if u := data.(UserDetail); u.ID != 9 || u.ExternalReference == nil || *u.ExternalReference != 1003 {
					t.Errorf("user = %+v", u)
				}
			},
		},
		{
			name: "UpdateUser",
			call: one(func(ctx context.Context, c *Client) (*Result[UserDetail], error) {
				return c.UpdateUser(ctx, 9, UserUpdate{Name: ptr("Paula Costa Reis"), ExternalReference: ptr(int64(1004)),
					Channels: &[]string{}})
			}),
			method: "PUT", path: "/api/v1/users/9",
			body:   `{"name":"Paula Costa Reis","external_reference":1004,"channels":[]}`,
			status: 200, fixture: "user_updated.json",
		},
		{
			name: "UpdateUser type only",
			call: one(func(ctx context.Context, c *Client) (*Result[UserDetail], error) {
				return c.UpdateUser(ctx, 9, UserUpdate{Type: ptr("admin")})
			}),
			method: "PUT", path: "/api/v1/users/9",
			body:   `{"type":"admin"}`,
			status: 200, fixture: "user_updated.json",
		},
		{
			name: "DeactivateUser",
			call: messageOnly(func(ctx context.Context, c *Client) (string, error) {
				return c.DeactivateUser(ctx, 8)
			}),
			method: "DELETE", path: "/api/v1/users/8",
			status: 200, fixture: "user_deactivated.json",
		},
		{
			name: "RestoreUser",
			call: one(func(ctx context.Context, c *Client) (*Result[UserDetail], error) {
				return c.RestoreUser(ctx, 8)
			}),
			method: "POST", path: "/api/v1/users/8/restore",
			status: 200, fixture: "user_restored.json",
			check: func(t *testing.T, data any) {
				if u := data.(UserDetail); u.ID != 8 || u.ExternalReference != nil || len(u.Channels) != 1 {
					t.Errorf("user = %+v", u)
				}
			},
		},
		{
			name: "ListTags",
			call: list(func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{ListOptions: ListOptions{PerPage: 50}, Search: "VIP"})
			}),
			method: "GET", path: "/api/v1/tags", query: "page=1&per_page=50&search=VIP",
			status: 200, fixture: "tags_list.json",
			check: func(t *testing.T, data any) {
				ts := data.([]Tag)
				if len(ts) != 2 || ts[0].Emoji == nil || *ts[0].Emoji != "⭐" || ts[1].Emoji != nil || ts[1].Color != "#000000" {
					t.Errorf("tags = %+v", ts)
				}
				wantTime(t, "created_at", ts[1].CreatedAt, at(2024, 3, 2, 12, 0, 0, 100000))
			},
		},
		{
			name: "GetTag",
			call: one(func(ctx context.Context, c *Client) (*Result[Tag], error) {
				return c.GetTag(ctx, 3)
			}),
			method: "GET", path: "/api/v1/tags/3",
			status: 200, fixture: "tag.json",
		},
		{
			name: "CreateTag",
			call: one(func(ctx context.Context, c *Client) (*Result[Tag], error) {
				return c.CreateTag(ctx, TagCreate{Text: "Black Friday", Emoji: "🛍", Color: "#1A2B3C"})
			}),
			method: "POST", path: "/api/v1/tags",
			body:   `{"text":"Black Friday","emoji":"🛍","color":"#1A2B3C"}`,
			status: 201, fixture: "tag_created.json",
		},
		{
			name: "CreateTag text only",
			call: one(func(ctx context.Context, c *Client) (*Result[Tag], error) {
				return c.CreateTag(ctx, TagCreate{Text: "Black Friday"})
			}),
			method: "POST", path: "/api/v1/tags",
			body:   `{"text":"Black Friday"}`,
			status: 201, fixture: "tag_created.json",
		},
		{
			name: "UpdateTag",
			call: one(func(ctx context.Context, c *Client) (*Result[Tag], error) {
				return c.UpdateTag(ctx, 12, TagUpdate{Color: ptr("#FF0000")})
			}),
			method: "PUT", path: "/api/v1/tags/12",
			body:   `{"color":"#FF0000"}`,
			status: 200, fixture: "tag_updated.json",
			check: func(t *testing.T, data any) {
				if tag := data.(Tag); tag.Emoji != nil || tag.Color != "#FF0000" {
					t.Errorf("tag = %+v", tag)
				}
			},
		},
		{
			name: "DeleteTag",
			call: messageOnly(func(ctx context.Context, c *Client) (string, error) {
				return c.DeleteTag(ctx, 12)
			}),
			method: "DELETE", path: "/api/v1/tags/12",
			status: 200, fixture: "tag_deleted.json",
		},
		{
			name: "ListChats",
			call: list(func(c *Client) *Pager[Chat] {
				return c.ListChats(ChatListParams{Status: "waiting", IsOpen: ptr(true), Contact: "5511987654321", Tag: 3,
					Channel: "a1b2c3d4e5f6g7h8", Attendant: 7})
			}),
			method: "GET", path: "/api/v1/chats",
			query:  "page=1&status=waiting&is_open=true&contact=5511987654321&tag=3&channel=a1b2c3d4e5f6g7h8&attendant=7",
			status: 200, fixture: "chats_list.json",
			check: func(t *testing.T, data any) {
				cs := data.([]Chat)
				if len(cs) != 2 {
					t.Fatalf("got %d chats, want 2", len(cs))
				}
				c := cs[0]
				if c.UnreadCount != 3 || c.Token != "chat-7f3a" || !c.IsOpen ||
					c.Contact != (ChatContact{42, "Ana Souza", "5511987654321"}) || c.LastMessage == nil {
					t.Fatalf("chat = %+v", c)
				}
				if c.LastMessage.ID != 100 || c.LastMessage.Content != "Olá, meu pedido não chegou." {
					t.Errorf("lastMessage = %+v", c.LastMessage)
				}
				wantTime(t, "lastMessage.created_at", c.LastMessage.CreatedAt, at(2024, 5, 1, 12, 34, 56, 123456))
				if cs[1].LastMessage == nil || cs[1].LastMessage.ID != 101 || cs[1].UnreadCount != 0 {
					t.Errorf("chat whose last message is a note = %+v", cs[1])
				}
			},
		},
		{
			name: "ListChats without filters",
			call: list(func(c *Client) *Pager[Chat] {
				return c.ListChats(ChatListParams{IsOpen: ptr(false)})
			}),
			method: "GET", path: "/api/v1/chats", query: "page=1&is_open=false",
			status: 200, fixture: "chats_list.json",
		},
		{
			name: "TransferChat",
			call: one(func(ctx context.Context, c *Client) (*Result[TransferResult], error) {
				return c.TransferChat(ctx, "chat/7f3a é", TransferRequest{Channel: "w1d2g3e4t5w6i7d8", Attendant: ptr(int64(8)),
					Message: "Cliente quer falar com o financeiro."})
			}),
			method: "POST", path: "/api/v1/chats/chat%2F7f3a%20%C3%A9/transfer",
			body:   `{"channel":"w1d2g3e4t5w6i7d8","attendant":8,"message":"Cliente quer falar com o financeiro."}`,
			status: 200, fixture: "chat_transferred.json",
			check: func(t *testing.T, data any) {
				r := data.(TransferResult)
				if r.ChatToken != "chat-new-1" || r.Channel != "w1d2g3e4t5w6i7d8" || r.Attendant == nil || *r.Attendant != 8 {
					t.Errorf("transfer result = %+v", r)
				}
			},
		},
		{
			name: "TransferChat to the waiting queue",
			call: one(func(ctx context.Context, c *Client) (*Result[TransferResult], error) {
				return c.TransferChat(ctx, "chat-7f3a", TransferRequest{Channel: "a1b2c3d4e5f6g7h8"})
			}),
			method: "POST", path: "/api/v1/chats/chat-7f3a/transfer",
			body:   `{"channel":"a1b2c3d4e5f6g7h8"}`,
			status: 200, fixture: "chat_transferred_queue.json",
			check: func(t *testing.T, data any) {
				if r := data.(TransferResult); r.Attendant != nil {
					t.Errorf("attendant = %d, want nil", *r.Attendant)
				}
			},
		},
		{
			name: "ListChannels",
			call: list(func(c *Client) *Pager[Channel] {
				return c.ListChannels(ChannelListParams{Type: "chatapp", Status: "connected", Search: "Loja"})
			}),
			method: "GET", path: "/api/v1/channels", query: "page=1&type=chatapp&status=connected&search=Loja",
			status: 200, fixture: "channels_list.json",
			check: func(t *testing.T, data any) {
				cs := data.([]Channel)
				if len(cs) != 2 || cs[1] != (Channel{"z9y8x7w6v5u4t3s2", "Loja Centro (antigo)", "chatapp", "disconnected"}) {
					t.Errorf("channels = %+v", cs)
				}
			},
		},
		{
			name: "ListTemplates",
			call: list(func(c *Client) *Pager[Template] {
				return c.ListTemplates(TemplateListParams{Channel: "a1b2c3d4e5f6g7h8", Status: "approved",
					Category: "marketing", Search: "promo"})
			}),
			method: "GET", path: "/api/v1/templates",
			query:  "page=1&channel=a1b2c3d4e5f6g7h8&status=approved&category=marketing&search=promo",
			status: 200, fixture: "templates_list.json",
			check: func(t *testing.T, data any) {
				ts := data.([]Template)
				if len(ts) != 1 || len(ts[0].Components) != 4 {
					t.Fatalf("templates = %+v", ts)
				}
				tpl := ts[0]
				header, body, buttons := tpl.Components[0], tpl.Components[1], tpl.Components[3]
				if header.Format != "image" || !slices.Equal(body.Variables, []string{"nome", "desconto"}) ||
					body.Text != "Olá {{1}}, aproveite {{2}}% de desconto!" {
					t.Errorf("components = %+v", tpl.Components)
				}
				if !slices.Equal(buttons.Buttons, []TemplateButton{
					{Type: "url", Text: "Ver ofertas", URL: "https://loja.example.com/ofertas/{{1}}"},
					{Type: "phone", Text: "Ligar", Phone: "551133334444"},
					{Type: "quick_reply", Text: "Não tenho interesse"},
				}) {
					t.Errorf("buttons = %+v", buttons.Buttons)
				}
				if tpl.Channel != (ChannelRef{"a1b2c3d4e5f6g7h8", "Loja Centro", "chatapp"}) || tpl.Language != "pt_BR" {
					t.Errorf("template = %+v", tpl)
				}
			},
		},
	}
}

// TestEndpoints sends one request per endpoint to a server answering with a
// fixture written from the specification, and checks the request on the
// wire and the decoded answer.
func TestEndpoints(t *testing.T) {
	for _, tt := range endpointCases() {
		t.Run(tt.name, func(t *testing.T) {
			fixture := loadFixture(t, tt.fixture)
			srv := &fixtureServer{status: tt.status, body: fixture}
			ts := httptest.NewServer(srv)
			defer ts.Close()
			c, _ := newTestClient(t, ts.URL, func(o *Options) { o.Transport = endpointTransport(t) })

			got, err := tt.call(context.Background(), c)
			if err != nil {
				t.Fatalf("call: %v", err)
			}
			if len(srv.requests) == 0 {
				t.Fatal("no request reached the server")
			}
			for _, req := range srv.requests {
				checkRequest(t, tt, req)
			}
			checkOutcome(t, fixture, got)
			if tt.check != nil {
				tt.check(t, got.data)
			}
		})
	}
}

func checkRequest(t *testing.T, tt endpointCase, req recordedRequest) {
	t.Helper()
	if req.method != tt.method || req.path != tt.path {
		t.Errorf("request %s %s, want %s %s", req.method, req.path, tt.method, tt.path)
	}
	gotQuery, err := url.ParseQuery(req.query)
	if err != nil {
		t.Fatalf("query %q: %v", req.query, err)
	}
	wantQuery, err := url.ParseQuery(tt.query)
	if err != nil {
		t.Fatalf("expected query %q: %v", tt.query, err)
	}
	if !reflect.DeepEqual(gotQuery, wantQuery) {
		t.Errorf("query %q, want %q", req.query, tt.query)
	}
	wantHeaders := map[string]string{
		"Authorization": "Bearer " + testToken,
		"Accept":        "application/json",
		"User-Agent":    testUA,
		"Content-Type":  "",
	}
	if tt.body != "" {
		wantHeaders["Content-Type"] = "application/json"
	}
	for k, want := range wantHeaders {
		if got := req.header.Values(k); want == "" && len(got) != 0 || want != "" && !slices.Equal(got, []string{want}) {
			t.Errorf("header %s = %q, want %q", k, got, want)
		}
	}
	switch {
	case tt.body == "" && len(req.body) != 0:
		t.Errorf("request body %s, want none", req.body)
	case tt.body != "" && !jsonEqual(t, req.body, []byte(tt.body)):
		t.Errorf("request body\n%s\nwant\n%s", req.body, tt.body)
	}
}

// checkOutcome compares what the client returned with the fixture: the raw
// JSON byte for byte, the decoded value field for field (re-encoded, it must
// give the fixture's JSON back, so no field is lost or misnamed), and the
// message.
func checkOutcome(t *testing.T, fixture []byte, got outcome) {
	t.Helper()
	var env struct {
		Data    json.RawMessage `json:"data"`
		Message string          `json:"message"`
	}
	if err := json.Unmarshal(fixture, &env); err != nil {
		t.Fatal(err)
	}
	if got.message != env.Message {
		t.Errorf("message %q, want %q", got.message, env.Message)
	}
	if env.Data == nil {
		if got.data != nil || got.raw != nil {
			t.Errorf("data %v (raw %s) for an answer without data", got.data, got.raw)
		}
		return
	}
	if got.isList {
		var items []json.RawMessage
		if err := json.Unmarshal(env.Data, &items); err != nil {
			t.Fatal(err)
		}
		if len(got.items) != len(items) {
			t.Fatalf("%d raw items, want %d", len(got.items), len(items))
		}
		for i := range items {
			if !bytes.Equal(got.items[i], items[i]) {
				t.Errorf("raw item %d:\n%s\nwant it byte for byte as sent:\n%s", i, got.items[i], items[i])
			}
		}
	} else if !bytes.Equal(got.raw, env.Data) {
		t.Errorf("Raw:\n%s\nwant it byte for byte as sent:\n%s", got.raw, env.Data)
	}
	reencoded, err := json.Marshal(got.data)
	if err != nil {
		t.Fatal(err)
	}
	if !jsonEqual(t, reencoded, env.Data) {
		t.Errorf("decoded data re-encodes as\n%s\nwant\n%s", reencoded, env.Data)
	}
}

// TestEndpointCasesCoverEveryEndpoint keeps the table honest: every method
// of the client that calls an endpoint has at least one case.
func TestEndpointCasesCoverEveryEndpoint(t *testing.T) {
	endpoints := []string{"ListCustomFields", "ListContacts", "GetContact", "CreateContact", "UpdateContact",
		"DeleteContact", "ListNotes", "CreateNote", "VerifyNumber", "ListMessages", "SendMessage", "SendMessageDeferred", "ListUsers", "GetUser",
		"CreateUser", "UpdateUser", "DeactivateUser", "RestoreUser", "ListTags", "GetTag", "CreateTag", "UpdateTag",
		"DeleteTag", "ListChats", "TransferChat", "ListChannels", "ListTemplates"}
	covered := map[string]bool{}
	for _, tt := range endpointCases() {
		name, _, _ := strings.Cut(tt.name, " ")
		covered[name] = true
	}
	ct := reflect.TypeFor[*Client]()
	for _, e := range endpoints {
		if _, ok := ct.MethodByName(e); !ok {
			t.Errorf("Client has no method %s", e)
		}
		if !covered[e] {
			t.Errorf("no endpoint case for %s", e)
		}
	}
	if n := ct.NumMethod() - len(nonEndpointMethods); n != len(endpoints) {
		t.Errorf("Client has %d endpoint methods, the list has %d: add the new ones to the table", n, len(endpoints))
	}
}

// nonEndpointMethods are the exported methods of Client that call no single
// endpoint: Do sends any request, List walks any list, BaseURL says where
// the client sends them, LoginDigest whose login it is, ServerClock what
// time the server's answers said, Timeout how long an attempt may take.
var nonEndpointMethods = []string{"Do", "List", "BaseURL", "LoginDigest", "ServerClock", "Timeout"}
