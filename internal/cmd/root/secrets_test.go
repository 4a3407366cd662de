package root_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/cmd/root"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/config/credentials"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/sandbox"
)

// safeSecretFlags are the only flags whose names speak of a token or a
// password: none of them takes a secret as its value.
var safeSecretFlags = []string{
	"with-token",     // auth login: read the token from standard input
	"show-token",     // auth status: print the stored token
	"password-stdin", // users create/update: read the password from standard input
}

// TestNoFlagTakesASecret walks every command: a token or a password given as
// a flag value would show in `ps` and in the shell history.
func TestNoFlagTakesASecret(t *testing.T) {
	ios, _, _, _ := output.Test()
	cmd := root.NewCmdRoot(cmdutil.NewFactory("test", ios, nil))
	seen := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		check := func(fl *pflag.Flag) {
			seen++
			name := strings.ToLower(fl.Name)
			if !strings.Contains(name, "token") && !strings.Contains(name, "password") && !strings.Contains(name, "secret") {
				return
			}
			if !slices.Contains(safeSecretFlags, fl.Name) {
				t.Errorf("%s --%s: a secret must never be a flag value", c.CommandPath(), fl.Name)
			}
			if fl.Value.Type() != "bool" {
				t.Errorf("%s --%s takes a %s value", c.CommandPath(), fl.Name, fl.Value.Type())
			}
		}
		c.LocalFlags().VisitAll(check)
		c.InheritedFlags().VisitAll(check)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(cmd)
	if seen < 100 {
		t.Fatalf("visited only %d flags", seen)
	}
}

// convoAt runs convo in-process through the production factory (config,
// keyring and client as a user gets them), with stdin.
func convoAt(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	ios, in, out, errOut := output.Test()
	in.WriteString(stdin)
	code = root.Run(context.Background(), cmdutil.NewFactory("test", ios, nil), args)
	return code, out.String(), errOut.String()
}

// echoingProxy serves the sandbox, except that it refuses to create a
// contact whose phone ends in 7 with a message that quotes the request's
// Authorization header, as a careless gateway might.
func echoingProxy(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/api/v1/contacts" {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			if bytes.Contains(body, []byte(`7"`)) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusUnprocessableEntity)
				_, _ = io.WriteString(w, `{"success":false,"message":"Erro de validação","errors":[{"code":"INVALID_VALUE","field":"phone","message":"recusado para `+r.Header.Get("Authorization")+`"}]}`)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// TestTokenIsWrittenNowhereElse logs in and works with the CLI in a fresh
// home, config and data directory: with a keyring the token is in no file
// at all, without one only in hosts.yaml (0600). Nothing printed shows it
// either, --debug and errors that quote it included, except where asked for
// (auth token, auth status --show-token).
func TestTokenIsWrittenNowhereElse(t *testing.T) {
	for _, keyring := range []bool{true, false} {
		name := "with a keyring"
		if !keyring {
			name = "without a keyring"
		}
		t.Run(name, func(t *testing.T) {
			env := cmdtest.New(t)
			srv := httptest.NewServer(echoingProxy(sandbox.NewServer(env.Store, sandbox.Options{})))
			t.Cleanup(srv.Close)
			home := t.TempDir()
			work := filepath.Join(home, "work")
			configDir, dataDir := filepath.Join(home, ".config", "convo"), filepath.Join(home, ".local", "share", "convo")
			for k, v := range map[string]string{"HOME": home, "CONVO_CONFIG_DIR": configDir, "CONVO_DATA_DIR": dataDir,
				"XDG_CONFIG_HOME": filepath.Join(home, ".config"), "XDG_DATA_HOME": filepath.Join(home, ".local", "share"),
				"XDG_CACHE_HOME": filepath.Join(home, ".cache"), "TMPDIR": filepath.Join(home, "tmp")} {
				t.Setenv(k, v)
			}
			for _, d := range []string{work, os.Getenv("TMPDIR")} {
				if err := os.MkdirAll(d, 0o700); err != nil {
					t.Fatal(err)
				}
			}
			if keyring {
				credentials.MockKeyring(nil)
			} else {
				credentials.MockKeyring(errors.New("org.freedesktop.secrets was not provided by any .service files"))
			}
			token := sandbox.AdminToken1
			input := filepath.Join(work, "contatos.csv")
			if err := os.WriteFile(input, []byte("phone,name\n5511987650001,Ana\n5511987650007,Bruno\n"), 0o600); err != nil {
				t.Fatal(err)
			}

			runs := []struct {
				stdin     string
				args      []string
				code      int
				showToken bool
			}{
				{token + "\n", []string{"auth", "login", "--with-token", "--base-url", srv.URL}, 0, false},
				{"", []string{"auth", "status"}, 0, false},
				{"", []string{"auth", "status", "--show-token"}, 0, true},
				{"", []string{"auth", "token"}, 0, true},
				{"", []string{"config", "set", "output", "json"}, 0, false},
				{"", []string{"--debug", "tags", "list"}, 0, false},
				{"", []string{"--debug", "contacts", "create", "--phone", "5511987650017"}, 1, false},
				{"", []string{"contacts", "view", "424242"}, 1, false},
				{"", []string{"--debug", "contacts", "import", input}, 6, false},
				{"", []string{"contacts", "list", "--all", "--phone", "551198765"}, 0, false},
				{"", []string{"api", "GET", "channels"}, 0, false},
			}
			for _, r := range runs {
				code, stdout, stderr := convoAt(t, r.stdin, r.args...)
				if code != r.code {
					t.Errorf("convo %s: exit %d, want %d; stderr:\n%s", strings.Join(r.args, " "), code, r.code, stderr)
				}
				shown := strings.Contains(stdout+stderr, token)
				if shown != r.showToken {
					t.Errorf("convo %s: token shown %v, want %v; stdout:\n%s\nstderr:\n%s", strings.Join(r.args, " "), shown, r.showToken, stdout, stderr)
				}
			}

			// Every file written anywhere: only hosts.yaml may hold the token,
			// and only without a keyring.
			var holders, files []string
			err := filepath.WalkDir(home, func(path string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				files = append(files, path)
				data, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				if bytes.Contains(data, []byte(token)) {
					holders = append(holders, path)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			hosts := filepath.Join(configDir, credentials.HostsFile)
			var want []string
			if !keyring {
				want = []string{hosts}
			}
			if !slices.Equal(holders, want) {
				t.Errorf("files holding the token: %q, want %q (files written: %q)", holders, want, files)
			}
			for _, wanted := range []string{filepath.Join(configDir, "config.yaml"), filepath.Join(work, "contatos.csv.errors.csv")} {
				if !slices.Contains(files, wanted) {
					t.Errorf("%s was not written; files: %q", wanted, files)
				}
			}
			// The gateway's message quoted the token: the report has the row,
			// with the token masked.
			if report, err := os.ReadFile(filepath.Join(work, "contatos.csv.errors.csv")); err != nil || !bytes.Contains(report, []byte("recusado para Bearer ***")) {
				t.Errorf("report: %v\n%s", err, report)
			}
			for _, path := range files {
				if fi, err := os.Stat(path); err == nil && strings.HasPrefix(path, configDir) && fi.Mode().Perm() != 0o600 {
					t.Errorf("%s has mode %v, want 0600", path, fi.Mode().Perm())
				}
			}
			if fi, err := os.Stat(configDir); err != nil || fi.Mode().Perm() != 0o700 {
				t.Errorf("config dir: %v, %v; want mode 0700", fi.Mode(), err)
			}
		})
	}
}

// TestPlainHTTPToARemoteHost: convo refuses to send the token in clear text
// to a host that is not this machine (exit 2, nothing sent) unless
// --insecure-http says so. The "remote" host is this machine's own
// non-loopback address, so nothing leaves it.
func TestPlainHTTPToARemoteHost(t *testing.T) {
	cmdtest.New(t)
	ip := nonLoopbackIP(t)
	ln, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
	if err != nil {
		t.Skipf("cannot listen on %s: %v", ip, err)
	}
	var hits atomic.Int32
	srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"success":true,"data":[],"pagination":{"total":0,"per_page":50,"current_page":1,"last_page":1}}`)
	})}}
	srv.Start()
	t.Cleanup(srv.Close)

	code, stdout, stderr := convoAgainst(t, t.Context(), srv.URL, nil, "tags", "list")
	if code != 2 || hits.Load() != 0 {
		t.Errorf("exit %d after %d requests, want 2 and none", code, hits.Load())
	}
	assertOneErrorLine(t, stdout, stderr, "error: ", "refusing to send the token over plain http to a host that is not loopback; use https or --insecure-http")

	code, _, stderr = convoAgainst(t, t.Context(), srv.URL, nil, "--insecure-http", "tags", "list")
	if code != 0 || hits.Load() != 1 {
		t.Errorf("--insecure-http: exit %d after %d requests; stderr:\n%s", code, hits.Load(), stderr)
	}
}

// nonLoopbackIP is an IPv4 address of this machine that is not loopback.
func nonLoopbackIP(t *testing.T) string {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Skip(err)
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			return n.IP.String()
		}
	}
	t.Skip("this machine has no non-loopback IPv4 address")
	return ""
}

// TestSandboxServeWarnsWhenExposed: listening on every interface makes the
// sandbox, whose tokens are public, reachable from other machines; convo
// says so on stderr before serving.
func TestSandboxServeWarnsWhenExposed(t *testing.T) {
	cmdtest.New(t)
	ios, _, stdout, _ := output.Test()
	watch := &signalWriter{want: "sandbox-admin-2", seen: make(chan struct{})} // the banner's last token
	var stderr bytes.Buffer
	ios.Out = io.MultiWriter(stdout, watch)
	ios.ErrOut = &stderr
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go func() {
		select {
		case <-watch.seen:
		case <-time.After(20 * time.Second):
			t.Error("the sandbox did not start within 20s")
		}
		cancel()
	}()
	db := filepath.Join(t.TempDir(), "sandbox.db")
	code := root.Run(ctx, cmdutil.NewFactory("test", ios, nil), []string{"sandbox", "serve", "--addr", "0.0.0.0:0", "--db", db})
	if code != 0 && code != 130 {
		t.Errorf("exit %d; stderr:\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "warning: listening on ") || !strings.Contains(stderr.String(), "reachable from other machines") {
		t.Errorf("no warning on stderr:\n%s", stderr.String())
	}
	if strings.Contains(stdout.String(), "warning") {
		t.Errorf("the warning went to stdout:\n%s", stdout)
	}
}
