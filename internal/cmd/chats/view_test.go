package chats_test

import (
	"encoding/json"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

func TestViewAtATerminal(t *testing.T) {
	env := cmdtest.New(t)
	env.SetTTY(false, true)
	run(t, env, 0, "chats", "view", chat1)
	out := env.Stdout.String()
	got := lines(out)
	head := []string{
		"João da Silva · +5521979190371",
		"Chatapp Atendimento · chatapp · connected",
		"entrance · open · 0 unread · chat " + chat1,
	}
	if len(got) < 4 || strings.Join(got[:3], "\n") != strings.Join(head, "\n") || !strings.HasPrefix(got[3], "Customer last wrote ") {
		t.Errorf("header:\n%s\nwant it to start with\n%s\nCustomer last wrote …", out, strings.Join(head, "\n"))
	}
	for _, want := range []string{
		"! Outside the messaging app's 24-hour customer-service window, only template\nmessages are delivered.\n",
		"  João da Silva  Olá, gostaria de saber o status do meu pedido 4521.\n",
		"  Bruno Lima     Olá, João! Vou verificar para você, um momento.\n",
		"  Bruno Lima     │ note: Cliente pediu prioridade na entrega; combinado\n                      │ envio expresso.\n",
		"  Bruno Lima     [template] Seu pedido 4521 foi enviado.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the view lacks %q:\n%s", want, out)
		}
	}
	wantFit(t, out, 80)
	if strings.Contains(out, "\x1b[") || env.Stderr.Len() != 0 {
		t.Errorf("colour without a colour terminal, or a message on stderr %q:\n%s", env.Stderr, out)
	}

	// Wider, coloured unless --no-color says otherwise, and the last two.
	env.IO.SetTerminalWidth(120)
	env.IO.SetColorEnabled(true)
	run(t, env, 0, "chats", "view", chat1, "--last", "2")
	out = env.Stdout.String()
	if !strings.Contains(out, "\x1b[90mThe latest 2 of 6 messages.\x1b[0m") || !strings.Contains(out, "\x1b[90m│ note: Cliente pediu prioridade na entrega; combinado envio expresso.\x1b[0m") ||
		strings.Contains(out, "Olá, gostaria") {
		t.Errorf("--last 2 in colour at 120:\n%s", out)
	}
	run(t, env, 0, "chats", "view", chat1, "--no-color")
	if strings.Contains(env.Stdout.String(), "\x1b[") {
		t.Errorf("--no-color painted:\n%q", env.Stdout)
	}
}

// The note a take leaves reads as a sentence at a terminal, in the chat
// and as the chat's last message in the list; scripts get it as the API
// holds it, mark and all.
func TestTakeNoteReadsAsASentence(t *testing.T) {
	env := cmdtest.New(t)
	t.Setenv("CONVO_ATTENDANT", cmdtest.AnaEmail)
	run(t, env, 0, "chats", "take", chat2)
	mark := regexp.MustCompile(`Ana Souza took the chat\. \[convo take: attendant 1, claim [0-9a-f]{8}, after 0\]`)
	env.SetTTY(false, true)
	run(t, env, 0, "chats", "view", chat2, "--last", "1")
	if out := env.Stdout.String(); !regexp.MustCompile(`\n\d\d:\d\d  Ana Souza\s+│ note: Ana Souza took the chat\.\n$`).MatchString(out) || strings.Contains(out, "[convo") {
		t.Errorf("chats view at a terminal:\n%s", out)
	}
	env.IO.SetTerminalWidth(200)
	run(t, env, 0, "chats", "list", "--contact", cmdtest.Contact2Phone)
	if out := env.Stdout.String(); !strings.Contains(out, "  Ana Souza took the chat.  ") || strings.Contains(out, "[convo") {
		t.Errorf("chats list at a terminal:\n%s", out)
	}
	env.SetTTY(false, false)
	run(t, env, 0, "chats", "view", chat2, "--last", "1")
	if !mark.MatchString(env.Stdout.String()) {
		t.Errorf("chats view in a pipe (plain) lost the API's text:\n%s", env.Stdout)
	}
	run(t, env, 0, "chats", "list", "--contact", cmdtest.Contact2Phone, "-o", "json", "--jq", ".[0].lastMessage.content")
	if !mark.MatchString(env.Stdout.String()) {
		t.Errorf("chats list -o json lost the API's text:\n%s", env.Stdout)
	}
}

func TestViewJSONIsTheChatItsChannelAndItsMessages(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "chats", "view", chat4, "-o", "json")
	type document struct {
		Chat     json.RawMessage   `json:"chat"`
		Channel  json.RawMessage   `json:"channel"`
		Messages []json.RawMessage `json:"messages"`
	}
	doc := cmdtest.DecodeJSON[document](t, env.Stdout.Bytes())
	if keys := cmdtest.DecodeJSON[map[string]any](t, env.Stdout.Bytes()); len(keys) != 3 {
		t.Errorf("keys %v, want chat, channel and messages", keys)
	}
	listed := cmdtest.DecodeJSON[[]json.RawMessage](t, env.Get(t, "/chats", url.Values{"channel": {sandbox.ChannelWidget}}).Data)
	cmdtest.AssertSameJSON(t, doc.Chat, listed[0])
	channels := cmdtest.DecodeJSON[[]json.RawMessage](t, env.Get(t, "/channels", url.Values{"search": {"Widget do Site"}}).Data)
	cmdtest.AssertSameJSON(t, doc.Channel, channels[0])
	msgs, err := json.Marshal(doc.Messages)
	if err != nil {
		t.Fatal(err)
	}
	cmdtest.AssertSameJSON(t, msgs, env.Get(t, "/chats/"+chat4+"/messages", nil).Data)

	// The latest two, oldest first, with the fields asked for.
	run(t, env, 0, "chats", "view", chat1, "--last", "2", "--fields", "id,content", "-o", "json")
	got := cmdtest.DecodeJSON[struct {
		Chat     api.Chat          `json:"chat"`
		Messages []json.RawMessage `json:"messages"`
	}](t, env.Stdout.Bytes())
	if got.Chat.Token != chat1 || got.Chat.Contact.Name != "João da Silva" || len(got.Messages) != 2 ||
		string(got.Messages[0]) != `{"id":5,"content":"Cliente pediu prioridade na entrega; combinado envio expresso."}` ||
		string(got.Messages[1]) != `{"id":6,"content":"Seu pedido 4521 foi enviado."}` {
		t.Errorf("--last 2 --fields id,content:\n%s", env.Stdout)
	}
	run(t, env, 0, "chats", "view", chat1, "--jq", ".messages | length")
	if env.Stdout.String() != "6\n" {
		t.Errorf("--jq on the document: %q", env.Stdout)
	}
}

func TestViewOtherFormatsPrintTheMessages(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "chats", "view", chat1, "-o", "ndjson", "--last", "3")
	if got := lines(env.Stdout.String()); len(got) != 3 || !strings.HasPrefix(got[0], `{"id":4,`) || !strings.HasPrefix(got[2], `{"id":6,`) {
		t.Errorf("ndjson:\n%s", env.Stdout)
	}
	run(t, env, 0, "chats", "view", chat1, "--last", "2")
	if got := lines(env.Stdout.String()); len(got) != 2 || !strings.HasPrefix(got[0], "5\t") || !strings.HasSuffix(got[1], "\toutgoing\tclient\ttemplate\tBruno Lima\tSeu pedido 4521 foi enviado.") || !strings.Contains(got[0], "\toutgoing\tinternal\ttext\t") {
		t.Errorf("plain (the default in a pipe):\n%s", env.Stdout)
	}
	run(t, env, 0, "chats", "view", chat1, "--last", "1", "-o", "csv", "--fields", "id,direction")
	if env.Stdout.String() != "id,direction\n6,outgoing\n" {
		t.Errorf("csv: %q", env.Stdout)
	}
}

func TestViewAContactsChat(t *testing.T) {
	env := cmdtest.New(t)
	// Ana Beatriz has one open chat: her phone, or her id, names it.
	for _, ref := range []string{"5551916761484", "+55 51 91676-1484", "4"} {
		run(t, env, 0, "chats", "view", ref, "--jq", ".chat.token")
		if got := strings.TrimSpace(env.Stdout.String()); got != chat4 {
			t.Errorf("chats view %s = %s, want %s", ref, got, chat4)
		}
	}
	// João has two: convo lists them rather than guess.
	run(t, env, 2, "chats", "view", joaoPhone)
	want := "error: the contact with phone 5521979190371 has 2 open chats; give the token of one:\n" +
		"  " + chat1 + "  Chatapp Atendimento (chatapp-main-001) · entrance · last message "
	if !strings.HasPrefix(env.Stderr.String(), want) || !strings.Contains(env.Stderr.String(), "\n  "+chat12+"  Widget do Site (site-widget-0007) · entrance") ||
		env.Stdout.Len() != 0 {
		t.Errorf("two open chats: stderr\n%s\nwant it to start with\n%s", env.Stderr, want)
	}
	// José's one chat is finished.
	run(t, env, 2, "chats", "view", "5541937571113")
	if want := "error: the contact with phone 5541937571113 has no open chat; see `convo chats list --contact 5541937571113`\n"; env.Stderr.String() != want {
		t.Errorf("no open chat: %q, want %q", env.Stderr, want)
	}
}

func TestViewRefusals(t *testing.T) {
	env := cmdtest.New(t)
	for _, tt := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"ffffffffffffffffffff"}, 1, "error: chat ffffffffffffffffffff not found\n"},
		{[]string{chat13}, 1, "error: chat " + chat13 + " not found\n"}, // company 2's
		{[]string{}, 2, "error: missing CHAT (a chat token, or a contact's id or phone number)\n"},
		{[]string{chat1, "--last", "0"}, 2, "error: invalid --last \"0\": want a positive whole number\n"},
		{[]string{chat1, "--fields", "nope"}, 2, "error: unknown field \"nope\" for messages"},
	} {
		run(t, env, tt.code, append([]string{"chats", "view"}, tt.args...)...)
		if !strings.HasPrefix(env.Stderr.String(), tt.stderr) || env.Stdout.Len() != 0 {
			t.Errorf("%v: stdout %q, stderr %q, want %q", tt.args, env.Stdout, env.Stderr, tt.stderr)
		}
	}
}

// A warm view, of a chat convo has found before, costs two requests: the
// chat on its cached channel, and its messages.
func TestViewWarmCostsTwoRequests(t *testing.T) {
	env := cmdtest.New(t)
	reqs := countRequests(env)
	run(t, env, 0, "chats", "view", chat4)
	cold := reqs.take()
	run(t, env, 0, "chats", "view", chat4)
	if warm := reqs.take(); len(warm) != 2 || len(warm) >= len(cold) {
		t.Errorf("warm view: %d requests, want 2 (cold: %d):\n  %s", len(warm), len(cold), strings.Join(warm, "\n  "))
	}
}

func TestViewCompletesChatTokens(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "__complete", "chats", "view", "8b")
	if want := chat10 + "\tFernanda Lima · 5527991903700 · waiting\n:4\n"; env.Stdout.String() != want {
		t.Errorf("completion = %q, want %q", env.Stdout, want)
	}
}
