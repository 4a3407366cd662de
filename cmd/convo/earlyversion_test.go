package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v3"

	"github.com/convo-cli/convo/internal/cmd/cmdtest/binary"
)

// TestEarlyVersionSkipsInitialisation builds convo as a release is built,
// with the linker flags of .goreleaser.yaml (so a stamp that names a
// package or variable that does not exist fails here, not in a release),
// and checks that the three ways of asking for the version print what cobra
// prints, without initialising the libraries: with GODEBUG=inittrace=1 the
// runtime names every package it initialises.
func TestEarlyVersionSkipsInitialisation(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary.Build(t, "-ldflags", releaseLDFlags(t, map[string]string{
		"{{.Version}}": "1.2.3", "{{.Commit}}": "0123456789abcdef0123", "{{.Date}}": "2026-11-01T10:00:00Z",
	}))
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

// releaseLDFlags returns the linker flags .goreleaser.yaml builds releases
// with, its template fields replaced by the values given.
func releaseLDFlags(t *testing.T, values map[string]string) string {
	t.Helper()
	raw, err := os.ReadFile("../../.goreleaser.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var config struct {
		Builds []struct {
			Ldflags []string `yaml:"ldflags"`
		} `yaml:"builds"`
	}
	if err := yaml.Unmarshal(raw, &config); err != nil || len(config.Builds) != 1 {
		t.Fatalf(".goreleaser.yaml: %v, %d builds, want 1", err, len(config.Builds))
	}
	flags := strings.Join(config.Builds[0].Ldflags, " ")
	for field, value := range values {
		if !strings.Contains(flags, field) {
			t.Fatalf(".goreleaser.yaml's ldflags do not stamp %s: %s", field, flags)
		}
		flags = strings.ReplaceAll(flags, field, value)
	}
	return flags
}
