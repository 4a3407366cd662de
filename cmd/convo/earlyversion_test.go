package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

// TestReleaseVersionSkipsInitialisation builds convo as a release is built,
// with the version stamped in, and checks that the three ways of asking for
// the version print what cobra prints, without initialising the libraries:
// with GODEBUG=inittrace=1 the runtime names every package it initialises.
func TestReleaseVersionSkipsInitialisation(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	const pkg = "github.com/convo-cli/convo/internal/build"
	bin := cmdtest.Build(t, "-ldflags",
		"-X "+pkg+".version=1.2.3 -X "+pkg+".commit=0123456789abcdef0123 -X "+pkg+".date=2026-11-01T10:00:00Z")
	const want = "convo version 1.2.3 (commit 0123456789ab, built 2026-11-01T10:00:00Z)\n"
	run := func(args ...string) (stdout, inits string) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "CONVO_CONFIG_DIR="+t.TempDir(), "CONVO_DATA_DIR="+t.TempDir())
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		if err := cmd.Run(); err != nil {
			t.Fatalf("convo %s: %v\n%s", strings.Join(args, " "), err, errOut.String())
		}
		return out.String(), errOut.String()
	}
	// Libraries that initialise in every full start: none may have run.
	libraries := []string{"github.com/spf13/cobra", "github.com/nyaruka/phonenumbers", "github.com/itchyny/gojq", "modernc.org/sqlite", "net/http"}
	for _, args := range [][]string{{"--version"}, {"-v"}, {"version"}} {
		out, inits := run(args...)
		if out != want {
			t.Errorf("convo %s printed %q, want %q", args[0], out, want)
		}
		for _, lib := range libraries {
			if strings.Contains(inits, "init "+lib+" @") {
				t.Errorf("convo %s initialised %s", args[0], lib)
			}
		}
	}
	// Anything more on the command line goes through cobra, which prints
	// the same line after initialising everything.
	for _, args := range [][]string{{"--no-color", "version"}, {"--version", "--no-color"}} {
		out, inits := run(args...)
		if out != want {
			t.Errorf("convo %s printed %q, want %q", strings.Join(args, " "), out, want)
		}
		if !strings.Contains(inits, "init github.com/nyaruka/phonenumbers @") {
			t.Errorf("convo %s did not initialise the libraries: is GODEBUG=inittrace=1 still reporting?\n%s", strings.Join(args, " "), inits)
		}
	}
}
