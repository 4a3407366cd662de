// Package cmdtest runs convo's command tree in-process for tests, against a
// real, freshly seeded sandbox and in-memory streams. Nothing goes through
// the network, so a test of timeouts, backoffs and pauses can run in a
// synctest bubble (testing/synctest), where they take no time.
package cmdtest

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/root"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/config"
	"github.com/convo-cli/convo/internal/contract"
	"github.com/convo-cli/convo/internal/dirs"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/prompt"
	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/sandbox/sandboxtest"
)

// Env is one test's convo: streams, a sandbox and the token to use.
type Env struct {
	t      testing.TB
	IO     *output.IOStreams
	Stdin  *bytes.Buffer
	Stdout *bytes.Buffer
	Stderr *bytes.Buffer
	// Store is the sandbox's database, for asserting what a command changed.
	Store *sandbox.Store
	// Token is the bearer token the commands send (default sandbox-admin-1).
	Token string
	// Answers, when set, are typed at prompts one line each (huh's accessible
	// mode); set them together with SetTTY(true, true).
	Answers string
	// StdinLimit, when set, bounds the copy bulk commands make of standard
	// input (cmdutil.Factory.StdinLimit).
	StdinLimit int64
	handler    http.Handler
	// invalidRequests marks the requests as sent invalid on purpose.
	invalidRequests bool
}

// New returns an environment with a seeded sandbox and an empty config and
// data directory, no terminal anywhere and a clean convo environment.
func New(t testing.TB) *Env {
	t.Helper()
	Unsetenv(t)
	dir := t.TempDir()
	t.Setenv(dirs.EnvConfigDir, filepath.Join(dir, "config"))
	t.Setenv(dirs.EnvDataDir, filepath.Join(dir, "data"))
	store := sandboxtest.Seeded(t, filepath.Join(dir, "sandbox.db"))
	ios, stdin, stdout, stderr := output.Test()
	e := &Env{
		t: t, IO: ios, Stdin: stdin, Stdout: stdout, Stderr: stderr, Store: store,
		Token: sandbox.AdminToken1,
	}
	// Every request a command sends, and every answer, must be what
	// docs/openapi.yaml describes.
	checked := contract.Middleware(t, sandbox.NewServer(store, sandbox.Options{}))
	e.handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if e.invalidRequests {
			r.Header.Set(contract.SkipRequestHeader, "1")
		}
		checked.ServeHTTP(w, r)
	})
	return e
}

// AllowInvalidRequests lets the commands of the test send requests that
// docs/openapi.yaml does not allow (convo api sends what it is told; a
// missing token): their answers are still checked.
func (e *Env) AllowInvalidRequests() { e.invalidRequests = true }

// Unsetenv starts the test from none of the environment variables convo
// reads (config.EnvVars), and no session bus, so that the developer's own
// environment cannot leak into it.
func Unsetenv(t testing.TB) {
	t.Helper()
	for _, k := range append(config.EnvVars(), "DBUS_SESSION_BUS_ADDRESS") {
		t.Setenv(k, "")
		// Some count when set at all, even empty (CONVO_PAGER).
		os.Unsetenv(k)
	}
}

// SetTTY says whether stdin and stdout are terminals (both are needed to prompt).
func (e *Env) SetTTY(stdin, stdout bool) {
	e.IO.SetStdinTTY(stdin)
	e.IO.SetStdoutTTY(stdout)
}

// Run runs `convo args...` and returns the exit code. Output accumulates in
// Stdout and Stderr; Reset clears them.
func (e *Env) Run(args ...string) int {
	e.t.Helper()
	return e.RunContext(context.Background(), args...)
}

// RunContext is Run with ctx, which a test cancels as Ctrl-C would.
func (e *Env) RunContext(ctx context.Context, args ...string) int {
	e.t.Helper()
	f := cmdutil.NewFactory("test", e.IO, nil)
	f.APIClient = func(context.Context) (*api.Client, error) {
		return api.New(api.Options{
			BaseURL: "http://sandbox.localhost", Token: e.Token, Transport: sandbox.Transport(e.handler),
			UserAgent: "convo/test", MaxRetries: 0, Timeout: f.Settings.Timeout,
		})
	}
	f.Prompter = func() prompt.Prompter { return prompt.NewAccessible(strings.NewReader(e.Answers), e.Stderr) }
	f.StdinLimit = e.StdinLimit
	return root.Run(ctx, f, args)
}

// Intercept puts mw in front of the sandbox: it sees, and may change, every
// request the commands send. In-process requests are served on the
// command's goroutine, so mw may read Stdout and Stderr.
func (e *Env) Intercept(mw func(next http.Handler) http.Handler) {
	e.handler = mw(e.handler)
}

// Reset empties the output buffers.
func (e *Env) Reset() {
	e.Stdout.Reset()
	e.Stderr.Reset()
}
