package users_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

// liaFlags create a valid user of type user on two channels, but for the password.
var liaFlags = []string{"users", "create", "--name", "Lia Castro", "--email", "lia.castro@lojaexemplo.com.br", "--type", "user",
	"--external-reference", "1010", "--channel", sandbox.ChannelMain, "--channel", sandbox.ChannelWidget}

func withFlags(extra ...string) []string { return append(slices.Clone(liaFlags), extra...) }

func TestCreateWithPasswordFromStdin(t *testing.T) {
	env := cmdtest.New(t)
	env.Stdin.WriteString(password + "\n")
	run(t, env, 0, withFlags("--password-stdin", "-o", "json")...)
	got := cmdtest.DecodeJSON[api.UserDetail](t, env.Stdout.Bytes())
	if got.ID != newUserID || got.Name != "Lia Castro" || got.Email != "lia.castro@lojaexemplo.com.br" || got.Type != "user" ||
		got.ExternalReference == nil || *got.ExternalReference != 1010 {
		t.Errorf("created %+v", got)
	}
	if tokens := channelTokens(got); !slices.Equal(tokens, []string{sandbox.ChannelMain, sandbox.ChannelWidget}) {
		t.Errorf("channels = %v", tokens)
	}
	if want := "✓ Usuário criado com sucesso. (id 7)\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/users/7", nil).Data)
}

func TestCreateAdminWithoutChannels(t *testing.T) {
	env := cmdtest.New(t)
	// A Windows line end and further lines are not part of the password.
	env.Stdin.WriteString(password + "\r\nnot the password\n")
	run(t, env, 0, "users", "create", "--name", "Otávio Brandão", "--email", "otavio@lojaexemplo.com.br", "--type", "admin",
		"--external-reference", "1004", "--password-stdin", "-o", "json") // 1004 belongs to a deactivated user only
	if got := cmdtest.DecodeJSON[api.UserDetail](t, env.Stdout.Bytes()); got.Type != "admin" || got.Name != "Otávio Brandão" || len(got.Channels) != 7 {
		t.Errorf("created %+v, want an admin reaching all 7 channels", got)
	}
}

func TestCreatePasswordStdinRules(t *testing.T) {
	for _, tt := range []struct {
		name, stdin, stderr string
	}{
		{"too short once the newline is gone", "1234567\n", "error: password: must be at least 8 characters (got 7)\n"},
		{"only the first line counts", "curta\nmas-esta-linha-e-longa\n", "error: password: must be at least 8 characters (got 5)\n"},
		{"empty", "", "error: password is required\n"},
		{"blank line", "\n", "error: password is required\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			env := cmdtest.New(t)
			env.Stdin.WriteString(tt.stdin)
			run(t, env, 2, withFlags("--password-stdin")...)
			if env.Stderr.String() != tt.stderr {
				t.Errorf("stderr = %q, want %q", env.Stderr, tt.stderr)
			}
			if n := userCount(t, env); n != seedUsers1 {
				t.Errorf("%d users after a refused create, want %d", n, seedUsers1)
			}
		})
	}
}

func TestCreatePasswordPrompt(t *testing.T) {
	env := cmdtest.New(t)
	env.SetTTY(true, true)
	env.Answers = password + "\n" + password + "\n"
	run(t, env, 0, withFlags("-o", "json")...)
	if got := cmdtest.DecodeJSON[api.UserDetail](t, env.Stdout.Bytes()); got.ID != newUserID {
		t.Errorf("created %+v", got)
	}
	for _, want := range []string{"Password (at least 8 characters)", "Repeat the password", "✓ Usuário criado com sucesso. (id 7)"} {
		if !strings.Contains(env.Stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, env.Stderr)
		}
	}
	if strings.Contains(env.Stdout.String(), password) || strings.Contains(env.Stderr.String(), password) {
		t.Error("the password was printed")
	}
}

func TestCreatePasswordPromptFailures(t *testing.T) {
	for _, tt := range []struct {
		name, answers, stderr string
	}{
		{"mismatch", password + "\noutra-senha-1\n", "error: the passwords do not match\n"},
		{"too short", "curta\n", "error: password: must be at least 8 characters (got 5)\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			env := cmdtest.New(t)
			env.SetTTY(true, true)
			env.Answers = tt.answers
			run(t, env, 2, liaFlags...)
			if !strings.HasSuffix(env.Stderr.String(), tt.stderr) {
				t.Errorf("stderr = %q, want it to end with %q", env.Stderr, tt.stderr)
			}
			if n := userCount(t, env); n != seedUsers1 {
				t.Errorf("%d users after a refused create, want %d", n, seedUsers1)
			}
		})
	}
}

func TestCreateWithoutTerminalNeedsPasswordStdin(t *testing.T) {
	env := cmdtest.New(t)
	want := "error: password: not running at a terminal, so it cannot be asked for; use --password-stdin\n"
	run(t, env, 2, liaFlags...)
	if env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	// A terminal is not enough when prompts are switched off.
	t.Setenv("CONVO_NO_PROMPT", "1")
	env.SetTTY(true, true)
	env.Answers = password + "\n" + password + "\n"
	run(t, env, 2, liaFlags...)
	if env.Stderr.String() != want {
		t.Errorf("CONVO_NO_PROMPT: stderr = %q, want %q", env.Stderr, want)
	}
	if n := userCount(t, env); n != seedUsers1 {
		t.Errorf("%d users, want %d", n, seedUsers1)
	}
}

func TestCreateRejectsBeforeSending(t *testing.T) {
	base := map[string]string{"--name": "Lia Castro", "--email": "lia@lojaexemplo.com.br", "--type": "user", "--external-reference": "1010"}
	args := func(change map[string]string, extra ...string) []string {
		out := []string{"users", "create", "--password-stdin"}
		for _, flag := range []string{"--name", "--email", "--type", "--external-reference"} {
			v, ok := base[flag]
			if c, changed := change[flag]; changed {
				v, ok = c, c != "-"
			}
			if ok {
				out = append(out, flag, v)
			}
		}
		return append(out, extra...)
	}
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"missing flags", args(map[string]string{"--email": "-", "--type": "-", "--external-reference": "-"}),
			"error: missing required flags: --email, --type, --external-reference\n"},
		{"digits in the name", args(map[string]string{"--name": "Lia Castro 2"}), `error: name: must contain only letters and spaces (found '2')` + "\n"},
		{"name too long", args(map[string]string{"--name": strings.Repeat("Ana ", 13)}), "error: name: must be at most 50 characters (got 52)\n"},
		{"blank name", args(map[string]string{"--name": " "}), "error: name is required\n"},
		{"email", args(map[string]string{"--email": "lia@"}), "error: email: must be an email address like ana@example.com\n"},
		{"type", args(map[string]string{"--type": "agent"}), `error: type: must be one of admin, user (got "agent")` + "\n"},
		{"channel token", args(nil, "--channel", sandbox.ChannelMain, "--channel", "widget"),
			`error: channel "widget": must be a channel token of exactly 16 characters (got 6)` + "\n"},
		{"several at once", args(map[string]string{"--name": "R2-D2", "--email": "r2d2"}),
			"error: invalid input:\n  - name: must contain only letters and spaces (found '2')\n  - email: must be an email address like ana@example.com\n"},
		{"reference not a number", args(map[string]string{"--external-reference": "abc"}), "error: invalid --external-reference \"abc\": want a positive whole number\n"},
	}
	env := cmdtest.New(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env.Stdin.Reset()
			env.Stdin.WriteString(password + "\n")
			run(t, env, 2, tt.args...)
			if !strings.HasPrefix(env.Stderr.String(), tt.stderr) {
				t.Errorf("stderr = %q, want it to start with %q", env.Stderr, tt.stderr)
			}
			if env.Stdin.String() != password+"\n" {
				t.Error("the password was read for a command refused anyway")
			}
			if n := userCount(t, env); n != seedUsers1 {
				t.Errorf("%d users after a refused create, want %d", n, seedUsers1)
			}
		})
	}
}

func TestCreateAPIErrors(t *testing.T) {
	tests := []struct {
		name   string
		change []string // flag, value pairs replacing Lia's
		code   int
		stderr string
	}{
		{"reference unknown to the external system", []string{"--external-reference", "42"}, 1,
			"error: Erro de validação\n  - external_reference: no user of the linked external system has the id 42 (EXTERNAL_REFERENCE_INVALID)\n"},
		{"reference of an active user", []string{"--external-reference", "1002"}, 1,
			"error: Erro de validação\n  - external_reference: is already linked to another active user of the company (EXTERNAL_REFERENCE_ALREADY_USED)\n"},
		{"email of another user", []string{"--email", "ana.souza@lojaexemplo.com.br"}, 1,
			"error: Erro de validação\n  - email: is already used by another user of the company (EMAIL_ALREADY_EXISTS)\n"},
		{"channel of another company", []string{"--channel", sandbox.ChannelMain2}, 1,
			"error: Erro de validação\n  - channels: unknown channel tokens: \"c2-chatapp-00001\" (INVALID_VALUE)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := cmdtest.New(t)
			args := []string{"users", "create", "--name", "Lia Castro", "--email", "lia@lojaexemplo.com.br", "--type", "user",
				"--external-reference", "1010", "--password-stdin"}
			for i := 0; i < len(tt.change); i += 2 {
				if j := slices.Index(args, tt.change[i]); j >= 0 {
					args[j+1] = tt.change[i+1]
				} else {
					args = append(args, tt.change[i:i+2]...)
				}
			}
			env.Stdin.WriteString(password + "\n")
			run(t, env, tt.code, args...)
			if env.Stderr.String() != tt.stderr {
				t.Errorf("stderr = %q, want %q", env.Stderr, tt.stderr)
			}
			if n := userCount(t, env); n != seedUsers1 {
				t.Errorf("%d users, want %d", n, seedUsers1)
			}
		})
	}
}

func TestCreateNeedsAnAdmin(t *testing.T) {
	env := cmdtest.New(t)
	env.Token = sandbox.AgentToken1
	env.Stdin.WriteString(password + "\n")
	run(t, env, 4, withFlags("--password-stdin")...)
	if want := "error: Acesso negado.\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	if n := userCount(t, env); n != seedUsers1 {
		t.Errorf("%d users, want %d", n, seedUsers1)
	}
}
