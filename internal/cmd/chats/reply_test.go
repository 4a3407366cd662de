package chats_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

func TestReplyLandsInTheChat(t *testing.T) {
	env := cmdtest.New(t)
	t.Setenv("CONVO_ATTENDANT", "2")
	run(t, env, 0, "chats", "reply", chat4, "--text", "Olá! O frete é grátis acima de R$ 200.", "-o", "json")
	res := cmdtest.DecodeJSON[api.SendResult](t, env.Stdout.Bytes())
	if res.Chat.Token != chat4 || res.Contact.Phone != "5551916761484" {
		t.Errorf("result %+v, want chat %s", res, chat4)
	}
	msgs := messages(t, env, chat4)
	last := msgs[len(msgs)-1]
	if last.Content != "Olá! O frete é grátis acima de R$ 200." || last.Direction != "outgoing" || last.User == nil || last.User.ID != 2 {
		t.Errorf("the chat's last message = %+v, want the reply, sent as @me (Bruno)", last)
	}
	if env.Stderr.String() != "✓ Mensagem enviada com sucesso. (id "+jsonID(res.Message.ID)+")\n" {
		t.Errorf("stderr %q: a widget has no 24-hour window to warn of", env.Stderr)
	}
	// The answered chat left the queue, and the contact has no other chat.
	if got := chats(t, env, nil); len(got) != 12 {
		t.Errorf("%d chats after the reply, want the 12 there were", len(got))
	}

	// A contact's only open chat, a text file, another attendant.
	env.Stdin.WriteString("Segue o link do rastreio.\n")
	run(t, env, 0, "chats", "reply", "5551916761484", "--text-file", "-", "--attendant", "ana souza")
	last = lastOf(t, env, chat4)
	if last.Content != "Segue o link do rastreio." || last.User == nil || last.User.ID != 1 {
		t.Errorf("last message %+v, want the file's text, sent as Ana", last)
	}
}

func TestReplyTakesEveryContentOfMessagesSend(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "chats", "reply", chat4, "--type", "image", "--url", "https://cdn.exemplo.com.br/frete.png", "--caption", "Tabela de frete")
	if last := lastOf(t, env, chat4); last.Type != "image" || last.Content != "Tabela de frete" {
		t.Errorf("image: %+v", last)
	}
	run(t, env, 0, "chats", "reply", chat4, "--type", "vcard", "--vcard-name", "Suporte", "--vcard-phone", "+55 11 93333-4444")
	if last := lastOf(t, env, chat4); last.Type != "vcard" {
		t.Errorf("vcard: %+v", last)
	}
	// A template is looked up on the chat's channel; --dry-run sends nothing.
	before := len(messages(t, env, chat1))
	run(t, env, 0, "chats", "reply", chat1, "--template", "rastreio_pedido", "--var", "numero_pedido=4521", "--button", "0=BR4521", "--dry-run")
	body := cmdtest.DecodeJSON[api.MessageSend](t, env.Stdout.Bytes())
	if body.Phone != joaoPhone || body.Channel != sandbox.ChannelMain || body.Type != "template" || body.Template == nil || len(body.Components) != 2 {
		t.Errorf("dry run body %+v, want a template message to João on the main channel", body)
	}
	if !strings.HasSuffix(env.Stderr.String(), "Dry run: the message was not sent.\n") || strings.Contains(env.Stderr.String(), "24-hour") {
		t.Errorf("stderr %q: no window warning for a template", env.Stderr)
	}
	if after := len(messages(t, env, chat1)); after != before {
		t.Errorf("--dry-run sent: %d messages, were %d", after, before)
	}
	// Flags are checked as messages send checks them, before anything is sent.
	for args, want := range map[string]string{
		"--text x --url https://x.com/a.png": "error: --url does not apply to --type text, which takes --text, --text-file",
		"--template rastreio_pedido":         `error: template "rastreio_pedido" needs 2 more values`,
		"--type image --url https://x/a.gif": "error: url: ",
	} {
		run(t, env, 2, append([]string{"chats", "reply", chat1}, strings.Fields(args)...)...)
		if !strings.HasPrefix(env.Stderr.String(), want) {
			t.Errorf("%s: stderr %q, want %q", args, env.Stderr, want)
		}
	}
	if after := len(messages(t, env, chat1)); after != before {
		t.Errorf("a refused reply sent: %d messages, were %d", after, before)
	}
}

func TestReplyRefusesAFinishedOrClosedChat(t *testing.T) {
	env := cmdtest.New(t)
	before := state(t, env)
	for chat, want := range map[string]string{
		chat3: "error: chat " + chat3 + " is finished: a reply would open a new chat with José Carlos Oliveira (+5541937571113)\n" +
			"To write to the contact anyway: convo messages send --phone 5541937571113 --channel chatapp-main-001 …\n",
		chat9: "error: chat " + chat9 + " is closed: a reply would open a new chat with Paulo Sérgio Almeida (+5591912713339)\n",
	} {
		run(t, env, 2, "chats", "reply", chat, "--text", "Oi?")
		if !strings.HasPrefix(env.Stderr.String(), want) || env.Stdout.Len() != 0 {
			t.Errorf("reply to %s: stderr %q, want %q", chat, env.Stderr, want)
		}
	}
	if state(t, env) != before {
		t.Error("a refused reply changed the chats")
	}
}

// On a chatapp channel, a free-form reply more than 24 hours after the
// customer last wrote is warned of; a terminal asks first.
func TestReplyWarnsOutsideTheWindow(t *testing.T) {
	env := cmdtest.New(t)
	before := len(messages(t, env, chat1))
	env.SetTTY(true, true)
	env.Answers = "n\n"
	run(t, env, 130, "chats", "reply", chat1, "--text", "Ainda precisa de ajuda?")
	want := "! The customer last wrote 3 days ago: outside the messaging app's 24-hour customer-service window, only template messages are delivered.\n" +
		"Send a template instead with --template (see convo templates list --channel chatapp-main-001).\n"
	if !strings.HasPrefix(env.Stderr.String(), want) || !strings.Contains(env.Stderr.String(), "Send this free-form message anyway?") {
		t.Errorf("stderr:\n%s\nwant it to start with\n%s", env.Stderr, want)
	}
	if after := len(messages(t, env, chat1)); after != before {
		t.Fatalf("answered no, yet sent: %d messages, were %d", after, before)
	}

	// In a pipe: the warning, then the message.
	env.SetTTY(false, false)
	run(t, env, 0, "chats", "reply", chat1, "--text", "Ainda precisa de ajuda?")
	if !strings.HasPrefix(env.Stderr.String(), want) || lastOf(t, env, chat1).Content != "Ainda precisa de ajuda?" {
		t.Errorf("stderr %q; the message was not sent", env.Stderr)
	}
	// The customer writes: no warning any more.
	if _, err := sandbox.Inbound(t.Context(), env.Store, sandbox.AdminToken1, joaoPhone, sandbox.ChannelMain, "Sim!"); err != nil {
		t.Fatal(err)
	}
	run(t, env, 0, "chats", "reply", chat1, "--text", "Já verifico.")
	if strings.Contains(env.Stderr.String(), "24-hour") {
		t.Errorf("warned although the customer just wrote: %q", env.Stderr)
	}
}

// When the API puts the message in another chat than the one replied to,
// convo says so.
func TestReplyWarnsWhenTheMessageWentElsewhere(t *testing.T) {
	env := cmdtest.New(t)
	env.Intercept(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost {
				next.ServeHTTP(w, r)
				return
			}
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			w.WriteHeader(rec.Code)
			w.Write(bytes.ReplaceAll(rec.Body.Bytes(), []byte(chat4), []byte("ffffffffffffffffffff")))
		})
	})
	run(t, env, 0, "chats", "reply", chat4, "--text", "Oi")
	want := "! Warning: the message went to chat ffffffffffffffffffff, not to chat " + chat4 +
		" (the API opened or chose another chat with Ana Beatriz Souza (+5551916761484) on Widget do Site (site-widget-0007)).\n"
	if !strings.HasPrefix(env.Stderr.String(), want) {
		t.Errorf("stderr %q, want it to start with %q", env.Stderr, want)
	}
}

func lastOf(t *testing.T, env *cmdtest.Env, chat string) api.Message {
	t.Helper()
	msgs := messages(t, env, chat)
	return msgs[len(msgs)-1]
}

func jsonID(id int64) string {
	b, _ := json.Marshal(id)
	return string(b)
}

// On a terminal, the template builder asks for every value, then the
// message is shown for confirmation; the answers go to the chat.
func TestReplyBuildsATemplateOnATerminal(t *testing.T) {
	env := cmdtest.New(t)
	env.SetTTY(true, true)
	env.Answers = "4521\nBR4521\ny\n"
	run(t, env, 0, "chats", "reply", chat1, "--template", "rastreio_pedido", "-o", "json")
	stderr := env.Stderr.String()
	for _, want := range []string{"Template rastreio_pedido needs 2 more values:", "Send this message to 5521979190371 on chatapp-main-001?"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "24-hour") {
		t.Errorf("a template warned of the window:\n%s", stderr)
	}
	if res := cmdtest.DecodeJSON[api.SendResult](t, env.Stdout.Bytes()); res.Chat.Token != chat1 || res.Message.Type != "template" ||
		!strings.Contains(res.Message.Content, "4521") {
		t.Errorf("result %+v, want the filled-in template in chat %s", res, chat1)
	}
}
