package binary

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/root"
)

// name is the name convo is run by, and the test binary answers to as
// convo.
const name = "convo"

// path is where Main or BuildMain put convo.
var path string

// Main is the TestMain of a package whose tests run convo as a process:
// the test binary itself, started under the name convo, is convo. It is
// put in a directory of its own at the head of PATH for the tests' run, so
// that "convo" names it in exec and in scripts, and Path gives its path.
// So no test links a binary of its own (a link takes seconds), and when
// the tests run with -race so does every convo they start: the packages
// whose tests are about concurrency and signals across processes use it.
func Main(m *testing.M) {
	if filepath.Base(os.Args[0]) == name {
		os.Exit(root.Main())
	}
	os.Exit(run(m, selfInstall))
}

// BuildMain is Main with convo built by `go build` once, before the tests,
// instead of the test binary: for a package whose tests run convo hundreds
// of times. Under -race a run of the race-built test binary costs two and
// a half times the CPU of a plain build's (cmd/convo's tests: 53 s of CPU
// with the one, 21 s with the other), far more than the one link.
func BuildMain(m *testing.M) {
	os.Exit(run(m, func(dst string) error { return build(dst) }))
}

// run puts convo in a directory of its own with install, at the head of
// PATH, runs the tests and removes it.
func run(m *testing.M, install func(dst string) error) int {
	dir, err := os.MkdirTemp("", "convo-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	if err := install(filepath.Join(dir, name)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	path = filepath.Join(dir, name)
	os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	// A program built with -race sleeps a second as it exits with
	// goroutines alive, to let their race reports out. Reports are written
	// as races happen and still make convo exit 66, so the children skip
	// the sleep: hundreds of runs, hundreds of seconds. A GORACE of the
	// caller's own comes after, so it wins.
	os.Setenv("GORACE", strings.TrimSpace("atexit_sleep_ms=0 "+os.Getenv("GORACE")))
	return m.Run()
}

// selfInstall puts the running test binary at dst: a hard link, or a copy
// where the two are on different file systems.
func selfInstall(dst string) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	if os.Link(exe, dst) == nil {
		return nil
	}
	in, err := os.Open(exe)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o700)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// Path is the convo the tests run, put in place by Main or BuildMain.
func Path(t testing.TB) string {
	t.Helper()
	if path == "" {
		t.Fatal("neither binary.Main nor binary.BuildMain is the TestMain of this package")
	}
	return path
}
