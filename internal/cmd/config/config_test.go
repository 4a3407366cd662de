package config_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

func configPath() string { return filepath.Join(os.Getenv("CONVO_CONFIG_DIR"), "config.yaml") }

func readConfig(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(configPath())
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// run is the way every test here runs convo.
var run = cmdtest.MustRun

func TestGetDefaultsAndFileValues(t *testing.T) {
	env := cmdtest.New(t)
	tests := []struct{ key, want string }{
		{"color", "auto\n"},
		{"prompt", "enabled\n"},
		{"output", ""},
		{"per_page", ""},
	}
	for _, tt := range tests {
		run(t, env, 0, "config", "get", tt.key)
		if env.Stdout.String() != tt.want {
			t.Errorf("get %s = %q, want %q", tt.key, env.Stdout, tt.want)
		}
	}
	if _, err := os.Stat(configPath()); !os.IsNotExist(err) {
		t.Fatalf("config get wrote config.yaml: %v", err)
	}
	run(t, env, 0, "config", "set", "color", "never")
	run(t, env, 0, "config", "get", "color")
	if env.Stdout.String() != "never\n" {
		t.Fatalf("get color after set = %q", env.Stdout)
	}
}

func TestGetIgnoresFlagsAndEnvironment(t *testing.T) {
	env := cmdtest.New(t)
	t.Setenv("CONVO_OUTPUT", "yaml")
	run(t, env, 0, "config", "get", "output")
	if env.Stdout.String() != "" {
		t.Fatalf("get output = %q, want the file's (unset) value", env.Stdout)
	}
}

func TestSetValidates(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"output", "xml"}, "error: output: invalid value \"xml\"; valid values: table, plain, json, ndjson, csv, yaml\n"},
		{[]string{"per_page", "500"}, "error: per_page: invalid value \"500\"; want a number from 1 to 100\n"},
		{[]string{"base_url", "api.example.com"}, "error: base_url: invalid value \"api.example.com\"; want an absolute http(s) URL such as https://api.example.com\n"},
		{[]string{"default_country", "brazil"}, "error: default_country: invalid value \"brazil\"; want a two-letter region code in capitals such as BR\n"},
		{[]string{"token", "x"}, "error: unknown config key \"token\"; valid keys: base_url, output, per_page, color, prompt, pager, default_country, attendant, take_on_reply, team_file\n"},
	}
	for _, tt := range tests {
		env := cmdtest.New(t)
		run(t, env, 2, append([]string{"config", "set"}, tt.args...)...)
		if got, _, _ := strings.Cut(env.Stderr.String(), "Run '"); got != tt.want {
			t.Errorf("set %v: stderr = %q, want %q", tt.args, got, tt.want)
		}
		if _, err := os.Stat(configPath()); !os.IsNotExist(err) {
			t.Errorf("set %v wrote config.yaml although the value was refused", tt.args)
		}
	}
}

func TestGetUnknownKey(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 2, "config", "get", "colour")
	if !strings.HasPrefix(env.Stderr.String(), "error: unknown config key \"colour\"; valid keys: base_url, output, per_page, color, prompt, pager, default_country, attendant, take_on_reply, team_file\n") {
		t.Fatalf("stderr:\n%s", env.Stderr)
	}
}

func TestSetWritesOnlyTheKeyPrivately(t *testing.T) {
	env := cmdtest.New(t)
	// Values from the environment and flags must never reach the file.
	t.Setenv("CONVO_OUTPUT", "yaml")
	t.Setenv("CONVO_BASE_URL", "https://env.example.com")
	run(t, env, 0, "config", "set", "per_page", "50", "--default-country", "PT")
	want := "profiles:\n    default:\n        per_page: \"50\"\n"
	if got := readConfig(t); got != want {
		t.Fatalf("config.yaml =\n%s\nwant\n%s", got, want)
	}
	fi, err := os.Stat(configPath())
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("config.yaml: %v, mode %v; want 0600", err, fi.Mode().Perm())
	}
	di, err := os.Stat(filepath.Dir(configPath()))
	if err != nil || di.Mode().Perm() != 0o700 {
		t.Fatalf("config dir: %v, mode %v; want 0700", err, di.Mode().Perm())
	}
	// An existing file with a looser mode is tightened on the next write.
	if err := os.Chmod(configPath(), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, env, 0, "config", "set", "pager", "less -R")
	if fi, _ := os.Stat(configPath()); fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode after rewrite %v, want 0600", fi.Mode().Perm())
	}
}

func TestSetEmptyUnsets(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "config", "set", "output", "json")
	run(t, env, 0, "config", "set", "color", "never")
	run(t, env, 0, "config", "set", "output", "")
	if got := readConfig(t); got != "profiles:\n    default:\n        color: never\n" {
		t.Fatalf("config.yaml =\n%s", got)
	}
	run(t, env, 0, "config", "set", "color", "")
	if got := readConfig(t); got != "profiles: {}\n" {
		t.Fatalf("config.yaml =\n%s", got)
	}
}

func TestProfiles(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "config", "set", "output", "json", "--profile", "work")
	run(t, env, 0, "config", "get", "output")
	if env.Stdout.String() != "" {
		t.Fatalf("the default profile sees work's value: %q", env.Stdout)
	}
	t.Setenv("CONVO_PROFILE", "work")
	run(t, env, 0, "config", "get", "output")
	if env.Stdout.String() != "json\n" {
		t.Fatalf("get output in profile work = %q", env.Stdout)
	}
}

func TestList(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, "config", "set", "color", "never")
	run(t, env, 0, "config", "set", "per_page", "30")

	plain := "base_url=\noutput=\nper_page=30\ncolor=never\nprompt=enabled\npager=\ndefault_country=\nattendant=\ntake_on_reply=true\nteam_file=\n"
	run(t, env, 0, "config", "list")
	if env.Stdout.String() != plain {
		t.Fatalf("list =\n%s\nwant\n%s", env.Stdout, plain)
	}
	// key=value lines are list's plain output, also on a terminal.
	env.SetTTY(false, true)
	run(t, env, 0, "config", "list")
	if env.Stdout.String() != plain {
		t.Fatalf("list on a terminal =\n%s", env.Stdout)
	}
	run(t, env, 0, "config", "list", "-o", "table")
	if !strings.Contains(env.Stdout.String(), "PER_PAGE") || !strings.Contains(env.Stdout.String(), "30") {
		t.Fatalf("list -o table =\n%s", env.Stdout)
	}
	env.SetTTY(false, false)
	run(t, env, 0, "config", "list", "-o", "json")
	want := `{"base_url":"","output":"","per_page":"30","color":"never","prompt":"enabled","pager":"","default_country":"","attendant":"","take_on_reply":"true","team_file":""}` + "\n"
	if env.Stdout.String() != want {
		t.Fatalf("list -o json =\n%s\nwant\n%s", env.Stdout, want)
	}
	run(t, env, 0, "config", "list", "--jq", ".per_page")
	if env.Stdout.String() != "30\n" {
		t.Fatalf("list --jq = %q", env.Stdout)
	}
	// A default output format, like any other command's, applies to list.
	run(t, env, 0, "config", "set", "output", "yaml")
	run(t, env, 0, "config", "list")
	if !strings.HasPrefix(env.Stdout.String(), "base_url: \"\"\noutput: yaml\n") {
		t.Fatalf("list with output yaml =\n%s", env.Stdout)
	}
}

func TestInvalidFileValueCanBeRepaired(t *testing.T) {
	env := cmdtest.New(t)
	if err := os.MkdirAll(filepath.Dir(configPath()), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(configPath(), []byte("profiles:\n  default:\n    output: xml\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	run(t, env, 2, "--sandbox", "auth", "token")
	run(t, env, 0, "config", "get", "output")
	if env.Stdout.String() != "xml\n" || !strings.Contains(env.Stderr.String(), `output: invalid value "xml"`) {
		t.Fatalf("stdout %q, stderr:\n%s", env.Stdout, env.Stderr)
	}
	run(t, env, 0, "config", "set", "output", "json")
	run(t, env, 0, "--sandbox", "auth", "token")
}
