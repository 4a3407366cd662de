//go:build linux

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/sandbox"
)

// TestBulkCommandsInATerminal runs contacts import and messages broadcast
// in a pseudo-terminal of 80×24, as a person at a terminal does, with the
// file a spreadsheet saves: ";" between cells, CRLF, and rows of empty
// cells after the data, so that the input has more lines than rows. Each
// shows its progress bar, ends at the rows it read, and exits: the import
// by itself, the broadcast once its confirmation is answered.
func TestBulkCommandsInATerminal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := append(os.Environ(),
		"CONVO_CONFIG_DIR="+filepath.Join(dir, "config"), "CONVO_DATA_DIR="+filepath.Join(dir, "data"),
		"CONVO_TOKEN="+sandbox.AdminToken1, "CONVO_SANDBOX=", "CONVO_PROFILE=", "CONVO_DEBUG=",
		"CONVO_OUTPUT=", "DBUS_SESSION_BUS_ADDRESS=", "NO_COLOR=1", "TERM=xterm-256color")
	base := serveSandbox(t, filepath.Join(dir, "sandbox.db"), env)
	env = append(env, "CONVO_BASE_URL="+base)

	list := filepath.Join(dir, "clientes.csv")
	rows := "Telefone;Nome;categoria\r\n(11) 98888-0601;Ana;bolsas\r\n(21) 97777-0602;Bruno;calçados\r\n;;\r\n;;\r\n;;\r\n"
	if err := os.WriteFile(list, []byte(rows), 0o600); err != nil {
		t.Fatal(err)
	}

	term := startInTerminal(t, env, "convo", "contacts", "import", list, "--default-country", "BR",
		"--map", "Telefone=phone", "--map", "Nome=name", "--ignore-unknown-columns")
	term.waitFor(t, "2 / 2 rows", "created 2 · updated 0 · skipped 0 · failed 0 in ")
	if code := term.wait(t); code != 0 {
		t.Fatalf("contacts import exited with %d, want 0; the terminal showed:\n%s", code, term.text())
	}

	term = startInTerminal(t, env, "convo", "messages", "broadcast", list, "--template", "promocao_imagem",
		"--channel", sandbox.ChannelMain, "--default-country", "BR", "--map", "Telefone=phone",
		"--header-url", "https://cdn.exemplo.com.br/promo.jpg")
	term.waitFor(t, "Rows:         2 in ", "Send template promocao_imagem to 2 recipients on "+sandbox.ChannelMain+"?")
	term.send("y")
	term.waitFor(t, "2 / 2 rows", "sent 2 · skipped 0 · failed 0 in ")
	if code := term.wait(t); code != 0 {
		t.Fatalf("messages broadcast exited with %d, want 0; the terminal showed:\n%s", code, term.text())
	}
	// Each customer got the promotion once.
	for _, phone := range []string{"5511988880601", "5521977770602"} {
		var chats struct {
			Data []struct{ Token string } `json:"data"`
		}
		body := apiGet(t, base, "/chats?contact="+phone+"&channel="+sandbox.ChannelMain)
		if err := json.Unmarshal([]byte(body), &chats); err != nil || len(chats.Data) != 1 {
			t.Fatalf("%s's chats on the channel: %v, %s", phone, err, body)
		}
		var messages struct {
			Data []struct{ Content string } `json:"data"`
		}
		body = apiGet(t, base, "/chats/"+chats.Data[0].Token+"/messages?type=template&direction=outgoing")
		if err := json.Unmarshal([]byte(body), &messages); err != nil || len(messages.Data) != 1 || !strings.Contains(messages.Data[0].Content, "a promoção de") {
			t.Errorf("%s's template messages: %v, %s; want the promotion once", phone, err, body)
		}
	}
}
