package root_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/cmd/root"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/config/credentials"
	"github.com/convo-cli/convo/internal/output"
)

// TestHelpAndVersionTouchNothing runs help and version with a factory whose
// client and token store fail the test when used, a keyring that fails
// every call and a base URL nobody answers at.
func TestHelpAndVersionTouchNothing(t *testing.T) {
	cmdtest.New(t) // a clean convo environment and empty config dir
	t.Setenv("CONVO_BASE_URL", "http://127.0.0.1:1")
	credentials.MockKeyring(errors.New("the keyring must not be asked"))
	for _, args := range [][]string{
		{"--help"}, {"help"}, {"version"}, {"--version"}, {"help", "exit-codes"}, {"help", "environment"},
		{"auth", "--help"}, {"auth", "login", "--help"}, {"api", "--help"}, {"config", "--help"}, {"auth"},
	} {
		ios, _, stdout, stderr := output.Test()
		f := cmdutil.NewFactory("test", ios, nil)
		f.APIClient = func(context.Context) (*api.Client, error) {
			t.Errorf("convo %s built an API client", strings.Join(args, " "))
			return nil, errors.New("no client")
		}
		f.Credentials = func() (*credentials.Store, error) {
			t.Errorf("convo %s opened the token store", strings.Join(args, " "))
			return nil, errors.New("no store")
		}
		if code := root.Run(context.Background(), f, args); code != 0 {
			t.Errorf("convo %s: exit %d; stderr:\n%s", strings.Join(args, " "), code, stderr)
		}
		if stdout.Len() == 0 {
			t.Errorf("convo %s printed nothing", strings.Join(args, " "))
		}
	}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"contact", "list"}, "error: unknown command \"contact\" for \"convo\"\n\nDid you mean this?\n\tcontacts\nRun 'convo --help' for usage.\n"},
		{[]string{"auth", "statu"}, "error: unknown command \"statu\" for \"convo auth\"\n\nDid you mean this?\n\tstatus\nRun 'convo auth --help' for usage.\n"},
		{[]string{"auth", "status", "--bogus"}, "error: unknown flag: --bogus\nRun 'convo auth status --help' for usage.\n"},
		{[]string{"config", "get"}, "error: missing KEY\nRun 'convo config get --help' for usage.\n"},
		{[]string{"api", "GET", "tags", "--per-page", "500"}, "error: --per-page must be from 1 to 100, not 500\nRun 'convo api --help' for usage.\n"},
	}
	for _, tt := range tests {
		env := cmdtest.New(t)
		if code := env.Run(tt.args...); code != 2 {
			t.Errorf("convo %s: exit %d, want 2", strings.Join(tt.args, " "), code)
		}
		if env.Stderr.String() != tt.want {
			t.Errorf("convo %s: stderr =\n%q\nwant\n%q", strings.Join(tt.args, " "), env.Stderr, tt.want)
		}
		if env.Stdout.Len() != 0 {
			t.Errorf("convo %s: stdout = %q", strings.Join(tt.args, " "), env.Stdout)
		}
	}
}

// TestDeclinedAsJSON: a confirmation answered "no" ends the run as
// cancelled, in the object -o json asks for.
func TestDeclinedAsJSON(t *testing.T) {
	env := cmdtest.New(t)
	env.SetTTY(true, true)
	env.Answers = "n\n"
	if code := env.Run("contacts", "delete", "1", "-o", "json"); code != 130 {
		t.Fatalf("exit %d, want 130; stderr:\n%s", code, env.Stderr)
	}
	if want := `{"error":{"message":"cancelled","exit_code":130,"status":null,"errors":[]}}` + "\n"; !strings.HasSuffix(env.Stderr.String(), "\n"+want) {
		t.Errorf("stderr =\n%s\nwant it to end with\n%s", env.Stderr, want)
	}
}

func TestAPIErrorsPrintErrorLinesWithoutUsage(t *testing.T) {
	env := cmdtest.New(t)
	env.AllowInvalidRequests()
	if code := env.Run("api", "POST", "tags", "-f", "color=red"); code != 1 {
		t.Fatalf("exit %d, want 1; stderr:\n%s", code, env.Stderr)
	}
	lines := strings.Split(strings.TrimSuffix(env.Stderr.String(), "\n"), "\n")
	if lines[0] != "error: Erro de validação" || len(lines) < 3 {
		t.Fatalf("stderr:\n%s", env.Stderr)
	}
	for _, l := range lines[1:] {
		if !strings.HasPrefix(l, "  - ") || !strings.HasSuffix(l, ")") {
			t.Fatalf("line %q is not `  - field: message (CODE)`; stderr:\n%s", l, env.Stderr)
		}
	}
	for _, field := range []string{"  - text: ", "  - color: "} {
		if !strings.Contains(env.Stderr.String(), field) {
			t.Fatalf("no %q line; stderr:\n%s", field, env.Stderr)
		}
	}
	if strings.Contains(env.Stderr.String(), "Usage") || strings.Contains(env.Stderr.String(), "--help") {
		t.Fatalf("usage hint for an API error:\n%s", env.Stderr)
	}
}

func TestHelpTopics(t *testing.T) {
	tests := map[string]string{
		"exit-codes":  "  130  interrupted (Ctrl-C, SIGTERM, SIGQUIT, or SIGHUP: the terminal\n       closed), or cancelled: a question answered \"no\" (a confirmation) or\n       left with Esc;",
		"environment": "CONVO_TOKEN\n  The API token. When set it wins over the keyring and hosts.yaml",
		"formatting":  "--fields a,b,c picks the columns",
	}
	for topic, want := range tests {
		env := cmdtest.New(t)
		if code := env.Run("help", topic); code != 0 {
			t.Fatalf("help %s: exit %d", topic, code)
		}
		if !strings.Contains(env.Stdout.String(), want) {
			t.Errorf("help %s lacks %q:\n%s", topic, want, env.Stdout)
		}
	}
}

// An unknown help topic is a usage error with suggestions, not the root's
// help; known ones, commands included, print their help.
func TestHelpForUnknownTopics(t *testing.T) {
	for args, want := range map[string]string{
		"help foo":          "error: unknown help topic \"foo\" for \"convo\"\nRun 'convo help --help' for usage.\n",
		"help exit-code":    "error: unknown help topic \"exit-code\" for \"convo\"\n\nDid you mean this?\n\texit-codes\nRun 'convo help --help' for usage.\n",
		"help contacts lst": "error: unknown help topic \"lst\" for \"convo contacts\"\n\nDid you mean this?\n\tlist\nRun 'convo help --help' for usage.\n",
		"environmen":        "error: unknown command \"environmen\" for \"convo\"\n\nDid you mean this?\n\tenvironment\nRun 'convo --help' for usage.\n",
	} {
		env := cmdtest.New(t)
		if code := env.Run(strings.Fields(args)...); code != 2 {
			t.Errorf("convo %s: exit %d, want 2", args, code)
		}
		if env.Stderr.String() != want || env.Stdout.Len() != 0 {
			t.Errorf("convo %s: stdout %q, stderr %q, want %q", args, env.Stdout, env.Stderr, want)
		}
	}
	env := cmdtest.New(t)
	cmdtest.MustRun(t, env, 0, "help", "contacts", "list")
	if !strings.HasPrefix(env.Stdout.String(), "List the company's contacts") {
		t.Errorf("help contacts list:\n%s", env.Stdout)
	}
}

// The help topics are listed as commands are: their names in the commands'
// column, their summaries in the summaries' column.
func TestHelpListsTopicsLikeCommands(t *testing.T) {
	env := cmdtest.New(t)
	cmdtest.MustRun(t, env, 0, "--help")
	out := env.Stdout.String()
	column := func(line string) int { return strings.Index(line, strings.Fields(line)[1]) }
	var commands, topics []int
	section := ""
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasSuffix(line, ":") && !strings.HasPrefix(line, " "):
			section = line
		case section == "Core commands:" && strings.HasPrefix(line, "  "):
			commands = append(commands, column(line))
		case section == "Help topics (convo help TOPIC):" && strings.HasPrefix(line, "  "):
			topics = append(topics, column(line))
		}
	}
	if len(topics) != 3 || len(commands) == 0 {
		t.Fatalf("%d topics and %d commands listed:\n%s", len(topics), len(commands), out)
	}
	for _, c := range topics {
		if c != commands[0] {
			t.Errorf("a topic's summary starts at column %d, the commands' at %d:\n%s", c, commands[0], out)
		}
	}
	if !strings.Contains(out, "\n  exit-codes  Exit codes of convo and what they mean\n") {
		t.Errorf("topic line:\n%s", out)
	}
}
