package config

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"
)

// flagSet declares the global flags the settings read, as the root command does.
func flagSet(t *testing.T, args ...string) *pflag.FlagSet {
	t.Helper()
	fs := pflag.NewFlagSet("convo", pflag.ContinueOnError)
	fs.String("profile", "", "")
	fs.String("base-url", "", "")
	fs.StringP("output", "o", "", "")
	fs.StringSlice("fields", nil, "")
	fs.String("jq", "", "")
	fs.String("template", "", "")
	fs.Int("page", 0, "")
	fs.Int("per-page", 0, "")
	fs.Bool("all", false, "")
	fs.Int("limit", 0, "")
	fs.Bool("no-color", false, "")
	fs.Bool("debug", false, "")
	fs.Duration("timeout", 30*time.Second, "")
	fs.Int("max-retries", 3, "")
	fs.Bool("insecure-http", false, "")
	fs.String("default-country", "", "")
	fs.Bool("yes", false, "")
	fs.Bool("sandbox", false, "")
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return fs
}

// isolate clears every variable Resolve reads, so the developer's own
// environment cannot leak into a test.
func isolate(t *testing.T) {
	for _, name := range EnvVars() {
		t.Setenv(name, "")
		// Some variables count when set, even empty: start from unset.
		os.Unsetenv(name)
	}
}

func fileWith(t *testing.T, profiles map[string]map[string]string) *File {
	t.Helper()
	f, err := LoadFile(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for p, kv := range profiles {
		for k, v := range kv {
			if err := f.Set(p, k, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	return f
}

func TestPrecedenceFlagEnvFileDefault(t *testing.T) {
	isolate(t)
	file := fileWith(t, map[string]map[string]string{
		"default": {"base_url": "https://file.example.com", "output": "yaml", "per_page": "40", "default_country": "PT"},
	})

	s, err := Resolve(flagSet(t), file)
	if err != nil {
		t.Fatal(err)
	}
	if s.BaseURL != "https://file.example.com" || s.Output != "yaml" || s.PerPage != 40 || s.DefaultCountry != "PT" {
		t.Fatalf("file layer not applied: %+v", s)
	}
	if s.Timeout != 30*time.Second || s.MaxRetries != 3 || s.Color != "auto" || s.Prompt != "enabled" || s.Profile != "default" {
		t.Fatalf("defaults not applied: %+v", s)
	}

	t.Setenv("CONVO_BASE_URL", "https://env.example.com")
	t.Setenv("CONVO_OUTPUT", "csv")
	t.Setenv("CONVO_DEFAULT_COUNTRY", "br")
	s, err = Resolve(flagSet(t), file)
	if err != nil {
		t.Fatal(err)
	}
	if s.BaseURL != "https://env.example.com" || s.Output != "csv" || s.DefaultCountry != "BR" || s.PerPage != 40 {
		t.Fatalf("env must beat the file: %+v", s)
	}

	s, err = Resolve(flagSet(t, "--base-url", "https://flag.example.com", "-o", "json", "--per-page", "5"), file)
	if err != nil {
		t.Fatal(err)
	}
	if s.BaseURL != "https://flag.example.com" || s.Output != "json" || s.PerPage != 5 {
		t.Fatalf("flags must beat env and file: %+v", s)
	}
}

func TestProfileSelectsFileSection(t *testing.T) {
	isolate(t)
	file := fileWith(t, map[string]map[string]string{
		"default": {"base_url": "https://prod.example.com"},
		"staging": {"base_url": "https://staging.example.com"},
	})
	s, err := Resolve(flagSet(t, "--profile", "staging"), file)
	if err != nil || s.BaseURL != "https://staging.example.com" || s.Profile != "staging" {
		t.Fatalf("flag profile: %+v, %v", s, err)
	}
	t.Setenv("CONVO_PROFILE", "staging")
	s, err = Resolve(flagSet(t), file)
	if err != nil || s.BaseURL != "https://staging.example.com" {
		t.Fatalf("env profile: %+v, %v", s, err)
	}
}

func TestColorPromptAndBooleans(t *testing.T) {
	isolate(t)
	file := fileWith(t, map[string]map[string]string{"default": {"color": "always"}})
	s, err := Resolve(flagSet(t), file)
	if err != nil || s.Color != "always" {
		t.Fatalf("color from file: %+v %v", s, err)
	}
	s, _ = Resolve(flagSet(t, "--no-color"), file)
	if s.Color != "never" {
		t.Fatalf("--no-color: color = %q", s.Color)
	}
	t.Setenv("NO_COLOR", "1")
	t.Setenv("CONVO_NO_PROMPT", "1")
	t.Setenv("CONVO_DEBUG", "1")
	t.Setenv("CONVO_SANDBOX", "1")
	s, err = Resolve(flagSet(t), file)
	if err != nil || s.Color != "never" || s.Prompt != "disabled" || !s.Debug || !s.Sandbox {
		t.Fatalf("env switches: %+v %v", s, err)
	}
}

func TestFieldsAcceptCommasAndRepeats(t *testing.T) {
	isolate(t)
	s, err := Resolve(flagSet(t, "--fields", "id, phone", "--fields", "contact.name"), fileWith(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(s.Fields, "|") != "id|phone|contact.name" {
		t.Fatalf("fields = %q", s.Fields)
	}
}

func TestInvalidSettings(t *testing.T) {
	isolate(t)
	tests := []struct {
		args []string
		env  map[string]string
		want string
	}{
		{args: []string{"--per-page", "101"}, want: "--per-page must be from 1 to 100, not 101"},
		{args: []string{"--per-page", "0"}, want: "--per-page must be from 1 to 100, not 0"},
		{args: []string{"--per-page", "-3"}, want: "--per-page must be from 1 to 100, not -3"},
		{args: []string{"--page", "0"}, want: "--page must be 1 or more, not 0"},
		{args: []string{"--page", "-1"}, want: "--page must be 1 or more, not -1"},
		{args: []string{"--limit", "-1"}, want: "--limit"},
		{args: []string{"--timeout", "0s"}, want: "--timeout"},
		{args: []string{"--max-retries", "-2"}, want: "--max-retries"},
		{args: []string{"-o", "xml"}, want: "output"},
		{args: []string{"--base-url", "api.example.com"}, want: "base_url"},
		{env: map[string]string{"CONVO_DEFAULT_COUNTRY": "Brazil"}, want: "default_country"},
	}
	for _, tt := range tests {
		for k, v := range tt.env {
			t.Setenv(k, v)
		}
		_, err := Resolve(flagSet(t, tt.args...), fileWith(t, nil))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v %v: err = %v, want mention of %q", tt.args, tt.env, err, tt.want)
		}
		for k := range tt.env {
			t.Setenv(k, "")
		}
	}
}

// TestPageAndPerPageLeftOut: page and per_page not given are 0, the API's
// defaults; a per_page from config.yaml is checked like the flag.
func TestPageAndPerPageLeftOut(t *testing.T) {
	isolate(t)
	s, err := Resolve(flagSet(t), fileWith(t, nil))
	if err != nil || s.Page != 0 || s.PerPage != 0 {
		t.Fatalf("page %d, per_page %d, %v; want 0, 0 and no error", s.Page, s.PerPage, err)
	}
	s, err = Resolve(flagSet(t, "--page", "1", "--per-page", "1"), fileWith(t, nil))
	if err != nil || s.Page != 1 || s.PerPage != 1 {
		t.Fatalf("page %d, per_page %d, %v; want 1, 1 and no error", s.Page, s.PerPage, err)
	}
	// A hand-edited file: `convo config set` refuses 0.
	edited := &File{Profiles: map[string]map[string]string{"default": {"per_page": "0"}}}
	_, err = Resolve(flagSet(t), edited)
	if err == nil || !strings.Contains(err.Error(), "--per-page must be from 1 to 100, not 0") {
		t.Fatalf("per_page 0 in the file: %v", err)
	}
}

func TestFileSaveIsPrivateAndRoundTrips(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "convo")
	f, err := LoadFile(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Set("default", "output", "json"); err != nil {
		t.Fatal(err)
	}
	if err := f.Set("default", "per_page", "500"); err == nil {
		t.Fatal("per_page 500 accepted")
	}
	if err := f.Set("default", "colour", "never"); err == nil || !strings.Contains(err.Error(), "valid keys") {
		t.Fatalf("unknown key: err = %v", err)
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	assertMode(t, filepath.Join(dir, FileName), 0o600)
	assertMode(t, dir, 0o700)
	g, err := LoadFile(dir)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := g.Get("default", "output"); !ok || v != "json" {
		t.Fatalf("reloaded output = %q, %v", v, ok)
	}
	g.Unset("default", "output")
	if got := g.ProfileNames(); len(got) != 0 {
		t.Fatalf("empty profile kept: %v", got)
	}
}

func TestJQIgnoresFormatFromEnvAndFile(t *testing.T) {
	isolate(t)
	file := fileWith(t, map[string]map[string]string{"default": {"output": "table"}})
	s, err := Resolve(flagSet(t, "--jq", ".id"), file)
	if err != nil || s.Output != "" {
		t.Fatalf("--jq with output from the file: Output = %q, %v", s.Output, err)
	}
	s, err = Resolve(flagSet(t, "--jq", ".id", "-o", "ndjson"), file)
	if err != nil || s.Output != "ndjson" {
		t.Fatalf("--jq with -o ndjson: Output = %q, %v", s.Output, err)
	}
}

// The pager follows gh: CONVO_PAGER when set (empty means none), then the
// profile's pager, then PAGER.
func TestPagerPrecedence(t *testing.T) {
	tests := []struct {
		name        string
		convoPager  *string
		file, pager string
		want        string
	}{
		{"nothing set", nil, "", "", ""},
		{"PAGER alone", nil, "", "more", "more"},
		{"the profile over PAGER", nil, "less -R", "more", "less -R"},
		{"CONVO_PAGER over both", ptr("most"), "less -R", "more", "most"},
		{"CONVO_PAGER empty turns paging off", ptr(""), "less -R", "more", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			isolate(t)
			t.Setenv("PAGER", tt.pager)
			if tt.convoPager != nil {
				t.Setenv("CONVO_PAGER", *tt.convoPager)
			}
			values := map[string]string{}
			if tt.file != "" {
				values["pager"] = tt.file
			}
			s, err := Resolve(flagSet(t), fileWith(t, map[string]map[string]string{"default": values}))
			if err != nil {
				t.Fatal(err)
			}
			if s.Pager != tt.want {
				t.Errorf("pager = %q, want %q", s.Pager, tt.want)
			}
		})
	}
}

func ptr(s string) *string { return &s }

func TestAttendantFromFileOrEnvironment(t *testing.T) {
	isolate(t)
	file := fileWith(t, map[string]map[string]string{"default": {"attendant": "ana.souza@lojaexemplo.com.br"}, "other": {"attendant": "2"}})
	s, err := Resolve(flagSet(t), file)
	if err != nil || s.Attendant != "ana.souza@lojaexemplo.com.br" {
		t.Fatalf("attendant = %q (%v), want the default profile's", s.Attendant, err)
	}
	s, err = Resolve(flagSet(t, "--profile", "other"), file)
	if err != nil || s.Attendant != "2" {
		t.Fatalf("attendant = %q (%v), want the other profile's", s.Attendant, err)
	}
	t.Setenv("CONVO_ATTENDANT", "3")
	if s, err = Resolve(flagSet(t), file); err != nil || s.Attendant != "3" {
		t.Fatalf("attendant = %q (%v), want CONVO_ATTENDANT's", s.Attendant, err)
	}
	for _, bad := range []string{"0", "-2", "ana", "ana@localhost"} {
		if err := file.Set("default", "attendant", bad); err == nil {
			t.Errorf("attendant %q accepted", bad)
		}
	}
	t.Setenv("CONVO_ATTENDANT", "nobody")
	if _, err := Resolve(flagSet(t), file); err == nil || !strings.Contains(err.Error(), "attendant") {
		t.Errorf("CONVO_ATTENDANT=nobody: err = %v, want one naming attendant", err)
	}
}

func TestTeamFile(t *testing.T) {
	isolate(t)
	file := fileWith(t, nil)
	dir := filepath.Dir(file.Path())
	s, err := Resolve(flagSet(t), file)
	if err != nil || s.TeamFile != filepath.Join(dir, "team.yaml") {
		t.Fatalf("default team file = %q (%v), want team.yaml in the config directory", s.TeamFile, err)
	}
	// config set keeps a relative path from where it was set.
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := file.Set("default", "team_file", "suporte/team.yaml"); err != nil {
		t.Fatal(err)
	}
	if got, _ := file.Get("default", "team_file"); got != filepath.Join(wd, "suporte", "team.yaml") {
		t.Errorf("config set team_file kept %q, want it absolute", got)
	}
	if s, _ = Resolve(flagSet(t), file); s.TeamFile != filepath.Join(wd, "suporte", "team.yaml") {
		t.Errorf("team file = %q, want the file's", s.TeamFile)
	}
	// A relative path written in config.yaml by hand is the config directory's.
	file.Profiles["default"]["team_file"] = "equipe.yaml"
	if s, _ = Resolve(flagSet(t), file); s.TeamFile != filepath.Join(dir, "equipe.yaml") {
		t.Errorf("team file = %q, want equipe.yaml in the config directory", s.TeamFile)
	}
	// The environment's is taken as it is, from the working directory.
	t.Setenv("CONVO_TEAM_FILE", "checkout/team.yaml")
	if s, _ = Resolve(flagSet(t), file); s.TeamFile != "checkout/team.yaml" {
		t.Errorf("team file = %q, want CONVO_TEAM_FILE's", s.TeamFile)
	}
}

// EnvVars is what tests clear; it must hold every variable the settings read.
func TestEnvVarsCoverTheBindings(t *testing.T) {
	vars := EnvVars()
	for _, want := range []string{"CONVO_TOKEN", "CONVO_CONFIG_DIR", "CONVO_DATA_DIR", "CONVO_PAGER", "PAGER", "CONVO_ATTENDANT",
		"CONVO_OUTPUT", "CONVO_ACCESSIBLE_PROMPTER", "NO_COLOR", "CONVO_NO_PROMPT", "CONVO_TEAM_FILE"} {
		if !slices.Contains(vars, want) {
			t.Errorf("EnvVars() lacks %s: %v", want, vars)
		}
	}
}
