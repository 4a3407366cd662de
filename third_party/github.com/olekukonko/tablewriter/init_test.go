package tablewriter

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestInitLinksNoErrorPool checks, in a fresh process traced with
// GODEBUG=inittrace=1, that linking tablewriter no longer initialises
// github.com/olekukonko/errors, whose init() filled a pool of 100 errors
// (66 KB) in every program that linked it: the package's errors are made
// with the standard library.
func TestInitLinksNoErrorPool(t *testing.T) {
	if os.Getenv("TABLEWRITER_INIT_CHILD") == "1" {
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestInitLinksNoErrorPool$", "-test.count=1")
	cmd.Env = append(os.Environ(), "TABLEWRITER_INIT_CHILD=1", "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child process: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "init github.com/olekukonko/tablewriter/pkg/twwidth @") {
		t.Fatalf("no init trace in the child's output:\n%s", out)
	}
	if strings.Contains(string(out), "init github.com/olekukonko/errors @") {
		t.Error("linking tablewriter initialises github.com/olekukonko/errors")
	}
}
