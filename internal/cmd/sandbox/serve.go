package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	sandboxapi "github.com/convo-cli/convo/internal/sandbox"
)

type serveOptions struct {
	f            *cmdutil.Factory
	addr         string
	db           string
	reset        bool
	latency      time.Duration
	failRate     float64
	rateLimit    float64
	externalRefs string
}

func newCmdServe(f *cmdutil.Factory) *cobra.Command {
	opts := &serveOptions{f: f}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the sandbox over HTTP",
		Long: `Serve the sandbox API over HTTP until Ctrl-C. It prints the base URL and the
tokens of the seeded users:

  sandbox-admin-1   company 1, admin (sees every channel)
  sandbox-agent-1   company 1, attendant of type user (sees only some channels)
  sandbox-admin-2   company 2, admin

The database is sandbox.db in the data directory, or --db FILE: a new or empty
file, or one a sandbox made. Any other file (not SQLite, or another program's
database) is refused with exit code 2 and left as it is.

It listens on loopback unless --addr says otherwise. Faults can be injected to
test how clients cope: --latency, --fail-rate (503 before the request is
processed) and --rate-limit (429 with Retry-After, per token).`,
		Example: `  # Each serves until Ctrl-C: on http://127.0.0.1:8080; on another port with a
  # database of its own seeded afresh; with faults injected. Then, from another
  # terminal, call it.
  convo sandbox serve  # needs Ctrl-C to stop
  convo sandbox serve --addr 127.0.0.1:9000 --db ./sandbox.db --reset
  convo sandbox serve --latency 20ms --fail-rate 0.05 --rate-limit 100
  curl -H 'Authorization: Bearer sandbox-admin-1' http://127.0.0.1:8080/api/v1/channels`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return serveRun(cmd.Context(), opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.addr, "addr", sandboxapi.DefaultAddr, "`ADDRESS` to listen on (port 0 picks a free one)")
	fl.StringVar(&opts.db, "db", "", "database `FILE` (default: sandbox.db in the data directory)")
	fl.BoolVar(&opts.reset, "reset", false, "empty the database and seed it again")
	fl.DurationVar(&opts.latency, "latency", 0, "add `DURATION` before every request, e.g. 20ms")
	fl.Float64Var(&opts.failRate, "fail-rate", 0, "answer this `FRACTION` of requests with 503 before processing them, e.g. 0.05")
	fl.Float64Var(&opts.rateLimit, "rate-limit", 0, "allow `N` requests per second per token, answering 429 beyond")
	fl.StringVar(&opts.externalRefs, "external-refs", "1000-9999", "`MIN-MAX` ids the linked external system knows (users' external_reference)")
	return cmd
}

func serveRun(ctx context.Context, opts *serveOptions) error {
	sopts, err := opts.serverOptions()
	if err != nil {
		return err
	}
	db := opts.db
	if db == "" {
		if db, err = defaultDB(); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Dir(db), 0o700); err != nil {
		return fmt.Errorf("create %s: %w", filepath.Dir(db), err)
	}
	ios := opts.f.IOStreams
	err = sandboxapi.Serve(ctx, sandboxapi.ServeConfig{Addr: opts.addr, DB: db, Reset: opts.reset, Options: sopts}, ios.Out, ios.ErrOut)
	if errors.Is(err, sandboxapi.ErrNotSandbox) {
		return notSandbox(err)
	}
	if ctx.Err() != nil && err == nil {
		// Stopping on Ctrl-C is how a server ends: not an interruption.
		return nil
	}
	return err
}

func (opts *serveOptions) serverOptions() (sandboxapi.Options, error) {
	var s sandboxapi.Options
	switch {
	case opts.latency < 0:
		return s, clierr.FlagErrorf("--latency must not be negative")
	case opts.failRate < 0 || opts.failRate > 1:
		return s, clierr.FlagErrorf("--fail-rate must be between 0 and 1, not %v", opts.failRate)
	case opts.rateLimit < 0:
		return s, clierr.FlagErrorf("--rate-limit must not be negative")
	}
	refs, err := parseRange(opts.externalRefs)
	if err != nil {
		return s, err
	}
	s.Latency, s.FailRate, s.RateLimit, s.ExternalRefs = opts.latency, opts.failRate, opts.rateLimit, refs
	return s, nil
}

func parseRange(s string) ([2]int64, error) {
	lo, hi, ok := strings.Cut(s, "-")
	a, errA := strconv.ParseInt(strings.TrimSpace(lo), 10, 64)
	b, errB := strconv.ParseInt(strings.TrimSpace(hi), 10, 64)
	if !ok || errA != nil || errB != nil || a < 1 || b < a {
		return [2]int64{}, clierr.FlagErrorf("--external-refs %q: want MIN-MAX, e.g. 1000-9999", s)
	}
	return [2]int64{a, b}, nil
}
