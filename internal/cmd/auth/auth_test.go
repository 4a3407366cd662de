package auth_test

import (
	"encoding/json"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/config/credentials"
	"github.com/convo-cli/convo/internal/sandbox"
)

// authEnv is a cmdtest environment whose sandbox is also served over HTTP,
// because `auth login` and `auth status` reach the base URL of the login
// rather than the test's in-process client.
type authEnv struct {
	*cmdtest.Env
	URL       string
	ConfigDir string
}

// newAuthEnv starts the environment with CONVO_BASE_URL pointing at the
// sandbox and the keyring replaced by go-keyring's mock: a working one when
// keyringErr is nil, else one that fails every call with it.
func newAuthEnv(t *testing.T, keyringErr error) *authEnv {
	t.Helper()
	env := cmdtest.New(t)
	srv := httptest.NewServer(sandbox.NewServer(env.Store, sandbox.Options{}))
	t.Cleanup(srv.Close)
	t.Setenv("CONVO_BASE_URL", srv.URL)
	credentials.MockKeyring(keyringErr)
	return &authEnv{Env: env, URL: srv.URL, ConfigDir: os.Getenv("CONVO_CONFIG_DIR")}
}

// login runs `auth login --with-token` with token on standard input.
func (e *authEnv) login(t *testing.T, token string, args ...string) int {
	t.Helper()
	e.Stdin.WriteString(token + "\n")
	return e.Run(append([]string{"auth", "login", "--with-token"}, args...)...)
}

func (e *authEnv) hostsPath() string  { return filepath.Join(e.ConfigDir, credentials.HostsFile) }
func (e *authEnv) configPath() string { return filepath.Join(e.ConfigDir, "config.yaml") }

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func assertMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != want {
		t.Fatalf("%s has mode %v, want %v", path, got, want)
	}
}

func assertNotExist(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("%s exists (err %v), want nothing written", path, err)
	}
}

func keyringToken(t *testing.T, profile string) string {
	t.Helper()
	tok, err := keyring.Get(credentials.Service, profile)
	if errors.Is(err, keyring.ErrNotFound) {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestLoginStoresInKeyring(t *testing.T) {
	env := newAuthEnv(t, nil)
	if code := env.login(t, sandbox.AdminToken1); code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, env.Stderr)
	}
	want := "✓ Logged in to " + env.URL + " (profile default); token stored in the system keyring\n"
	if env.Stderr.String() != want {
		t.Fatalf("stderr = %q, want %q", env.Stderr, want)
	}
	if env.Stdout.Len() != 0 {
		t.Fatalf("stdout = %q, want nothing", env.Stdout)
	}
	if got := keyringToken(t, "default"); got != sandbox.AdminToken1 {
		t.Fatalf("keyring holds %q", got)
	}
	assertNotExist(t, env.hostsPath())
	cfg := readFile(t, env.configPath())
	if !strings.Contains(cfg, "base_url: "+env.URL) || strings.Contains(cfg, sandbox.AdminToken1) {
		t.Fatalf("config.yaml:\n%s", cfg)
	}
	assertMode(t, env.configPath(), 0o600)
	assertMode(t, env.ConfigDir, 0o700)
}

func TestLoginFallsBackToFileWithWarning(t *testing.T) {
	env := newAuthEnv(t, errors.New("org.freedesktop.secrets was not provided by any .service files"))
	if code := env.login(t, sandbox.AdminToken1); code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, env.Stderr)
	}
	stderr := env.Stderr.String()
	warn := strings.Index(stderr, "! the system keyring is not available")
	done := strings.Index(stderr, "✓ Logged in to "+env.URL+" (profile default); token stored in "+env.hostsPath())
	if warn < 0 || done < 0 || warn > done {
		t.Fatalf("want the keyring warning, then the success line; stderr:\n%s", stderr)
	}
	if !strings.Contains(stderr, "--insecure-storage") {
		t.Fatalf("the warning does not say how to choose the file on purpose:\n%s", stderr)
	}
	if !strings.Contains(readFile(t, env.hostsPath()), sandbox.AdminToken1) {
		t.Fatal("hosts.yaml does not hold the token")
	}
	assertMode(t, env.hostsPath(), 0o600)
	assertMode(t, env.ConfigDir, 0o700)
}

func TestLoginInsecureStorage(t *testing.T) {
	env := newAuthEnv(t, nil)
	if code := env.login(t, sandbox.AdminToken1, "--insecure-storage"); code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, env.Stderr)
	}
	if strings.Contains(env.Stderr.String(), "!") {
		t.Fatalf("warned although the file was chosen on purpose:\n%s", env.Stderr)
	}
	if keyringToken(t, "default") != "" {
		t.Fatal("the keyring got the token despite --insecure-storage")
	}
	if !strings.Contains(readFile(t, env.hostsPath()), sandbox.AdminToken1) {
		t.Fatal("hosts.yaml does not hold the token")
	}
	assertMode(t, env.hostsPath(), 0o600)
}

func TestLoginProfile(t *testing.T) {
	env := newAuthEnv(t, nil)
	if code := env.login(t, sandbox.AdminToken2, "--profile", "company2"); code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, env.Stderr)
	}
	if keyringToken(t, "company2") != sandbox.AdminToken2 || keyringToken(t, "default") != "" {
		t.Fatal("the token is not stored under the profile's name only")
	}
	if cfg := readFile(t, env.configPath()); !strings.Contains(cfg, "company2:\n        base_url: "+env.URL) {
		t.Fatalf("config.yaml:\n%s", cfg)
	}
}

func TestLoginRefusedTokenStoresNothing(t *testing.T) {
	env := newAuthEnv(t, nil)
	if code := env.login(t, "not-a-token"); code != 4 {
		t.Fatalf("exit %d, want 4; stderr:\n%s", code, env.Stderr)
	}
	want := "error: the token was refused by " + env.URL + " (Não autenticado.)\n"
	if env.Stderr.String() != want {
		t.Fatalf("stderr = %q, want %q", env.Stderr, want)
	}
	if keyringToken(t, "default") != "" {
		t.Fatal("a refused token reached the keyring")
	}
	assertNotExist(t, env.ConfigDir)
}

func TestLoginNetworkErrorStoresNothing(t *testing.T) {
	env := newAuthEnv(t, nil)
	t.Setenv("CONVO_BASE_URL", "http://127.0.0.1:1")
	if code := env.login(t, sandbox.AdminToken1, "--max-retries", "0"); code != 1 {
		t.Fatalf("exit %d, want 1; stderr:\n%s", code, env.Stderr)
	}
	if !strings.Contains(env.Stderr.String(), "error: GET /channels: ") {
		t.Fatalf("stderr:\n%s", env.Stderr)
	}
	if keyringToken(t, "default") != "" {
		t.Fatal("an unchecked token reached the keyring")
	}
	assertNotExist(t, env.ConfigDir)
}

func TestLoginUsageErrors(t *testing.T) {
	tests := []struct {
		name    string
		stdin   string
		baseURL string
		args    []string
		want    string
	}{
		{"no terminal", "", "", []string{"auth", "login"},
			"error: the token: not running at a terminal, so it cannot be asked for; use --with-token (the token on standard input) together with --base-url URL\n"},
		{"empty stdin", "\n  \n", "", []string{"auth", "login", "--with-token"},
			"error: --with-token: standard input is empty; pipe the token to convo, e.g. echo \"$TOKEN\" | convo auth login --with-token\n"},
		{"two words", "sandbox admin\n", "", []string{"auth", "login", "--with-token"},
			"error: the token must be one word without spaces or line breaks\n"},
		{"no base URL", sandbox.AdminToken1, "-", []string{"auth", "login", "--with-token"},
			"error: no API base URL: pass --base-url URL (or set CONVO_BASE_URL)\nRun 'convo auth login --help' for usage.\n"},
		{"sandbox", sandbox.AdminToken1, "", []string{"--sandbox", "auth", "login", "--with-token"},
			"error: the built-in sandbox needs no login: run any command with --sandbox (it uses the token sandbox-admin-1, or CONVO_TOKEN when set)\nRun 'convo auth login --help' for usage.\n"},
		{"token as argument", "", "", []string{"auth", "login", sandbox.AdminToken1},
			"error: unexpected argument \"sandbox-admin-1\": convo auth login takes no arguments\nRun 'convo auth login --help' for usage.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newAuthEnv(t, nil)
			if tt.baseURL == "-" {
				t.Setenv("CONVO_BASE_URL", "")
			}
			env.Stdin.WriteString(tt.stdin)
			if code := env.Run(tt.args...); code != 2 {
				t.Fatalf("exit %d, want 2; stderr:\n%s", code, env.Stderr)
			}
			if env.Stderr.String() != tt.want {
				t.Fatalf("stderr = %q\nwant     %q", env.Stderr, tt.want)
			}
			assertNotExist(t, env.ConfigDir)
		})
	}
}

func TestLoginPrompts(t *testing.T) {
	tests := []struct {
		name    string
		current string // CONVO_BASE_URL; "url" is the sandbox's
		answers string // "URL" is replaced with the sandbox's
	}{
		{"types the base URL", "", "URL\nsandbox-admin-1\n"},
		{"keeps the current base URL", "url", "\nsandbox-admin-1\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newAuthEnv(t, nil)
			if tt.current == "" {
				t.Setenv("CONVO_BASE_URL", "")
			}
			env.SetTTY(true, true)
			env.Answers = strings.ReplaceAll(tt.answers, "URL", env.URL)
			if code := env.Run("auth", "login"); code != 0 {
				t.Fatalf("exit %d; stderr:\n%s", code, env.Stderr)
			}
			if env.Stdout.Len() != 0 {
				t.Fatalf("prompts reached stdout: %q", env.Stdout)
			}
			for _, want := range []string{"API base URL", "Paste your API token", "✓ Logged in to " + env.URL + " (profile default)"} {
				if !strings.Contains(env.Stderr.String(), want) {
					t.Fatalf("stderr lacks %q:\n%s", want, env.Stderr)
				}
			}
			if keyringToken(t, "default") != sandbox.AdminToken1 {
				t.Fatal("token not stored")
			}
			if cfg := readFile(t, env.configPath()); !strings.Contains(cfg, "base_url: "+env.URL) {
				t.Fatalf("config.yaml:\n%s", cfg)
			}
		})
	}
}

func TestLoginBaseURLFlagSkipsItsPrompt(t *testing.T) {
	env := newAuthEnv(t, nil)
	t.Setenv("CONVO_BASE_URL", "")
	env.SetTTY(true, true)
	env.Answers = sandbox.AdminToken1 + "\n"
	if code := env.Run("auth", "login", "--base-url", env.URL); code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, env.Stderr)
	}
	if strings.Contains(env.Stderr.String(), "API base URL") {
		t.Fatalf("asked for the base URL although --base-url gave it:\n%s", env.Stderr)
	}
}

func TestLoginPromptRejectsBadBaseURL(t *testing.T) {
	env := newAuthEnv(t, nil)
	t.Setenv("CONVO_BASE_URL", "")
	env.SetTTY(true, true)
	env.Answers = "ftp://example.com\n"
	if code := env.Run("auth", "login"); code == 0 {
		t.Fatalf("exit 0 for a base URL that is not http(s); stderr:\n%s", env.Stderr)
	}
	assertNotExist(t, env.ConfigDir)
}

func TestLoginWithEnvTokenSaysItOverrides(t *testing.T) {
	env := newAuthEnv(t, errors.New("no keyring"))
	t.Setenv("CONVO_TOKEN", sandbox.AdminToken2)
	if code := env.login(t, sandbox.AdminToken1); code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", code, env.Stderr)
	}
	if !strings.Contains(env.Stderr.String(), "! CONVO_TOKEN is set: while it is, convo uses it instead of the stored token") {
		t.Fatalf("stderr:\n%s", env.Stderr)
	}
	for _, name := range []string{env.hostsPath(), env.configPath()} {
		if strings.Contains(readFile(t, name), sandbox.AdminToken2) {
			t.Fatalf("%s holds the environment's token", name)
		}
	}
}

// statusJSON runs `auth status -o json` and decodes its output.
func statusJSON(t *testing.T, env *authEnv, args ...string) (map[string]any, int) {
	t.Helper()
	env.Reset()
	code := env.Run(append([]string{"auth", "status", "-o", "json"}, args...)...)
	var got map[string]any
	if err := json.Unmarshal(env.Stdout.Bytes(), &got); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s\nstderr:\n%s", err, env.Stdout, env.Stderr)
	}
	return got, code
}

func TestStatus(t *testing.T) {
	t.Run("not logged in", func(t *testing.T) {
		env := newAuthEnv(t, nil)
		if _, code := statusJSON(t, env); code != 4 {
			t.Fatalf("exit %d, want 4", code)
		}
		want := `{"profile":"default","base_url":"` + env.URL + `","token_source":"none","valid":null,"sandbox":false,"attendant":null}` + "\n"
		if env.Stdout.String() != want {
			t.Fatalf("stdout = %s\nwant     %s", env.Stdout, want)
		}
		if !strings.HasPrefix(env.Stderr.String(), `{"error":{"message":"not logged in (profile \"default\")`) || !strings.HasSuffix(env.Stderr.String(), `"exit_code":4,"status":null,"errors":[]}}`+"\n") {
			t.Fatalf("stderr:\n%s", env.Stderr)
		}
	})
	t.Run("keyring", func(t *testing.T) {
		env := newAuthEnv(t, nil)
		env.login(t, sandbox.AdminToken1)
		got, code := statusJSON(t, env)
		if code != 0 || got["token_source"] != "keyring" || got["valid"] != true || got["base_url"] != env.URL {
			t.Fatalf("exit %d, %v; stderr:\n%s", code, got, env.Stderr)
		}
		if strings.Contains(env.Stdout.String(), sandbox.AdminToken1) {
			t.Fatal("the token is shown without --show-token")
		}
		got, _ = statusJSON(t, env, "--show-token")
		if got["token"] != sandbox.AdminToken1 {
			t.Fatalf("--show-token: %v", got)
		}
	})
	t.Run("file", func(t *testing.T) {
		env := newAuthEnv(t, errors.New("no keyring"))
		env.login(t, sandbox.AdminToken1)
		env.Reset()
		if code := env.Run("auth", "status"); code != 0 {
			t.Fatalf("exit %d; stderr:\n%s", code, env.Stderr)
		}
		want := "Profile:     default\nBase URL:    " + env.URL + "\nToken from:  " + env.hostsPath() + "\nToken works: ✓ yes\n" +
			"Attendant:   not set: run `convo config set attendant ID|EMAIL` with your user's id or e-mail\n"
		if env.Stdout.String() != want {
			t.Fatalf("stdout =\n%s\nwant\n%s", env.Stdout, want)
		}
	})
	t.Run("environment wins", func(t *testing.T) {
		env := newAuthEnv(t, nil)
		env.login(t, sandbox.AdminToken1)
		t.Setenv("CONVO_TOKEN", sandbox.AdminToken2)
		got, code := statusJSON(t, env, "--show-token")
		if code != 0 || got["token_source"] != "env" || got["token"] != sandbox.AdminToken2 {
			t.Fatalf("exit %d, %v", code, got)
		}
	})
	t.Run("refused", func(t *testing.T) {
		env := newAuthEnv(t, nil)
		t.Setenv("CONVO_TOKEN", "revoked")
		got, code := statusJSON(t, env)
		if code != 4 || got["valid"] != false {
			t.Fatalf("exit %d, %v", code, got)
		}
		if want := `{"error":{"message":"the token was refused by ` + env.URL + ` (Não autenticado.)","exit_code":4,"status":401,"errors":[]}}` + "\n"; env.Stderr.String() != want {
			t.Fatalf("stderr = %q, want %q", env.Stderr, want)
		}
		env.Reset()
		env.Run("auth", "status")
		if !strings.Contains(env.Stdout.String(), "Token works: X no: Não autenticado.; The API refused the token in CONVO_TOKEN: set it to one that works, or unset it to use your login.\n") {
			t.Fatalf("stdout:\n%s", env.Stdout)
		}
	})
	t.Run("network error", func(t *testing.T) {
		env := newAuthEnv(t, nil)
		t.Setenv("CONVO_TOKEN", sandbox.AdminToken1)
		t.Setenv("CONVO_BASE_URL", "http://127.0.0.1:1")
		got, code := statusJSON(t, env, "--max-retries", "0")
		if code != 1 || got["valid"] != nil {
			t.Fatalf("exit %d, %v; stderr:\n%s", code, got, env.Stderr)
		}
	})
	t.Run("sandbox", func(t *testing.T) {
		env := newAuthEnv(t, nil)
		if code := env.Run("--sandbox", "auth", "status"); code != 0 {
			t.Fatalf("exit %d; stderr:\n%s", code, env.Stderr)
		}
		want := "Profile:     default\nBase URL:    the built-in sandbox (in-process, --sandbox)\n" +
			"Token from:  the sandbox's built-in token sandbox-admin-1\nToken works: ✓ yes\n" +
			"Attendant:   Ana Souza <ana.souza@lojaexemplo.com.br> (id 1)\n"
		if env.Stdout.String() != want {
			t.Fatalf("stdout =\n%s\nwant\n%s", env.Stdout, want)
		}
		got, code := statusJSON(t, env, "--sandbox")
		if code != 0 || got["sandbox"] != true || got["token_source"] != "sandbox" || got["base_url"] != nil {
			t.Fatalf("exit %d, %v", code, got)
		}
	})
}

func TestLogout(t *testing.T) {
	t.Run("file, no terminal", func(t *testing.T) {
		env := newAuthEnv(t, errors.New("no keyring"))
		env.login(t, sandbox.AdminToken1)
		env.Reset()
		if code := env.Run("auth", "logout"); code != 0 {
			t.Fatalf("exit %d; stderr:\n%s", code, env.Stderr)
		}
		if want := "✓ Logged out of profile default: token removed from " + env.hostsPath() + "\n"; env.Stderr.String() != want {
			t.Fatalf("stderr = %q, want %q", env.Stderr, want)
		}
		if strings.Contains(readFile(t, env.hostsPath()), sandbox.AdminToken1) {
			t.Fatal("the token is still in hosts.yaml")
		}
		if !strings.Contains(readFile(t, env.configPath()), "base_url: "+env.URL) {
			t.Fatal("logout removed the base URL")
		}
		env.Reset()
		if code := env.Run("auth", "status"); code != 4 {
			t.Fatalf("status after logout: exit %d, want 4", code)
		}
	})
	t.Run("keyring, confirmed at a terminal", func(t *testing.T) {
		env := newAuthEnv(t, nil)
		env.login(t, sandbox.AdminToken1)
		env.Reset()
		env.SetTTY(true, true)
		env.Answers = "y\n"
		if code := env.Run("auth", "logout"); code != 0 {
			t.Fatalf("exit %d; stderr:\n%s", code, env.Stderr)
		}
		if !strings.Contains(env.Stderr.String(), "Log out of profile default?") ||
			!strings.Contains(env.Stderr.String(), "✓ Logged out of profile default: token removed from the system keyring\n") {
			t.Fatalf("stderr:\n%s", env.Stderr)
		}
		if keyringToken(t, "default") != "" {
			t.Fatal("the token is still in the keyring")
		}
	})
	t.Run("declined", func(t *testing.T) {
		env := newAuthEnv(t, nil)
		env.login(t, sandbox.AdminToken1)
		env.SetTTY(true, true)
		env.Answers = "n\n"
		if code := env.Run("auth", "logout"); code != 130 {
			t.Fatalf("exit %d, want 130", code)
		}
		if keyringToken(t, "default") != sandbox.AdminToken1 {
			t.Fatal("a declined logout removed the token")
		}
	})
	t.Run("not logged in", func(t *testing.T) {
		env := newAuthEnv(t, nil)
		if code := env.Run("auth", "logout"); code != 4 {
			t.Fatalf("exit %d, want 4", code)
		}
		if want := "error: not logged in (profile \"default\"): no token is stored\n"; env.Stderr.String() != want {
			t.Fatalf("stderr = %q, want %q", env.Stderr, want)
		}
	})
	t.Run("environment token stays", func(t *testing.T) {
		env := newAuthEnv(t, nil)
		env.login(t, sandbox.AdminToken1)
		t.Setenv("CONVO_TOKEN", sandbox.AdminToken2)
		env.Reset()
		if code := env.Run("auth", "logout"); code != 0 {
			t.Fatalf("exit %d; stderr:\n%s", code, env.Stderr)
		}
		if !strings.Contains(env.Stderr.String(), "! CONVO_TOKEN is still set and convo keeps using it") {
			t.Fatalf("stderr:\n%s", env.Stderr)
		}
		if keyringToken(t, "default") != "" {
			t.Fatal("the stored token was not removed")
		}
	})
}

func TestToken(t *testing.T) {
	tests := []struct {
		name   string
		stored string
		envTok string
		args   []string
		code   int
		stdout string
	}{
		{"stored", sandbox.AdminToken1, "", nil, 0, sandbox.AdminToken1 + "\n"},
		{"environment wins", sandbox.AdminToken1, sandbox.AdminToken2, nil, 0, sandbox.AdminToken2 + "\n"},
		{"none", "", "", nil, 4, ""},
		{"sandbox", "", "", []string{"--sandbox"}, 0, sandbox.AdminToken1 + "\n"},
		{"sandbox with environment", "", sandbox.AgentToken1, []string{"--sandbox"}, 0, sandbox.AgentToken1 + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newAuthEnv(t, nil)
			if tt.stored != "" {
				env.login(t, tt.stored)
			}
			t.Setenv("CONVO_TOKEN", tt.envTok)
			env.Reset()
			if code := env.Run(append(tt.args, "auth", "token")...); code != tt.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tt.code, env.Stderr)
			}
			if env.Stdout.String() != tt.stdout {
				t.Fatalf("stdout = %q, want %q", env.Stdout, tt.stdout)
			}
		})
	}
}

// auth status says who @me is: the profile's attendant, looked up, or how
// to set it; on the sandbox, the seeded user of its token.
func TestStatusAttendant(t *testing.T) {
	attendantLine := func(t *testing.T, env *authEnv, args ...string) string {
		t.Helper()
		env.Reset()
		env.Run(append([]string{"auth", "status"}, args...)...)
		for _, line := range strings.Split(env.Stdout.String(), "\n") {
			if rest, ok := strings.CutPrefix(line, "Attendant:"); ok {
				return strings.TrimSpace(rest)
			}
		}
		t.Fatalf("no Attendant line:\n%s", env.Stdout)
		return ""
	}
	env := newAuthEnv(t, nil)
	t.Setenv("CONVO_TOKEN", sandbox.AdminToken1)
	cmdtest.MustRun(t, env.Env, 0, "config", "set", "attendant", "2")
	if got := attendantLine(t, env); got != "Bruno Lima <bruno.lima@lojaexemplo.com.br> (id 2)" {
		t.Errorf("config attendant 2: %q", got)
	}
	if got, _ := statusJSON(t, env); !strings.Contains(env.Stdout.String(), `"attendant":{"id":2,"name":"Bruno Lima","email":"bruno.lima@lojaexemplo.com.br"}`) {
		t.Errorf("-o json: %v", got)
	}
	cmdtest.MustRun(t, env.Env, 0, "config", "set", "attendant", "carla.MENDES@lojaexemplo.com.br", "--profile", "work")
	if got := attendantLine(t, env, "--profile", "work"); got != "Carla Mendes <carla.mendes@lojaexemplo.com.br> (id 3)" {
		t.Errorf("profile work: %q", got)
	}
	t.Setenv("CONVO_ATTENDANT", "ninguem@lojaexemplo.com.br")
	if got := attendantLine(t, env); got != `ninguem@lojaexemplo.com.br (no user has the e-mail "ninguem@lojaexemplo.com.br"; see `+"`convo users list`)" {
		t.Errorf("unknown e-mail: %q", got)
	}
	t.Setenv("CONVO_TOKEN", "revoked")
	if got := attendantLine(t, env); got != "ninguem@lojaexemplo.com.br (not looked up: the token does not work)" {
		t.Errorf("refused token: %q", got)
	}
	// The sandbox's own tokens say whose they are, whatever the profile says.
	t.Setenv("CONVO_TOKEN", sandbox.AgentToken1)
	env.Token = sandbox.AgentToken1
	if got := attendantLine(t, env, "--sandbox"); got != "Bruno Lima <bruno.lima@lojaexemplo.com.br> (id 2)" {
		t.Errorf("--sandbox with the agent's token: %q", got)
	}
}
