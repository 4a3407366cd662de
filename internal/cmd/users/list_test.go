package users_test

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
	run(t, env, 0, "users", "list", "-o", "json")
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/users", nil).Data)
	got := cmdtest.DecodeJSON[[]api.UserListItem](t, env.Stdout.Bytes())
	if len(got) != seedUsers1 || got[3].DeletedAt == nil || got[0].DeletedAt != nil {
		t.Errorf("listed %+v, want the 4 users of company 1, the fourth deactivated", got)
	}

	env.SetTTY(false, true)
	env.IO.SetTerminalWidth(120)
	run(t, env, 0, "users", "list", "--type", "user", "--search", "o")
	lines := strings.Split(strings.TrimSuffix(env.Stdout.String(), "\n"), "\n")
	if len(lines) != 3 || lines[0] != "ID  NAME         EMAIL                           TYPE  EXTERNAL REF  DEACTIVATED" ||
		lines[1] != "2   Bruno Lima   bruno.lima@lojaexemplo.com.br   user  1002" ||
		!strings.HasPrefix(lines[2], "4   Diego Rocha  diego.rocha@lojaexemplo.com.br  user  1004          ") || !strings.HasSuffix(lines[2], "ago") {
		t.Errorf("table:\n%s", env.Stdout)
	}
}

func TestListFilters(t *testing.T) {
	env := cmdtest.New(t)
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"--type", "admin"}, []string{"1"}},
		{[]string{"--type", "user"}, []string{"2", "3", "4"}},
		{[]string{"--status", "active"}, []string{"1", "2", "3"}},
		{[]string{"--status", "inactive"}, []string{"4"}},
		{[]string{"--search", "LIMA"}, []string{"2"}},
		{[]string{"--search", "a", "--type", "user", "--status", "active"}, []string{"2", "3"}},
		{[]string{"--search", "Fábio"}, nil}, // company 2's
	} {
		run(t, env, 0, append([]string{"users", "list", "--fields", "id"}, tt.args...)...)
		if got := strings.Fields(env.Stdout.String()); !slices.Equal(got, tt.want) {
			t.Errorf("users list %v = %v, want %v", tt.args, got, tt.want)
		}
	}
	if want := "No users match.\n"; env.Stderr.String() != want {
		t.Errorf("empty list: stderr = %q, want %q", env.Stderr, want)
	}

	run(t, env, 0, "users", "list", "--status", "inactive", "-o", "csv", "--fields", "id,name,deleted_at")
	csv := strings.Split(env.Stdout.String(), "\n")
	if csv[0] != "id,name,deleted_at" || !strings.HasPrefix(csv[1], "4,Diego Rocha,20") || !strings.HasSuffix(csv[1], "Z") {
		t.Errorf("csv:\n%s", env.Stdout)
	}
}

func TestListRejectsBadFilters(t *testing.T) {
	env := cmdtest.New(t)
	for _, tt := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"--type", "agent"}, `error: type: must be one of admin, user (got "agent")` + "\n"},
		{[]string{"--status", "deleted"}, `error: status: must be one of active, inactive (got "deleted")` + "\n"},
		// An empty value (an unset shell variable) would list everyone.
		{[]string{"--type", ""}, `error: type: must be one of admin, user (got "")` + "\n"},
		{[]string{"--fields", "id,password"}, "error: unknown field \"password\" for users; available fields: id, name, email, type, signature, signature_active, avatar, external_reference, company_id, created_at, updated_at, deleted_at\n"},
	} {
		run(t, env, 2, append([]string{"users", "list"}, tt.args...)...)
		if env.Stderr.String() != tt.stderr {
			t.Errorf("%v: stderr = %q, want %q", tt.args, env.Stderr, tt.stderr)
		}
	}
}

func TestListAsAttendant(t *testing.T) {
	env := cmdtest.New(t)
	env.Token = sandbox.AgentToken1
	run(t, env, 0, "users", "list", "--fields", "id")
	if got := strings.Fields(env.Stdout.String()); len(got) != seedUsers1 {
		t.Errorf("the attendant lists users %v, want the company's %d", got, seedUsers1)
	}
}

func TestView(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "users", "view", "2", "-o", "json")
	cmdtest.AssertSameJSON(t, env.Stdout.Bytes(), env.Get(t, "/users/2", nil).Data)

	env.SetTTY(false, true)
	run(t, env, 0, "users", "view", "2")
	for _, want := range []string{"ID            2\n", "NAME          Bruno Lima\n", "EMAIL         bruno.lima@lojaexemplo.com.br\n",
		"TYPE          user\n", "SIGNATURE     Bruno Lima\n", "EXTERNAL REF  1002\n", "CHANNELS      Chatapp Atendimento, Widget do Site\n"} {
		if !strings.Contains(env.Stdout.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, env.Stdout)
		}
	}
	// An admin reaches every channel.
	run(t, env, 0, "users", "view", "1", "-o", "json")
	if got := cmdtest.DecodeJSON[api.UserDetail](t, env.Stdout.Bytes()); len(got.Channels) != 7 {
		t.Errorf("admin's channels = %v, want all 7", channelTokens(got))
	}

	for _, id := range []string{"99", "5"} { // unknown, company 2's
		run(t, env, 1, "users", "view", id)
		if want := "error: Usuário não encontrado.\n"; env.Stderr.String() != want {
			t.Errorf("view %s: stderr = %q, want %q", id, env.Stderr, want)
		}
	}
	run(t, env, 2, "users", "view", "-3")
	run(t, env, 2, "users", "view", "1", "2")
}

func TestEnumCompletion(t *testing.T) {
	env := cmdtest.New(t)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"list", "--type"}, "admin\nuser\n:4\n"},
		{[]string{"list", "--status"}, "active\ninactive\n:4\n"},
		{[]string{"create", "--type"}, "admin\nuser\n:4\n"},
		{[]string{"update", "2", "--type"}, "admin\nuser\n:4\n"},
	} {
		run(t, env, 0, append(append([]string{"__complete", "users"}, tt.args...), "")...)
		if !strings.HasPrefix(env.Stdout.String(), tt.want) {
			t.Errorf("completion of %v = %q, want %q", tt.args, env.Stdout, tt.want)
		}
	}
}
