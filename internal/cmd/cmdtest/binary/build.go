// Package binary gives tests the convo binary to run as a process, as a
// user or a release would. It is apart from cmdtest so that the child
// processes link nothing of cmdtest's unless their tests do.
package binary

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"
)

// Build compiles the convo binary into the test's temporary directory, with
// flags added to `go build` (such as -ldflags), and returns its path: for
// tests of the binary as a release builds it. Tests of convo's behaviour
// run the one Main or BuildMain provides.
func Build(t testing.TB, flags ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), name)
	if err := build(bin, flags...); err != nil {
		t.Fatal(err)
	}
	return bin
}

// build compiles the convo binary at dst with flags added to `go build`.
func build(dst string, flags ...string) error {
	args := append([]string{"build", "-o", dst}, flags...)
	cmd := exec.Command("go", append(args, "github.com/convo-cli/convo/cmd/convo")...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}
	return nil
}
