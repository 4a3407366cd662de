package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
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

// TestMain runs 4 tests per CPU at a time unless -parallel says otherwise:
// this package's tests mostly wait (on convo processes, a terminal's
// screen, rate limits, backoffs and polls), and one per CPU left the CPUs
// idle half of the run.
func TestMain(m *testing.M) {
	flag.Parse()
	parallel := false
	flag.Visit(func(f *flag.Flag) { parallel = parallel || f.Name == "test.parallel" })
	if !parallel {
		if err := flag.Set("test.parallel", strconv.Itoa(4*runtime.GOMAXPROCS(0))); err != nil {
			panic(err)
		}
	}
	binary.BuildMain(m)
}

// TestScripts runs the end-to-end scenarios of testdata/script: the real
// convo binary against a freshly seeded sandbox served on a free loopback
// port, one per script, with an empty config and data directory.
func TestScripts(t *testing.T) {
	t.Parallel()
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

// scriptSandbox is the sandbox server of one script, on the script's
// database: `convo sandbox serve`, a process of the convo the scripts run,
// or, once the script restarts it with faults, a server in the test
// process, whose answers sandbox-answered counts. In the race-built test
// process SQLite costs several times the CPU it does in convo (a script's
// sandbox took half of the test process's CPU time), and the sandbox's
// own tests race-check it.
type scriptSandbox struct {
	db  string
	env []string // convo's environment for sandbox serve
	url string
	// stop stops the server; the database is kept.
	stop func() error
	// answers counts the in-process server's answers by status since it
	// started or sandbox-answered last asked; nil for sandbox serve.
	answers *sandboxtest.Answers
}

const sandboxKey = "sandbox"

func setupScript(env *testscript.Env) error {
	path := filepath.Join(env.WorkDir, "sandbox.db")
	if err := sandboxtest.WriteSeeded(path); err != nil {
		return err
	}
	// None of the variables convo reads, whatever the developer's
	// environment holds; then the script's own.
	for _, k := range append(config.EnvVars(), "DBUS_SESSION_BUS_ADDRESS") {
		env.Setenv(k, "")
	}
	for k, v := range map[string]string{
		"CONVO_TOKEN":     sandbox.AdminToken1,
		dirs.EnvConfigDir: filepath.Join(env.WorkDir, ".config", "convo"),
		dirs.EnvDataDir:   filepath.Join(env.WorkDir, ".local", "share", "convo"),
		"HOME":            filepath.Join(env.WorkDir, "home"),
	} {
		env.Setenv(k, v)
	}
	sb := &scriptSandbox{db: path, env: slices.Clone(env.Vars)}
	if err := sb.serve(); err != nil {
		return err
	}
	env.Values[sandboxKey] = sb
	env.Defer(func() {
		if err := sb.stop(); err != nil {
			env.T().Log(err)
		}
	})
	env.Setenv("CONVO_BASE_URL", sb.url)
	return nil
}

// serve serves the script's database with `convo sandbox serve`.
func (sb *scriptSandbox) serve() error {
	url, stop, err := sandboxServe(sb.db, sb.env)
	if err != nil {
		return err
	}
	sb.url, sb.stop, sb.answers = url, stop, nil
	return nil
}

// sandboxServe starts `convo sandbox serve` on a free port with the
// database db and the environment env, and returns its base URL and what
// stops it (as Ctrl-C does).
func sandboxServe(db string, env []string) (url string, stop func() error, err error) {
	r, w, err := os.Pipe()
	if err != nil {
		return "", nil, err
	}
	cmd := exec.Command("convo", "sandbox", "serve", "--addr", "127.0.0.1:0", "--db", db)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = w, &stderr
	err = cmd.Start()
	w.Close()
	if err != nil {
		r.Close()
		return "", nil, err
	}
	// The rest of the banner waits in the pipe, which stays open while the
	// server runs: a write to a closed pipe would end it.
	stop = func() error {
		defer r.Close()
		_ = cmd.Process.Signal(os.Interrupt)
		if err := cmd.Wait(); err != nil {
			return fmt.Errorf("convo sandbox serve: %v\n%s", err, stderr.Bytes())
		}
		return nil
	}
	// A guard against a server that never says where it listens, not a
	// measure of speed: it is killed, and its stderr told.
	if err := r.SetReadDeadline(time.Now().Add(time.Minute)); err != nil {
		return "", nil, errors.Join(err, stop())
	}
	line, err := bufio.NewReader(r).ReadString('\n')
	m := listening.FindStringSubmatch(line)
	if err != nil || m == nil {
		_ = cmd.Process.Kill()
		return "", nil, errors.Join(fmt.Errorf("convo sandbox serve printed %q: %v", line, err), stop())
	}
	return m[1], stop, nil
}

// listening finds the base URL in the first line of sandbox serve's banner.
var listening = regexp.MustCompile(`listening on (http://\S+)`)

// serveInProcess serves the database from the test process with opts.
func (sb *scriptSandbox) serveInProcess(opts sandbox.Options) error {
	store, err := sandbox.Open(context.Background(), sb.db)
	if err != nil {
		return err
	}
	sb.answers = &sandboxtest.Answers{}
	opts.Logger = sb.answers.Logger()
	server := httptest.NewServer(sandbox.NewServer(store, opts))
	sb.url = server.URL
	sb.stop = func() error {
		server.Close()
		return store.Close()
	}
	return nil
}

// cmdSandboxRestart restarts the script's sandbox, with fault options in
// the test process, and points CONVO_BASE_URL at it; the database is kept:
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
	ts.Check(sb.stop())
	if len(args) == 0 {
		ts.Check(sb.serve())
	} else {
		ts.Check(sb.serveInProcess(opts))
	}
	ts.Setenv("CONVO_BASE_URL", sb.url)
}

// cmdSandboxAnswered checks that the script's sandbox, restarted with
// faults, answered with each status at least once since it (re)started or
// was last asked, or with !, never: so that a script under faults knows
// each run met them.
//
//	sandbox-answered 503 429
func cmdSandboxAnswered(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) == 0 {
		ts.Fatalf("usage: sandbox-answered STATUS...")
	}
	answers := ts.Value(sandboxKey).(*scriptSandbox).answers
	if answers == nil {
		ts.Fatalf("sandbox-answered counts the answers of a sandbox restarted with faults")
	}
	answered := answers.Take()
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
