//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
	"github.com/creack/pty"

	"github.com/convo-cli/convo/internal/sandbox"
)

// TestInboxInATerminal drives the real binary in a pseudo-terminal of
// 80×24 against `convo sandbox serve`, as an attendant would: open the
// longest-waiting chat, reply, write a note, transfer it to the queue, see
// a customer's message that `convo sandbox inbound --db` injects arrive by
// itself within the refresh interval, and quit with q (exit 0), to find
// that chat still marked in the next run. What was done is then read back
// from the server.
func TestInboxInATerminal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "sandbox.db")
	env, base := inboxEnv(t, dir, db)

	term := startInTerminal(t, env, "convo", "inbox", "--interval", "1s")
	term.waitFor(t, "waiting 4", "Fernanda Lima")

	// The longest-waiting chat is selected: open it.
	term.send("\r")
	term.waitFor(t, "Chatapp Atendimento · chatapp", "Bom dia! Vocês entregam em Campinas?")

	// Reply: the customer wrote 3 days ago, so the 24-hour question comes
	// first.
	term.send("r")
	term.waitFor(t, "Reply to Maria Aparecida Santos")
	term.send("Entregamos sim!", "\x1b\r", "Em até dois dias.", "\r")
	term.waitFor(t, "enter: send anyway")
	term.send("\r")
	term.waitFor(t, "Sent to Maria Aparecida Santos.")

	term.send("n")
	term.waitFor(t, "(staff only)")
	term.send("Cliente de Campinas.", "\r")
	term.waitFor(t, "Note saved on Maria Aparecida Santos's contact.")

	// Transfer: her own channel (listed first), the waiting queue, no
	// message.
	term.send("T")
	term.waitFor(t, "To which channel?")
	term.send("\r")
	term.waitFor(t, "The waiting queue")
	term.send("\r")
	term.waitFor(t, "Message for the staff")
	term.send("\r")
	term.waitFor(t, "Transferred to the waiting queue of Chatapp Atendimento.")

	// A customer writes in: the next refresh shows it, unasked.
	term.send("\x1b")
	term.waitFor(t, "LAST MESSAGE")
	inbound := exec.Command("convo", "sandbox", "inbound", "--db", db, "--phone", "5521979190371",
		"--channel", sandbox.ChannelMain, "--text", "Meu pedido chegou?")
	inbound.Env = env
	if out, err := inbound.CombinedOutput(); err != nil {
		t.Fatalf("sandbox inbound: %v\n%s", err, out)
	}
	term.waitFor(t, "● João da Silva", "Meu pedido chegou?")

	term.send("q")
	if code := term.wait(t); code != 0 {
		t.Fatalf("q exited with %d, want 0; the terminal showed:\n%s", code, term.text())
	}
	// The news not opened is still marked in the next run.
	term = startInTerminal(t, env, "convo", "inbox")
	term.waitFor(t, "● João da Silva")
	term.send("q")
	if code := term.wait(t); code != 0 {
		t.Fatalf("q exited with %d, want 0; the terminal showed:\n%s", code, term.text())
	}

	messages := apiGet(t, base, "/chats/bf7e5b62f66d65a3a450/messages?per_page=100")
	if !strings.Contains(messages, `"Entregamos sim!\nEm até dois dias."`) {
		t.Errorf("the reply is not in Maria's chat: %s", messages)
	}
	if notes := apiGet(t, base, "/contacts/2/notes"); !strings.Contains(notes, "Cliente de Campinas.") {
		t.Errorf("the note is not on Maria's contact: %s", notes)
	}
}

// TestInboxShiftInATerminal works a chat as an attendant's shift does, in
// the real binary at 80×24: take it (a), read the contact panel (i) and
// write a note that shows there at once, leave a reply half-written by
// quitting, find it again after a restart (r), and release the chat (b).
func TestInboxShiftInATerminal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "sandbox.db")
	env, base := inboxEnv(t, dir, db)
	mine := func() string { return apiGet(t, base, "/chats?attendant=1&per_page=100") }

	term := startInTerminal(t, env, "convo", "inbox")
	term.waitFor(t, "waiting 4", "Fernanda Lima")
	term.send("a")
	term.waitFor(t, "The chat with Maria Aparecida Santos is yours.")
	if !strings.Contains(mine(), "bf7e5b62f66d65a3a450") {
		t.Errorf("after a, Maria's chat is not Ana's: %s", mine())
	}

	term.send("i")
	term.waitFor(t, "Fields:", "cpf: 246.914.578-02", "Notes (1), newest first:")
	term.send("n")
	term.waitFor(t, "(staff only)")
	term.send("Prefere contato à tarde.", "\r")
	term.waitFor(t, "Notes (2), newest first:", "Prefere contato à tarde.")
	term.send("\x1b")
	term.waitFor(t, "Bom dia! Vocês entregam em Campinas?")

	term.send("r")
	term.waitFor(t, "Reply to Maria Aparecida Santos")
	term.send("Entregamos em Campinas")
	term.waitFor(t, "│ Entregamos em Campinas")
	term.send("\x03") // ctrl+c
	if code := term.wait(t); code != 0 {
		t.Fatalf("ctrl+c exited with %d, want 0; the terminal showed:\n%s", code, term.text())
	}

	term = startInTerminal(t, env, "convo", "inbox")
	term.waitFor(t, "waiting 4", "Maria Aparecida")
	term.send("\r")
	term.waitFor(t, "A draft reply is waiting: r goes on with it.")
	term.send("r")
	term.waitFor(t, "│ Entregamos em Campinas")
	term.send("\x1b")
	term.waitFor(t, "Draft kept")
	term.send("b")
	term.waitFor(t, "The chat with Maria Aparecida Santos is back in the waiting queue.")
	if strings.Contains(mine(), "bf7e5b62f66d65a3a450") {
		t.Errorf("after b, Maria's chat is still Ana's: %s", mine())
	}
	term.send("q")
	if code := term.wait(t); code != 0 {
		t.Fatalf("q exited with %d, want 0; the terminal showed:\n%s", code, term.text())
	}
	if messages := apiGet(t, base, "/chats/bf7e5b62f66d65a3a450/messages?per_page=100"); strings.Contains(messages, "Entregamos em Campinas") {
		t.Errorf("the draft was sent: %s", messages)
	}
}

// TestInboxSavedReplyInATerminal answers from the saved replies' picker in
// the real binary at 80×24: / typed first in a reply, the reply narrowed
// by what is typed, its free variable asked for, its text put in the reply
// and sent.
func TestInboxSavedReplyInATerminal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "sandbox.db")
	teamFile := filepath.Join(dir, "team.yaml")
	if err := os.WriteFile(teamFile, []byte(`replies:
  - shortcut: troca
    title: Troca de tamanho
    text: Pode trocar em até {{dias}} dias, {{contact.first_name}}.
  - shortcut: frete
    title: Prazo de frete
    text: Chega em {{prazo}} dias úteis.
    channels: [chatapp]
`), 0o600); err != nil {
		t.Fatal(err)
	}
	env, base := inboxEnv(t, dir, db, "CONVO_TEAM_FILE="+teamFile)

	term := startInTerminal(t, env, "convo", "inbox")
	term.waitFor(t, "waiting 4", "Fernanda Lima")
	term.send("\x1b[F", "r") // end: Fernanda's chat, on the widget
	term.waitFor(t, "Reply to Fernanda Lima", "/ saved replies")
	term.send("/")
	term.waitFor(t, "Saved replies for Fernanda Lima", "troca  Troca de tamanho")
	if strings.Contains(term.text(), "frete") {
		t.Errorf("a reply for chatapp channels is offered on the widget:\n%s", term.text())
	}
	term.send("tro", "\r")
	term.waitFor(t, "Value of {{dias}}:")
	term.send("30", "\r")
	term.waitFor(t, "│ Pode trocar em até 30 dias, Fernanda.")
	term.send("\r")
	term.waitFor(t, "Sent to Fernanda Lima.")
	term.send("q")
	if code := term.wait(t); code != 0 {
		t.Fatalf("q exited with %d, want 0; the terminal showed:\n%s", code, term.text())
	}
	if messages := apiGet(t, base, "/chats/8b272a4d9811d7880eef/messages?per_page=100"); !strings.Contains(messages, `"Pode trocar em até 30 dias, Fernanda."`) {
		t.Errorf("the saved reply is not in Fernanda's chat: %s", messages)
	}
}

// inboxEnv serves the seeded sandbox db with `convo sandbox serve` and
// returns the environment of a convo that works against it as Ana, the
// company's admin, with its configuration and data in dir, without
// colour, and with extra; and the sandbox's base URL.
func inboxEnv(t *testing.T, dir, db string, extra ...string) (env []string, base string) {
	t.Helper()
	env = append(os.Environ(),
		"CONVO_CONFIG_DIR="+filepath.Join(dir, "config"), "CONVO_DATA_DIR="+filepath.Join(dir, "data"),
		"CONVO_TOKEN="+sandbox.AdminToken1, "CONVO_ATTENDANT=1", "CONVO_SANDBOX=", "CONVO_PROFILE=", "CONVO_DEBUG=",
		"CONVO_OUTPUT=", "DBUS_SESSION_BUS_ADDRESS=", "NO_COLOR=1", "TERM=xterm-256color")
	env = append(env, extra...)
	base = serveSandbox(t, db, env)
	return append(env, "CONVO_BASE_URL="+base), base
}

// serveSandbox starts `convo sandbox serve` on a free port with db and
// returns its base URL; the server is stopped when the test ends.
func serveSandbox(t *testing.T, db string, env []string) string {
	t.Helper()
	url, stop, err := sandboxServe(db, env)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Log(err)
		}
	})
	return url
}

// terminal is a program running in a pseudo-terminal of 80×24, and the
// screen it drew there: its output goes through a terminal emulator, since
// a full-screen program redraws only the cells that change, and a text on
// the screen may never be written out whole.
type terminal struct {
	cmd *exec.Cmd
	pty *os.File
	mu  sync.Mutex
	out bytes.Buffer // every byte the program wrote
	// screen is the emulated terminal. It answers the program's queries as
	// a terminal does (read back by answer); stop ends that.
	screen *vt.Emulator
	stop   atomic.Bool
	done   chan struct{} // read has ended: the program is gone
	ended  chan struct{} // answer has ended
	// drawn is signalled when the screen has changed.
	drawn chan struct{}
}

func startInTerminal(t testing.TB, env []string, name string, args ...string) *terminal {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Env = env
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 80})
	if err != nil {
		t.Fatal(err)
	}
	term := &terminal{cmd: cmd, pty: f, screen: vt.NewEmulator(80, 24), done: make(chan struct{}), ended: make(chan struct{}),
		drawn: make(chan struct{}, 1)}
	go term.read()
	go term.answer()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-term.done
		// A status request wakes answer, which then sees stop.
		term.stop.Store(true)
		term.mu.Lock()
		_, _ = term.screen.WriteString(ansi.DeviceStatusReport(ansi.ANSIStatusReport(5)))
		term.mu.Unlock()
		<-term.ended
		f.Close()
	})
	return term
}

// read keeps what the program writes and draws it on the screen.
func (term *terminal) read() {
	defer close(term.done)
	buf := make([]byte, 4096)
	for {
		n, err := term.pty.Read(buf)
		term.mu.Lock()
		term.out.Write(buf[:n])
		_, _ = term.screen.Write(buf[:n])
		term.mu.Unlock()
		select {
		case term.drawn <- struct{}{}:
		default:
		}
		if err != nil {
			return
		}
	}
}

// answer passes the terminal's answers to the program's queries back to it.
func (term *terminal) answer() {
	defer close(term.ended)
	buf := make([]byte, 256)
	for {
		n, err := term.screen.Read(buf)
		if err != nil || term.stop.Load() {
			return
		}
		_, _ = term.pty.Write(buf[:n])
	}
}

// send types keys, one write each, as keys pressed one after the other.
// The terminal reader takes an escape followed within 50 ms by another key
// for alt and that key: an esc alone is sent last, and waited on.
func (term *terminal) send(keys ...string) {
	for _, k := range keys {
		_, _ = term.pty.WriteString(k)
		time.Sleep(10 * time.Millisecond) // apart, as typed
	}
}

// text is what the screen shows.
func (term *terminal) text() string {
	term.mu.Lock()
	defer term.mu.Unlock()
	return term.screen.String()
}

// waitFor waits until the screen shows every text, on one line or wrapped
// at the terminal's edge onto the next: it looks each time the program
// has drawn, as soon as it has.
func (term *terminal) waitFor(t testing.TB, texts ...string) {
	t.Helper()
	deadline := time.NewTimer(15 * time.Second)
	defer deadline.Stop()
	for {
		if term.shows(texts) {
			return
		}
		select {
		case <-term.drawn:
		case <-term.done: // all it wrote is on the screen
			if !term.shows(texts) {
				t.Fatalf("the program ended without showing %q; it shows:\n%s", texts, term.text())
			}
			return
		case <-deadline.C:
			t.Fatalf("the terminal never showed %q; it shows:\n%s", texts, term.text())
		}
	}
}

// shows reports whether the screen shows every text.
func (term *terminal) shows(texts []string) bool {
	shown := term.text()
	unwrapped := strings.ReplaceAll(shown, "\n", "")
	for _, text := range texts {
		if !strings.Contains(shown, text) && !strings.Contains(unwrapped, text) {
			return false
		}
	}
	return true
}

// wait waits for the program to end and returns its exit code.
func (term *terminal) wait(t testing.TB) int {
	t.Helper()
	exited := make(chan error, 1)
	go func() { exited <- term.cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			if exit, ok := err.(*exec.ExitError); ok {
				return exit.ExitCode()
			}
			t.Fatal(err)
		}
		return 0
	case <-time.After(10 * time.Second):
		t.Fatalf("the program did not end; it showed:\n%s", term.text())
	}
	return -1
}

// apiGet reads path from the sandbox as its admin and returns the body.
func apiGet(t *testing.T, base, path string) string {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, base+"/api/v1"+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+sandbox.AdminToken1)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body json.RawMessage
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	return string(body)
}
