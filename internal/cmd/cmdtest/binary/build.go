// Package binary builds the convo binary for tests that run it as a
// process, as a user or a release would. It is apart from cmdtest so that
// such a test links nothing of cmdtest's (the OpenAPI checker's heavy
// initialisation would show in start-up measures of the binary).
package binary

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// Build compiles the convo binary into the test's temporary directory, with
// flags added to `go build` (such as -ldflags), and returns its path: for
// tests that run convo as a process, as a user or a release would.
func Build(t testing.TB, flags ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "convo")
	args := append([]string{"build", "-o", bin}, flags...)
	cmd := exec.Command("go", append(args, "github.com/convo-cli/convo/cmd/convo")...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}
