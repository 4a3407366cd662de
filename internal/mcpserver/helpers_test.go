package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/contract"
	"github.com/convo-cli/convo/internal/dirs"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/sandbox/sandboxtest"
)

// env is a seeded sandbox served in process, a data directory, and the
// requests the server sends, counted by method and path.
type env struct {
	t       *testing.T
	ctx     context.Context
	store   *sandbox.Store
	data    string
	team    string // the team file of saved replies
	handler http.Handler

	mu    sync.Mutex
	sends int // POST /messages the server sent
	// fault, when set, may answer a request in the sandbox's place: it
	// returns true when it did.
	fault func(w http.ResponseWriter, r *http.Request, next http.Handler) bool
}

func newEnv(t *testing.T) *env {
	t.Helper()
	dir := t.TempDir()
	t.Setenv(dirs.EnvDataDir, filepath.Join(dir, "data"))
	store := sandboxtest.Seeded(t, filepath.Join(dir, "sandbox.db"))
	e := &env{t: t, ctx: context.Background(), store: store, data: filepath.Join(dir, "data"), team: filepath.Join(dir, "team.yaml")}
	if err := os.WriteFile(e.team, []byte(teamFile), 0o600); err != nil {
		t.Fatal(err)
	}
	served := contract.Middleware(t, sandbox.NewServer(store, sandbox.Options{}))
	e.handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.mu.Lock()
		fault := e.fault
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/messages") {
			e.sends++
		}
		e.mu.Unlock()
		if fault != nil && fault(w, r, served) {
			return
		}
		served.ServeHTTP(w, r)
	})
	return e
}

// api is a client of the sandbox as the seeded admin, for the tests' own
// doings and for the server.
func (e *env) api() *api.Client { return e.apiAs(sandbox.AdminToken1) }

// apiAs is a client of the sandbox with token.
func (e *env) apiAs(token string) *api.Client {
	e.t.Helper()
	c, err := api.New(api.Options{BaseURL: "http://sandbox.localhost", Token: token, Transport: sandbox.Transport(e.handler), Timeout: 5 * time.Second})
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

// sent is how many POST /messages reached the sandbox.
func (e *env) sent() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.sends
}

// server is a server with opts (checked) over the sandbox, as the seeded
// admin (@me).
func (e *env) server(opts Options) *Server { return e.serverAs(opts, sandbox.AdminToken1, nil) }

// serverAs is a server with opts over the sandbox with token, as its
// seeded user (@me), on the clock now (nil: time.Now).
func (e *env) serverAs(opts Options, token string, now func() time.Time) *Server {
	e.t.Helper()
	if err := opts.Check(); err != nil {
		e.t.Fatal(err)
	}
	c := e.apiAs(token)
	return New(opts, Env{
		Version: "test", Client: func(context.Context) (*api.Client, error) { return c, nil },
		Me:          resolve.Me{Ref: sandbox.SeededAttendant(token)},
		TakeOnReply: true, DataDir: e.data, TeamFile: e.team, Log: testWriter{e.t}, Now: now,
	})
}

// teamFile is the team's saved replies.
const teamFile = `replies:
  - shortcut: frete
    title: Prazo de frete
    text: |
      Olá {{contact.first_name}}! Chega em {{prazo}} dias úteis.
      {{attendant.name}}
  - shortcut: rastreio
    title: Onde está meu pedido
    text: O pedido {{pedido}} saiu para entrega.
    channels: [widget]
`

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

// person answers the questions a server asks through the client.
type person struct {
	mu     sync.Mutex
	answer *sdk.ElicitResult
	asked  []string
}

func (p *person) handle(_ context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.asked = append(p.asked, req.Params.Message)
	return p.answer, nil
}

func (p *person) questions() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.asked...)
}

var (
	accept  = &sdk.ElicitResult{Action: "accept", Content: map[string]any{"send": true}}
	decline = &sdk.ElicitResult{Action: "decline"}
	cancel  = &sdk.ElicitResult{Action: "cancel"}
)

// connect is a client session with s over in-memory transports; with p
// the client can ask its person (elicitation); version is the protocol
// revision asked for ("" for the SDK's newest).
func connect(t *testing.T, s *Server, p *person, version string) *sdk.ClientSession {
	t.Helper()
	ctx := context.Background()
	var opts sdk.ClientOptions
	if p != nil {
		opts.ElicitationHandler = p.handle
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "1"}, &opts)
	ct, st := sdk.NewInMemoryTransports()
	ss, err := s.MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := client.Connect(ctx, ct, &sdk.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// call calls tool with args and returns its result; a protocol error
// fails the test.
func callTool(t *testing.T, cs *sdk.ClientSession, tool string, args map[string]any) *sdk.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	return res
}

// text is the result's text content, joined.
func text(res *sdk.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// data is the result's structured content, decoded.
func data(t *testing.T, res *sdk.CallToolResult) map[string]any {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("structured content %s: %v", b, err)
	}
	return m
}

// ok fails the test unless res is a success, and returns its data.
func ok(t *testing.T, res *sdk.CallToolResult) map[string]any {
	t.Helper()
	if res.IsError {
		t.Fatalf("tool error: %s", text(res))
	}
	return data(t, res)
}

// refused fails the test unless res is a tool error whose text holds want.
func refused(t *testing.T, res *sdk.CallToolResult, want string) {
	t.Helper()
	if !res.IsError {
		t.Fatalf("succeeded, want a tool error saying %q: %s", want, text(res))
	}
	if !strings.Contains(text(res), want) {
		t.Fatalf("tool error %q, want it to say %q", text(res), want)
	}
}

// chat is the token of the seeded chat of contact on channel, listed by
// the API.
func (e *env) chat(contact int64, channel string) string {
	e.t.Helper()
	chats, err := e.api().ListChats(api.ChatListParams{Contact: strconv.FormatInt(contact, 10), Channel: channel}).Collect(e.ctx)
	if err != nil || len(chats) == 0 {
		e.t.Fatalf("chat of contact %d on %s: %v (%d)", contact, channel, err, len(chats))
	}
	return chats[0].Token
}

// writes makes the customer of contact write on channel now, so that
// the chat's 24-hour window is open.
func (e *env) writes(contact int64, channel, text string) {
	e.t.Helper()
	c, err := e.api().GetContact(e.ctx, contact)
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := sandbox.Inbound(e.ctx, e.store, sandbox.AdminToken1, c.Data.Phone, channel, text); err != nil {
		e.t.Fatal(err)
	}
}

// audit is the audit log's entries.
func (e *env) audit() []Entry {
	e.t.Helper()
	f, err := os.Open(filepath.Join(e.data, AuditFile))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		e.t.Fatal(err)
	}
	defer f.Close()
	var out []Entry
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var en Entry
		if err := json.Unmarshal(sc.Bytes(), &en); err != nil {
			e.t.Fatalf("audit line %q: %v", sc.Text(), err)
		}
		out = append(out, en)
	}
	return out
}
