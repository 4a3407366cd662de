package chats_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

func TestList(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "chats", "list", "-o", "json")
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/chats", nil).Data)
	if got := tokensOf(cmdtest.DecodeJSON[[]api.Chat](t, env.Stdout.Bytes())); len(got) != 12 {
		t.Errorf("listed %d chats, want the 12 of company 1", len(got))
	}

	run(t, env, 0, "chats", "list", "--channel", sandbox.ChannelWidget, "-o", "plain")
	lines := strings.Split(strings.TrimSuffix(env.Stdout.String(), "\n"), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], chat4+"\tAna Beatriz Souza\t5551916761484\twaiting\ttrue\t1\tOi, vi o site e fiquei com uma dúvida sobre o frete.\t20") ||
		!strings.HasPrefix(lines[1], chat10+"\tFernanda Lima\t5527991903700\twaiting\ttrue\t0\tBoa tarde! Vocês trocam o tamanho? Comprei um tênis 38 e preciso do 39.\t20") {
		t.Errorf("plain:\n%s", env.Stdout)
	}

	env.SetTTY(false, true)
	env.IO.SetTerminalWidth(160)
	run(t, env, 0, "chats", "list", "--tag", "lead quente")
	if !strings.HasPrefix(env.Stdout.String(), "TOKEN                 CONTACT                 PHONE          STATUS   OPEN  UNREAD  LAST MESSAGE    AT\n"+
		chat2+"  Maria Aparecida Santos  5531958380742  waiting  true  2       audio-0002.ogg  ") {
		t.Errorf("table:\n%s", env.Stdout)
	}
}

func TestListFilters(t *testing.T) {
	env := cmdtest.New(t)
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"--status", "waiting"}, []string{chat2, chat4, chat7, chat10}},
		{[]string{"--status", "finished"}, []string{chat3, chat6, chat11}},
		{[]string{"--open=false"}, []string{chat3, chat6, chat9, chat11}},
		{[]string{"--open"}, []string{chat1, chat2, chat4, chat5, chat7, chat8, chat10, chat12}},
		{[]string{"--open=true", "--status", "entrance"}, []string{chat1, chat5, chat8, chat12}},
		{[]string{"--contact", joaoPhone}, []string{chat1, chat12}},
		{[]string{"--contact", " +55 (21) 97919-0371 "}, []string{chat1, chat12}},
		{[]string{"--contact", "97919"}, nil},         // an id, not a part of a phone
		{[]string{"--contact", "5511987654321"}, nil}, // nobody's phone
		{[]string{"--tag", "VIP"}, []string{chat1, chat12}},
		{[]string{"--tag", "1"}, []string{chat1, chat12}},
		{[]string{"--tag", "novo CLIENTE"}, []string{chat4}},
		{[]string{"--tag", "Inadimplente"}, nil},
		{[]string{"--channel", sandbox.ChannelWidget}, []string{chat4, chat10, chat12}},
		{[]string{"--attendant", "2"}, []string{chat1, chat4, chat9, chat12}},
		{[]string{"--attendant", "Bruno Lima"}, []string{chat1, chat4, chat9, chat12}},
		{[]string{"--attendant", "BRUNO.LIMA@lojaexemplo.com.br"}, []string{chat1, chat4, chat9, chat12}},
		{[]string{"--attendant", "ana souza"}, []string{chat3, chat8, chat11}},
		{[]string{"--channel", sandbox.ChannelMain, "--attendant", "2", "--open"}, []string{chat1}},
		{[]string{"--channel", sandbox.ChannelMain2}, nil}, // company 2's channel
	} {
		run(t, env, 0, append([]string{"chats", "list", "--fields", "token"}, tt.args...)...)
		if got := strings.Fields(env.Stdout.String()); !slices.Equal(got, tt.want) {
			t.Errorf("chats list %v = %v, want %v", tt.args, got, tt.want)
		}
	}
	if want := "No chats match.\n"; env.Stderr.String() != want {
		t.Errorf("empty list: stderr = %q, want %q", env.Stderr, want)
	}
}

func TestListRejectsBadFilters(t *testing.T) {
	env := cmdtest.New(t)
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"--status", "open"}, `error: status: must be one of entrance, waiting, finished (got "open")` + "\n"},
		{[]string{"--channel", "widget"}, "error: channel: must be a channel token of exactly 16 characters (got 6)\n"},
		{[]string{"--attendant", "0"}, "error: invalid attendant \"0\": an id is a positive whole number\n"},
		{[]string{"--attendant", "Bruno"}, "error: no user is named \"Bruno\"; see `convo users list`, or give an id or an e-mail\n"},
		{[]string{"--attendant", ""}, "error: --attendant is empty: give a user's id, e-mail or name, or @me\n"},
		{[]string{"--attendant", "@me"}, "error: @me: no attendant is set for profile \"default\"; run `convo config set attendant ID|EMAIL`"},
		{[]string{"--status", ""}, `error: status: must be one of entrance, waiting, finished (got "")` + "\n"},
		{[]string{"--contact", "João"}, "error: invalid --contact \"João\": want a contact's id or phone number, not a name\n"},
		{[]string{"--open=talvez"}, `error: invalid --open "talvez": want true or false`},
		{[]string{"--contact", ""}, "error: --contact is empty: give a contact's id or phone number\n"},
		{[]string{"--tag", " "}, "error: --tag is empty: give a tag's id or text\n"},
		{[]string{"--tag", "Sem etiqueta"}, "error: no tag named \"Sem etiqueta\"; see `convo tags list`, or create it with `convo tags create --text \"Sem etiqueta\"`\n"},
		{[]string{"--tag", "Prioridade"}, "error: no tag named \"Prioridade\""}, // company 2's
	} {
		run(t, env, 2, append([]string{"chats", "list"}, tt.args...)...)
		if !strings.HasPrefix(env.Stderr.String(), tt.stderr) {
			t.Errorf("%v: stderr = %q, want it to start with %q", tt.args, env.Stderr, tt.stderr)
		}
		if env.Stdout.Len() != 0 {
			t.Errorf("%v: stdout = %q, want nothing", tt.args, env.Stdout)
		}
	}
}

func TestListScopedToToken(t *testing.T) {
	env := cmdtest.New(t)
	env.Token = sandbox.AgentToken1
	run(t, env, 0, "chats", "list", "--fields", "token")
	if got, want := strings.Fields(env.Stdout.String()), []string{chat1, chat2, chat3, chat4, chat9, chat10, chat12}; !slices.Equal(got, want) {
		t.Errorf("the attendant sees %v, want the chats of their channels %v", got, want)
	}
	run(t, env, 0, "chats", "list", "--channel", "unofficial-ch-03")
	if env.Stdout.Len() != 0 {
		t.Errorf("the attendant sees chats of a channel they lack:\n%s", env.Stdout)
	}
	env.Token = sandbox.AdminToken2
	run(t, env, 0, "chats", "list", "--fields", "token", "--limit", "1")
	if got := strings.TrimSpace(env.Stdout.String()); got != chat13 {
		t.Errorf("company 2's first chat = %q, want %q", got, chat13)
	}
}

func TestListPages(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "chats", "list", "--per-page", "5", "--fields", "token")
	if n := len(strings.Fields(env.Stdout.String())); n != 5 {
		t.Errorf("page of %d chats, want 5", n)
	}
	if want := "Showing 5 of 12 (page 1 of 3). Use --all or --page 2.\n"; env.Stderr.String() != want {
		t.Errorf("footer = %q, want %q", env.Stderr, want)
	}
	run(t, env, 0, "chats", "list", "--per-page", "5", "--all", "-o", "ndjson")
	if n := strings.Count(env.Stdout.String(), "\n"); n != 12 {
		t.Errorf("--all gave %d lines, want 12", n)
	}
}

func TestStatusCompletion(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "__complete", "chats", "list", "--status", "")
	if want := "entrance\nwaiting\nfinished\n:4\n"; !strings.HasPrefix(env.Stdout.String(), want) {
		t.Errorf("completion = %q, want %q", env.Stdout, want)
	}
}

// @me is the attendant the profile records, by id or e-mail.
func TestListMine(t *testing.T) {
	env := cmdtest.New(t)
	t.Setenv("CONVO_ATTENDANT", "2")
	run(t, env, 0, "chats", "list", "--attendant", "@me", "--fields", "token")
	if got := strings.Fields(env.Stdout.String()); !slices.Equal(got, []string{chat1, chat4, chat9, chat12}) {
		t.Errorf("@me (CONVO_ATTENDANT=2) listed %v", got)
	}
	t.Setenv("CONVO_ATTENDANT", "")
	run(t, env, 0, "config", "set", "attendant", "ana.souza@lojaexemplo.com.br")
	run(t, env, 0, "chats", "list", "--attendant", "@me", "--fields", "token")
	if got := strings.Fields(env.Stdout.String()); !slices.Equal(got, []string{chat3, chat8, chat11}) {
		t.Errorf("@me (config attendant Ana) listed %v", got)
	}
}

// A name several users share is refused, listing them.
func TestListAmbiguousAttendant(t *testing.T) {
	env := cmdtest.New(t)
	env.Stdin.WriteString("senha-forte-1\n")
	run(t, env, 0, "users", "create", "--name", "Bruno Lima", "--email", "bruno.l@lojaexemplo.com.br", "--type", "user",
		"--external-reference", "1010", "--password-stdin")
	run(t, env, 2, "chats", "list", "--attendant", "bruno lima")
	want := "error: 2 users are named \"bruno lima\"; give the id or the e-mail of one:\n" +
		"  2  Bruno Lima <bruno.lima@lojaexemplo.com.br>\n  7  Bruno Lima <bruno.l@lojaexemplo.com.br>\n"
	if env.Stderr.String() != want || env.Stdout.Len() != 0 {
		t.Errorf("stdout %q, stderr %q, want %q", env.Stdout, env.Stderr, want)
	}
}

// A table names the channel of the chats convo has found before, and fits
// the terminal by leaving columns out; plain and json stay the API's.
func TestListTableShowsKnownChannelsAndFits(t *testing.T) {
	env := cmdtest.New(t)
	env.SetTTY(false, true)
	env.IO.SetTerminalWidth(80)
	run(t, env, 0, "chats", "list", "--status", "waiting")
	if head := columns(lines(env.Stdout.String())[0]); head != "TOKEN CONTACT STATUS LAST MESSAGE AT" {
		t.Errorf("80 columns, no channel known: header %q", head)
	}
	wantFit(t, env.Stdout.String(), 80)

	run(t, env, 0, "chats", "view", chat4, "-o", "json")
	run(t, env, 0, "chats", "view", chat2, "-o", "json")
	run(t, env, 0, "chats", "list", "--status", "waiting")
	got := lines(env.Stdout.String())
	if want := []string{
		"TOKEN                 CONTACT         CHANNEL           STATUS   LAST MESSAGE",
		chat2 + "  Maria Apareci…  chatapp-main-001  waiting  audio-0002.ogg",
		chat4 + "  Ana Beatriz S…  site-widget-0007  waiting  Oi, vi o site …",
		chat7 + "  Luís Henrique…                    waiting  Vocês têm loja…",
		chat10 + "  Fernanda Lima                     waiting  Boa tarde! Voc…",
	}; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("80 columns, two channels known:\n%s", env.Stdout)
	}
	wantFit(t, env.Stdout.String(), 80)

	env.IO.SetTerminalWidth(120)
	run(t, env, 0, "chats", "list", "--status", "waiting")
	got = lines(env.Stdout.String())
	if columns(got[0]) != "TOKEN CONTACT PHONE CHANNEL STATUS UNREAD LAST MESSAGE AT" ||
		!strings.Contains(got[1], "  5531958380742  chatapp-main-001  waiting  2       audio-0002.ogg ") {
		t.Errorf("120 columns:\n%s", env.Stdout)
	}
	wantFit(t, env.Stdout.String(), 120)

	// --channel names the channel of every chat it lists.
	run(t, env, 0, "chats", "list", "--channel", sandbox.ChannelWidget)
	if got := lines(env.Stdout.String()); len(got) != 4 || !strings.Contains(got[3], "  "+sandbox.ChannelWidget+"  ") {
		t.Errorf("--channel:\n%s", env.Stdout)
	}

	env.SetTTY(false, false)
	run(t, env, 0, "chats", "list", "--status", "waiting")
	if strings.Contains(env.Stdout.String(), sandbox.ChannelMain) || strings.Count(lines(env.Stdout.String())[0], "\t") != 7 {
		t.Errorf("plain has a channel column:\n%s", env.Stdout)
	}
}

// columns is a table's line with one space between its words.
func columns(line string) string { return strings.Join(strings.Fields(line), " ") }
