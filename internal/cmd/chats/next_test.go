package chats_test

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

func TestNextShowsTheLongestWaitingChatNobodyHas(t *testing.T) {
	env := cmdtest.New(t)
	// Waiting: Maria's (chat 2) and Ana Beatriz's (chat 4, Bruno's) for
	// three days, Luís's for two, Fernanda's for minutes. Chat 4 is taken.
	run(t, env, 0, "chats", "next", "-o", "json", "--jq", ".chat.token, .channel.token, (.messages | length)")
	if want := chat2 + "\n" + sandbox.ChannelMain + "\n2\n"; env.Stdout.String() != want || env.Stderr.Len() != 0 {
		t.Errorf("next: stdout %q, stderr %q; want %q", env.Stdout, env.Stderr, want)
	}
	env.SetTTY(false, true)
	run(t, env, 0, "chats", "next", "--channel", sandbox.ChannelWidget, "--last", "1")
	if out := env.Stdout.String(); !strings.HasPrefix(out, "Fernanda Lima · +5527991903700\nWidget do Site · widget · connected\nwaiting · open · 0 unread · chat "+chat10+"\n") ||
		!strings.Contains(out, "Boa tarde! Vocês trocam o tamanho?") {
		t.Errorf("next on the widget, shown as chats view:\n%s", out)
	}
	// Bruno's own chat is his to be given.
	t.Setenv("CONVO_ATTENDANT", "2")
	run(t, env, 0, "chats", "next", "--tag", "Novo cliente", "--jq", ".chat.token")
	if got := strings.TrimSpace(env.Stdout.String()); got != chat4 {
		t.Errorf("Bruno's next with the tag of his chat = %q, want %s", got, chat4)
	}
}

func TestNextWhenNothingWaits(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "chats", "next", "--tag", "Inadimplente")
	if env.Stdout.Len() != 0 || env.Stderr.String() != "No chat is waiting.\n" {
		t.Errorf("stdout %q, stderr %q", env.Stdout, env.Stderr)
	}
	t.Setenv("CONVO_ATTENDANT", "1")
	run(t, env, 0, "chats", "next", "--tag", "Novo cliente", "--take")
	if want := "No chat is waiting: the one waiting chat is another attendant's.\n"; env.Stdout.Len() != 0 || env.Stderr.String() != want {
		t.Errorf("stdout %q, stderr %q, want %q", env.Stdout, env.Stderr, want)
	}
}

// Two agents taking one after the other get two chats, each now theirs.
func TestNextTakeGivesTwoAgentsTwoChats(t *testing.T) {
	env := cmdtest.New(t)
	t.Setenv("CONVO_ATTENDANT", cmdtest.AnaEmail)
	run(t, env, 0, "chats", "next", "--take", "--jq", ".chat.token")
	first := strings.TrimSpace(env.Stdout.String())
	if want := "✓ Chat " + chat2 + " is yours; answer it with: convo chats reply " + chat2 + " --text …\n"; first != chat2 || env.Stderr.String() != want {
		t.Errorf("Ana took %q, stderr %q; want %s, %q", first, env.Stderr, chat2, want)
	}
	if got := tokensOf(chats(t, env, url.Values{"attendant": {"1"}, "status": {"waiting"}})); !slices.Equal(got, []string{chat2}) {
		t.Errorf("Ana's waiting chats = %v, want %s: taken, still waiting", got, chat2)
	}

	env.Token = sandbox.AgentToken1
	t.Setenv("CONVO_ATTENDANT", cmdtest.BrunoEmail)
	run(t, env, 0, "chats", "next", "--take", "--jq", ".chat.token")
	if second := strings.TrimSpace(env.Stdout.String()); second == first || second != chat4 {
		t.Errorf("Bruno took %q after Ana took %q, want his own %s", second, first, chat4)
	}
}

func TestNextTakeNeedsAnAttendant(t *testing.T) {
	env := cmdtest.New(t)
	before := state(t, env)
	run(t, env, 2, "chats", "next", "--take")
	if !strings.Contains(env.Stderr.String(), "`convo config set attendant ID|EMAIL`") || env.Stdout.Len() != 0 {
		t.Errorf("stderr %q, want it to name convo config set attendant", env.Stderr)
	}
	if state(t, env) != before {
		t.Error("a chat changed")
	}
}
