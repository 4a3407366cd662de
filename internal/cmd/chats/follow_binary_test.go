package chats_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/cmd/cmdtest/binary"
	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/sandbox/sandboxtest"
)

func TestMain(m *testing.M) { binary.Main(m) }

// TestFollowTheBinary follows the queue with the real binary, against a
// sandbox served over HTTP, polling every second: a customer's message is
// reported by the first poll after it, an answer makes the chat leave the
// queue, --exec sees every event, Ctrl-C ends with 130, and a restart with
// the cursor file reports only what changed meanwhile.
func TestFollowTheBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the convo binary")
	}
	bin := binary.Path(t)
	dir := t.TempDir()
	ctx := context.Background()
	store := sandboxtest.Seeded(t, filepath.Join(dir, "sandbox.db"))
	// polls counts the looks at the waiting queue.
	var polls atomic.Int64
	server := sandbox.NewServer(store, sandbox.Options{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == api.Prefix+"/chats" && r.URL.Query().Get("status") == "waiting" && r.URL.Query().Get("contact") == "" {
			polls.Add(1)
		}
		server.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	client, err := api.New(api.Options{BaseURL: srv.URL, Token: sandbox.AdminToken1})
	if err != nil {
		t.Fatal(err)
	}
	cursor, execLog := filepath.Join(dir, "queue.cursor"), filepath.Join(dir, "exec.log")

	start := func() *follower {
		t.Helper()
		cmd := exec.Command(bin, "chats", "follow", "--interval", "1s", "--cursor-file", cursor, "--exec", "cat >> "+execLog)
		cmd.Env = append(os.Environ(), "CONVO_BASE_URL="+srv.URL, "CONVO_TOKEN="+sandbox.AdminToken1,
			"CONVO_CONFIG_DIR="+filepath.Join(dir, "config"), "CONVO_DATA_DIR="+filepath.Join(dir, "data"),
			"HOME="+filepath.Join(dir, "home"), "CONVO_OUTPUT=", "CONVO_PROFILE=", "CONVO_SANDBOX=")
		fl := &follower{t: t, cmd: cmd, lines: make(chan string, 16)}
		cmd.Stdout, cmd.Stderr = fl, &fl.stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cmd.Process.Kill() })
		return fl
	}
	inbound := func(phone, channel, text string) int64 {
		t.Helper()
		if _, err := sandbox.Inbound(ctx, store, sandbox.AdminToken1, phone, channel, text); err != nil {
			t.Fatal(err)
		}
		return polls.Load()
	}

	// The first run sets its baseline: the cursor file says it is done.
	first := start()
	waitFor(t, "the cursor file", func() bool { _, err := os.Stat(cursor); return err == nil })
	at := inbound(cmdtest.Contact2Phone, sandbox.ChannelMain, "Alguém aí?")
	ev := first.next("message.received")
	if n := polls.Load(); n > at+1 {
		t.Errorf("reported by poll %d, after the message came before poll %d: later than one interval", n, at+1)
	}
	if !strings.Contains(ev, `"token":"`+chat2+`"`) || !strings.Contains(ev, `"content":"Alguém aí?"`) {
		t.Errorf("event %s, want Maria's chat with her message", ev)
	}
	if _, err := client.SendMessage(ctx, api.MessageSend{Phone: cmdtest.Contact2Phone, Channel: sandbox.ChannelMain, Type: "text", Content: "Sim, entregamos!"}); err != nil {
		t.Fatal(err)
	}
	if ev := first.next("chat.left_queue"); !strings.Contains(ev, `"token":"`+chat2+`"`) {
		t.Errorf("event %s, want Maria's chat leaving the queue", ev)
	}
	first.interrupt()

	// Stopped: a customer writes. The restart reports that alone.
	inbound("5521988887777", sandbox.ChannelWidget, "Oi! Primeira vez aqui.")
	second := start()
	if ev := second.next("message.received"); !strings.Contains(ev, `"phone":"5521988887777"`) {
		t.Errorf("after the restart: %s, want the new customer's message", ev)
	}
	// One whole poll more: nothing else comes.
	after := polls.Load()
	waitFor(t, "another poll", func() bool { return polls.Load() >= after+2 })
	second.interrupt()
	if extra := second.rest(); extra != "" {
		t.Errorf("the restart repeated or added events:\n%s", extra)
	}

	log, err := os.ReadFile(execLog)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(string(log), "\n"); got != 3 || strings.Count(string(log), `"type":"message.received"`) != 2 {
		t.Errorf("--exec saw %d events, want the 3 reported:\n%s", got, log)
	}
}

// follower is a running `convo chats follow` and the lines it printed.
type follower struct {
	t       *testing.T
	cmd     *exec.Cmd
	lines   chan string
	partial []byte
	stderr  bytes.Buffer
}

// Write takes the follower's standard output, a line at a time.
func (f *follower) Write(p []byte) (int, error) {
	f.partial = append(f.partial, p...)
	for {
		line, rest, ok := bytes.Cut(f.partial, []byte("\n"))
		if !ok {
			return len(p), nil
		}
		f.lines <- string(line)
		f.partial = rest
	}
}

// next waits for the next event line and checks its type.
func (f *follower) next(kind string) string {
	f.t.Helper()
	select {
	case line, ok := <-f.lines:
		if !ok || !strings.HasPrefix(line, `{"type":"`+kind+`",`) {
			f.t.Fatalf("next event %q (open %v), want %s; stderr:\n%s", line, ok, kind, f.stderr.String())
		}
		return line
	case <-time.After(20 * time.Second):
		f.t.Fatalf("no %s event within 20s; stderr:\n%s", kind, f.stderr.String())
	}
	return ""
}

// interrupt stops the follower as Ctrl-C does and checks it ends with 130.
func (f *follower) interrupt() {
	f.t.Helper()
	if err := f.cmd.Process.Signal(syscall.SIGINT); err != nil {
		f.t.Fatal(err)
	}
	err := f.cmd.Wait()
	close(f.lines)
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) || exitErr.ExitCode() != 130 {
		f.t.Errorf("after Ctrl-C: %v, want exit 130; stderr:\n%s", err, f.stderr.String())
	}
}

// rest is what the follower printed that no next took.
func (f *follower) rest() string {
	var out []string
	for line := range f.lines {
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// waitFor polls cond until it holds, failing the test after 20 seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 20s for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
