package users_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

func TestUpdateEachFlag(t *testing.T) {
	env := cmdtest.New(t)
	before := user(t, env, "3")
	tests := []struct {
		flags []string
		check func(u api.UserDetail) bool
	}{
		{[]string{"--name", "Carla Mendes Araújo"}, func(u api.UserDetail) bool { return u.Name == "Carla Mendes Araújo" }},
		{[]string{"--email", "carla.araujo@lojaexemplo.com.br"}, func(u api.UserDetail) bool { return u.Email == "carla.araujo@lojaexemplo.com.br" }},
		{[]string{"--external-reference", "1012"}, func(u api.UserDetail) bool { return *u.ExternalReference == 1012 }},
		{[]string{"--channel", sandbox.ChannelWidget}, func(u api.UserDetail) bool {
			return slices.Equal(channelTokens(u), []string{sandbox.ChannelWidget})
		}},
		{[]string{"--type", "admin"}, func(u api.UserDetail) bool { return u.Type == "admin" && len(u.Channels) == 7 }},
	}
	for _, tt := range tests {
		run(t, env, 0, append([]string{"users", "update", "3", "-o", "json"}, tt.flags...)...)
		got := user(t, env, "3")
		if !tt.check(got) {
			t.Errorf("after %v: %+v", tt.flags, got)
		}
		if want := "✓ Usuário atualizado com sucesso. (id 3)\n"; env.Stderr.String() != want {
			t.Errorf("after %v: stderr = %q, want %q", tt.flags, env.Stderr, want)
		}
		cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/users/3", nil).Data)
	}
	// Every change kept the others: the last state holds them all.
	got := user(t, env, "3")
	if got.Name != "Carla Mendes Araújo" || got.Email != "carla.araujo@lojaexemplo.com.br" || *got.ExternalReference != 1012 ||
		got.Signature != before.Signature || !got.CreatedAt.Equal(before.CreatedAt.Time) {
		t.Errorf("after every update: %+v", got)
	}
}

func TestUpdateChannelsReplaceTheSet(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "users", "update", "2", "--channel", "photosocial-0004", "--channel", "social-msgr-0005", "--channel", "photosocial-0004")
	if got := channelTokens(user(t, env, "2")); !slices.Equal(got, []string{"photosocial-0004", "social-msgr-0005"}) {
		t.Errorf("channels = %v, want exactly the two given", got)
	}
	// The agent token is Bruno's: the channel list follows the new set.
	env.Token = sandbox.AgentToken1
	run(t, env, 0, "channels", "list", "--fields", "token")
	if got := strings.Fields(env.Stdout.String()); !slices.Equal(got, []string{"photosocial-0004", "social-msgr-0005"}) {
		t.Errorf("Bruno now sees %v", got)
	}
}

func TestUpdatePassword(t *testing.T) {
	env := cmdtest.New(t)
	before := userJSON(t, env, "2")
	env.Stdin.WriteString("nova-senha-do-bruno\n")
	run(t, env, 0, "users", "update", "2", "--password-stdin", "-o", "json")
	if want := "✓ Usuário atualizado com sucesso. (id 2)\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	if strings.Contains(env.Stdout.String(), "nova-senha") {
		t.Error("the password was printed")
	}
	if got := cmdtest.DecodeJSON[api.UserDetail](t, env.Stdout.Bytes()); got.Name != "Bruno Lima" || len(got.Channels) != 2 {
		t.Errorf("a password change changed more: %+v (was %s)", got, before)
	}

	env.Stdin.WriteString("curta\n")
	run(t, env, 2, "users", "update", "2", "--name", "Bruno Lima Filho", "--password-stdin")
	if want := "error: password: must be at least 8 characters (got 5)\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
	if got := user(t, env, "2"); got.Name != "Bruno Lima" {
		t.Errorf("a refused update changed the name to %q", got.Name)
	}
}

func TestUpdateRejectsBeforeSending(t *testing.T) {
	env := cmdtest.New(t)
	before := userJSON(t, env, "3")
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{nil, "error: nothing to update: give --name, --email, --type, --external-reference, --channel or --password-stdin\n"},
		{[]string{"--name", "Carla_Mendes"}, `error: name: must contain only letters and spaces (found '_')` + "\n"},
		{[]string{"--name", ""}, "error: name is required\n"},
		{[]string{"--email", "carla at loja"}, "error: email: must be an email address like ana@example.com\n"},
		{[]string{"--type", "supervisor"}, `error: type: must be one of admin, user (got "supervisor")` + "\n"},
		{[]string{"--channel", "chatapp-main-0001"}, `error: channel "chatapp-main-0001": must be a channel token of exactly 16 characters (got 17)` + "\n"},
		{[]string{"--channel", ""}, "error: --channel is empty: give a channel token (see convo channels list)\nRun 'convo users update --help' for usage.\n"},
	} {
		run(t, env, 2, append([]string{"users", "update", "3"}, tt.args...)...)
		if env.Stderr.String() != tt.stderr && !strings.HasPrefix(env.Stderr.String(), tt.stderr) {
			t.Errorf("update %v: stderr = %q, want %q", tt.args, env.Stderr, tt.stderr)
		}
	}
	run(t, env, 2, "users", "update", "x", "--name", "Carla")
	if after := userJSON(t, env, "3"); after != before {
		t.Errorf("refused updates changed user 3:\n%s\nwas\n%s", after, before)
	}
}

func TestUpdateAPIErrors(t *testing.T) {
	env := cmdtest.New(t)
	before := userJSON(t, env, "3")
	for _, tt := range []struct {
		token  string
		args   []string
		code   int
		stderr string
	}{
		{"", []string{"3", "--external-reference", "1001"}, 1,
			"error: Erro de validação\n  - external_reference: is already linked to another active user of the company (EXTERNAL_REFERENCE_ALREADY_USED)\n"},
		{"", []string{"3", "--external-reference", "10000"}, 1,
			"error: Erro de validação\n  - external_reference: no user of the linked external system has the id 10000 (EXTERNAL_REFERENCE_INVALID)\n"},
		{"", []string{"3", "--email", "bruno.lima@lojaexemplo.com.br"}, 1,
			"error: Erro de validação\n  - email: is already used by another user of the company (EMAIL_ALREADY_EXISTS)\n"},
		{"", []string{"99", "--name", "Ninguém"}, 1, "error: Usuário não encontrado.\n"},
		{"", []string{"6", "--name", "Fabio"}, 1, "error: Usuário não encontrado.\n"}, // company 2's
		{sandbox.AgentToken1, []string{"3", "--name", "Carla"}, 4, "error: Acesso negado.\n"},
		{sandbox.AgentToken1, []string{"2", "--name", "Bruno"}, 4, "error: Acesso negado.\n"}, // not even oneself
	} {
		env.Token = sandbox.AdminToken1
		if tt.token != "" {
			env.Token = tt.token
		}
		run(t, env, tt.code, append([]string{"users", "update"}, tt.args...)...)
		if env.Stderr.String() != tt.stderr {
			t.Errorf("update %v: stderr = %q, want %q", tt.args, env.Stderr, tt.stderr)
		}
	}
	if after := userJSON(t, env, "3"); after != before {
		t.Errorf("failed updates changed user 3:\n%s\nwas\n%s", after, before)
	}
}
