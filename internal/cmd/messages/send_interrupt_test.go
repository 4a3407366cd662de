package messages_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/cmd/root"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/output"
)

const newPhone = "5511987654321" // nobody's phone in the seed

// maybeSent is what messages send says when the request reached the server
// and its answer did not arrive.
var maybeSent = "The message may have been sent: the request reached the server, but its answer did not arrive.\n" +
	"Check before sending it again: find the contact's chat on the channel, then its latest messages:\n" +
	"  convo chats list --contact " + newPhone + " --channel " + mainChannel + "\n" +
	"  convo messages list CHAT_TOKEN --direction outgoing\n"

// TestInterruptedAfterTheServerGotIt: Ctrl-C after the server received the
// message (here it even created it) says it may have gone out and how to
// check, and the check finds it.
func TestInterruptedAfterTheServerGotIt(t *testing.T) {
	env := cmdtest.New(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	env.Intercept(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r)
			if r.Method == http.MethodPost && r.URL.Path == "/api/v1/messages" {
				cancel() // Ctrl-C before the answer is back
				<-r.Context().Done()
			}
		})
	})
	env.Reset()
	if code := env.RunContext(ctx, sendTo(newPhone, "--text", "Seu pedido saiu.")...); code != 130 {
		t.Fatalf("exit %d, want 130; stderr:\n%s", code, env.Stderr)
	}
	if env.Stdout.Len() != 0 || env.Stderr.String() != maybeSent+"interrupted\n" {
		t.Fatalf("stdout %q; stderr:\n%s\nwant:\n%sinterrupted", env.Stdout, env.Stderr, maybeSent)
	}
	// The commands it names find the message.
	run(t, env, 0, "chats", "list", "--contact", newPhone, "--channel", mainChannel, "--fields", "token")
	token := strings.TrimSpace(env.Stdout.String())
	run(t, env, 0, "messages", "list", token, "--direction", "outgoing", "--fields", "content")
	if env.Stdout.String() != "Seu pedido saiu.\n" {
		t.Errorf("messages of chat %q: %q", token, env.Stdout)
	}
}

// sendAgainst runs messages send with the production client against the
// server at baseURL; errOut also receives what stderr does.
func sendAgainst(t *testing.T, ctx context.Context, baseURL string, errOut io.Writer, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	t.Setenv("CONVO_TOKEN", "tok-interrupt")
	t.Setenv("CONVO_BASE_URL", baseURL)
	ios, _, out, errBuf := output.Test()
	ios.ErrOut = io.MultiWriter(errBuf, errOut)
	code = root.Run(ctx, cmdutil.NewFactory("test", ios, nil), args)
	return code, out.String(), errBuf.String()
}

// watcher calls fn once what was written to it holds want.
type watcher struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	want string
	fn   func()
}

func (w *watcher) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if w.fn != nil && strings.Contains(w.buf.String(), w.want) {
		w.fn()
		w.fn = nil
	}
	return len(p), nil
}

// TestInterruptedSend: over HTTP, Ctrl-C while the server holds the
// request may have sent the message; Ctrl-C while convo waits to retry
// after a 429 sent nothing, and says so.
func TestInterruptedSend(t *testing.T) {
	cmdtest.New(t)
	tests := []struct {
		name    string
		handler func(arrived func()) http.HandlerFunc
		// cancelOn is what stderr shows when the test presses Ctrl-C;
		// empty: when the request arrives.
		cancelOn string
		want     string
	}{
		{"the server holds the request", func(arrived func()) http.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.ReadAll(r.Body)
				arrived()
				<-r.Context().Done()
			}
		}, "", maybeSent},
		{"waiting to retry after a 429", func(func()) http.HandlerFunc {
			return func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Retry-After", "30")
				w.WriteHeader(http.StatusTooManyRequests)
				fmt.Fprint(w, `{"success":false,"message":"Muitas requisições. Tente novamente em instantes."}`)
			}
		}, "! retry 1 of 3 in 30s\n", "Nothing was sent: the request was stopped before it reached the server.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			srv := httptest.NewServer(tt.handler(cancel))
			t.Cleanup(srv.Close)
			watch := &watcher{want: tt.cancelOn}
			args := sendTo(newPhone, "--text", "Seu pedido saiu.")
			if tt.cancelOn != "" {
				watch.fn = cancel
				args = append(args, "--debug")
			}
			code, stdout, stderr := sendAgainst(t, ctx, srv.URL, watch, args...)
			// With --debug, the log comes first.
			if code != 130 || stdout != "" || !strings.HasSuffix(stderr, tt.want+"interrupted\n") ||
				tt.cancelOn == "" && stderr != tt.want+"interrupted\n" || strings.Count(stderr, "sent") != 1 {
				t.Errorf("exit %d, stdout %q; stderr:\n%s\nwant it to end with:\n%sinterrupted", code, stdout, stderr, tt.want)
			}
		})
	}
}
