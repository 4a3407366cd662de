package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/sandbox"
)

// TestCompletionGivesUpQuickly runs the real binary against a server that
// never answers: completion waits cmdutil.CompletionTimeout once, whatever
// --timeout and --max-retries say, and ends with no candidates, nothing but
// cobra's directive note on stderr (no --debug log), and exit status 0.
func TestCompletionGivesUpQuickly(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)

	dir := t.TempDir()
	cmd := exec.Command("convo", "__complete", "--timeout", "1m", "--max-retries", "5", "--debug", "chats", "transfer", "")
	cmd.Env = append(os.Environ(),
		"CONVO_BASE_URL="+srv.URL, "CONVO_TOKEN="+sandbox.AdminToken1, "CONVO_SANDBOX=", "CONVO_PROFILE=", "CONVO_DEBUG=",
		"CONVO_CONFIG_DIR="+filepath.Join(dir, "config"), "CONVO_DATA_DIR="+filepath.Join(dir, "data"), "DBUS_SESSION_BUS_ADDRESS=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	elapsed := time.Since(start)
	if err != nil {
		t.Fatalf("exit: %v\nstderr: %s", err, stderr.String())
	}
	if stdout.String() != ":4\n" {
		t.Errorf("stdout = %q, want no candidates", stdout.String())
	}
	if want := "Completion ended with directive: ShellCompDirectiveNoFileComp\n"; stderr.String() != want {
		t.Errorf("stderr = %q, want %q", stderr.String(), want)
	}
	if elapsed < cmdutil.CompletionTimeout || elapsed > cmdutil.CompletionTimeout+3*time.Second {
		t.Errorf("completion took %s, want one wait of %s (no retries, no longer timeout)", elapsed, cmdutil.CompletionTimeout)
	}
}
