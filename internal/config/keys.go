package config

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/convo-cli/convo/internal/validate"
)

// Key is a setting that config.yaml can hold.
type Key struct {
	Name    string
	Default string
	Help    string
	// Allowed, when not empty, lists every valid value.
	Allowed []string
	check   func(string) error
	// normalize, when set, turns a value given to `config set` into the
	// one kept in the file.
	normalize func(string) (string, error)
}

// Normalize is the value of the key that config.yaml keeps for v, as
// given to `config set`: a path made absolute.
func (k Key) Normalize(v string) (string, error) {
	if k.normalize == nil || v == "" {
		return v, nil
	}
	return k.normalize(v)
}

// absPath makes a path absolute from the working directory, so that the
// file it names does not depend on where convo runs later; a leading ~/
// is the home directory.
func absPath(v string) (string, error) {
	v = expandHome(v)
	abs, err := filepath.Abs(v)
	if err != nil {
		return "", fmt.Errorf("invalid path %q: %w", v, err)
	}
	return abs, nil
}

// expandHome replaces a leading ~/ with the home directory, as a shell
// would have done for an unquoted path.
func expandHome(v string) string {
	rest, ok := strings.CutPrefix(v, "~"+string(filepath.Separator))
	if !ok {
		return v
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return v
	}
	return filepath.Join(home, rest)
}

// Keys are the settings of config.yaml, in the order `config list` shows them.
var Keys = []Key{
	{Name: "base_url", Help: "API root, e.g. https://api.example.com (the client adds /api/v1)", check: checkBaseURL},
	{Name: "output", Help: "default output format (empty: table on a terminal, plain otherwise)",
		Allowed: []string{"table", "plain", "json", "ndjson", "csv", "yaml"}},
	{Name: "per_page", Help: "default page size of lists, 1..100 (empty: the API's default)", check: checkPerPage},
	{Name: "color", Default: "auto", Help: "colour in output", Allowed: []string{"auto", "always", "never"}},
	{Name: "prompt", Default: "enabled", Help: "interactive prompts on a terminal", Allowed: []string{"enabled", "disabled"}},
	{Name: "pager", Help: "program that long output is piped through on a terminal, e.g. less -R"},
	{Name: "default_country", Help: "region of phone numbers written without a country code, e.g. BR", check: checkCountry},
	{Name: "attendant", Help: "your user, as its id or e-mail: who @me is (the API cannot tell who a token belongs to)", check: checkAttendant},
	{Name: "take_on_reply", Default: "true", Help: "replying to a chat that no attendant has takes it for the reply's attendant",
		Allowed: []string{"true", "false"}},
	{Name: "team_file", Help: "the team's saved replies, a YAML file such as a checkout's team.yaml (env CONVO_TEAM_FILE; empty: team.yaml in the config directory); a relative path is kept from the directory it was set in",
		normalize: absPath},
}

// LookupKey finds a key by name.
func LookupKey(name string) (Key, error) {
	for _, k := range Keys {
		if k.Name == name {
			return k, nil
		}
	}
	return Key{}, fmt.Errorf("unknown config key %q; valid keys: %s", name, strings.Join(KeyNames(), ", "))
}

// KeyNames lists the names of Keys.
func KeyNames() []string {
	names := make([]string, len(Keys))
	for i, k := range Keys {
		names[i] = k.Name
	}
	return names
}

// Check validates a value for the key. The empty value is always allowed: it
// means "not set".
func (k Key) Check(v string) error {
	if v == "" {
		return nil
	}
	if len(k.Allowed) > 0 {
		for _, a := range k.Allowed {
			if v == a {
				return nil
			}
		}
		return fmt.Errorf("invalid value %q; valid values: %s", v, strings.Join(k.Allowed, ", "))
	}
	if k.check != nil {
		return k.check(v)
	}
	return nil
}

func checkBaseURL(v string) error {
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("invalid value %q; want an absolute http(s) URL such as https://api.example.com", v)
	}
	return nil
}

func checkPerPage(v string) error {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 100 {
		return fmt.Errorf("invalid value %q; want a number from 1 to 100", v)
	}
	return nil
}

// checkAttendant accepts a user id or an e-mail address; which user it is
// is only known once the API is asked.
func checkAttendant(v string) error {
	if n, err := strconv.ParseInt(v, 10, 64); err == nil && n > 0 {
		return nil
	}
	if err := validate.Email(v); err != nil {
		return fmt.Errorf("invalid value %q; want a user id (a positive whole number) or an e-mail address", v)
	}
	return nil
}

func checkCountry(v string) error {
	if len(v) != 2 || strings.ToUpper(v) != v || strings.ContainsFunc(v, func(r rune) bool { return r < 'A' || r > 'Z' }) {
		return fmt.Errorf("invalid value %q; want a two-letter region code in capitals such as BR", v)
	}
	return nil
}
