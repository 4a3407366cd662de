package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/convo-cli/convo/internal/cmd/cmdtest/binary"
)

func TestMain(m *testing.M) { binary.Main(m) }

// process runs the convo binary as a user would, on the sandbox of its
// own data directory.
type process struct {
	t   *testing.T
	bin string
	env []string
}

func newProcess(t *testing.T) *process {
	dir := t.TempDir()
	return &process{t: t, bin: binary.Path(t), env: []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + filepath.Join(dir, "home"),
		"CONVO_CONFIG_DIR=" + filepath.Join(dir, "config"),
		"CONVO_DATA_DIR=" + filepath.Join(dir, "data"),
		"DBUS_SESSION_BUS_ADDRESS=",
	}}
}

// run runs convo --sandbox args and returns its standard output; it must
// exit 0.
func (p *process) run(args ...string) string {
	p.t.Helper()
	cmd := exec.Command(p.bin, append([]string{"--sandbox"}, args...)...)
	cmd.Env = p.env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		p.t.Fatalf("convo %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

// asker is the person behind the client, answering every question alike.
type asker struct {
	mu     sync.Mutex
	action string
	asked  []string
}

func (a *asker) handle(_ context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.asked = append(a.asked, req.Params.Message)
	if a.action == "accept" {
		return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"send": true}}, nil
	}
	return &sdk.ElicitResult{Action: a.action}, nil
}

// serve starts convo --sandbox mcp serve with flags, as an assistant
// does, and connects to it over its standard input and output, asking
// for the protocol revision version ("" for the SDK's newest).
func (p *process) serve(a *asker, version string, flags ...string) (*sdk.ClientSession, *bytes.Buffer) {
	p.t.Helper()
	cmd := exec.Command(p.bin, append([]string{"--sandbox", "mcp", "serve"}, flags...)...)
	cmd.Env = p.env
	stderr := &bytes.Buffer{}
	cmd.Stderr = stderr
	var opts sdk.ClientOptions
	if a != nil {
		opts.ElicitationHandler = a.handle
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "e2e", Version: "1"}, &opts)
	cs, err := client.Connect(context.Background(), &sdk.CommandTransport{Command: cmd}, &sdk.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		p.t.Fatalf("connect: %v\n%s", err, stderr)
	}
	return cs, stderr
}

func call(t *testing.T, cs *sdk.ClientSession, tool string, args map[string]any) (map[string]any, string, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	var text []string
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			text = append(text, tc.Text)
		}
	}
	var data map[string]any
	if b, err := json.Marshal(res.StructuredContent); err == nil {
		_ = json.Unmarshal(b, &data)
	}
	return data, strings.Join(text, "\n"), res.IsError
}

// outgoing is the texts of the chat's outgoing messages, as convo lists
// them.
func (p *process) outgoing(chat string) []string {
	p.t.Helper()
	var msgs []struct {
		Content    string `json:"content"`
		Visibility string `json:"visibility"`
	}
	if err := json.Unmarshal([]byte(p.run("messages", "list", chat, "--direction", "outgoing", "--all", "-o", "json")), &msgs); err != nil {
		p.t.Fatal(err)
	}
	var out []string
	for _, m := range msgs {
		if m.Visibility == "client" {
			out = append(out, m.Content)
		}
	}
	return out
}

// TestServeOverStdio drives `convo --sandbox mcp serve` as an assistant
// does, with the SDK's client over the process's standard input and
// output: the 24-hour refusal, a reply a person approves and one they
// decline; after a restart, the approved key answered again without a
// second message; a message queued for a person and approved with convo
// mcp queue approve.
func TestServeOverStdio(t *testing.T) {
	p := newProcess(t)
	person := &asker{action: "accept"}
	cs, stderr := p.serve(person, "2025-11-25", "--allow-writes")
	if v := cs.InitializeResult().ProtocolVersion; v != "2025-11-25" {
		t.Errorf("negotiated %s", v)
	}
	chats, _, _ := call(t, cs, "list_chats", map[string]any{"contact": "5531958380742"})
	chat := chats["data"].([]any)[0].(map[string]any)["token"].(string)

	_, text, isErr := call(t, cs, "reply_to_chat", map[string]any{"chat": chat, "text": "Bom dia!", "idempotency_key": "e2e-stale"})
	if !isErr || !strings.Contains(text, "24-hour") {
		t.Fatalf("a reply outside the window: %v %s", isErr, text)
	}
	p.run("sandbox", "inbound", "--phone", "5531958380742", "--channel", "chatapp-main-001", "--text", "Vocês entregam em Campinas?")

	sent, text, isErr := call(t, cs, "reply_to_chat", map[string]any{"chat": chat, "text": "Entregamos sim, em até 3 dias úteis.", "idempotency_key": "e2e-1"})
	if isErr || sent["status"] != "sent" {
		t.Fatalf("approved: %s", text)
	}
	person.action = "decline"
	if _, text, isErr := call(t, cs, "reply_to_chat", map[string]any{"chat": chat, "text": "Algo mais?", "idempotency_key": "e2e-2"}); !isErr || !strings.Contains(text, "declined") {
		t.Fatalf("declined: %v %s", isErr, text)
	}
	if len(person.asked) != 2 || !strings.Contains(person.asked[0], "Maria Aparecida Santos (+5531958380742)") {
		t.Errorf("the person was asked %q", person.asked)
	}
	if err := cs.Close(); err != nil {
		t.Logf("close: %v", err)
	}
	if !strings.Contains(stderr.String(), "convo mcp: serving") {
		t.Errorf("stderr: %s", stderr)
	}

	// A restart, queueing for a person, on the newest protocol revision.
	cs, _ = p.serve(nil, "", "--allow-writes", "--approve", "queue")
	again, text, isErr := call(t, cs, "reply_to_chat", map[string]any{"chat": chat, "text": "Entregamos sim, em até 3 dias úteis.", "idempotency_key": "e2e-1"})
	if isErr || again["status"] != "sent" || again["message_id"] != sent["message_id"] {
		t.Fatalf("the key again after a restart: %s", text)
	}
	queued, text, isErr := call(t, cs, "reply_to_chat", map[string]any{"chat": chat, "text": "Seu pedido saiu para entrega.", "idempotency_key": "e2e-3"})
	if isErr || queued["status"] != "pending" {
		t.Fatalf("queued: %s", text)
	}
	if got := p.outgoing(chat); strings.Join(got, "|") != "Entregamos sim, em até 3 dias úteis." {
		t.Fatalf("before the approval the chat has %q", got)
	}
	id := queued["id"].(string)
	if list := p.run("mcp", "queue", "list"); !strings.Contains(list, id) || !strings.Contains(list, "pending") {
		t.Errorf("queue list: %s", list)
	}
	p.run("mcp", "queue", "approve", id)
	status, text, _ := call(t, cs, "send_status", map[string]any{"id": id})
	if status["status"] != "sent" {
		t.Errorf("after the approval: %s", text)
	}
	if got := p.outgoing(chat); strings.Join(got, "|") != "Entregamos sim, em até 3 dias úteis.|Seu pedido saiu para entrega." {
		t.Errorf("the chat's messages: %q", got)
	}
	cs.Close()
}
