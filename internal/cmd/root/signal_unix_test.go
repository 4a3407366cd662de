//go:build unix

package root_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
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
// is in flight: SIGTERM and SIGQUIT end it as Ctrl-C does (exit 130,
// "interrupted"), never with Go's goroutine dump and exit 2, the code of
// "nothing was sent".
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
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGQUIT} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(bin, "tags", "list", "--max-retries", "0")
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
}
