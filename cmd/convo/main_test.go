package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/convo-cli/convo/internal/cmd/cmdtest/binary"
	"github.com/convo-cli/convo/internal/config"
	"github.com/convo-cli/convo/internal/dirs"
	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/sandbox/sandboxtest"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script from the actual output")

func TestMain(m *testing.M) { binary.BuildMain(m) }

// TestScripts runs the end-to-end scenarios of testdata/script: the real
// convo binary against a freshly seeded sandbox served on a free loopback
// port, one per script, with an empty config and data directory.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("..", "..", "testdata", "script"),
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		Setup:               setupScript,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"sandbox-restart":  cmdSandboxRestart,
			"sandbox-answered": cmdSandboxAnswered,
			"exit-code":        cmdExitCode,
		},
	})
}

// scriptSandbox is the sandbox server of one script.
type scriptSandbox struct {
	store  *sandbox.Store
	server *httptest.Server
	// answers counts the server's answers by status since it (re)started
	// or sandbox-answered last asked.
	answers *sandboxtest.Answers
}

const sandboxKey = "sandbox"

func setupScript(env *testscript.Env) error {
	path := filepath.Join(env.WorkDir, "sandbox.db")
	if err := sandboxtest.WriteSeeded(path); err != nil {
		return err
	}
	store, err := sandbox.Open(context.Background(), path)
	if err != nil {
		return err
	}
	sb := &scriptSandbox{store: store}
	sb.start(sandbox.Options{})
	env.Values[sandboxKey] = sb
	env.Defer(func() {
		sb.server.Close()
		store.Close()
	})
	// None of the variables convo reads, whatever the developer's
	// environment holds; then the script's own.
	for _, k := range append(config.EnvVars(), "DBUS_SESSION_BUS_ADDRESS") {
		env.Setenv(k, "")
	}
	for k, v := range map[string]string{
		"CONVO_BASE_URL":  sb.server.URL,
		"CONVO_TOKEN":     sandbox.AdminToken1,
		dirs.EnvConfigDir: filepath.Join(env.WorkDir, ".config", "convo"),
		dirs.EnvDataDir:   filepath.Join(env.WorkDir, ".local", "share", "convo"),
		"HOME":            filepath.Join(env.WorkDir, "home"),
	} {
		env.Setenv(k, v)
	}
	return nil
}

func (sb *scriptSandbox) start(opts sandbox.Options) {
	sb.answers = &sandboxtest.Answers{}
	opts.Logger = sb.answers.Logger()
	sb.server = httptest.NewServer(sandbox.NewServer(sb.store, opts))
}

// cmdSandboxRestart restarts the script's sandbox with fault options and
// points CONVO_BASE_URL at it; the database is kept:
//
//	sandbox-restart [latency=5ms] [fail-rate=0.2] [rate-limit=50]
func cmdSandboxRestart(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! sandbox-restart")
	}
	sb := ts.Value(sandboxKey).(*scriptSandbox)
	var opts sandbox.Options
	for _, arg := range args {
		var err error
		switch key, value, _ := strings.Cut(arg, "="); key {
		case "latency":
			opts.Latency, err = time.ParseDuration(value)
		case "fail-rate":
			opts.FailRate, err = strconv.ParseFloat(value, 64)
		case "rate-limit":
			opts.RateLimit, err = strconv.ParseFloat(value, 64)
		default:
			err = fmt.Errorf("unknown option %q", key)
		}
		ts.Check(err)
	}
	sb.server.Close()
	sb.start(opts)
	ts.Setenv("CONVO_BASE_URL", sb.server.URL)
}

// cmdSandboxAnswered checks that the script's sandbox answered with each
// status at least once since it last (re)started or was asked, or with !,
// never: so that a script under faults knows each run met them.
//
//	sandbox-answered 503 429
func cmdSandboxAnswered(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) == 0 {
		ts.Fatalf("usage: sandbox-answered STATUS...")
	}
	answered := ts.Value(sandboxKey).(*scriptSandbox).answers.Take()
	for _, arg := range args {
		status, err := strconv.Atoi(arg)
		ts.Check(err)
		n := answered[status]
		ts.Logf("the sandbox answered %d %d times", status, n)
		if (n > 0) == neg {
			ts.Fatalf("unexpected: the sandbox's answers by status are %v", answered)
		}
	}
}

// cmdExitCode runs a program like exec and checks its exact exit code, so
// that scripts can assert convo's documented codes:
//
//	exit-code 2 convo contacts view abc
func cmdExitCode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exit-code CODE program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var exitErr *exec.ExitError
		if !errors.As(err, &exitErr) {
			ts.Fatalf("%s: %v", args[1], err)
		}
		got = exitErr.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with %d, want %d", args[1], got, want)
	}
}
