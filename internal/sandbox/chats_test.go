package sandbox

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/validate"
)

func chatIDs(chats []api.Chat) string {
	var ids []string
	for _, c := range chats {
		ids = append(ids, fmt.Sprint(c.ID))
	}
	return strings.Join(ids, " ")
}

func TestListChats(t *testing.T) {
	e := newEnv(t)
	tests := []struct{ token, query, want string }{
		{AdminToken1, "", "1 2 3 4 5 6 7 8 9 10 11 12"},
		{AgentToken1, "", "1 2 3 4 9 10 12"}, // chats of its channels only
		{AdminToken2, "", "13 14 15 16"},
		{AdminToken1, "status=waiting", "2 4 7 10"},
		{AdminToken1, "status=finished", "3 6 11"},
		{AdminToken1, "is_open=false", "3 6 9 11"},
		{AdminToken1, "is_open=true&status=entrance", "1 5 8 12"},
		{AdminToken1, "contact=" + seedPhone(1), "1 12"},
		{AdminToken1, "contact=%2B" + seedPhone(4)[:2] + "%20" + seedPhone(4)[2:], "4"},
		{AdminToken1, "tag=1", "1 12"},
		{AdminToken1, "channel=" + ChannelWidget, "4 10 12"},
		{AdminToken1, "channel=" + ChannelMain2, ""},
		{AgentToken1, "channel=unofficial-ch-03", ""},
		{AdminToken1, "attendant=2", "1 4 9 12"},
		{AdminToken1, "attendant=2&status=waiting", "4"},
		{AdminToken1, "per_page=5&page=3", "11 12"},
	}
	for _, tt := range tests {
		t.Run(tt.token+"?"+tt.query, func(t *testing.T) {
			if got := chatIDs(data[[]api.Chat](t, e.get(tt.token, "/chats?"+tt.query).want(t, http.StatusOK))); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	// contact is an id (digits that are no valid phone number, whatever
	// their length) or a whole phone, never a part of one.
	for _, tt := range []struct{ token, contact, want string }{
		{AdminToken1, "1", "1 12"},
		{AdminToken1, "2", "2"},
		{AdminToken1, "0000004", "4"},
		{AdminToken1, "00000001", "1 12"}, // eight digits, and an id
		{AdminToken1, "53", ""},           // company 2's
		{AdminToken2, "53", "15"},
		{AdminToken1, "9999999", ""},
		{AdminToken1, "999999999", ""},
	} {
		if got := chatIDs(data[[]api.Chat](t, e.get(tt.token, "/chats?contact="+tt.contact))); got != tt.want {
			t.Errorf("contact=%s: %q, want %q", tt.contact, got, tt.want)
		}
	}
	phone := seedPhone(1)
	for n := 8; n < len(phone); n++ {
		for _, part := range []string{phone[:n], phone[len(phone)-n:]} {
			if got := chatIDs(data[[]api.Chat](t, e.get(AdminToken1, "/chats?contact="+part))); got != "" {
				t.Errorf("contact=%s (part of %s) lists chats %s", part, phone, got)
			}
		}
	}
	// A value that is neither an id nor a phone names no contact: an empty
	// list, as for an id that no contact has.
	for _, neither := range []string{"abc", "0", "12ab", "%2B5511", "(11)%2098765-4321", "99999999999999999999"} {
		r := e.get(AdminToken1, "/chats?contact="+neither).want(t, http.StatusOK)
		if got := chatIDs(data[[]api.Chat](t, r)); got != "" || r.Pagination == nil || r.Pagination.Total != 0 {
			t.Errorf("contact=%s: chats %q, pagination %+v; want none", neither, got, r.Pagination)
		}
	}

	chats := data[[]api.Chat](t, e.get(AdminToken1, "/chats?per_page=100"))
	one := chats[0]
	if one.Token != chatToken(1) || !one.IsOpen || one.Status != "entrance" || one.UnreadCount != 0 ||
		one.Contact != (api.ChatContact{ID: 1, Name: "João da Silva", Phone: seedPhone(1)}) ||
		one.LastMessage == nil || one.LastMessage.ID != 6 || one.LastMessage.Content != "Seu pedido 4521 foi enviado." {
		t.Errorf("chat 1: %+v %+v", one, one.LastMessage)
	}
	if chats[1].UnreadCount != 2 {
		t.Errorf("chat 2 unread %d", chats[1].UnreadCount)
	}
	// Chat 10's message is the company's newest: ids follow time.
	if last := chats[9].LastMessage; last == nil || last.ID != 36 || !strings.HasPrefix(last.Content, "Boa tarde!") || last.CreatedAt != api.NewTime(testNow.Add(-45*time.Minute)) {
		t.Errorf("chat 10's last message %+v", last)
	}
}

func TestListMessages(t *testing.T) {
	e := newEnv(t)
	msgs := data[[]api.Message](t, e.get(AgentToken1, "/chats/"+chatToken(1)+"/messages").want(t, http.StatusOK))
	if len(msgs) != 6 {
		t.Fatalf("%d messages in chat 1", len(msgs))
	}
	in, out, image, doc, note := msgs[0], msgs[1], msgs[2], msgs[3], msgs[4]
	if in.Direction != "incoming" || in.User != nil || in.Signature != nil || string(in.File) != "null" || in.Type != "text" {
		t.Errorf("incoming: %+v", in)
	}
	bruno := api.MessageUser{ID: 2, Name: "Bruno Lima", Email: "bruno.lima@lojaexemplo.com.br", Type: "user"}
	if out.Direction != "outgoing" || out.User == nil || *out.User != bruno || out.Signature == nil || *out.Signature != "Bruno Lima" || out.Visibility != "client" {
		t.Errorf("outgoing: %+v", out)
	}
	var file fileInfo
	if err := json.Unmarshal(image.File, &file); err != nil || file != (fileInfo{URL: "https://cdn.exemplo.com.br/pedidos/4521.jpg", Name: "4521.jpg", MimeType: "image/jpeg"}) {
		t.Errorf("image file %s (%v)", image.File, err)
	}
	if image.Content != "Foto do seu pedido já embalado" {
		t.Errorf("image content (its caption) %q", image.Content)
	}
	if doc.Type != "document" || doc.Content != "comprovante-4521.pdf" || doc.User != nil || !strings.Contains(string(doc.File), `"mime_type":"application/pdf"`) {
		t.Errorf("incoming document: %+v %s", doc, doc.File)
	}
	if note.Visibility != "internal" || note.Signature != nil || note.User == nil {
		t.Errorf("internal note: %+v", note)
	}
	if msgs[5].Type != "template" {
		t.Errorf("last message type %s", msgs[5].Type)
	}

	tests := []struct{ query, want string }{
		{"type=image", "3"},
		{"direction=incoming", "1 4"},
		{"visibility=internal", "5"},
		{"attendant=2", "2 3 5 6"},
		{"content=PEDIDO", "1 3 6"},
		{"content=pedido&direction=outgoing&visibility=client", "3 6"},
		{"per_page=4&page=2", "5 6"},
	}
	for _, tt := range tests {
		var ids []string
		for _, m := range data[[]api.Message](t, e.get(AdminToken1, "/chats/"+chatToken(1)+"/messages?"+tt.query).want(t, http.StatusOK)) {
			ids = append(ids, fmt.Sprint(m.ID))
		}
		if got := strings.Join(ids, " "); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.query, got, tt.want)
		}
	}
	if got := data[[]api.Message](t, e.get(AdminToken1, "/chats/"+chatToken(9)+"/messages?content=disposicao")); len(got) != 1 {
		t.Errorf("accent-insensitive content search: %d messages", len(got))
	}
	if got := data[[]api.Message](t, e.get(AdminToken1, "/chats/"+chatToken(10)+"/messages")); len(got) != 1 || got[0].Direction != "incoming" {
		t.Errorf("chat 10: %+v", got)
	}
	// Carla's signature is off.
	for _, m := range data[[]api.Message](t, e.get(AdminToken1, "/chats/"+chatToken(5)+"/messages")) {
		if m.Signature != nil {
			t.Errorf("message %d signed %q", m.ID, *m.Signature)
		}
	}

	for _, tt := range []struct{ token, chat string }{
		{AdminToken1, "no-such-chat"},
		{AdminToken1, chatToken(13)},  // company 2's
		{AdminToken2, chatToken(1)},   // company 1's
		{AgentToken1, chatToken(5)},   // a channel the agent lacks
		{AgentToken1, chatToken(999)}, // unknown
	} {
		e.get(tt.token, "/chats/"+tt.chat+"/messages").wantError(t, http.StatusNotFound, msgChatNotFound, "", "")
	}
}

// send posts a message as token and returns the send result.
func (e *testEnv) send(token string, body map[string]any) api.SendResult {
	e.t.Helper()
	r := e.post(token, "/messages", body).want(e.t, http.StatusCreated)
	if r.Message != "Mensagem enviada com sucesso." {
		e.t.Errorf("message %q", r.Message)
	}
	return data[api.SendResult](e.t, r)
}

// lastMessage returns the newest message of the chat.
func (e *testEnv) lastMessage(token, chat string) api.Message {
	e.t.Helper()
	msgs := listAll[api.Message](e.t, e, token, "/chats/"+chat+"/messages")
	if len(msgs) == 0 {
		e.t.Fatalf("chat %s has no messages", chat)
	}
	return msgs[len(msgs)-1]
}

func TestSendEveryType(t *testing.T) {
	e := newEnv(t)
	const phone = "5511987654321"
	tests := []struct {
		name     string
		body     map[string]any
		content  string
		mimeType string // of the file; "" for no file
	}{
		{"text", map[string]any{"content": "Olá!"}, "Olá!", ""},
		{"text as type", map[string]any{"type": "text", "content": "Tudo bem?"}, "Tudo bem?", ""},
		{"image with caption", map[string]any{"type": "image", "path": "https://cdn.exemplo.com.br/a/foto.PNG", "caption": "Nossa vitrine"}, "Nossa vitrine", "image/png"},
		{"video", map[string]any{"type": "video", "path": "https://cdn.exemplo.com.br/v/demo.mp4?t=1"}, "demo.mp4", "video/mp4"},
		{"audio", map[string]any{"type": "audio", "path": "https://cdn.exemplo.com.br/a/recado.ogg"}, "recado.ogg", "audio/ogg"},
		{"document", map[string]any{"type": "document", "path": "https://cdn.exemplo.com.br/d/contrato.docx", "caption": "Contrato"}, "Contrato", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
		{"sticker", map[string]any{"type": "sticker", "path": "https://cdn.exemplo.com.br/s/ok.webp"}, "ok.webp", "image/webp"},
		{"vcard", map[string]any{"type": "vcard", "name": "Suporte Técnico", "contact": "5511933334444"}, "Suporte Técnico (5511933334444)", ""},
		{"template, text only", map[string]any{"type": "template", "template": 1, "components": []any{
			map[string]any{"type": "body", "parameters": []any{map[string]any{"type": "text", "text": "Ana"}, map[string]any{"type": "text", "text": "4521"}}},
		}}, "Olá Ana, seu pedido 4521 foi confirmado! Obrigado por comprar com a gente.", ""},
		{"template, image header", map[string]any{"type": "template", "template": 2, "components": []any{
			map[string]any{"type": "header", "parameters": []any{map[string]any{"type": "image", "path": "https://cdn.exemplo.com.br/promo.jpg"}}},
			map[string]any{"type": "body", "parameters": []any{map[string]any{"type": "text", "text": "Ana"}, map[string]any{"type": "text", "text": "calçados"}}},
		}}, "Oi Ana, a promoção de calçados começou! Aproveite descontos de até 50%.", ""},
		{"template, URL button", map[string]any{"type": "template", "template": 3, "components": []any{
			map[string]any{"type": "body", "parameters": []any{map[string]any{"type": "text", "text": "4521"}}},
			map[string]any{"type": "button", "sub_type": "url", "index": 0, "parameters": []any{map[string]any{"type": "text", "text": "4521"}}},
		}}, "Seu pedido 4521 foi enviado.", ""},
	}
	var chat string
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := map[string]any{"phone": phone, "channel": ChannelMain}
			for k, v := range tt.body {
				body[k] = v
			}
			res := e.send(AdminToken1, body)
			typ, _ := tt.body["type"].(string)
			if typ == "" {
				typ = "text"
			}
			m := res.Message
			if m.Type != typ || m.Content != tt.content || m.Direction != "outgoing" || m.Visibility != "client" || m.CreatedAt != api.NewTime(testNow) {
				t.Errorf("message %+v", m)
			}
			if res.Chat.Status != "entrance" || !res.Chat.IsOpen || res.Contact != (api.SentContact{Phone: phone}) {
				t.Errorf("chat %+v contact %+v", res.Chat, res.Contact)
			}
			// Every message goes to the same open chat.
			if chat == "" {
				chat = res.Chat.Token
			} else if res.Chat.Token != chat {
				t.Errorf("chat %s, want the open chat %s", res.Chat.Token, chat)
			}
			listed := e.lastMessage(AdminToken1, chat)
			if listed.ID != m.ID || listed.Token != m.Token || listed.Content != tt.content || listed.User == nil || listed.User.ID != 1 || listed.Signature == nil || *listed.Signature != "Ana Souza" {
				t.Errorf("listed %+v", listed)
			}
			var file *fileInfo
			if err := json.Unmarshal(listed.File, &file); err != nil {
				t.Fatal(err)
			}
			switch {
			case tt.mimeType == "" && file != nil:
				t.Errorf("file %+v on a %s message", file, typ)
			case tt.mimeType != "" && (file == nil || file.MimeType != tt.mimeType || file.URL != tt.body["path"]):
				t.Errorf("file %+v, want mime type %s", file, tt.mimeType)
			}
		})
	}
	// The contact was created, without a name, of the channel's kind.
	cts := data[[]api.Contact](t, e.get(AdminToken1, "/contacts?phone="+phone))
	if len(cts) != 1 || cts[0].Name != "" || cts[0].Type != "chatapp" {
		t.Errorf("contact created by sending: %+v", cts)
	}
	checkDocs(t, e.st)
}

func TestSendBookkeeping(t *testing.T) {
	e := newEnv(t)
	// Chat 2 of contact 2 waits with two unread messages and no attendant.
	res := e.send(AdminToken1, map[string]any{"phone": seedPhone(2), "channel": ChannelMain, "content": "Entregamos sim!", "attendant": 2})
	if res.Chat.Token != chatToken(2) || res.Contact != (api.SentContact{Phone: seedPhone(2), Name: "Maria Aparecida Santos"}) {
		t.Errorf("send to contact 2: %+v", res)
	}
	chat := data[[]api.Chat](t, e.get(AdminToken1, "/chats?contact="+seedPhone(2)))[0]
	if chat.Status != "entrance" || chat.UnreadCount != 0 || chat.LastMessage == nil || chat.LastMessage.ID != res.Message.ID ||
		chat.LastMessage.Content != "Entregamos sim!" || chat.LastMessage.CreatedAt != api.NewTime(testNow) {
		t.Errorf("chat 2 after sending: %+v %+v", chat, chat.LastMessage)
	}
	m := e.lastMessage(AdminToken1, chatToken(2))
	if m.User == nil || m.User.ID != 2 || m.Signature == nil || *m.Signature != "Bruno Lima" {
		t.Errorf("message by attendant 2: %+v", m)
	}

	// Contact 3's only chat on the channel is finished: a new chat opens.
	res = e.send(AgentToken1, map[string]any{"phone": seedPhone(3), "channel": ChannelMain, "content": "Voltamos a falar?"})
	if res.Chat.Token == chatToken(3) {
		t.Error("a finished chat received a message")
	}
	if got := chatIDs(data[[]api.Chat](t, e.get(AdminToken1, "/chats?contact="+seedPhone(3)))); got != "3 17" {
		t.Errorf("chats of contact 3: %q", got)
	}
	// So does a closed chat: contact 9's.
	if res := e.send(AdminToken1, map[string]any{"phone": seedPhone(9), "channel": ChannelMain, "content": "Tudo certo?"}); res.Chat.Token == chatToken(9) || res.Chat.Status != "entrance" {
		t.Errorf("send to contact 9, whose chat is closed: %+v", res.Chat)
	}
	// The same contact on another channel gets a chat there.
	res2 := e.send(AdminToken1, map[string]any{"phone": seedPhone(3), "channel": ChannelWidget, "content": "Pelo site"})
	if res2.Chat.Token == res.Chat.Token {
		t.Error("a chat of another channel was reused")
	}
	// A sender whose signature is off signs nothing.
	e.send(AdminToken1, map[string]any{"phone": seedPhone(5), "channel": "unofficial-ch-03", "content": "Oi", "attendant": 3})
	if m := e.lastMessage(AdminToken1, chatToken(5)); m.Signature != nil || m.User.ID != 3 {
		t.Errorf("Carla's message: %+v", m)
	}
}

func TestSendErrors(t *testing.T) {
	e := newEnv(t)
	count := func() (n int) {
		if err := e.st.reader(t.Context()).queryRow("SELECT count(*) FROM messages").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := count()
	base := func(kv ...any) map[string]any {
		b := map[string]any{"phone": "5511987654321", "channel": ChannelMain}
		for i := 0; i < len(kv); i += 2 {
			if kv[i+1] == nil {
				delete(b, kv[i].(string))
			} else {
				b[kv[i].(string)] = kv[i+1]
			}
		}
		return b
	}
	body := func(params ...string) map[string]any {
		var ps []any
		for _, p := range params {
			ps = append(ps, map[string]any{"type": "text", "text": p})
		}
		return map[string]any{"type": "body", "parameters": ps}
	}
	tests := []struct {
		name                 string
		token                string
		body                 any
		status               int
		message, code, field string
	}{
		{"nothing", AdminToken1, map[string]any{}, 422, msgValidation, validate.CodeRequired, "phone"},
		{"no channel", AdminToken1, base("channel", nil, "content", "x"), 422, msgValidation, validate.CodeRequired, "channel"},
		{"bad phone", AdminToken1, base("phone", "12ab", "content", "x"), 422, msgValidation, validate.CodeInvalid, "phone"},
		{"bad type", AdminToken1, base("type", "gif", "content", "x"), 422, msgValidation, validate.CodeInvalid, "type"},
		{"text without content", AdminToken1, base(), 422, msgValidation, validate.CodeRequired, "content"},
		{"image without path", AdminToken1, base("type", "image"), 422, msgValidation, validate.CodeRequired, "path"},
		{"image of a GIF", AdminToken1, base("type", "image", "path", "https://x.example/a.gif"), 422, msgValidation, validate.CodeInvalid, "path"},
		{"image not over http", AdminToken1, base("type", "image", "path", "ftp://x.example/a.png"), 422, msgValidation, validate.CodeInvalid, "path"},
		{"video of a MOV", AdminToken1, base("type", "video", "path", "https://x.example/a.mov"), 422, msgValidation, validate.CodeInvalid, "path"},
		{"audio with caption", AdminToken1, base("type", "audio", "path", "https://x.example/a.mp3", "caption", "x"), 422, msgValidation, validate.CodeInvalid, "caption"},
		{"sticker with caption", AdminToken1, base("type", "sticker", "path", "https://x.example/a.webp", "caption", "x"), 422, msgValidation, validate.CodeInvalid, "caption"},
		{"text with caption", AdminToken1, base("content", "x", "caption", "x"), 422, msgValidation, validate.CodeInvalid, "caption"},
		{"vcard without name", AdminToken1, base("type", "vcard", "contact", "5511933334444"), 422, msgValidation, validate.CodeRequired, "name"},
		{"vcard without contact", AdminToken1, base("type", "vcard", "name", "X"), 422, msgValidation, validate.CodeRequired, "contact"},
		{"vcard with a bad contact", AdminToken1, base("type", "vcard", "name", "X", "contact", "123"), 422, msgValidation, validate.CodeInvalid, "contact"},
		{"template without id", AdminToken1, base("type", "template", "components", []any{body("a", "b")}), 422, msgValidation, validate.CodeRequired, "template"},
		{"template without components", AdminToken1, base("type", "template", "template", 1), 422, msgValidation, validate.CodeRequired, "components"},
		{"unknown template", AdminToken1, base("type", "template", "template", 999, "components", []any{body("a")}), 422, msgValidation, validate.CodeInvalid, "template"},
		{"company 2 template", AdminToken1, base("type", "template", "template", 12, "components", []any{body("a", "b")}), 422, msgValidation, validate.CodeInvalid, "template"},
		{"template of another channel", AdminToken1, base("type", "template", "template", 10, "components", []any{body("a", "b")}), 422, msgValidation, validate.CodeInvalid, "template"},
		{"pending template", AdminToken1, base("type", "template", "template", 8, "components", []any{body("a")}), 422, msgValidation, validate.CodeInvalid, "template"},
		{"rejected template", AdminToken1, base("type", "template", "template", 9, "components", []any{body("a", "b")}), 422, msgValidation, validate.CodeInvalid, "template"},
		{"components that do not fit", AdminToken1, base("type", "template", "template", 1, "components", []any{body("a")}), 422, msgValidation, validate.CodeInvalid, "components[0].parameters"},
		{"components of the wrong shape", AdminToken1, base("type", "template", "template", 1, "components", "body"), 422, msgValidation, validate.CodeInvalid, "components"},
		{"unknown channel", AdminToken1, base("channel", "no-such-channel1", "content", "x"), 422, msgValidation, validate.CodeInvalid, "channel"},
		{"company 2 channel", AdminToken1, base("channel", ChannelMain2, "content", "x"), 422, msgValidation, validate.CodeInvalid, "channel"},
		{"attendant without the channel", AdminToken1, base("content", "x", "attendant", 3), 422, msgValidation, validate.CodeInvalid, "attendant"},
		{"deactivated attendant", AdminToken1, base("content", "x", "attendant", 4), 422, msgValidation, validate.CodeInvalid, "attendant"},
		{"company 2 attendant", AdminToken1, base("content", "x", "attendant", 5), 422, msgValidation, validate.CodeInvalid, "attendant"},
		{"unknown attendant", AdminToken1, base("content", "x", "attendant", 999), 422, msgValidation, validate.CodeInvalid, "attendant"},
		{"agent without the channel", AgentToken1, base("channel", "unofficial-ch-03", "content", "x"), 403, msgForbidden, "", ""},
		{"disconnected channel", AdminToken1, base("channel", ChannelSpare, "content", "x"), 409, msgSendFailed, codeChannelDisconnected, ""},
		{"disconnected channel, template", AdminToken1, base("channel", ChannelSpare, "type", "template", "template", 11, "components", []any{body("amanhã")}), 409, msgSendFailed, codeChannelDisconnected, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := e.bad(tt.token, http.MethodPost, "/messages", tt.body)
			r.wantError(t, tt.status, tt.message, tt.code, tt.field)
			if tt.status == http.StatusConflict && (len(r.Errors) != 1 || r.Errors[0].Message != msgChannelDisconnected) {
				t.Errorf("409 errors %+v", r.Errors)
			}
		})
	}
	r := e.bad(AdminToken1, http.MethodPost, "/messages", base("type", "template", "template", 8, "components", []any{body("a")}))
	if !strings.Contains(r.Errors[0].Message, "pending") {
		t.Errorf("pending template message %q", r.Errors[0].Message)
	}
	if got := count(); got != before {
		t.Errorf("refused sends stored %d messages", got-before)
	}
	if cts := data[[]api.Contact](t, e.get(AdminToken1, "/contacts?phone=5511987654321")); len(cts) != 0 {
		t.Errorf("a refused send created a contact")
	}
}

func TestTransferWithinTheChannel(t *testing.T) {
	e := newEnv(t)
	history := len(listAll[api.Message](t, e, AdminToken1, "/chats/"+chatToken(2)+"/messages"))
	// Chat 2 waits in the queue; it goes to attendant 2 on the same channel.
	r := e.post(AdminToken1, "/chats/"+chatToken(2)+"/transfer", map[string]any{"channel": ChannelMain, "attendant": 2}).want(t, http.StatusOK)
	res := data[api.TransferResult](t, r)
	if r.Message != "Conversa transferida com sucesso." || res != (api.TransferResult{ChatToken: chatToken(2), Channel: ChannelMain, Attendant: res.Attendant}) ||
		res.Attendant == nil || *res.Attendant != 2 {
		t.Errorf("result %s", r.Body)
	}
	if got := chatIDs(data[[]api.Chat](t, e.get(AdminToken1, "/chats?attendant=2"))); got != "1 2 4 9 12" {
		t.Errorf("chats of attendant 2: %q", got)
	}
	// It still waits for an answer, now attendant 2's: the agent's desk finds it so.
	if got := chatIDs(data[[]api.Chat](t, e.get(AdminToken1, "/chats?status=waiting&attendant=2"))); got != "2 4" {
		t.Errorf("waiting chats of attendant 2: %q", got)
	}
	chat := data[[]api.Chat](t, e.get(AdminToken1, "/chats?contact="+seedPhone(2)))[0]
	if chat.Status != "waiting" || chat.UnreadCount != 2 {
		t.Errorf("only the attendant changes: %+v", chat)
	}
	if got := len(listAll[api.Message](t, e, AdminToken1, "/chats/"+chatToken(2)+"/messages")); got != history {
		t.Errorf("history %d messages, want %d", got, history)
	}

	// Without an attendant the chat goes to the waiting queue; the message is
	// an internal note. The company wrote last, and still has: the status
	// stays entrance (the table of states), only the attendant is gone.
	r = e.post(AgentToken1, "/chats/"+chatToken(1)+"/transfer", map[string]any{"channel": ChannelMain, "message": "Cliente pediu um supervisor."}).want(t, http.StatusOK)
	if res := data[api.TransferResult](t, r); res.ChatToken != chatToken(1) || res.Attendant != nil || !strings.Contains(string(r.Data), `"attendant":null`) {
		t.Errorf("result %s", r.Data)
	}
	chat = data[[]api.Chat](t, e.get(AdminToken1, "/chats?contact="+seedPhone(1)))[0]
	if chat.ID != 1 || chat.Status != "entrance" || chat.UnreadCount != 0 || chat.LastMessage.Content != "Cliente pediu um supervisor." {
		t.Errorf("chat 1 in the queue: %+v", chat)
	}
	// A note on a waiting chat leaves it waiting, with what it had unread.
	e.post(AdminToken1, "/chats/"+chatToken(2)+"/transfer", map[string]any{"channel": ChannelMain, "attendant": 1, "message": "Fica com você."}).want(t, http.StatusOK)
	if chat := data[[]api.Chat](t, e.get(AdminToken1, "/chats?contact="+seedPhone(2)))[0]; chat.Status != "waiting" || chat.UnreadCount != 2 || chat.LastMessage.Content != "Fica com você." {
		t.Errorf("chat 2 after a transfer with a note: %+v", chat)
	}
	if got := chatIDs(data[[]api.Chat](t, e.get(AdminToken1, "/chats?attendant=2"))); got != "4 9 12" {
		t.Errorf("chats of attendant 2: %q", got)
	}
	note := e.lastMessage(AdminToken1, chatToken(1))
	if note.Visibility != "internal" || note.Direction != "outgoing" || note.User == nil || note.User.ID != 2 || note.Signature != nil {
		t.Errorf("transfer message: %+v", note)
	}
}

func TestTransferToAnotherChannel(t *testing.T) {
	e := newEnv(t)
	r := e.post(AdminToken1, "/chats/"+chatToken(1)+"/transfer", map[string]any{
		"channel": ChannelWidget, "attendant": 2, "message": "Cliente prefere o site.",
	}).want(t, http.StatusOK)
	res := data[api.TransferResult](t, r)
	if res.ChatToken == chatToken(1) || res.Channel != ChannelWidget || res.Attendant == nil || *res.Attendant != 2 {
		t.Fatalf("result %s", r.Data)
	}
	chats := data[[]api.Chat](t, e.get(AdminToken1, "/chats?contact="+seedPhone(1)))
	if got := chatIDs(chats); got != "1 12 17" {
		t.Fatalf("chats of contact 1: %q", got)
	}
	orig, moved := chats[0], chats[2]
	if orig.Status != "finished" || orig.IsOpen {
		t.Errorf("original chat %+v", orig)
	}
	if moved.Token != res.ChatToken || moved.Status != "entrance" || !moved.IsOpen || moved.Contact.ID != 1 || moved.UnreadCount != 0 {
		t.Errorf("new chat %+v", moved)
	}
	msgs := listAll[api.Message](t, e, AdminToken1, "/chats/"+res.ChatToken+"/messages")
	if len(msgs) != 2 || !strings.Contains(msgs[0].Content, chatToken(1)) || msgs[1].Content != "Cliente prefere o site." {
		t.Fatalf("messages of the new chat: %+v", msgs)
	}
	for _, m := range msgs {
		if m.Visibility != "internal" || m.Direction != "outgoing" || m.User == nil || m.User.ID != 1 {
			t.Errorf("message %+v", m)
		}
	}
	if got := chatIDs(data[[]api.Chat](t, e.get(AdminToken1, "/chats?channel="+ChannelWidget+"&attendant=2"))); got != "4 12 17" {
		t.Errorf("attendant 2 on the widget: %q", got)
	}
	if got := chatIDs(data[[]api.Chat](t, e.get(AdminToken1, "/chats?tag=1"))); got != "1 12 17" {
		t.Errorf("the new chat keeps the tags: %q", got)
	}
	// The history stays with the original chat.
	if got := len(listAll[api.Message](t, e, AdminToken1, "/chats/"+chatToken(1)+"/messages")); got != 6 {
		t.Errorf("original history: %d messages", got)
	}
	// A new message to the contact on the old channel opens a new chat there.
	if sent := e.send(AdminToken1, map[string]any{"phone": seedPhone(1), "channel": ChannelMain, "content": "Oi"}); sent.Chat.Token == chatToken(1) {
		t.Error("the finished chat was reused")
	}

	// Without an attendant the new chat is in the queue, and keeps the
	// status of the original, which says who wrote last: chat 4 waits for
	// an answer, chat 5 (the company answered) does not.
	for _, tt := range []struct {
		chat   int64
		status string
	}{{4, "waiting"}, {5, "entrance"}} {
		res = data[api.TransferResult](t, e.post(AdminToken1, fmt.Sprintf("/chats/%s/transfer", chatToken(tt.chat)), map[string]any{"channel": ChannelMain}).want(t, http.StatusOK))
		moved = data[[]api.Chat](t, e.get(AdminToken1, "/chats?channel="+ChannelMain+"&contact="+seedPhone(tt.chat)))[0]
		if res.Attendant != nil || moved.Token != res.ChatToken || moved.Status != tt.status || moved.UnreadCount != 0 || moved.LastMessage == nil {
			t.Errorf("chat %d to the queue: %+v (result %+v)", tt.chat, moved, res)
		}
	}
}

func TestTransferErrors(t *testing.T) {
	e := newEnv(t)
	transfer := func(token, chat string, body any) *response {
		return e.bad(token, http.MethodPost, "/chats/"+chat+"/transfer", body)
	}
	long := strings.Repeat("é", 1001)
	tests := []struct {
		name                 string
		token, chat          string
		body                 any
		status               int
		message, code, field string
	}{
		{"no channel", AdminToken1, chatToken(1), map[string]any{}, 422, msgValidation, validate.CodeRequired, "channel"},
		{"short channel", AdminToken1, chatToken(1), map[string]any{"channel": "abc"}, 422, msgValidation, validate.CodeTooShort, "channel"},
		{"long channel", AdminToken1, chatToken(1), map[string]any{"channel": ChannelMain + "x"}, 422, msgValidation, validate.CodeTooLong, "channel"},
		{"long message", AdminToken1, chatToken(1), map[string]any{"channel": ChannelMain, "message": long}, 422, msgValidation, validate.CodeTooLong, "message"},
		{"attendant as string", AdminToken1, chatToken(1), `{"channel":"chatapp-main-001","attendant":"2"}`, 422, msgValidation, validate.CodeInvalid, "attendant"},
		{"unknown chat", AdminToken1, "nope", map[string]any{"channel": ChannelMain}, 404, msgChatNotFound, "", ""},
		{"company 2 chat", AdminToken1, chatToken(13), map[string]any{"channel": ChannelMain}, 404, msgChatNotFound, "", ""},
		{"unknown channel", AdminToken1, chatToken(1), map[string]any{"channel": "no-such-channel1"}, 404, msgChatNotFound, "", ""},
		{"company 2 channel", AdminToken1, chatToken(1), map[string]any{"channel": ChannelMain2}, 404, msgChatNotFound, "", ""},
		{"agent, chat of a channel it lacks", AgentToken1, chatToken(5), map[string]any{"channel": ChannelMain}, 403, msgTransferForbidden, "", ""},
		{"agent, to a channel it lacks", AgentToken1, chatToken(1), map[string]any{"channel": "unofficial-ch-03"}, 404, msgChatNotFound, "", ""},
		{"attendant without the destination", AdminToken1, chatToken(1), map[string]any{"channel": ChannelMain, "attendant": 3}, 403, msgAttendantNoAccess, "", ""},
		{"deactivated attendant", AdminToken1, chatToken(1), map[string]any{"channel": ChannelMain, "attendant": 4}, 422, msgValidation, validate.CodeInvalid, "attendant"},
		{"company 2 attendant", AdminToken1, chatToken(1), map[string]any{"channel": ChannelMain, "attendant": 5}, 422, msgValidation, validate.CodeInvalid, "attendant"},
		{"finished chat", AdminToken1, chatToken(3), map[string]any{"channel": ChannelMain}, 422, msgValidation, validate.CodeInvalid, "token"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			transfer(tt.token, tt.chat, tt.body).wantError(t, tt.status, tt.message, tt.code, tt.field)
		})
	}
	// A message of exactly 1000 characters is fine; an admin may receive any channel.
	e.post(AdminToken1, "/chats/"+chatToken(1)+"/transfer", map[string]any{"channel": ChannelMain, "attendant": 1, "message": long[2:]}).want(t, http.StatusOK)
	if chats := data[[]api.Chat](t, e.get(AdminToken1, "/chats?per_page=100")); len(chats) != 12 {
		t.Errorf("refused transfers created chats: %d", len(chats))
	}
}

// The lists of chats the agent's desk and the inbox ask for find their
// chats with an index that keeps them in the order of the list: no query
// reads every chat of the company, nor sorts them.
func TestChatListsUseIndexes(t *testing.T) {
	st := openStore(t)
	admin, agent := &caller{id: 1, company: 1, admin: true}, &caller{id: 2, company: 1}
	yes := true
	tests := []struct {
		name  string
		c     *caller
		f     chatFilter
		index string
	}{
		{"all", admin, chatFilter{}, "chats_company"},
		{"the waiting queue", admin, chatFilter{status: "waiting"}, "chats_company_status"},
		{"open, waiting", admin, chatFilter{status: "waiting", open: &yes}, "chats_company_status"},
		{"an attendant's waiting chats", admin, chatFilter{status: "waiting", attendant: 2}, "chats_company_status"},
		{"a channel's waiting chats", admin, chatFilter{status: "waiting", channel: ChannelMain}, "chats_company_status"},
		{"an agent's waiting chats", agent, chatFilter{status: "waiting"}, "chats_company_status"},
		{"an attendant's chats", admin, chatFilter{attendant: 2}, "chats_company_attendant"},
		{"an attendant's chats on a channel", admin, chatFilter{attendant: 2, channel: ChannelMain}, "chats_company_attendant"},
		{"a channel's chats", admin, chatFilter{channel: ChannelMain, open: &yes}, "chats_company_channel"},
		{"a contact's, by id", admin, chatFilter{contact: contactRef{id: 4}, status: "waiting"}, "chats_company_contact"},
		{"a contact's, by phone", admin, chatFilter{contact: contactRef{phone: seedPhone(4)}, channel: ChannelWidget}, "chats_company_contact"},
	}
	for _, tt := range tests {
		lq := chatQuery(tt.c, tt.f)
		for _, q := range []struct {
			sql  string
			args []any
		}{{lq.countSQL(), lq.where.args}, {lq.pageSQL(), append(slices.Clone(lq.where.args), 20, 0)}} {
			rows, err := st.read.db.QueryContext(t.Context(), "EXPLAIN QUERY PLAN "+q.sql, q.args...)
			if err != nil {
				t.Fatal(err)
			}
			var plan []string
			for rows.Next() {
				var id, parent, unused int
				var detail string
				if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
					t.Fatal(err)
				}
				plan = append(plan, detail)
			}
			rows.Close()
			text := strings.Join(plan, "\n")
			if !strings.Contains(text, "SEARCH chat USING INDEX "+tt.index+" ") && !strings.Contains(text, "SEARCH chat USING COVERING INDEX "+tt.index+" ") ||
				strings.Contains(text, "SCAN chat") || strings.Contains(text, "TEMP B-TREE") {
				t.Errorf("%s: want index %s:\n%s\n%s", tt.name, tt.index, q.sql, text)
			}
		}
	}
}
