package broadcast_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/broadcast"
	"github.com/convo-cli/convo/internal/cmd/cmdtest/binary"
	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/sandbox/sandboxtest"
)

func TestMain(m *testing.M) { binary.Main(m) }

// server is a sandbox served on a loopback port of its own, which it keeps
// across restarts (the API root is part of a campaign's identity), with a
// hook that may answer the sends (POST /messages) itself.
type server struct {
	t     *testing.T
	store *sandbox.Store
	// path is the store's database file.
	path string
	addr string
	// faulty is the sandbox with the test's faults, plain without any.
	faulty, plain http.Handler

	mu    sync.Mutex
	srv   *http.Server
	sends int
	hook  func(n int, w http.ResponseWriter, r *http.Request) bool
	// answers counts the faulty sandbox's answers by status.
	answers sandboxtest.Answers
}

func newServer(t *testing.T, faults sandbox.Options) *server {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sandbox.db")
	store := sandboxtest.Seeded(t, path)
	s := &server{t: t, store: store, path: path, addr: "127.0.0.1:0", plain: sandbox.NewServer(store, sandbox.Options{})}
	faults.Logger = s.answers.Logger()
	s.faulty = sandbox.NewServer(store, faults)
	s.start()
	t.Cleanup(s.stop)
	return s
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost && r.URL.Path == api.Prefix+"/messages" {
		s.mu.Lock()
		s.sends++
		n, hook := s.sends, s.hook
		s.mu.Unlock()
		if hook != nil && hook(n, w, r) {
			return
		}
	}
	s.faulty.ServeHTTP(w, r)
}

// assertAnswered fails unless the server answered with each status at least once.
func (s *server) assertAnswered(statuses ...int) {
	s.t.Helper()
	answered := s.answers.Take()
	s.t.Logf("answers by status: %v", answered)
	for _, status := range statuses {
		if answered[status] == 0 {
			s.t.Errorf("the server never answered %d: the run met no such fault (answers by status: %v)", status, answered)
		}
	}
}

// start serves on s.addr; the first time on a free port, which it keeps.
func (s *server) start() {
	var (
		ln  net.Listener
		err error
	)
	for range 100 { // a port just closed may take a moment to be free
		if ln, err = net.Listen("tcp", s.addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		s.t.Errorf("listen on %s: %v", s.addr, err)
		return
	}
	srv := &http.Server{Handler: s}
	s.mu.Lock()
	s.addr, s.srv = ln.Addr().String(), srv
	s.mu.Unlock()
	go func() { _ = srv.Serve(ln) }()
}

func (s *server) stop() {
	s.mu.Lock()
	srv := s.srv
	s.mu.Unlock()
	_ = srv.Close()
}

// onSend sets the hook for the next run, its sends numbered from 1.
func (s *server) onSend(hook func(n int, w http.ResponseWriter, r *http.Request) bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sends, s.hook = 0, hook
}

// client asks the sandbox directly, without faults.
func (s *server) client() *api.Client {
	c, err := api.New(api.Options{BaseURL: "http://sandbox.localhost", Token: sandbox.AdminToken1, Transport: sandbox.Transport(s.plain)})
	if err != nil {
		s.t.Fatal(err)
	}
	return c
}

// sentTo counts the template messages each phone's chats on the main
// channel hold, as the API lists them.
func (s *server) sentTo(phones []string) map[string]int {
	s.t.Helper()
	ctx, c := context.Background(), s.client()
	counts := map[string]int{}
	for _, p := range phones {
		chats, err := c.ListChats(api.ChatListParams{ListOptions: api.ListOptions{PerPage: 100}, Contact: p, Channel: sandbox.ChannelMain}).Follow(true).Collect(ctx)
		if err != nil {
			s.t.Fatal(err)
		}
		for _, ch := range chats {
			msgs, err := c.ListMessages(ch.Token, api.MessageListParams{ListOptions: api.ListOptions{PerPage: 100}, Type: "template", Direction: "outgoing"}).Follow(true).Collect(ctx)
			if err != nil {
				s.t.Fatal(err)
			}
			counts[p] += len(msgs)
		}
	}
	return counts
}

// assertOnce fails unless every phone got exactly one message, and returns
// how many got one.
func (s *server) assertOnce(phones []string) {
	s.t.Helper()
	counts := s.sentTo(phones)
	bad := 0
	for _, p := range phones {
		if counts[p] != 1 {
			if bad++; bad <= 10 {
				s.t.Errorf("%s got %d messages, want 1", p, counts[p])
			}
		}
	}
	if bad > 10 {
		s.t.Errorf("… and %d more recipients without exactly one message", bad-10)
	}
}

// campaign is the convo binary sending one campaign to a sandbox.
type campaign struct {
	t      *testing.T
	bin    string
	dir    string
	env    []string
	args   []string
	phones []string
	// stdin, when set, is the file the runs read as standard input.
	stdin string

	mu   sync.Mutex
	proc *exec.Cmd
}

func newCampaign(t *testing.T, bin string, s *server, recipients int) *campaign {
	t.Helper()
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("phone,nome,numero_pedido\n")
	var phones []string
	for i := range recipients {
		p := fmt.Sprintf("55479910%05d", i)
		phones = append(phones, p)
		fmt.Fprintf(&b, "%s,Cliente %d,%d\n", p, i, 5000+i)
	}
	list := filepath.Join(dir, "clientes.csv")
	if err := os.WriteFile(list, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(),
		"CONVO_BASE_URL=http://"+s.addr, "CONVO_TOKEN="+sandbox.AdminToken1,
		"CONVO_CONFIG_DIR="+filepath.Join(dir, "config"), "CONVO_DATA_DIR="+filepath.Join(dir, "data"),
		"HOME="+filepath.Join(dir, "home"), "CONVO_OUTPUT=", "CONVO_PROFILE=", "CONVO_SANDBOX=", "CONVO_DEFAULT_COUNTRY=",
		"CONVO_DEBUG=", "CONVO_NO_PROMPT=1")
	return &campaign{t: t, bin: bin, dir: dir, env: env, phones: phones,
		args: []string{"messages", "broadcast", list, "--template", "boas_vindas", "--channel", sandbox.ChannelMain,
			"--rate", "0", "--yes", "-o", "json"}}
}

// result is a run's end.
type result struct {
	code           int
	stdout, stderr string
}

func (r result) summary(t *testing.T) broadcast.Summary {
	t.Helper()
	var s broadcast.Summary
	if err := json.Unmarshal([]byte(r.stdout), &s); err != nil {
		t.Fatalf("no summary on stdout: %v\n%s\nstderr:\n%s", err, r.stdout, r.stderr)
	}
	return s
}

// start runs the campaign in the background; wait ends it.
func (c *campaign) start(more ...string) (wait func() result) {
	c.t.Helper()
	cmd := exec.Command(c.bin, append(c.args, more...)...)
	cmd.Env, cmd.Dir = c.env, c.dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if c.stdin != "" {
		in, err := os.Open(c.stdin)
		if err != nil {
			c.t.Fatal(err)
		}
		c.t.Cleanup(func() { _ = in.Close() })
		cmd.Stdin = in
	}
	if err := cmd.Start(); err != nil {
		c.t.Fatal(err)
	}
	c.mu.Lock()
	c.proc = cmd
	c.mu.Unlock()
	c.t.Cleanup(func() { _ = cmd.Process.Kill() })
	return func() result {
		err := cmd.Wait()
		var exitErr *exec.ExitError
		if err != nil && !errors.As(err, &exitErr) {
			c.t.Fatal(err)
		}
		return result{code: cmd.ProcessState.ExitCode(), stdout: out.String(), stderr: errOut.String()}
	}
}

func (c *campaign) run(more ...string) result { return c.start(more...)() }

// signal sends sig to the running campaign.
func (c *campaign) signal(sig syscall.Signal) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.proc.Process.Signal(sig); err != nil {
		c.t.Errorf("signal %v: %v", sig, err)
	}
}

func convo(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the convo binary")
	}
	return binary.Path(t)
}

// Kill points, decided by the server as a send arrives.
const (
	// killBefore: the send arrives and the process dies; nothing is stored.
	killBefore = iota
	// killAfter: the message is stored and the process dies before the answer.
	killAfter
	// killAnswered: the answer is out and the process dies right after,
	// before the run records it.
	killAnswered
)

// killAt kills the campaign at its nth send, at the point given. It
// returns the phone of that send, known once the run has ended.
func killAt(s *server, c *campaign, nth, point int) (phone func() string) {
	var (
		mu  sync.Mutex
		got string
	)
	s.onSend(func(n int, w http.ResponseWriter, r *http.Request) bool {
		if n != nth {
			return false
		}
		raw, err := io.ReadAll(r.Body)
		var body api.MessageSend
		if err == nil {
			err = json.Unmarshal(raw, &body)
		}
		if err != nil {
			s.t.Errorf("send %d: %v", n, err)
		}
		r.Body = io.NopCloser(bytes.NewReader(raw))
		switch point {
		case killAfter:
			s.plain.ServeHTTP(newDiscard(), r)
		case killAnswered:
			s.plain.ServeHTTP(w, r)
			w.(http.Flusher).Flush()
			time.Sleep(5 * time.Millisecond) // the answer on its way
		}
		mu.Lock()
		got = body.Phone
		mu.Unlock()
		c.signal(syscall.SIGKILL)
		return true
	})
	return func() string {
		mu.Lock()
		defer mu.Unlock()
		return got
	}
}

// signalAt sends sig to the campaign as its nth send arrives, and lets
// that send go on.
func signalAt(s *server, c *campaign, nth int, sig syscall.Signal) {
	s.onSend(func(n int, w http.ResponseWriter, r *http.Request) bool {
		if n == nth {
			c.signal(sig)
		}
		return false
	})
}

// discard is a ResponseWriter that keeps nothing.
type discard struct{ h http.Header }

func newDiscard() *discard                     { return &discard{h: http.Header{}} }
func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(b []byte) (int, error) { return len(b), nil }
func (d *discard) WriteHeader(int)             {}

// TestKillAndResume stops a campaign with kill -9 at three moments of a
// send, under faults, and runs it again each time: every recipient gets
// exactly one message.
func TestKillAndResume(t *testing.T) {
	t.Parallel()
	bin := convo(t)
	s := newServer(t, sandbox.Options{FailRate: 0.2, RateLimit: 100, Latency: 2 * time.Millisecond})
	c := newCampaign(t, bin, s, 100)

	for i, kill := range []struct{ nth, point int }{{20, killBefore}, {25, killAfter}, {30, killAnswered}} {
		killAt(s, c, kill.nth, kill.point)
		if r := c.run(); r.code != -1 {
			t.Fatalf("run %d was not killed: exit %d\n%s", i+1, r.code, r.stderr)
		}
	}
	s.onSend(nil)
	r := c.run()
	if r.code != 0 {
		t.Fatalf("last run: exit %d\n%s", r.code, r.stderr)
	}
	sum := r.summary(t)
	if sum.Sent+sum.AlreadySent != 100 || sum.Failed != 0 {
		t.Errorf("last run: %+v", sum)
	}
	s.assertOnce(c.phones)
	s.assertAnswered(http.StatusServiceUnavailable)
}

// TestInterruptAndResume stops a campaign with Ctrl-C: the sends in flight
// finish, exit 130 says how to resume, nothing is left in doubt, and the
// rerun sends to the rest.
func TestInterruptAndResume(t *testing.T) {
	t.Parallel()
	bin := convo(t)
	s := newServer(t, sandbox.Options{Latency: 2 * time.Millisecond})
	c := newCampaign(t, bin, s, 150)
	signalAt(s, c, 40, syscall.SIGINT)
	r := c.run()
	if r.code != 130 {
		t.Fatalf("exit %d, want 130\n%s", r.code, r.stderr)
	}
	// The campaign runs with -o json: the interruption is its error object.
	interrupted := `{"error":{"message":"interrupted","exit_code":130,"status":null,"errors":[]}}`
	for _, want := range []string{"To send to the rest, run the same command again (it sends to nobody twice):\n  convo messages broadcast ", "\n" + interrupted + "\n"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	first := r.summary(t)
	counts := s.sentTo(c.phones)
	got := 0
	for _, n := range counts {
		got += n
	}
	if !first.Interrupted || first.Sent != got || got >= 150 {
		t.Errorf("summary %+v, %d messages in the sandbox", first, got)
	}

	s.onSend(nil)
	r = c.run()
	if r.code != 0 {
		t.Fatalf("resumed: exit %d\n%s", r.code, r.stderr)
	}
	if strings.Contains(r.stderr, "may have been sent") {
		t.Errorf("Ctrl-C left recipients in doubt:\n%s", r.stderr)
	}
	if sum := r.summary(t); sum.AlreadySent != first.Sent || sum.Sent != 150-first.Sent {
		t.Errorf("resumed: %+v after %d sent", sum, first.Sent)
	}
	s.assertOnce(c.phones)
}

// TestServerRestartInTheMiddle restarts the sandbox while sends are in
// flight: the run rides it out and every recipient gets one message.
func TestServerRestartInTheMiddle(t *testing.T) {
	t.Parallel()
	bin := convo(t)
	s := newServer(t, sandbox.Options{Latency: 2 * time.Millisecond})
	c := newCampaign(t, bin, s, 150)
	restarted := make(chan struct{})
	s.onSend(func(n int, w http.ResponseWriter, r *http.Request) bool {
		if n == 50 {
			go func() {
				s.stop()
				time.Sleep(time.Second)
				s.start()
				close(restarted)
			}()
		}
		return false
	})
	r := c.run()
	<-restarted
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	if sum := r.summary(t); sum.Sent != 150 || sum.Failed != 0 {
		t.Errorf("summary %+v", sum)
	}
	s.assertOnce(c.phones)
}

// TestUnderFaults: a fifth of the requests failing (503) and a rate limit
// of 10 requests a second (429), low enough that the run meets it however
// slow the machine: every recipient once, nothing failed.
func TestUnderFaults(t *testing.T) {
	t.Parallel()
	bin := convo(t)
	s := newServer(t, sandbox.Options{FailRate: 0.2, RateLimit: 10, Latency: 2 * time.Millisecond})
	c := newCampaign(t, bin, s, 50)
	r := c.run()
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	if sum := r.summary(t); sum.Sent != 50 || sum.Failed != 0 {
		t.Errorf("summary %+v", sum)
	}
	s.assertOnce(c.phones)
	s.assertAnswered(http.StatusServiceUnavailable, http.StatusTooManyRequests)
}

// TestOneRunOfACampaignAtATime: while a campaign sends, a second run of it
// is refused before it sends anything, whatever journal each names (or
// none, when the first named one): one campaign has one lock.
func TestOneRunOfACampaignAtATime(t *testing.T) {
	t.Parallel()
	bin := convo(t)
	for name, journals := range map[string][2][]string{
		"the same journal":                    {nil, nil},
		"the default journal, then --journal": {nil, {"--journal", "outra.journal"}},
		"--journal, then the default journal": {{"--journal", "campanha.journal"}, nil},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := newServer(t, sandbox.Options{})
			c := newCampaign(t, bin, s, 8)
			arrived, release := make(chan struct{}), make(chan struct{})
			s.onSend(func(n int, w http.ResponseWriter, r *http.Request) bool {
				if n == 1 {
					close(arrived)
					<-release
				}
				return false
			})
			wait := c.start(journals[0]...)
			<-arrived
			second := c.run(journals[1]...)
			close(release)
			// The campaign runs with -o json: the refusal is its error object.
			if second.code != 2 || !strings.Contains(second.stderr, `"message":"another convo run is sending this campaign; wait for it to end, or stop it first","exit_code":2`) {
				t.Errorf("second run: exit %d\n%s", second.code, second.stderr)
			}
			if r := wait(); r.code != 0 {
				t.Errorf("first run: exit %d\n%s", r.code, r.stderr)
			}
			s.assertOnce(c.phones)
		})
	}
}
