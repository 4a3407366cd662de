//go:build unix

package root_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/cmd/cmdtest/binary"
	"github.com/convo-cli/convo/internal/config"
	"github.com/convo-cli/convo/internal/syncbuf"
)

func TestMain(m *testing.M) { binary.Main(m) }

// TestSignalsEndTheRunAsInterrupted stops the real binary while its request
// is in flight: SIGTERM, SIGQUIT and SIGHUP (the terminal closed) end it as
// Ctrl-C does (exit 130, "interrupted"), never with Go's goroutine dump and
// exit 2, the code of "nothing was sent", nor killed without a word. Started
// with hangups ignored (nohup), it ignores them.
func TestSignalsEndTheRunAsInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the convo binary")
	}
	bin := binary.Path(t)
	arrived := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived <- struct{}{}
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return slices.Contains(config.EnvVars(), name)
	})
	env = append(env, "CONVO_BASE_URL="+srv.URL, "CONVO_TOKEN=token", "CONVO_CONFIG_DIR="+t.TempDir(), "CONVO_DATA_DIR="+t.TempDir())
	start := func(t *testing.T, cmd *exec.Cmd) *syncbuf.Buffer {
		t.Helper()
		cmd.Env = env
		var stderr syncbuf.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// A guard against a hang, not a measure of speed.
		select {
		case <-arrived:
		case <-time.After(time.Minute):
			_ = cmd.Process.Kill()
			t.Fatalf("no request arrived; stderr:\n%s", stderr.String())
		}
		return &stderr
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGQUIT, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(bin, "tags", "list", "--max-retries", "0")
			stderr := start(t, cmd)
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			var exitErr *exec.ExitError
			if err := cmd.Wait(); !errors.As(err, &exitErr) || exitErr.ExitCode() != 130 {
				t.Errorf("%v: %v, want exit 130; stderr:\n%s", sig, err, stderr.String())
			}
			if got := stderr.String(); got != "interrupted\n" {
				t.Errorf("%v: stderr = %q, want %q", sig, got, "interrupted\n")
			}
		})
	}
	t.Run("nohup", func(t *testing.T) {
		cmd := exec.Command("sh", "-c", `trap '' HUP; exec "$0" tags list --max-retries 0`, bin)
		stderr := start(t, cmd)
		status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", cmd.Process.Pid))
		if err != nil {
			_ = cmd.Process.Kill()
			t.Skipf("no /proc to read the signal dispositions from: %v", err)
		}
		// SIGHUP is signal 1: the lowest bit of the masks.
		mask := func(name string) uint64 {
			for line := range strings.SplitSeq(string(status), "\n") {
				if v, ok := strings.CutPrefix(line, name+":"); ok {
					m, err := strconv.ParseUint(strings.TrimSpace(v), 16, 64)
					if err != nil {
						t.Fatal(err)
					}
					return m
				}
			}
			t.Fatalf("no %s in\n%s", name, status)
			return 0
		}
		if mask("SigIgn")&1 == 0 || mask("SigCgt")&1 != 0 {
			t.Errorf("started with hangups ignored, convo no longer ignores them:\n%s", status)
		}
		if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		var exitErr *exec.ExitError
		if err := cmd.Wait(); !errors.As(err, &exitErr) || exitErr.ExitCode() != 130 || stderr.String() != "interrupted\n" {
			t.Errorf("SIGINT: %v, stderr %q; want exit 130 and interrupted", err, stderr.String())
		}
	})
}
