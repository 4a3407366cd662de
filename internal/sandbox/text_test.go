package sandbox

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/validate"
)

// textField is a free-text field of a request: where it goes, and how a
// body that gives it a value looks.
type textField struct {
	name, method, path string
	field              string // as errors[] names it
	max                int
	body               func(v string) map[string]any
}

var textFields = []textField{
	{"contact name", http.MethodPost, "/contacts", "name", maxContactName, func(v string) map[string]any {
		return map[string]any{"phone": "5511987650001", "name": v}
	}},
	{"contact name, update", http.MethodPut, "/contacts/2", "name", maxContactName, func(v string) map[string]any {
		return map[string]any{"name": v}
	}},
	{"custom-field value", http.MethodPost, "/contacts", "customfields.empresa", maxFieldValue, func(v string) map[string]any {
		return map[string]any{"phone": "5511987650002", "customfields": map[string]any{"empresa": v}}
	}},
	{"custom-field value, update", http.MethodPut, "/contacts/3", "customfields.cpf", maxFieldValue, func(v string) map[string]any {
		return map[string]any{"customfields": map[string]any{"cpf": v}}
	}},
	{"note", http.MethodPost, "/contacts/1/notes", "content", maxNoteContent, func(v string) map[string]any {
		return map[string]any{"content": v}
	}},
	{"tag text", http.MethodPost, "/tags", "text", maxTagText, func(v string) map[string]any {
		return map[string]any{"text": v}
	}},
	{"tag text, update", http.MethodPut, "/tags/2", "text", maxTagText, func(v string) map[string]any {
		return map[string]any{"text": v}
	}},
	{"tag emoji", http.MethodPost, "/tags", "emoji", maxTagEmoji, func(v string) map[string]any {
		return map[string]any{"text": "Com emoji", "emoji": v}
	}},
	{"text message", http.MethodPost, "/messages", "content", maxMessageText, func(v string) map[string]any {
		return map[string]any{"phone": "5511987650003", "channel": ChannelMain, "content": v}
	}},
	{"caption", http.MethodPost, "/messages", "caption", maxCaption, func(v string) map[string]any {
		return map[string]any{"phone": "5511987650003", "channel": ChannelMain, "type": "image", "path": "https://cdn.exemplo.com.br/a.png", "caption": v}
	}},
	{"vCard name", http.MethodPost, "/messages", "name", maxVCardName, func(v string) map[string]any {
		return map[string]any{"phone": "5511987650003", "channel": ChannelMain, "type": "vcard", "name": v, "contact": "5511933334444"}
	}},
	{"template parameter", http.MethodPost, "/messages", "components[0].parameters[1].text", maxParameter, func(v string) map[string]any {
		return map[string]any{"phone": "5511987650003", "channel": ChannelMain, "type": "template", "template": 1, "components": []any{
			map[string]any{"type": "body", "parameters": []any{map[string]any{"type": "text", "text": "Ana"}, map[string]any{"type": "text", "text": v}}},
		}}
	}},
	{"transfer message", http.MethodPost, "/chats/" + chatToken(2) + "/transfer", "message", validate.TransferMessageMaxLength, func(v string) map[string]any {
		return map[string]any{"channel": ChannelMain, "attendant": 2, "message": v}
	}},
}

// Free text longer than its limit is refused with TOO_LONG on its field;
// lengths count characters, not bytes. A NUL is refused in every one of them.
func TestTextLimits(t *testing.T) {
	e := newEnv(t)
	for _, tf := range textFields {
		t.Run(tf.name, func(t *testing.T) {
			// Two-byte characters: the limit counts characters.
			at := strings.Repeat("é", tf.max)
			if tf.field == "emoji" {
				at = strings.Repeat("⭐", tf.max)
			}
			r := e.bad(AdminToken1, tf.method, tf.path, tf.body(at+"é"))
			r.wantInvalid(t, validate.CodeTooLong, tf.field)
			if want := fmt.Sprintf("at most %d characters (got %d)", tf.max, tf.max+1); !strings.Contains(string(r.Body), want) {
				t.Errorf("no %q in %s", want, r.Body)
			}
			e.bad(AdminToken1, tf.method, tf.path, tf.body("antes\x00depois")).wantInvalid(t, validate.CodeInvalid, tf.field)
			if r := e.do(request{token: AdminToken1, method: tf.method, path: tf.path, body: tf.body(at)}); r.Status >= 300 {
				t.Fatalf("%d characters: %d %s", tf.max, r.Status, r.Body)
			}
		})
	}
	// Nothing refused was stored: the contacts are those of the requests at
	// the limit (two creates and the recipient of the messages).
	if got := data[[]api.Contact](t, e.get(AdminToken1, "/contacts?phone=55119876500")); len(got) != 3 || got[0].Name != strings.Repeat("é", maxContactName) {
		t.Errorf("contacts created: %+v", got)
	}
	if got := listAll[api.Message](t, e, AdminToken1, "/chats/"+chatToken(2)+"/messages"); len(got) != 3 {
		t.Errorf("chat 2 has %d messages, want 2 and the transfer's", len(got))
	}
}

// A string that is not UTF-8 text is refused, naming its field, instead of
// being stored with U+FFFD in place of what was sent.
func TestInvalidUTF8(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		name, path, body, field string
	}{
		{"contact name", "/contacts", "{\"phone\":\"5511987650001\",\"name\":\"Jo\xe3o\"}", "name"},
		{"escaped lone high surrogate", "/contacts", `{"phone":"5511987650001","name":"a\ud83db"}`, "name"},
		{"escaped lone low surrogate", "/tags", `{"text":"\ude00"}`, "text"},
		{"high surrogate at the end", "/tags", `{"text":"ok","emoji":"\uD83D"}`, "emoji"},
		{"custom-field value", "/contacts", "{\"phone\":\"5511987650001\",\"customfields\":{\"cpf\":\"1\",\"empresa\":\"\xff\"}}", "customfields.empresa"},
		{"template parameter", "/messages", "{\"phone\":\"5511987650003\",\"channel\":\"" + ChannelMain + "\",\"type\":\"template\",\"template\":1," +
			"\"components\":[{\"type\":\"body\",\"parameters\":[{\"type\":\"text\",\"text\":\"Ana\"},{\"type\":\"text\",\"text\":\"\xc0\xaf\"}]}]}",
			"components[0].parameters[1].text"},
		{"a key", "/tags", "{\"text\":\"ok\",\"\xff\":1}", "body"},
		{"a whole body", "/tags", "\"\xff\"", "body"},
	}
	for _, tt := range tests {
		e.bad(AdminToken1, http.MethodPost, tt.path, tt.body).wantInvalid(t, validate.CodeInvalid, tt.field)
	}
	if got := data[[]api.Contact](t, e.get(AdminToken1, "/contacts?phone=5511987650001")); len(got) != 0 {
		t.Errorf("a contact was created: %+v", got)
	}
	// Whole pairs, escaped or not, and U+FFFD itself are text.
	tag := data[api.Tag](t, e.post(AdminToken1, "/tags", `{"text":"\ud83d\ude00 \\ud800 😀 `+"\ufffd"+` \ufffd","emoji":"\uD83D\uDE00"}`).want(t, http.StatusCreated))
	if tag.Text != "😀 \\ud800 😀 \ufffd \ufffd" || *tag.Emoji != "😀" {
		t.Errorf("tag %q %q", tag.Text, *tag.Emoji)
	}
	// A filter that is not UTF-8 text could match nothing: it is refused too.
	e.bad(AdminToken1, http.MethodGet, "/contacts?name=Jo%E3o", nil).wantInvalid(t, validate.CodeInvalid, "name")
	e.bad(AdminToken1, http.MethodGet, "/chats/"+chatToken(1)+"/messages?content=a%00b", nil).wantInvalid(t, validate.CodeInvalid, "content")

	// A customer's message, which comes from the command line, not JSON.
	for text, code := range map[string]string{"Jo\xe3o": validate.CodeInvalid, "a\x00b": validate.CodeInvalid, strings.Repeat("a", maxMessageText+1): validate.CodeTooLong} {
		_, err := Inbound(t.Context(), e.st, AdminToken1, "5511987650004", ChannelMain, text)
		var apiErr *api.Error
		if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusUnprocessableEntity || apiErr.Errors[0].Code != code || apiErr.Errors[0].Field != "text" {
			t.Errorf("inbound %.10q: %v", text, err)
		}
	}
}
