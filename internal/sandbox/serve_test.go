package sandbox

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/contract"
	"github.com/convo-cli/convo/internal/syncbuf"
)

var listeningRE = regexp.MustCompile(`listening on (http://127\.0\.0\.1:[0-9]+) `)

// startServe runs Serve with cfg until the test ends (or stop is called)
// and returns its base URL, its output, and stop, which returns Serve's error.
func startServe(t *testing.T, cfg ServeConfig) (base string, stdout, stderr *syncbuf.Buffer, stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	stdout, stderr = &syncbuf.Buffer{}, &syncbuf.Buffer{}
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, cfg, stdout, stderr) }()
	stopped := false
	stop = func() error {
		cancel()
		if stopped {
			return nil
		}
		stopped = true
		select {
		case err := <-done:
			return err
		case <-time.After(10 * time.Second):
			t.Fatal("Serve did not stop")
			return nil
		}
	}
	t.Cleanup(func() { _ = stop() })
	for deadline := time.Now().Add(10 * time.Second); base == ""; {
		if m := listeningRE.FindStringSubmatch(stdout.String()); m != nil {
			base = m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("no base URL printed; stdout %q stderr %q", stdout.String(), stderr.String())
		} else {
			time.Sleep(10 * time.Millisecond)
		}
	}
	return base, stdout, stderr, stop
}

func TestServe(t *testing.T) {
	db := filepath.Join(t.TempDir(), "serve.db")
	base, stdout, stderr, stop := startServe(t, ServeConfig{Addr: "127.0.0.1:0", DB: db})
	for _, want := range []string{AdminToken1, AgentToken1, AdminToken2, db} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("banner lacks %q:\n%s", want, stdout.String())
		}
	}
	if stderr.String() != "" {
		t.Errorf("stderr: %q", stderr.String())
	}
	ctx := t.Context()

	client, err := api.New(api.Options{BaseURL: base, Token: AdminToken1, Transport: contract.RoundTripper(t, nil)})
	if err != nil {
		t.Fatal(err)
	}
	channels, err := client.ListChannels(api.ChannelListParams{}).Collect(ctx)
	if err != nil || len(channels) != 7 {
		t.Fatalf("channels over HTTP: %d, %v", len(channels), err)
	}
	if _, err := client.CreateTag(ctx, api.TagCreate{Text: "Servido"}); err != nil {
		t.Fatal(err)
	}

	if err := stop(); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	if _, err := http.Get(base + "/api/v1/channels"); err == nil {
		t.Error("the server still answers after shutdown")
	}
	// The database outlives the server.
	st, err := Open(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if tags, _, err := st.listTags(t.Context(), 1, "Servido", page{1, 10}); err != nil || len(tags) != 1 {
		t.Errorf("tag created through the server: %v, %v", tags, err)
	}
}

func TestServeFailsToListen(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	err = Serve(t.Context(), ServeConfig{Addr: ln.Addr().String()}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "listen on") {
		t.Errorf("Serve on a busy port: %v", err)
	}
}

func TestBaseURL(t *testing.T) {
	tests := []struct {
		addr, url string
		exposed   bool
	}{
		{"127.0.0.1:8080", "http://127.0.0.1:8080", false},
		{"[::1]:8080", "http://[::1]:8080", false},
		{"localhost:9000", "http://localhost:9000", false},
		{"0.0.0.0:8080", "http://127.0.0.1:8080", true},
		{"[::]:8080", "http://127.0.0.1:8080", true},
		{"192.168.0.10:8080", "http://192.168.0.10:8080", true},
	}
	for _, tt := range tests {
		if url, exposed := baseURL(tt.addr); url != tt.url || exposed != tt.exposed {
			t.Errorf("baseURL(%q) = %q, %v; want %q, %v", tt.addr, url, exposed, tt.url, tt.exposed)
		}
	}
}

// The in-process transport serves the ordinary API client without a socket:
// nothing listens at the base URL.
func TestTransport(t *testing.T) {
	st := openStore(t)
	client, err := api.New(api.Options{BaseURL: "http://localhost:1", Token: AgentToken1,
		Transport: contract.RoundTripper(t, Transport(NewServer(st, Options{})))})
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	channels, err := client.ListChannels(api.ChannelListParams{}).Collect(ctx)
	if err != nil || len(channels) != 2 {
		t.Fatalf("agent channels: %v, %v", channels, err)
	}
	all, err := client.ListContacts(api.ContactListParams{ListOptions: api.ListOptions{PerPage: 7}}).Follow(true).Collect(ctx)
	if err != nil || len(all) != 50 {
		t.Fatalf("every contact page by page: %d, %v", len(all), err)
	}
	created, err := client.CreateContact(ctx, api.ContactCreate{Phone: "5511987654321", Name: "Pelo transporte"})
	if err != nil || created.Message != "Contato criado com sucesso." {
		t.Fatalf("create: %+v, %v", created, err)
	}
	got, err := client.GetContact(ctx, created.Data.ID)
	if err != nil || got.Data.Name != "Pelo transporte" {
		t.Fatalf("get: %+v, %v", got, err)
	}
	_, err = client.GetContact(ctx, 999)
	var apiErr *api.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusNotFound || apiErr.Message != msgContactNotFound {
		t.Errorf("unknown contact: %v", err)
	}
	_, err = client.SendMessage(ctx, api.MessageSend{Phone: "5511987654321", Channel: ChannelSpare, Content: "x"})
	if !api.IsAuth(err) || err.Error() != msgForbidden {
		t.Errorf("send on a channel the agent lacks: %v", err)
	}

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	req, err := http.NewRequestWithContext(cancelled, http.MethodGet, "http://localhost:1/api/v1/channels", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Transport(NewServer(st, Options{})).RoundTrip(req); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled request: %v", err)
	}
}

func TestInbound(t *testing.T) {
	st := openStore(t)
	e := &testEnv{t: t, st: st, h: contract.Middleware(t, NewServer(st, Options{Now: func() time.Time { return testNow }}))}
	ctx := t.Context()
	const phone = "5511987654321"
	m, err := Inbound(ctx, st, AgentToken1, "+55 11 98765-4321", ChannelMain, "Olá, tudo bem?")
	if err != nil {
		t.Fatal(err)
	}
	if m.Direction != "incoming" || m.Visibility != "client" || m.User != nil || m.Signature != nil || m.Content != "Olá, tudo bem?" || m.Type != "text" {
		t.Errorf("message %+v", m)
	}
	if _, err := Inbound(ctx, st, AgentToken1, phone, ChannelMain, "Alguém aí?"); err != nil {
		t.Fatal(err)
	}
	chats := data[[]api.Chat](t, e.get(AdminToken1, "/chats?contact="+phone))
	if len(chats) != 1 || chats[0].Status != "waiting" || chats[0].UnreadCount != 2 || chats[0].LastMessage.Content != "Alguém aí?" {
		t.Errorf("chat of the new contact: %+v", chats)
	}
	if cts := data[[]api.Contact](t, e.get(AdminToken1, "/contacts?phone="+phone)); len(cts) != 1 || cts[0].Name != "" {
		t.Errorf("contact: %+v", cts)
	}
	// The company answered chat 1 last; the customer's message makes it wait.
	last, err := Inbound(ctx, st, AdminToken1, seedPhone(1), ChannelMain, "Chegou!")
	if err != nil {
		t.Fatal(err)
	}
	chat := data[[]api.Chat](t, e.get(AdminToken1, "/chats?contact="+seedPhone(1)+"&channel="+ChannelMain))[0]
	if chat.ID != 1 || chat.Status != "waiting" || chat.UnreadCount != 1 || chat.LastMessage.ID != last.ID {
		t.Errorf("chat 1: %+v", chat)
	}
	checkDocs(t, st)

	// A finished chat receives no new messages, nor does a closed one: the
	// customer's message opens a new chat, which waits.
	for _, contact := range []int64{3, 9} {
		m, err := Inbound(ctx, st, AdminToken1, seedPhone(contact), ChannelMain, "Olá de novo")
		if err != nil {
			t.Fatal(err)
		}
		chats := data[[]api.Chat](t, e.get(AdminToken1, "/chats?channel="+ChannelMain+"&contact="+seedPhone(contact)))
		if len(chats) != 2 || chats[0].ID != contact || chats[0].LastMessage.ID == m.ID {
			t.Fatalf("chats of contact %d: %+v", contact, chats)
		}
		if c := chats[1]; c.Status != "waiting" || !c.IsOpen || c.UnreadCount != 1 || c.LastMessage.ID != m.ID {
			t.Errorf("new chat of contact %d: %+v", contact, c)
		}
	}

	tests := []struct {
		name, token, phone, channel, text string
		status                            int
	}{
		{"unknown token", "nope", phone, ChannelMain, "x", http.StatusUnauthorized},
		{"bad phone", AdminToken1, "12", ChannelMain, "x", http.StatusUnprocessableEntity},
		{"no text", AdminToken1, phone, ChannelMain, " ", http.StatusUnprocessableEntity},
		{"unknown channel", AdminToken1, phone, "no-such-channel1", "x", http.StatusUnprocessableEntity},
		{"channel of another company", AdminToken2, phone, ChannelMain, "x", http.StatusUnprocessableEntity},
		{"channel the user lacks", AgentToken1, phone, "unofficial-ch-03", "x", http.StatusForbidden},
		{"disconnected channel", AdminToken1, phone, ChannelSpare, "x", http.StatusConflict},
	}
	for _, tt := range tests {
		_, err := Inbound(ctx, st, tt.token, tt.phone, tt.channel, tt.text)
		var apiErr *api.Error
		if !errors.As(err, &apiErr) || apiErr.StatusCode != tt.status {
			t.Errorf("%s: %v, want status %d", tt.name, err, tt.status)
		}
	}
}

// Every answer carries a Date from the server's clock, the clock of the
// created_at values it writes: in process as over HTTP, errors and injected
// faults included.
func TestDateHeader(t *testing.T) {
	st := openStore(t)
	clock := time.Date(2026, 5, 17, 13, 45, 12, 987654000, time.FixedZone("BRT", -3*3600))
	want := "Sun, 17 May 2026 16:45:12 GMT"
	fixed := func() time.Time { return clock }
	served := httptest.NewServer(NewServer(st, Options{Now: fixed}))
	defer served.Close()
	transports := map[string]http.RoundTripper{
		"in process":         Transport(NewServer(st, Options{Now: fixed})),
		"over HTTP":          served.Client().Transport,
		"in process, faults": Transport(NewServer(st, Options{Now: fixed, FailRate: 1})),
	}
	for name, tr := range transports {
		base := "http://sandbox.localhost"
		if name == "over HTTP" {
			base = served.URL
		}
		for _, path := range []string{"/api/v1/channels", "/api/v1/nope", "//api/v1/channels"} {
			req, err := http.NewRequest(http.MethodGet, base+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Authorization", "Bearer "+AdminToken1)
			resp, err := tr.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if got := resp.Header.Get("Date"); got != want {
				t.Errorf("%s, %s (%d): Date %q, want %q", name, path, resp.StatusCode, got, want)
			}
		}
	}
	// The answer to a write is dated by the clock of its created_at.
	res, err := Transport(NewServer(st, Options{Now: fixed})).RoundTrip(func() *http.Request {
		req, _ := http.NewRequest(http.MethodPost, "http://sandbox.localhost/api/v1/tags", strings.NewReader(`{"text":"Agora"}`))
		req.Header.Set("Authorization", "Bearer "+AdminToken1)
		return req
	}())
	if err != nil {
		t.Fatal(err)
	}
	r := decodeResponse(t, res.StatusCode, res.Header, readAll(t, res.Body))
	date, err := http.ParseTime(r.Header.Get("Date"))
	created := data[api.Tag](t, r).CreatedAt
	if err != nil || !created.Time.Truncate(time.Second).Equal(date) {
		t.Errorf("Date %v (%v) and created_at %v", date, err, created)
	}
}

func readAll(t *testing.T, r io.ReadCloser) []byte {
	t.Helper()
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// connWatch counts the connections a listener accepted that are not closed
// yet, and remembers the most open at once and how many were closed.
type connWatch struct {
	net.Listener
	mu                 sync.Mutex
	open, most, closed int
}

func (w *connWatch) Accept() (net.Conn, error) {
	c, err := w.Listener.Accept()
	if err != nil {
		return nil, err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.open++
	w.most = max(w.most, w.open)
	return &watchedConn{Conn: c, w: w}, nil
}

func (w *connWatch) counts() (open, most, closed int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.open, w.most, w.closed
}

type watchedConn struct {
	net.Conn
	w    *connWatch
	once sync.Once
}

func (c *watchedConn) Close() error {
	c.once.Do(func() {
		c.w.mu.Lock()
		defer c.w.mu.Unlock()
		c.w.open--
		c.w.closed++
	})
	return c.Conn.Close()
}

// serveWithLimits serves a seeded sandbox as Serve does, with limits, and
// watches the connections it accepts (under the limit, which frees a slot
// only once a connection is closed).
func serveWithLimits(t *testing.T, limits Limits) (addr string, watch *connWatch) {
	t.Helper()
	limits = limits.withDefaults()
	srv := limits.httpServer(t.Context(), NewServer(openStore(t), Options{}))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	watch = &connWatch{Listener: ln}
	go func() { _ = srv.Serve(limits.listen(watch)) }()
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String(), watch
}

// waitFor polls cond until it holds or 10 seconds have passed.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// A client that sends its body too slowly is answered 408 and cut off at
// the read timeout, instead of holding its connection as long as it likes.
func TestServeCutsOffSlowBodies(t *testing.T) {
	base, _, _, _ := startServe(t, ServeConfig{Addr: "127.0.0.1:0", Limits: Limits{ReadTimeout: 300 * time.Millisecond}})
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/v1/tags HTTP/1.1\r\nHost: sandbox\r\nAuthorization: Bearer %s\r\n"+
		"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"text\":", AdminToken1)
	if err := conn.SetReadDeadline(time.Now().Add(10 * time.Second)); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("no answer to a stalled body: %v", err)
	}
	decodeResponse(t, resp.StatusCode, resp.Header, readAll(t, resp.Body)).wantError(t, http.StatusRequestTimeout, msgTimeout, "", "")
	if _, err := br.ReadByte(); err != io.EOF {
		t.Errorf("the connection stays open: %v", err)
	}
}

// Many connections that send nothing hold at most MaxConns of the server at
// once, each only until the header timeout; then others are served.
func TestServeBoundsIdleConnections(t *testing.T) {
	addr, watch := serveWithLimits(t, Limits{ReadHeaderTimeout: 100 * time.Millisecond, MaxConns: 3})
	var idle []net.Conn
	for range 12 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		idle = append(idle, c)
	}
	for i, c := range idle {
		if err := c.SetReadDeadline(time.Now().Add(10 * time.Second)); err != nil {
			t.Fatal(err)
		}
		if _, err := io.ReadAll(c); err != nil {
			t.Fatalf("idle connection %d was not closed by the server: %v", i, err)
		}
	}
	req, err := http.NewRequest(http.MethodGet, "http://"+addr+"/api/v1/channels", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+AdminToken1)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("after the idle connections: %v, %v", resp, err)
	}
	resp.Body.Close()
	if _, most, _ := watch.counts(); most > 3 {
		t.Errorf("%d connections were open at once, more than MaxConns", most)
	}
}

// A client that sends requests and never reads the answers is cut off at
// the write timeout: the server does not hold its answers forever.
func TestServeCutsOffClientsThatDoNotRead(t *testing.T) {
	addr, watch := serveWithLimits(t, Limits{WriteTimeout: 300 * time.Millisecond})
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// 2,000 pages of 50 contacts, about 40 MB of answers: far more than the
	// sockets' buffers hold, so the server's writes block.
	go func() {
		req := fmt.Sprintf("GET /api/v1/contacts?per_page=100 HTTP/1.1\r\nHost: sandbox\r\nAuthorization: Bearer %s\r\n\r\n", AdminToken1)
		_, _ = io.WriteString(conn, strings.Repeat(req, 2000))
	}()
	waitFor(t, "the server to close the connection", func() bool { _, _, closed := watch.counts(); return closed == 1 })
}
