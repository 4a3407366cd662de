// Package cmdtest runs convo's command tree in-process for tests, against a
// real, freshly seeded sandbox and in-memory streams.
package cmdtest

import (
	"bytes"
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/root"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/prompt"
	"github.com/convo-cli/convo/internal/sandbox"
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
	handler http.Handler
}

// New returns an environment with a seeded sandbox and an empty config and
// data directory, no terminal anywhere and a clean convo environment.
func New(t testing.TB) *Env {
	t.Helper()
	for _, k := range []string{"CONVO_TOKEN", "CONVO_PROFILE", "CONVO_BASE_URL", "CONVO_OUTPUT", "CONVO_DEBUG",
		"CONVO_SANDBOX", "CONVO_NO_PROMPT", "CONVO_DEFAULT_COUNTRY", "CONVO_PAGER", "NO_COLOR", "DBUS_SESSION_BUS_ADDRESS"} {
		t.Setenv(k, "")
	}
	dir := t.TempDir()
	t.Setenv("CONVO_CONFIG_DIR", filepath.Join(dir, "config"))
	t.Setenv("CONVO_DATA_DIR", filepath.Join(dir, "data"))
	ctx := context.Background()
	store, err := sandbox.Open(ctx, filepath.Join(dir, "sandbox.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	if err := store.Seed(ctx, time.Now()); err != nil {
		t.Fatal(err)
	}
	ios, stdin, stdout, stderr := output.Test()
	return &Env{
		t: t, IO: ios, Stdin: stdin, Stdout: stdout, Stderr: stderr, Store: store,
		Token:   sandbox.AdminToken1,
		handler: sandbox.NewServer(store, sandbox.Options{}),
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
			UserAgent: "convo/test", MaxRetries: 0,
		})
	}
	f.Prompter = func() prompt.Prompter { return prompt.NewAccessible(strings.NewReader(e.Answers), e.Stderr) }
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
