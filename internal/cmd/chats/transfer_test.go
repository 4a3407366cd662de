package chats_test

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

// transferred is the result a transfer prints with -o json.
type transferred struct {
	ChatToken string `json:"chatToken"`
	Channel   string `json:"channel"`
	Attendant *int64 `json:"attendant"`
}

func TestTransferToAnotherAttendantOnTheSameChannel(t *testing.T) {
	env := cmdtest.New(t)
	history := messages(t, env, chat1)
	run(t, env, 0, "chats", "transfer", chat1, "--channel", sandbox.ChannelMain, "--attendant", "1", "-o", "json")
	if want := `{"chatToken":"` + chat1 + `","channel":"chatapp-main-001","attendant":1}` + "\n"; env.Stdout.String() != want {
		t.Errorf("stdout = %q, want %q", env.Stdout, want)
	}
	if want := "✓ Conversa transferida com sucesso.\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	// Same chat, new attendant, same status and history.
	if got := tokensOf(chats(t, env, url.Values{"attendant": {"1"}, "channel": {sandbox.ChannelMain}})); !slices.Contains(got, chat1) {
		t.Errorf("Ana's chats on the main channel = %v, want %s among them", got, chat1)
	}
	if got := tokensOf(chats(t, env, url.Values{"attendant": {"2"}})); slices.Contains(got, chat1) {
		t.Errorf("Bruno still has %s", chat1)
	}
	if got := chats(t, env, url.Values{"contact": {joaoPhone}}); len(got) != 2 || got[0].Token != chat1 || got[0].Status != "entrance" || !got[0].IsOpen {
		t.Errorf("João's chats = %+v, want the same two, chat 1 still open in entrance", got)
	}
	if after := messages(t, env, chat1); len(after) != len(history) {
		t.Errorf("the history changed from %d to %d messages", len(history), len(after))
	}
}

func TestTransferWithMessage(t *testing.T) {
	env := cmdtest.New(t)
	note := strings.Repeat("é", 1000) // the limit counts characters, not bytes
	run(t, env, 0, "chats", "transfer", chat1, "--channel", sandbox.ChannelMain, "--attendant", "1", "--message", note)
	msgs := messages(t, env, chat1)
	last := msgs[len(msgs)-1]
	if len(msgs) != 7 || last.Content != note || last.Visibility != "internal" || last.Direction != "outgoing" {
		t.Errorf("after the transfer the chat has %d messages, the last %+v; want the note added as an internal message", len(msgs), last)
	}
}

func TestTransferToAnotherChannel(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "chats", "transfer", chat2, "--channel", sandbox.ChannelWidget, "--attendant", "2", "--message", "Cliente prefere o site.", "-o", "json")
	res := cmdtest.DecodeJSON[transferred](t, env.Stdout.Bytes())
	if res.ChatToken == "" || res.ChatToken == chat2 || res.Channel != sandbox.ChannelWidget || res.Attendant == nil || *res.Attendant != 2 {
		t.Fatalf("result %+v, want a new chat on the widget for Bruno", res)
	}
	wantHint := "The chat continues as " + res.ChatToken + " on channel site-widget-0007, linked to " + chat2 + ".\n"
	if want := "✓ Conversa transferida com sucesso.\n" + wantHint; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	// A new chat for the same contact on the destination channel...
	moved := chats(t, env, url.Values{"channel": {sandbox.ChannelWidget}, "attendant": {"2"}})
	i := slices.IndexFunc(moved, func(c api.Chat) bool { return c.Token == res.ChatToken })
	if i < 0 || moved[i].Contact.Name != "Maria Aparecida Santos" {
		t.Fatalf("Bruno's widget chats = %+v, want the new chat of Maria", moved)
	}
	// ...holding a link to the original chat and the note.
	msgs := messages(t, env, res.ChatToken)
	if !slices.ContainsFunc(msgs, func(m api.Message) bool { return m.Visibility == "internal" && strings.Contains(m.Content, chat2) }) {
		t.Errorf("the new chat's messages %+v hold no link to %s", msgs, chat2)
	}
	if !slices.ContainsFunc(msgs, func(m api.Message) bool { return m.Content == "Cliente prefere o site." && m.Visibility == "internal" }) {
		t.Errorf("the new chat's messages %+v lack the note", msgs)
	}
	// The original keeps its history.
	if n := len(messages(t, env, chat2)); n != 2 {
		t.Errorf("the original chat has %d messages, want its 2", n)
	}
}

func TestTransferToTheQueue(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "chats", "transfer", chat8, "--channel", "securechat-00006", "-o", "json")
	if want := `{"chatToken":"` + chat8 + `","channel":"securechat-00006","attendant":null}` + "\n"; env.Stdout.String() != want {
		t.Errorf("stdout = %q, want %q", env.Stdout, want)
	}
	if want := "✓ Conversa transferida com sucesso.\nIt waits in the queue for an attendant.\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	if got := tokensOf(chats(t, env, url.Values{"attendant": {"1"}})); slices.Contains(got, chat8) {
		t.Errorf("Ana still has %s: %v", chat8, got)
	}
	// In the queue, its status still says who wrote last: the company.
	if got := tokensOf(chats(t, env, url.Values{"status": {"entrance"}, "channel": {"securechat-00006"}})); !slices.Equal(got, []string{chat8}) {
		t.Errorf("entrance chats of the secure chat channel = %v, want %s", got, chat8)
	}
}

func TestTransferToTheQueueOfAnotherChannel(t *testing.T) {
	env := cmdtest.New(t)
	env.SetTTY(false, true)
	run(t, env, 0, "chats", "transfer", chat5, "--channel", sandbox.ChannelMain)
	lines := strings.Split(env.Stdout.String(), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "CHAT       ") || lines[1] != "CHANNEL    chatapp-main-001" || lines[2] != "ATTENDANT" {
		t.Errorf("table:\n%s", env.Stdout)
	}
	newToken := strings.TrimSpace(strings.TrimPrefix(lines[0], "CHAT"))
	if newToken == chat5 || !strings.Contains(env.Stderr.String(), "It waits in the queue for an attendant.\n") {
		t.Errorf("new token %q, stderr %q", newToken, env.Stderr)
	}
	// The new chat keeps the status of chat 5, where the company wrote last.
	entrance := chats(t, env, url.Values{"channel": {sandbox.ChannelMain}, "status": {"entrance"}})
	if !slices.Contains(tokensOf(entrance), newToken) {
		t.Errorf("entrance chats of the main channel = %v, want %s among them", tokensOf(entrance), newToken)
	}
}

func TestTransferPermissions(t *testing.T) {
	env := cmdtest.New(t)
	before := state(t, env)
	for _, tt := range []struct {
		token  string
		args   []string
		code   int
		stderr string
	}{
		// The attendant's token reaches the main channel and the widget only.
		{sandbox.AgentToken1, []string{chat5, "--channel", "unofficial-ch-03", "--attendant", "3"}, 4,
			"error: Você não tem permissão para transferir conversas deste canal.\n" +
				"Your token cannot transfer the chats of chat " + chat5 + "'s channel (convo channels list shows the channels it reaches).\n"},
		// The attendant lacks access, not the token: still exit 4, as the
		// API's 403, but the message says whose access it is.
		{sandbox.AgentToken1, []string{chat1, "--channel", sandbox.ChannelMain, "--attendant", "3"}, 4,
			"error: O atendente informado não tem acesso ao canal de destino.\n" +
				"It is the attendant (user 3) who cannot reach channel chatapp-main-001, not your token: give an attendant of that channel " +
				"(convo users view 3 lists a user's channels), or leave --attendant out to queue the chat.\n"},
		{sandbox.AdminToken1, []string{chat1, "--channel", sandbox.ChannelWidget, "--attendant", "carla mendes"}, 4,
			"error: O atendente informado não tem acesso ao canal de destino.\n" +
				"It is the attendant (user 3) who cannot reach channel site-widget-0007, not your token: give an attendant of that channel " +
				"(convo users view 3 lists a user's channels), or leave --attendant out to queue the chat.\n"},
		// Which of the chat and the channel was not found, when convo can tell.
		{sandbox.AgentToken1, []string{chat1, "--channel", "unofficial-ch-03"}, 1,
			"error: Conversa ou canal não encontrado.\nChannel unofficial-ch-03 is not among the channels your token can use (convo channels list).\n"},
		{sandbox.AdminToken2, []string{chat1, "--channel", sandbox.ChannelMain2}, 1, "error: Conversa ou canal não encontrado.\nNo chat your token can see has the token " + chat1 + " (convo chats list).\n"},
		{"sandbox-nobody", []string{chat1, "--channel", sandbox.ChannelMain}, 4, "error: Não autenticado.\nThe API refused the token: run `convo auth login`, or set CONVO_TOKEN.\n"},
	} {
		env.Token = tt.token
		run(t, env, tt.code, append([]string{"chats", "transfer"}, tt.args...)...)
		if env.Stderr.String() != tt.stderr {
			t.Errorf("%s: transfer %v: stderr = %q, want %q", tt.token, tt.args, env.Stderr, tt.stderr)
		}
	}
	if after := state(t, env); after != before {
		t.Error("refused transfers changed the chats")
	}
	// Within their channels the attendant may transfer.
	env.Token = sandbox.AgentToken1
	run(t, env, 0, "chats", "transfer", chat4, "--channel", sandbox.ChannelMain, "--attendant", "2")
}

func TestTransferAPIErrors(t *testing.T) {
	env := cmdtest.New(t)
	before := state(t, env)
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"0000000000000000000a", "--channel", sandbox.ChannelMain}, "error: Conversa ou canal não encontrado.\nNo chat your token can see has the token 0000000000000000000a (convo chats list).\n"},
		{[]string{chat13, "--channel", sandbox.ChannelMain}, "error: Conversa ou canal não encontrado.\nNo chat your token can see has the token " + chat13 + " (convo chats list).\n"},
		{[]string{chat1, "--channel", "nao-existe-00000"},
			"error: Conversa ou canal não encontrado.\nChannel nao-existe-00000 is not among the channels your token can use (convo channels list).\n"},
		{[]string{chat1, "--channel", sandbox.ChannelMain2},
			"error: Conversa ou canal não encontrado.\nChannel c2-chatapp-00001 is not among the channels your token can use (convo channels list).\n"},
		{[]string{chat1, "--channel", sandbox.ChannelMain, "--attendant", "99"}, "error: Erro de validação\n  - attendant: no active user of the company has the id 99 (INVALID_VALUE)\n"},
		{[]string{chat1, "--channel", sandbox.ChannelMain, "--attendant", "4"}, "error: Erro de validação\n  - attendant: no active user of the company has the id 4 (INVALID_VALUE)\n"},
		{[]string{chat3, "--channel", sandbox.ChannelMain, "--attendant", "2"}, "error: Erro de validação\n  - token: chat " + chat3 + " is finished and cannot be transferred (INVALID_VALUE)\n"},
	} {
		run(t, env, 1, append([]string{"chats", "transfer"}, tt.args...)...)
		if env.Stderr.String() != tt.stderr {
			t.Errorf("transfer %v: stderr = %q, want %q", tt.args, env.Stderr, tt.stderr)
		}
	}
	if after := state(t, env); after != before {
		t.Error("failed transfers changed the chats")
	}
}

func TestTransferRejectsBeforeSending(t *testing.T) {
	env := cmdtest.New(t)
	before := state(t, env)
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{chat1, "--channel", "chatapp-main"}, "error: channel: must be a channel token of exactly 16 characters (got 12)\n"},
		{[]string{chat1, "--channel", "chatapp-main-0001"}, "error: channel: must be a channel token of exactly 16 characters (got 17)\n"},
		{[]string{chat1, "--channel", ""}, "error: --channel is empty: give a channel token (see convo channels list)\n"},
		{[]string{chat1, "--channel", sandbox.ChannelMain, "--message", strings.Repeat("é", 1001)}, "error: message: must be at most 1000 characters (got 1001)\n"},
		{[]string{chat1, "--channel", sandbox.ChannelMain, "--attendant", "0"}, "error: invalid attendant \"0\": an id is a positive whole number\n"},
		{[]string{chat1, "--channel", sandbox.ChannelMain, "--attendant", "-2"}, "error: invalid attendant \"-2\": an id is a positive whole number\n"},
		{[]string{chat1, "--channel", sandbox.ChannelMain, "--attendant", "Ana"}, "error: no user is named \"Ana\""},
		{[]string{chat1, "--channel", sandbox.ChannelMain, "--attendant", "@me"}, "error: @me: no attendant is set for profile \"default\""},
		{[]string{" ", "--channel", sandbox.ChannelMain}, "error: empty chat: give a chat token (see `convo chats list`), or a contact's id or phone number\n"},
		{[]string{"--channel", sandbox.ChannelMain}, "error: missing CHAT (a chat token, or a contact's id or phone number)\n"},
		{[]string{"5521979190371"}, "error: the contact with phone 5521979190371 has 2 open chats; give the token of one:\n"},
		{[]string{chat1, chat2, "--channel", sandbox.ChannelMain}, "error: too many arguments"},
	} {
		run(t, env, 2, append([]string{"chats", "transfer"}, tt.args...)...)
		if !strings.HasPrefix(env.Stderr.String(), tt.stderr) {
			t.Errorf("transfer %v: stderr = %q, want it to start with %q", tt.args, env.Stderr, tt.stderr)
		}
	}
	if after := state(t, env); after != before {
		t.Error("refused transfers changed the chats")
	}
}

// A chat is named as anywhere else, by its token or its customer, and its
// own channel is the default: changing only the attendant needs only
// --attendant.
func TestTransferByAnyChatReference(t *testing.T) {
	env := cmdtest.New(t)
	reqs := countRequests(env)
	run(t, env, 0, "chats", "transfer", "+55 31 95838-0742", "--attendant", "bruno lima", "-o", "json")
	if want := `{"chatToken":"` + chat2 + `","channel":"chatapp-main-001","attendant":2}` + "\n"; env.Stdout.String() != want {
		t.Errorf("by phone: stdout = %q, want %q", env.Stdout, want)
	}
	if got := tokensOf(chats(t, env, url.Values{"attendant": {"2"}, "channel": {sandbox.ChannelMain}})); !slices.Contains(got, chat2) {
		t.Errorf("Bruno's chats on the main channel = %v, want %s among them", got, chat2)
	}
	run(t, env, 0, "chats", "transfer", chat1, "--attendant", "1", "-o", "json")
	if want := `{"chatToken":"` + chat1 + `","channel":"chatapp-main-001","attendant":1}` + "\n"; env.Stdout.String() != want {
		t.Errorf("by token, no channel: stdout = %q, want %q", env.Stdout, want)
	}
	// A token and a channel need no lookup: the transfer alone.
	reqs.take()
	run(t, env, 0, "chats", "transfer", chat1, "--channel", sandbox.ChannelMain, "--attendant", "1")
	if sent := reqs.take(); len(sent) != 1 {
		t.Errorf("a transfer by token and channel sent %d requests: %v", len(sent), sent)
	}
	run(t, env, 1, "chats", "transfer", "0000000000000000000a", "--attendant", "1")
	if env.Stderr.String() != "error: chat 0000000000000000000a not found\n" {
		t.Errorf("unknown token without a channel: stderr %q", env.Stderr)
	}
}

// The attendant of a transfer is named as anywhere else: by e-mail, by
// name, or @me.
func TestTransferToAnAttendantByName(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "chats", "transfer", chat1, "--channel", sandbox.ChannelMain, "--attendant", "ANA SOUZA", "--jq", ".attendant")
	if env.Stdout.String() != "1\n" {
		t.Errorf("--attendant 'ANA SOUZA' transferred to %q, want 1", env.Stdout)
	}
	t.Setenv("CONVO_ATTENDANT", "bruno.lima@lojaexemplo.com.br")
	run(t, env, 0, "chats", "transfer", chat1, "--channel", sandbox.ChannelMain, "--attendant", "@me", "--jq", ".attendant")
	if env.Stdout.String() != "2\n" {
		t.Errorf("--attendant @me (Bruno) transferred to %q, want 2", env.Stdout)
	}
	if got := chats(t, env, url.Values{"attendant": {"2"}, "channel": {sandbox.ChannelMain}, "is_open": {"true"}}); !slices.Contains(tokensOf(got), chat1) {
		t.Errorf("chat 1 is not Bruno's after the transfer: %v", tokensOf(got))
	}
}
