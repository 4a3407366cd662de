package importer_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest/binary"
	"github.com/convo-cli/convo/internal/importer"
	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/sandbox/sandboxtest"
)

func TestMain(m *testing.M) { binary.Main(m) }

// TestInterruptAndResume runs the real binary against a slow sandbox, stops
// it in the middle (Ctrl-C, the terminal closed, then kill -9) and runs it
// again: every row must end up imported exactly once.
func TestInterruptAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the convo binary")
	}
	bin := binary.Path(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGHUP, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			e := newBinaryEnv(t, bin)
			const rows = 600
			csv := e.writeCSV(rows)

			first := e.start("contacts", "import", csv, "--concurrency", "4", "-o", "json")
			e.waitForContacts(rows / 4)
			if err := first.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err := first.Wait()
			var exitErr *exec.ExitError
			if !errors.As(err, &exitErr) {
				t.Fatalf("interrupted import: %v", err)
			}
			created := e.countContacts()
			if created >= rows {
				t.Fatalf("all %d rows were imported before the signal: make the sandbox slower", rows)
			}
			stopped := sig != syscall.SIGKILL // as Ctrl-C stops it
			if stopped {
				if code := exitErr.ExitCode(); code != 130 {
					t.Errorf("exit code %d, want 130; stderr:\n%s", code, e.stderr(first))
				}
				stderr := e.stderr(first)
				// With -o json the interruption is the error object.
				interrupted := `{"error":{"message":"interrupted","exit_code":130,"status":null,"errors":[]}}`
				for _, want := range []string{"To resume, run the same command again:\n  convo contacts import " + csv + " --concurrency=4 --output=json\n", "\n" + interrupted + "\n"} {
					if !strings.Contains(stderr, want) {
						t.Errorf("stderr lacks %q:\n%s", want, stderr)
					}
				}
				// Requests in flight finished and were counted: the summary
				// knows every contact the run created.
				if s := e.summary(first); !s.Interrupted || s.Created != created || s.Journal == nil {
					t.Errorf("summary %+v, but %d contacts were created", s, created)
				}
			}

			second := e.start("contacts", "import", csv, "--concurrency", "4", "-o", "json")
			if err := second.Wait(); err != nil {
				t.Fatalf("resumed import: %v\n%s", err, e.stderr(second))
			}
			s := e.summary(second)
			if s.Failed != 0 || s.Skipped != 0 || s.Created+s.AlreadyDone != rows {
				t.Errorf("resumed import %+v: want the %d rows created or already done, none skipped or failed", s, rows)
			}
			if stopped && s.AlreadyDone != created {
				t.Errorf("already done %d, want the %d the first run created", s.AlreadyDone, created)
			}
			if n := e.countContacts(); n != rows {
				t.Errorf("%d contacts after resuming, want %d", n, rows)
			}
		})
	}
}

// binaryEnv is a sandbox served with latency and the environment to run
// the binary against it.
type binaryEnv struct {
	t      *testing.T
	bin    string
	dir    string
	env    []string
	client *api.Client
	out    map[*exec.Cmd]*[2]bytes.Buffer
}

func newBinaryEnv(t *testing.T, bin string) *binaryEnv {
	t.Helper()
	dir := t.TempDir()
	store := sandboxtest.Seeded(t, filepath.Join(dir, "sandbox.db"))
	srv := httptest.NewServer(sandbox.NewServer(store, sandbox.Options{Latency: 15 * time.Millisecond}))
	t.Cleanup(srv.Close)
	client, err := api.New(api.Options{BaseURL: srv.URL, Token: sandbox.AdminToken1})
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(),
		"CONVO_BASE_URL="+srv.URL, "CONVO_TOKEN="+sandbox.AdminToken1,
		"CONVO_CONFIG_DIR="+filepath.Join(dir, "config"), "CONVO_DATA_DIR="+filepath.Join(dir, "data"),
		"HOME="+filepath.Join(dir, "home"), "CONVO_OUTPUT=", "CONVO_PROFILE=", "CONVO_SANDBOX=", "CONVO_DEFAULT_COUNTRY=")
	return &binaryEnv{t: t, bin: bin, dir: dir, env: env, client: client, out: map[*exec.Cmd]*[2]bytes.Buffer{}}
}

func (e *binaryEnv) writeCSV(rows int) string {
	var b strings.Builder
	b.WriteString("phone,name\n")
	for i := range rows {
		fmt.Fprintf(&b, "5547998%06d,Contato %d\n", i, i)
	}
	path := filepath.Join(e.dir, "contatos.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		e.t.Fatal(err)
	}
	return path
}

func (e *binaryEnv) start(args ...string) *exec.Cmd {
	e.t.Helper()
	cmd := exec.Command(e.bin, args...)
	cmd.Env = e.env
	cmd.Dir = e.dir
	out := &[2]bytes.Buffer{}
	cmd.Stdout, cmd.Stderr = &out[0], &out[1]
	if err := cmd.Start(); err != nil {
		e.t.Fatal(err)
	}
	e.out[cmd] = out
	e.t.Cleanup(func() { _ = cmd.Process.Kill() })
	return cmd
}

func (e *binaryEnv) stderr(cmd *exec.Cmd) string { return e.out[cmd][1].String() }

func (e *binaryEnv) summary(cmd *exec.Cmd) importer.Summary {
	e.t.Helper()
	var s importer.Summary
	if err := json.Unmarshal(e.out[cmd][0].Bytes(), &s); err != nil {
		e.t.Fatalf("summary on stdout: %v\n%s\nstderr:\n%s", err, e.out[cmd][0].String(), e.stderr(cmd))
	}
	return s
}

// countContacts is the number of imported contacts in the sandbox.
func (e *binaryEnv) countContacts() int {
	e.t.Helper()
	pager := e.client.ListContacts(api.ContactListParams{ListOptions: api.ListOptions{PerPage: 1}, Phone: "5547998"})
	for _, err := range pager.All(context.Background()) {
		if err != nil {
			e.t.Fatal(err)
		}
		break
	}
	return pager.Pagination().Total
}

func (e *binaryEnv) waitForContacts(n int) {
	e.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for e.countContacts() < n {
		if time.Now().After(deadline) {
			e.t.Fatalf("fewer than %d contacts after 30s", n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
