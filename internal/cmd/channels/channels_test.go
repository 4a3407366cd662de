package channels_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

// run is the way every test here runs convo.
var run = cmdtest.MustRun

// tokens lists the tokens on stdout, one a line (plain output of --fields token).
func tokens(env *cmdtest.Env) []string {
	return strings.Fields(env.Stdout.String())
}

func TestList(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "channels", "list", "-o", "json")
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/channels", nil).Data)

	env.SetTTY(false, true)
	run(t, env, 0, "channels", "list", "--type", "widget")
	if want := "TOKEN             NAME            TYPE    STATUS\nsite-widget-0007  Widget do Site  widget  connected\n"; env.Stdout.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", env.Stdout, want)
	}
}

func TestListFilters(t *testing.T) {
	env := cmdtest.New(t)
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{nil, []string{"chatapp-main-001", "chatapp-spare-02", "unofficial-ch-03", "photosocial-0004", "social-msgr-0005", "securechat-00006", "site-widget-0007"}},
		{[]string{"--type", "chatapp"}, []string{"chatapp-main-001", "chatapp-spare-02"}},
		{[]string{"--status", "disconnected"}, []string{"chatapp-spare-02"}},
		{[]string{"--type", "chatapp", "--status", "connected"}, []string{"chatapp-main-001"}},
		{[]string{"--search", "chatapp"}, []string{"chatapp-main-001", "chatapp-spare-02", "unofficial-ch-03"}},
		{[]string{"--search", "nao oficial"}, []string{"unofficial-ch-03"}},
		{[]string{"--type", "secure_chat", "--status", "disconnected"}, nil},
	} {
		run(t, env, 0, append([]string{"channels", "list", "--fields", "token"}, tt.args...)...)
		if got := tokens(env); !slices.Equal(got, tt.want) {
			t.Errorf("channels list %v = %v, want %v", tt.args, got, tt.want)
		}
	}
	if want := "No channels match.\n"; env.Stderr.String() != want {
		t.Errorf("empty list: stderr = %q, want %q", env.Stderr, want)
	}
}

func TestListRejectsBadFilters(t *testing.T) {
	env := cmdtest.New(t)
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"--type", "email"}, `error: type: must be one of chatapp, chatapp_unofficial, photo_social, social_messenger, secure_chat, widget (got "email")` + "\n"},
		{[]string{"--status", "online"}, `error: status: must be one of connected, disconnected (got "online")` + "\n"},
		{[]string{"--type", "Chatapp", "--status", "x"}, "error: type: must be one of chatapp, chatapp_unofficial, photo_social, social_messenger, secure_chat, widget (got \"Chatapp\")\n"},
		{[]string{"--type", ""}, "error: type: must be one of chatapp, chatapp_unofficial, photo_social, social_messenger, secure_chat, widget (got \"\")\n"},
		{[]string{"extra"}, `error: unexpected argument "extra"`},
	} {
		run(t, env, 2, append([]string{"channels", "list"}, tt.args...)...)
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
	run(t, env, 0, "channels", "list", "--fields", "token")
	if got, want := tokens(env), []string{sandbox.ChannelMain, sandbox.ChannelWidget}; !slices.Equal(got, want) {
		t.Errorf("the attendant sees %v, want only their channels %v", got, want)
	}
	env.Token = sandbox.AdminToken2
	run(t, env, 0, "channels", "list", "--status", "disconnected", "--fields", "token,name")
	if want := "c2-chatapp-00002\tChatapp Antigo\n"; env.Stdout.String() != want {
		t.Errorf("company 2: stdout = %q, want %q", env.Stdout, want)
	}
	env.Token = ""
	env.AllowInvalidRequests()
	run(t, env, 4, "channels", "list")
}

func TestListPagination(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "channels", "list", "--per-page", "3", "--page", "3", "-o", "ndjson")
	var got []api.Channel
	for line := range strings.Lines(env.Stdout.String()) {
		var ch api.Channel
		if err := json.Unmarshal([]byte(line), &ch); err != nil {
			t.Fatalf("ndjson line %q: %v", line, err)
		}
		got = append(got, ch)
	}
	if len(got) != 1 || got[0].Token != sandbox.ChannelWidget {
		t.Errorf("page 3 of 3 = %+v, want only %s", got, sandbox.ChannelWidget)
	}

	run(t, env, 0, "channels", "list", "--per-page", "3", "-o", "csv", "--fields", "token,status")
	if want := "token,status\nchatapp-main-001,connected\nchatapp-spare-02,disconnected\nunofficial-ch-03,connected\n"; env.Stdout.String() != want {
		t.Errorf("csv:\n%s\nwant:\n%s", env.Stdout, want)
	}
	if want := "Showing 3 of 7 (page 1 of 3). Use --all or --page 2.\n"; env.Stderr.String() != want {
		t.Errorf("footer = %q, want %q", env.Stderr, want)
	}
	run(t, env, 0, "channels", "list", "--per-page", "3", "--all", "--fields", "token")
	if n := len(tokens(env)); n != 7 || env.Stderr.Len() != 0 {
		t.Errorf("--all listed %d channels (stderr %q), want 7 and no footer", n, env.Stderr)
	}
}

func TestEnumCompletion(t *testing.T) {
	env := cmdtest.New(t)
	for flag, want := range map[string]string{
		"--type":   "chatapp\nchatapp_unofficial\nphoto_social\nsocial_messenger\nsecure_chat\nwidget\n:4\n",
		"--status": "connected\ndisconnected\n:4\n",
	} {
		run(t, env, 0, "__complete", "channels", "list", flag, "")
		if !strings.HasPrefix(env.Stdout.String(), want) {
			t.Errorf("completion of %s = %q, want %q", flag, env.Stdout, want)
		}
	}
}
