package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"

	"github.com/convo-cli/convo/internal/dirs"
)

// Settings are what one run of convo works with, resolved from flags, the
// environment, the profile in config.yaml and defaults, in that order.
type Settings struct {
	Profile string
	BaseURL string
	// BaseURLFlag says whether --base-url gave BaseURL.
	BaseURLFlag    bool
	Output         string
	Fields         []string
	JQ             string
	Template       string
	Page           int
	PerPage        int
	All            bool
	Limit          int
	Color          string // auto, always or never
	Debug          bool
	Timeout        time.Duration
	MaxRetries     int
	InsecureHTTP   bool
	DefaultCountry string
	Prompt         string // enabled or disabled
	Pager          string
	Yes            bool
	Sandbox        bool
	// Attendant is the user of this profile, as an id or an e-mail: who
	// "@me" is. Empty when not set.
	Attendant string
	// TakeOnReply makes a reply to a chat that no attendant has take it.
	TakeOnReply bool
	// AccessiblePrompter asks with plain line prompts instead of forms.
	AccessiblePrompter bool
	// TeamFile is the path of the team file of saved replies:
	// CONVO_TEAM_FILE (from the working directory), else the profile's
	// team_file (from the config directory, when relative), else team.yaml
	// in the config directory.
	TeamFile string
}

// binding ties a setting to its flag and environment variable; an empty name
// means it has none of that kind. Keys that config.yaml can hold are Keys.
// fallbackEnv is read when neither the environment variable nor the file
// sets the value.
type binding struct {
	key, flag, env, fallbackEnv string
	def                         any
}

// Environment variables read outside the bindings.
const (
	// EnvToken is the API token; when set it wins over every stored one.
	EnvToken = "CONVO_TOKEN"
	// EnvTeamFile names the team file of saved replies.
	EnvTeamFile = "CONVO_TEAM_FILE"
	// DefaultTeamFile is the team file in the config directory when
	// neither team_file nor CONVO_TEAM_FILE names one.
	DefaultTeamFile = "team.yaml"
	// envPager is the pager, which wins over config.yaml even when empty;
	// envPagerFallback is the pager of every program, used when neither
	// sets one.
	envPager         = "CONVO_PAGER"
	envPagerFallback = "PAGER"
)

// EnvVars lists every environment variable that changes what convo does,
// so that a test can start from none of them.
func EnvVars() []string {
	vars := []string{EnvToken, dirs.EnvConfigDir, dirs.EnvDataDir}
	for _, b := range bindings {
		for _, name := range []string{b.env, b.fallbackEnv} {
			if name != "" {
				vars = append(vars, name)
			}
		}
	}
	return vars
}

var bindings = []binding{
	{key: "profile", flag: "profile", env: "CONVO_PROFILE", def: DefaultProfile},
	{key: "base_url", flag: "base-url", env: "CONVO_BASE_URL"},
	{key: "output", flag: "output", env: "CONVO_OUTPUT"},
	{key: "fields", flag: "fields"},
	{key: "jq", flag: "jq"},
	{key: "template", flag: "template"},
	{key: "page", flag: "page"},
	{key: "per_page", flag: "per-page"},
	{key: "all", flag: "all"},
	{key: "limit", flag: "limit"},
	{key: "color", def: "auto"},
	{key: "no_color", flag: "no-color", env: "NO_COLOR"},
	{key: "debug", flag: "debug", env: "CONVO_DEBUG"},
	{key: "timeout", flag: "timeout", def: 30 * time.Second},
	{key: "max_retries", flag: "max-retries", def: 3},
	{key: "insecure_http", flag: "insecure-http"},
	{key: "default_country", flag: "default-country", env: "CONVO_DEFAULT_COUNTRY"},
	{key: "prompt", def: "enabled"},
	{key: "no_prompt", env: "CONVO_NO_PROMPT"},
	{key: "pager", env: envPager, fallbackEnv: envPagerFallback},
	{key: "yes", flag: "yes"},
	{key: "sandbox", flag: "sandbox", env: "CONVO_SANDBOX"},
	{key: "attendant", env: "CONVO_ATTENDANT"},
	{key: "take_on_reply", def: true},
	{key: "accessible_prompter", env: "CONVO_ACCESSIBLE_PROMPTER"},
	{key: "team_file", env: EnvTeamFile},
}

// Resolve computes the settings from the parsed flags, the environment and
// the profile's part of file, with viper's precedence: a flag the user set,
// then the environment, then the file, then the default.
func Resolve(flags *pflag.FlagSet, file *File) (*Settings, error) {
	v := viper.New()
	for _, b := range bindings {
		if b.def != nil {
			v.SetDefault(b.key, b.def)
		}
		if f := flags.Lookup(b.flag); b.flag != "" && f != nil {
			if err := v.BindPFlag(b.key, f); err != nil {
				return nil, err
			}
		}
		if b.env != "" {
			if err := v.BindEnv(b.key, b.env); err != nil {
				return nil, err
			}
		}
	}
	// The profile decides which part of the file applies, so it comes first.
	profile := v.GetString("profile")
	values := map[string]any{}
	for k, val := range file.Values(profile) {
		values[k] = val
	}
	if err := v.MergeConfigMap(values); err != nil {
		return nil, fmt.Errorf("read profile %q: %w", profile, err)
	}
	s := &Settings{
		Profile:        profile,
		BaseURL:        v.GetString("base_url"),
		BaseURLFlag:    flagChanged(flags, "base-url"),
		Output:         v.GetString("output"),
		Fields:         splitList(v.GetStringSlice("fields")),
		JQ:             v.GetString("jq"),
		Template:       v.GetString("template"),
		Page:           v.GetInt("page"),
		PerPage:        v.GetInt("per_page"),
		All:            v.GetBool("all"),
		Limit:          v.GetInt("limit"),
		Color:          v.GetString("color"),
		Debug:          v.GetBool("debug"),
		Timeout:        v.GetDuration("timeout"),
		MaxRetries:     v.GetInt("max_retries"),
		InsecureHTTP:   v.GetBool("insecure_http"),
		DefaultCountry: strings.ToUpper(v.GetString("default_country")),
		Prompt:         v.GetString("prompt"),
		Pager:          pager(v),
		Yes:            v.GetBool("yes"),
		Sandbox:        v.GetBool("sandbox"),
		Attendant:      strings.TrimSpace(v.GetString("attendant")),
		TakeOnReply:    v.GetBool("take_on_reply"),
		// Set to anything, as NO_COLOR is.
		AccessiblePrompter: v.GetString("accessible_prompter") != "",
		TeamFile:           teamFile(v.GetString("team_file"), filepath.Dir(file.Path())),
	}
	// --jq and --template imply json: a format from the environment or the
	// file does not apply to them, only one given with -o.
	if (s.JQ != "" || s.Template != "") && !flagChanged(flags, "output") {
		s.Output = ""
	}
	// NO_COLOR counts when set to anything (no-color.org); --no-color is a bool flag.
	if v.GetString("no_color") != "" && v.GetString("no_color") != "false" {
		s.Color = "never"
	}
	if v.GetString("no_prompt") != "" {
		s.Prompt = "disabled"
	}
	return s, s.check(v.IsSet("page"), v.IsSet("per_page"))
}

// teamFile is the path of the team file (see Settings.TeamFile); dir is
// the config directory.
func teamFile(value, dir string) string {
	if _, fromEnv := os.LookupEnv(EnvTeamFile); fromEnv && value != "" {
		return value
	}
	if value == "" {
		return filepath.Join(dir, DefaultTeamFile)
	}
	if value = expandHome(value); !filepath.IsAbs(value) {
		return filepath.Join(dir, value)
	}
	return value
}

// pager follows gh: CONVO_PAGER when set, even empty (no pager), else the
// profile's pager, else PAGER.
func pager(v *viper.Viper) string {
	if p, ok := os.LookupEnv(envPager); ok {
		return p
	}
	if p := v.GetString("pager"); p != "" {
		return p
	}
	return os.Getenv(envPagerFallback)
}

// check validates the settings. A page and a page size given are checked
// even when 0, which would otherwise mean "not given": --page 0 and
// --per-page 0 are mistakes, not requests for the defaults.
func (s *Settings) check(pageGiven, perPageGiven bool) error {
	var errs []string
	if s.Page < 0 || pageGiven && s.Page == 0 {
		errs = append(errs, fmt.Sprintf("--page must be 1 or more, not %d", s.Page))
	}
	if s.PerPage < 0 || s.PerPage > 100 || perPageGiven && s.PerPage == 0 {
		errs = append(errs, fmt.Sprintf("--per-page must be from 1 to 100, not %d", s.PerPage))
	}
	if s.Limit < 0 {
		errs = append(errs, "--limit must be 0 (no limit) or more")
	}
	if s.MaxRetries < 0 {
		errs = append(errs, "--max-retries must be 0 or more")
	}
	if s.Timeout <= 0 {
		errs = append(errs, "--timeout must be a positive duration such as 30s")
	}
	for _, c := range []struct{ key, value string }{
		{"base_url", s.BaseURL}, {"output", s.Output}, {"color", s.Color}, {"prompt", s.Prompt},
		{"default_country", s.DefaultCountry}, {"attendant", s.Attendant},
	} {
		k, _ := LookupKey(c.key)
		if err := k.Check(c.value); err != nil {
			errs = append(errs, c.key+": "+err.Error())
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil
}

// splitList flattens "a,b" items into fields, dropping blanks.
func splitList(items []string) []string {
	var out []string
	for _, item := range items {
		for _, f := range strings.Split(item, ",") {
			if f = strings.TrimSpace(f); f != "" {
				out = append(out, f)
			}
		}
	}
	return out
}

func flagChanged(flags *pflag.FlagSet, name string) bool {
	f := flags.Lookup(name)
	return f != nil && f.Changed
}
