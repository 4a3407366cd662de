//go:build linux

package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/sandbox"
	"github.com/convo-cli/convo/internal/sandbox/sandboxtest"
	"github.com/convo-cli/convo/internal/syncbuf"
)

// What a customer writes to act on the terminal of the attendant who reads
// it: OSC 52 (writes the clipboard), OSC 8 (a link that shows other text),
// OSC 0 (the window's title), CSI 2J (clears the screen), a carriage return
// that writes over the line, CSI as one C1 character, and a right-to-left
// override that shows "gnp.exe" as "exe.png". hostileShort fits a tag.
const (
	hostileText  = "Ana\x1b]52;c;cHduZWQ=\x07\x1b]8;;https://evil.example/\x1b\\clique\x1b]8;;\x1b\\\x1b]0;owned\x07\x1b[2J ok\rFORJADO \u009b31m\u202egnp.exe"
	hostileShort = "VIP\x1b]52;c;cHduZWQ=\x07\x1b[2J\u009b1m\u202e\rFORJADO"
	// The same places filled with harmless text, for the runs that show
	// which escape sequences are convo's own.
	benignText  = "Ana [52] [8] https://evil.example/ clique [0] [2J] ok FORJADO 31m gnp.exe"
	benignShort = "VIP [52] [2J] 1m FORJADO"
)

// hostileSequences are byte sequences of the hostile text: none may reach
// a terminal raw, more often than the same command writes it of its own
// accord for harmless text.
var hostileSequences = []string{"\x1b]52;", "\x1b]8;", "\x1b]0;", "\x1b[2J", "\x1b\\", "\x07", "\rFORJADO", "\u009b", "\u202e"}

// redraw is how a full-screen program clears the screen to draw it whole:
// the cursor's move home, then the clear.
const redraw = "\x1b[H\x1b[2J"

// shownEscapes are what the hostile text looks like when it is shown, not
// obeyed: caret notation, or the escapes of JSON and YAML.
var shownEscapes = []string{"^[", `\u001b`, `\e`}

// hostileRun is one command of TestHostileTextActsOnNothing. A command that
// does not end by itself (a prompt, a follow) is stopped once it is
// waiting: in a terminal by keys, once it showed wait (for a prompt, its
// help line: it reads keys then); in a pipe, where no prompt is shown, by
// SIGINT once pipeReady says so. poke, when set, makes something happen
// once it waits; then it is stopped once it showed poked (pipePoked in a
// pipe).
type hostileRun struct {
	name string
	args []string
	// reset, when set, runs before each run.
	reset      func()
	wait, keys string
	pipeReady  func(output string) bool
	poke       func()
	poked      string
	pipePoked  string
	// showsNothing: the command shows none of the hostile text, in a
	// terminal or in a pipe (quietInPipe): it is run for what it might
	// show anyway.
	showsNothing, quietInPipe bool
}

// TestHostileTextActsOnNothing runs the real binary, in a pseudo-terminal
// and through a pipe, on every path that shows text from the API or from an
// input file: the formats of lists and objects, --jq and --template, the
// desk's views, follow lines, prompts, saved replies, the plan of a broadcast, the
// summary of an import, error lines, export, the inbox. The sandbox holds
// hostile names, tags, custom fields, notes, messages and a template. Each
// command runs twice: on harmless text, then on the hostile text in the
// same places; the hostile run may hold none of hostileSequences more
// often than the harmless one (convo's own colours and layout are in
// both), and shows the hostile text as visible escapes.
func TestHostileTextActsOnNothing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := context.Background()
	db := filepath.Join(dir, "sandbox.db")
	store := sandboxtest.Seeded(t, db)
	srv := httptest.NewServer(sandbox.NewServer(store, sandbox.Options{}))
	t.Cleanup(srv.Close)
	// A saved reply whose text takes the contact's name and a custom field.
	teamFile := filepath.Join(dir, "team.yaml")
	if err := os.WriteFile(teamFile, []byte("replies:\n  - shortcut: hostil\n    text: \"Olá {{contact.name}} ({{contact.customfields.empresa}}), seu cupom é {{cupom}}.\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "CONVO_TEAM_FILE="+teamFile,
		"CONVO_CONFIG_DIR="+filepath.Join(dir, "config"), "CONVO_DATA_DIR="+filepath.Join(dir, "data"),
		"CONVO_TOKEN="+sandbox.AdminToken1, "CONVO_BASE_URL="+srv.URL, "CONVO_ATTENDANT=2",
		"CONVO_SANDBOX=", "CONVO_PROFILE=", "CONVO_DEBUG=", "CONVO_OUTPUT=", "NO_COLOR=", "DBUS_SESSION_BUS_ADDRESS=",
		"TERM=xterm-256color", "PAGER=cat")

	// Maria Aparecida Santos, contact 2, whose chat waits on the main
	// channel. (internal/cmd/cmdtest names these facts of the seed, but
	// would link its test dependencies into every convo the scripts run.)
	const maria, chat = "5531958380742", "bf7e5b62f66d65a3a450"
	input := filepath.Join(dir, "lista.csv")
	var tagID int64
	fill := func(text, short string) {
		if tagID == 0 {
			var tag struct{ Data api.Tag }
			sandboxCall(t, srv.URL, http.MethodPost, "/tags", map[string]any{"text": short}, &tag)
			tagID = tag.Data.ID
		} else {
			sandboxCall(t, srv.URL, http.MethodPut, fmt.Sprintf("/tags/%d", tagID), map[string]any{"text": short}, nil)
		}
		sandboxCall(t, srv.URL, http.MethodPut, "/contacts/2", map[string]any{"name": text, "tags": []int64{tagID},
			"customfields": map[string]any{"empresa": `=HYPERLINK("http://x","ok")` + short}}, nil)
		sandboxCall(t, srv.URL, http.MethodPost, "/contacts/2/notes", map[string]any{"content": text}, nil)
		if _, err := sandbox.Inbound(ctx, store, sandbox.AdminToken1, maria, sandbox.ChannelMain, text+"\nsegunda linha"); err != nil {
			t.Fatal(err)
		}
		setTemplateText(t, db, "lembrete_visita", "Olá {{1}}, "+text+" em {{2}}.")
		var b bytes.Buffer
		w := csv.NewWriter(&b)
		_ = w.WriteAll([][]string{{"phone", "name", "tags", short}, {maria, text, short + " novo", "x"}, {"123", text, "", "y"}})
		if err := os.WriteFile(input, b.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	inbound := func() {
		if _, err := sandbox.Inbound(ctx, store, sandbox.AdminToken1, maria, sandbox.ChannelMain, "de novo"); err != nil {
			t.Error(err)
		}
	}

	list := []string{"contacts", "list", "--phone", maria}
	cursor := filepath.Join(dir, "follow.cursor")
	runs := []hostileRun{
		{name: "contacts list", args: list},
		{name: "contacts list plain", args: append(list, "-o", "plain")},
		{name: "contacts list csv", args: append(list, "-o", "csv", "--fields", "id,name,tags,customfields.empresa")},
		{name: "contacts list json", args: append(list, "-o", "json")},
		{name: "contacts list ndjson", args: append(list, "-o", "ndjson")},
		{name: "contacts list yaml", args: append(list, "-o", "yaml")},
		{name: "contacts list jq", args: append(list, "--jq", ".[] | .name, .customfields.empresa, .tags[].name")},
		{name: "contacts list template", args: append(list, "--template", `{{range .}}{{.name}} {{color "cyan" .customfields.empresa}}{{end}}`)},
		{name: "contacts view", args: []string{"contacts", "view", "2"}},
		{name: "contacts export", args: []string{"contacts", "export", "--phone", maria}},
		{name: "notes list", args: []string{"notes", "list", "2"}},
		{name: "tags list", args: []string{"tags", "list"}},
		{name: "chats list", args: []string{"chats", "list", "--status", "waiting"}},
		{name: "chats view", args: []string{"chats", "view", chat}},
		{name: "chats view plain", args: []string{"chats", "view", chat, "-o", "plain"}},
		{name: "messages list", args: []string{"messages", "list", chat, "--last", "5"}},
		{name: "messages list plain", args: []string{"messages", "list", chat, "-o", "plain"}},
		{name: "messages list follow", args: []string{"messages", "list", chat, "--follow", "--last", "3", "-o", "plain"},
			wait: "segunda linha", keys: "\x03", pipeReady: func(out string) bool { return strings.Contains(out, "segunda linha") }},
		// The cursor is saved once the first look is done: a message after
		// it is news.
		{name: "chats follow", args: []string{"chats", "follow", "--interval", "1s", "--cursor-file", cursor},
			reset: func() { _ = os.Remove(cursor) }, wait: "Following the waiting queue", keys: "\x03",
			pipeReady: func(string) bool { _, err := os.Stat(cursor); return err == nil },
			poke:      inbound, poked: "new message", pipePoked: `"type":"message.received"`},
		{name: "templates view", args: []string{"templates", "view", "lembrete_visita", "--channel", sandbox.ChannelMain}, quietInPipe: true},
		{name: "send template prompt", args: []string{"messages", "send", "--phone", maria, "--channel", sandbox.ChannelMain, "--template", "lembrete_visita", "--dry-run"},
			wait: "submit", keys: "\x03", quietInPipe: true},
		{name: "delete confirmation", args: []string{"contacts", "delete", "2"}, wait: "submit", keys: "\x03"},
		{name: "replies view", args: []string{"replies", "view", "hostil", "--chat", chat}},
		{name: "saved reply prompt", args: []string{"chats", "reply", chat, "--saved", "hostil"}, wait: "submit", keys: "\x03", quietInPipe: true},
		{name: "import dry run", args: []string{"contacts", "import", input, "--dry-run", "--create-tags", "--ignore-unknown-columns"}},
		{name: "broadcast plan", args: []string{"messages", "broadcast", input, "--template", "promocao_imagem", "--channel", sandbox.ChannelMain,
			"--header-url", "https://cdn.exemplo.com.br/promo.jpg", "--var", "nome=Ana", "--var", "categoria=bolsas", "--dry-run"}},
		{name: "jq error", args: []string{"contacts", "view", "2", "--jq", ".name | error"}},
		{name: "api", args: []string{"api", "GET", "/contacts/2"}},
		{name: "auth status", args: []string{"auth", "status"}, showsNothing: true},
		// The list read: the header is drawn before it.
		{name: "inbox", args: []string{"inbox", "--interval", "1s"}, wait: "Fernanda Lima", keys: "q", quietInPipe: true},
	}

	type output struct{ terminal, pipe []byte }
	outputs := func(phase string) map[string]output {
		got := map[string]output{}
		for _, r := range runs {
			got[r.name] = output{terminal: runInTerminal(t, env, phase, r), pipe: runInPipe(t, env, phase, r)}
		}
		return got
	}
	fill(benignText, benignShort)
	benign := outputs("harmless")
	fill(hostileText, hostileShort)
	hostile := outputs("hostile")

	for _, r := range runs {
		for _, where := range []string{"terminal", "pipe"} {
			h, b := hostile[r.name].terminal, benign[r.name].terminal
			if where == "pipe" {
				h, b = hostile[r.name].pipe, benign[r.name].pipe
			}
			// The inbox clears the screen to draw it whole as often as its
			// timing makes it: once or twice as it connects, in either run.
			// Its clear follows the cursor's move home, never the hostile
			// text's, which follows the window's title.
			h, b = bytes.ReplaceAll(h, []byte(redraw), []byte("\x1b[H")), bytes.ReplaceAll(b, []byte(redraw), []byte("\x1b[H"))
			for _, seq := range hostileSequences {
				if n, own := bytes.Count(h, []byte(seq)), bytes.Count(b, []byte(seq)); n > own {
					i := bytes.Index(h, []byte(seq))
					t.Errorf("%s, in a %s: %q reached the output raw (%d times, %d of convo's own):\n%q", r.name, where, seq, n, own, h[max(i-80, 0):min(i+80, len(h))])
				}
			}
			if !r.showsNothing && !(r.quietInPipe && where == "pipe") && !containsAny(h, shownEscapes) {
				t.Errorf("%s, in a %s: the hostile text is not shown as escapes:\n%s", r.name, where, h)
			}
		}
	}
	// The import's failure report is a file people open.
	report, err := os.ReadFile(input + ".errors.csv")
	if err != nil {
		t.Fatal(err)
	}
	for _, seq := range hostileSequences {
		if bytes.Contains(report, []byte(seq)) {
			t.Errorf("the failure report holds %q raw:\n%q", seq, report)
		}
	}
}

// runInTerminal runs r in a pseudo-terminal of 80×24 and returns all it
// wrote, standard output and error together, as the terminal received it.
func runInTerminal(t *testing.T, env []string, phase string, r hostileRun) []byte {
	t.Helper()
	if r.reset != nil {
		r.reset()
	}
	term := startInTerminal(t, env, "convo", r.args...)
	if r.wait != "" {
		term.waitFor(t, r.wait)
		if r.poke != nil {
			r.poke()
			term.waitFor(t, r.poked)
		}
		term.send(r.keys)
	}
	term.wait(t)
	select { // what the program wrote before it ended is read to the end
	case <-term.done:
	case <-time.After(5 * time.Second):
		t.Fatalf("%s (%s): the terminal was never closed", r.name, phase)
	}
	term.mu.Lock()
	defer term.mu.Unlock()
	if term.out.Len() == 0 {
		t.Errorf("%s (%s), in a terminal: no output", r.name, phase)
	}
	return bytes.Clone(term.out.Bytes())
}

// runInPipe runs r with its output to a pipe, as `convo … 2>&1 | less -R`
// does, and returns what it wrote.
func runInPipe(t *testing.T, env []string, phase string, r hostileRun) []byte {
	t.Helper()
	if r.reset != nil {
		r.reset()
	}
	cmd := exec.Command("convo", r.args...)
	cmd.Env = env
	out := &syncbuf.Buffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if r.pipeReady != nil {
		waitForOutput(t, out, r.name, r.pipeReady)
		if r.poke != nil {
			r.poke()
			waitForOutput(t, out, r.name, func(out string) bool { return strings.Contains(out, r.pipePoked) })
		}
		_ = cmd.Process.Signal(os.Interrupt)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("%s (%s), in a pipe, did not end:\n%s", r.name, phase, out)
	}
	return []byte(out.String())
}

// waitForOutput waits until ready says yes to what the command wrote.
func waitForOutput(t *testing.T, out *syncbuf.Buffer, name string, ready func(string) bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !ready(out.String()) {
		if time.Now().After(deadline) {
			t.Fatalf("%s never got ready; it wrote:\n%s", name, out)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func containsAny(b []byte, subs []string) bool {
	for _, s := range subs {
		if bytes.Contains(b, []byte(s)) {
			return true
		}
	}
	return false
}

// sandboxCall sends a request to the sandbox as its admin and decodes the
// answer into out (when not nil); any status but 2xx fails the test.
func sandboxCall(t *testing.T, base, method, path string, body, out any) {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(method, base+"/api/v1"+path, bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+sandbox.AdminToken1)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var raw json.RawMessage
	if err := json.NewDecoder(resp.Body).Decode(&raw); err != nil || resp.StatusCode/100 != 2 {
		t.Fatalf("%s %s: %s %v %s", method, path, resp.Status, err, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatal(err)
		}
	}
}

// setTemplateText gives the body of a template of the sandbox another
// text.
func setTemplateText(t *testing.T, path, name, body string) {
	t.Helper()
	sandboxtest.SetTemplateComponents(t, path, name, []api.TemplateComponent{
		{Type: "header", Format: "text", Text: "Lembrete: {{1}}"},
		{Type: "body", Text: body, Variables: []string{"nome", "data_hora"}},
	})
}
