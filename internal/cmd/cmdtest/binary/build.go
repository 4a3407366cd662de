// Package binary gives tests the convo binary to run as a process, as a
// user or a release would. It is apart from cmdtest so that the child
// processes link nothing of cmdtest's unless their tests do.
package binary

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// Build compiles the convo binary into the test's temporary directory, with
// flags added to `go build` (such as -ldflags), and returns its path: for
// tests of the binary as a release builds it. Tests of convo's behaviour
// run the one Main provides, which costs no build.
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
