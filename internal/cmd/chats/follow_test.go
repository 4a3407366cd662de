package chats_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	chatscmd "github.com/convo-cli/convo/internal/cmd/chats"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/sandbox"
)

// event is a line of `chats follow -o ndjson`.
type event struct {
	Type string   `json:"type"`
	At   api.Time `json:"at"`
	Chat api.Chat `json:"chat"`
}

// follow runs `convo chats follow args...` and, after each poll, the step
// of the same number (from 1), without waiting for the interval; after the
// last step it stops as Ctrl-C would. It returns the waits asked for.
func follow(t *testing.T, env *cmdtest.Env, steps []func(), args ...string) []time.Duration {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var waits []time.Duration
	chatscmd.SetPollSleep(t, func(ctx context.Context, d time.Duration) error {
		waits = append(waits, d)
		if len(waits) > len(steps) {
			// As Ctrl-C would, even for a run of another context.
			cancel()
			return context.Canceled
		}
		steps[len(waits)-1]()
		return nil
	})
	env.Reset()
	if code := env.RunContext(ctx, append([]string{"chats", "follow"}, args...)...); code != 130 {
		t.Fatalf("chats follow %v: exit %d, want 130\nstdout:\n%s\nstderr:\n%s", args, code, env.Stdout, env.Stderr)
	}
	return waits
}

func events(t *testing.T, out string) []event {
	t.Helper()
	var evs []event
	for _, l := range lines(out) {
		if l != "" {
			evs = append(evs, cmdtest.DecodeJSON[event](t, []byte(l)))
		}
	}
	return evs
}

func kinds(evs []event) string {
	var out []string
	for _, e := range evs {
		out = append(out, e.Type+" "+e.Chat.Token)
	}
	return fmt.Sprint(out)
}

// inbound makes a customer write in, as `convo sandbox inbound` does.
func inbound(t *testing.T, env *cmdtest.Env, phone, channel, text string) *api.Message {
	t.Helper()
	m, err := sandbox.Inbound(context.Background(), env.Store, sandbox.AdminToken1, phone, channel, text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// answer sends text to phone on channel as an attendant would, without
// convo: the chat the customer waits in there is answered.
func answer(t *testing.T, env *cmdtest.Env, phone, channel, text string) {
	t.Helper()
	if _, err := env.Client(t, sandbox.AdminToken1).SendMessage(context.Background(), api.MessageSend{Phone: phone, Channel: channel, Type: "text", Content: text}); err != nil {
		t.Fatal(err)
	}
}

func TestFollowReportsMessagesAndAnsweredChats(t *testing.T) {
	env := cmdtest.New(t)
	var msg *api.Message
	waits := follow(t, env, []func(){
		func() { msg = inbound(t, env, cmdtest.Contact2Phone, sandbox.ChannelMain, "Alguém aí?") },
		func() { answer(t, env, cmdtest.Contact2Phone, sandbox.ChannelMain, "Sim! Entregamos em Campinas.") },
		func() {},
	})
	evs := events(t, env.Stdout.String())
	if got, want := kinds(evs), fmt.Sprint([]string{"message.received " + chat2, "chat.left_queue " + chat2}); got != want {
		t.Fatalf("events %s, want %s", got, want)
	}
	if !evs[0].At.Equal(msg.CreatedAt.Time) || evs[0].Chat.LastMessage == nil || evs[0].Chat.LastMessage.Content != "Alguém aí?" ||
		evs[0].Chat.Contact.Name != "Maria Aparecida Santos" {
		t.Errorf("message.received: %+v, want the chat listed with the customer's message, at its time", evs[0])
	}
	if fmt.Sprint(waits) != "[5s 5s 5s 5s]" {
		t.Errorf("waits %v, want the default interval of 5s", waits)
	}
	if env.Stderr.String() != "interrupted\n" {
		t.Errorf("stderr %q", env.Stderr)
	}
}

func TestFollowAtATerminal(t *testing.T) {
	env := cmdtest.New(t)
	env.SetTTY(false, true)
	env.IO.SetStderrTTY(true)
	env.IO.SetTerminalWidth(200)
	follow(t, env, []func(){
		func() {
			inbound(t, env, "5521988887777", sandbox.ChannelWidget, "Oi! Primeira vez aqui.\nVocês entregam em Niterói?")
		},
		func() {},
	}, "--channel", sandbox.ChannelWidget, "--interval", "2s")
	got := lines(env.Stdout.String())
	if len(got) != 1 || !strings.Contains(got[0], "  new message  +5521988887777  ") ||
		!strings.HasSuffix(got[0], "  Oi! Primeira vez aqui. Vocês entregam em Niterói?") {
		t.Errorf("terminal:\n%s", env.Stdout)
	}
	if want := "Following the waiting queue, 2 chats waiting; Ctrl-C stops.\n"; !strings.HasPrefix(env.Stderr.String(), want) {
		t.Errorf("stderr %q, want it to start with %q", env.Stderr, want)
	}
}

func TestFollowRestartsFromTheCursorFile(t *testing.T) {
	env := cmdtest.New(t)
	cursor := filepath.Join(t.TempDir(), "queue.cursor")
	follow(t, env, nil, "--cursor-file", cursor)
	if env.Stdout.Len() != 0 {
		t.Fatalf("the first run reported %q", env.Stdout)
	}
	// While convo is stopped, a customer writes and a chat is answered.
	inbound(t, env, cmdtest.Contact2Phone, sandbox.ChannelMain, "Ainda estou esperando.")
	answer(t, env, "5581954332597", "social-msgr-0005", "Temos loja em Recife, sim.") // Luís, chat 7

	follow(t, env, nil, "--cursor-file", cursor, "-o", "json")
	if got, want := kinds(events(t, env.Stdout.String())), fmt.Sprint([]string{"message.received " + chat2, "chat.left_queue " + chat7}); got != want {
		t.Errorf("after a restart: %s, want %s", got, want)
	}
	follow(t, env, nil, "--cursor-file", cursor)
	if env.Stdout.Len() != 0 {
		t.Errorf("a second restart repeated events:\n%s", env.Stdout)
	}
	// The file belongs to its filters.
	env.Reset()
	if code := env.Run("chats", "follow", "--cursor-file", cursor, "--channel", sandbox.ChannelWidget); code != 2 ||
		!strings.HasPrefix(env.Stderr.String(), "error: --cursor-file "+cursor+": the saved follow state was made for another destination or other filters; ") {
		t.Errorf("another filter: exit %d, stderr %q", code, env.Stderr)
	}
	if err := os.WriteFile(cursor, []byte("not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	env.Reset()
	if code := env.Run("chats", "follow", "--cursor-file", cursor); code != 2 || !strings.Contains(env.Stderr.String(), "does not hold a follow state") {
		t.Errorf("a file of something else: exit %d, stderr %q", code, env.Stderr)
	}
}

func TestFollowRunsExecForEachEvent(t *testing.T) {
	env := cmdtest.New(t)
	dir := t.TempDir()
	follow(t, env, []func(){
		func() {
			inbound(t, env, cmdtest.Contact2Phone, sandbox.ChannelMain, "Oi?")
			inbound(t, env, "5531900001111", sandbox.ChannelMain, "Bom dia")
		},
		func() {},
	}, "--exec", `cat > "`+dir+`/$CONVO_CHAT.json"; echo "got $CONVO_EVENT"; test "$CONVO_CHAT" != `+chat2)
	if n := len(events(t, env.Stdout.String())); n != 2 {
		t.Fatalf("%d events, want 2:\n%s", n, env.Stdout)
	}
	b, err := os.ReadFile(filepath.Join(dir, chat2+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var ev event
	if err := json.Unmarshal(b, &ev); err != nil || ev.Type != "message.received" || ev.Chat.Token != chat2 || !strings.HasSuffix(string(b), "}\n") {
		t.Errorf("the command's standard input: %q (%v)", b, err)
	}
	stderr := env.Stderr.String()
	if strings.Count(stderr, "got message.received\n") != 2 ||
		!strings.Contains(stderr, "! --exec failed for message.received of chat "+chat2+": exit status 1\n") {
		t.Errorf("stderr:\n%s", stderr)
	}
}

// apiDown puts in front of env's sandbox a switch that, on, answers every
// request 503, as an API that cannot be reached.
func apiDown(env *cmdtest.Env) *atomic.Bool {
	var down atomic.Bool
	env.Intercept(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if down.Load() {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusServiceUnavailable)
				w.Write([]byte(`{"success":false,"message":"Serviço indisponível."}`))
				return
			}
			next.ServeHTTP(w, r)
		})
	})
	env.AllowInvalidRequests()
	return &down
}

// An API that cannot be reached is reported and asked again, later each
// time, until it answers.
func TestFollowWaitsOutAnUnreachableAPI(t *testing.T) {
	env := cmdtest.New(t)
	down := apiDown(env)
	waits := follow(t, env, []func(){
		func() { down.Store(true) },
		func() {},
		func() {
			inbound(t, env, cmdtest.Contact2Phone, sandbox.ChannelMain, "Oi?")
			down.Store(false)
		},
		func() {},
	}, "--interval", "1s")
	if fmt.Sprint(waits) != "[1s 2s 4s 1s 1s]" {
		t.Errorf("waits %v, want the interval, doubled after each failure, then the interval again", waits)
	}
	want := "! Serviço indisponível.; trying again in 2s\n! Serviço indisponível.; trying again in 4s\nThe API answers again.\n"
	if !strings.HasPrefix(env.Stderr.String(), want) {
		t.Errorf("stderr:\n%s\nwant it to start with\n%s", env.Stderr, want)
	}
	if got := kinds(events(t, env.Stdout.String())); got != fmt.Sprint([]string{"message.received " + chat2}) {
		t.Errorf("events %s: the message written while the API was down is lost", got)
	}
}

// An API down when follow starts, before it could learn the tag, the
// attendant or the company it follows: said, and waited out as later.
func TestFollowWaitsOutAnAPIDownAtTheStart(t *testing.T) {
	env := cmdtest.New(t)
	down := apiDown(env)
	down.Store(true)
	waits := follow(t, env, []func(){
		func() {},
		func() { down.Store(false) },
		func() { inbound(t, env, cmdtest.Contact2Phone, sandbox.ChannelMain, "Oi?") },
		func() {},
	}, "--interval", "1s", "--tag", "Lead quente")
	if fmt.Sprint(waits) != "[2s 4s 1s 1s 1s]" {
		t.Errorf("waits %v, want the interval doubled after each failure, then the interval", waits)
	}
	want := "! Serviço indisponível.; trying again in 2s\n! Serviço indisponível.; trying again in 4s\nThe API answers again.\n"
	if !strings.HasPrefix(env.Stderr.String(), want) {
		t.Errorf("stderr:\n%s\nwant it to start with\n%s", env.Stderr, want)
	}
	if got := kinds(events(t, env.Stdout.String())); got != fmt.Sprint([]string{"message.received " + chat2}) {
		t.Errorf("events %s", got)
	}
}

// A customer who wrote while follow was stopped, and was answered before
// it started again, is reported after the restart: the message, with the
// chat as it is now, then the chat's leaving the queue.
func TestFollowCursorReportsWhatArrivedWhileStopped(t *testing.T) {
	env := cmdtest.New(t)
	cursor := filepath.Join(t.TempDir(), "queue.cursor")
	follow(t, env, []func(){}, "--cursor-file", cursor)
	if evs := events(t, env.Stdout.String()); len(evs) != 0 {
		t.Fatalf("the first run reported %s", kinds(evs))
	}
	msg := inbound(t, env, cmdtest.Contact2Phone, sandbox.ChannelMain, "Vocês entregam no sábado?")
	answer(t, env, cmdtest.Contact2Phone, sandbox.ChannelMain, "Entregamos, sim!")
	follow(t, env, []func(){}, "--cursor-file", cursor)
	evs := events(t, env.Stdout.String())
	if got, want := kinds(evs), fmt.Sprint([]string{"message.received " + chat2, "chat.left_queue " + chat2}); got != want {
		t.Fatalf("events after the restart %s, want %s", got, want)
	}
	if !evs[0].At.Equal(msg.CreatedAt.Time) || evs[0].Chat.Status != "entrance" || evs[0].Chat.LastMessage.Content != "Entregamos, sim!" {
		t.Errorf("message.received: %+v, want the chat as it is now, at the customer's message", evs[0])
	}
	follow(t, env, []func(){}, "--cursor-file", cursor)
	if evs := events(t, env.Stdout.String()); len(evs) != 0 {
		t.Errorf("a third run reported %s again", kinds(evs))
	}
}

func TestFollowRefusesBadFlags(t *testing.T) {
	env := cmdtest.New(t)
	for _, tt := range []struct{ args, stderr string }{
		{"--interval 500ms", `error: invalid --interval "500ms": want 1s or more`},
		{"--tag Nenhuma", `error: no tag named "Nenhuma"`},
		{"--attendant @me", "error: @me: no attendant is set"},
		{"--channel x", "error: channel: must be a channel token of exactly 16 characters (got 1)"},
	} {
		run(t, env, 2, append([]string{"chats", "follow"}, strings.Fields(tt.args)...)...)
		if !strings.HasPrefix(env.Stderr.String(), tt.stderr) {
			t.Errorf("%s: stderr %q, want %q", tt.args, env.Stderr, tt.stderr)
		}
	}
}
