package inbox_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// teamFile writes a team file of saved replies and returns its path.
func teamFile(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "team.yaml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

const replies = `replies:
  - shortcut: frete
    title: Prazo de frete
    text: |
      Olá {{contact.first_name}}! Chega em {{prazo}} dias úteis.
      {{attendant.name}}
    channels: [chatapp]
  - shortcut: troca
    title: Troca de tamanho
    text: Pode trocar em até {{dias}} dias, {{contact.first_name}}.
  - shortcut: boleto
    title: Segunda via do boleto
    text: A segunda via está no site, {{contact.first_name}}.
    channels: [widget]
`

// / typed first in a reply opens the saved replies offered on the chat's
// channel, filtered by shortcut and title as you type; enter fills the
// one chosen in for the chat, asks for a value the API has not, and puts
// the text in the composer, where it is edited and sent as any reply.
func TestSavedReplyPicker(t *testing.T) {
	h := start(t, func(s *setup) { s.teamFile = teamFile(t, replies) })
	h.waitFor("Fernanda Lima")
	h.press("end", "r")
	h.waitFor("Reply to Fernanda Lima", "/ saved replies")
	h.press("/")
	s := h.waitFor("Saved replies for Fernanda Lima", "troca  Troca de tamanho", "boleto  Segunda via do boleto")
	if strings.Contains(s, "frete") {
		t.Errorf("a reply for chatapp channels is offered on the widget:\n%s", s)
	}
	h.press("via")
	h.waitUntil("only boleto, by its title", func(s string) bool { return strings.Contains(s, "› boleto") && !strings.Contains(s, "troca") })
	h.press("backspace", "backspace", "backspace", "tro")
	h.waitUntil("only troca", func(s string) bool { return strings.Contains(s, "› troca") && !strings.Contains(s, "boleto") })
	h.press("enter")
	h.waitFor("Value of {{dias}}:")
	h.press("enter") // nothing typed: asked again
	h.waitFor("Type the value of dias")
	h.press("30", "enter")
	h.waitFor("│ Pode trocar em até 30 dias, Fernanda.", "Saved reply troca is in the reply")
	h.press(" Qualquer dúvida, estou aqui.", "enter")
	if r := h.sent("POST", "/messages"); r.Body["content"] != "Pode trocar em até 30 dias, Fernanda. Qualquer dúvida, estou aqui." {
		t.Errorf("sent %v", r.Body)
	}
	h.waitFor("✓ Sent to Fernanda Lima.")
}

// The values of the contact and the attendant come from the API; a reply
// offered on chatapp channels is offered on Maria's.
func TestSavedReplyFilledForTheChat(t *testing.T) {
	h := start(t, func(s *setup) { s.teamFile = teamFile(t, replies) })
	h.waitFor("Maria Aparecida")
	h.press("r")
	h.waitFor("Reply to Maria Aparecida Santos")
	h.press("/")
	s := h.waitFor("frete  Prazo de frete", "troca  Troca de tamanho")
	if strings.Contains(s, "boleto") {
		t.Errorf("a reply for widget channels is offered on chatapp:\n%s", s)
	}
	h.press("prazo", "enter")
	h.waitFor("Value of {{prazo}}:")
	h.press("3", "enter")
	h.waitFor("│ Olá Maria! Chega em 3 dias úteis.", "│ Ana Souza")
	// The text ends where the reply does (the file's last line break is
	// not kept): what is typed next goes on after it.
	h.press(" :)")
	h.waitFor("│ Ana Souza :)")
	h.press("esc")
	h.waitFor("Draft kept")
}

// esc and backspace close the picker and give the reply back; a / after
// some text is only a /.
func TestSavedReplyPickerCloses(t *testing.T) {
	h := start(t, func(s *setup) { s.teamFile = teamFile(t, replies) })
	h.waitFor("Fernanda Lima")
	h.press("end", "r")
	h.waitFor("Reply to Fernanda Lima")
	h.press("/")
	h.waitFor("Saved replies for Fernanda Lima")
	h.press("esc")
	h.waitFor("Reply to Fernanda Lima")
	h.press("/")
	h.waitFor("Saved replies for Fernanda Lima")
	h.press("backspace")
	h.waitFor("Reply to Fernanda Lima")
	h.press("1/2")
	h.waitFor("│ 1/2")
}

// A team file with a problem offers its other replies and says so; a
// missing one leaves the / typed and says why: the inbox goes on.
func TestSavedRepliesFromABrokenTeamFile(t *testing.T) {
	broken := replies + `  - shortcut: X
    text: sem título
`
	h := start(t, func(s *setup) { s.teamFile = teamFile(t, broken) })
	h.waitFor("Fernanda Lima")
	h.press("end", "r")
	h.waitFor("Reply to Fernanda Lima")
	h.press("/")
	h.waitFor("The other replies are offered: team.yaml has 1 problem (see convo replies", "troca  Troca de tamanho")

	missing := start(t)
	missing.waitFor("Fernanda Lima")
	missing.press("end", "r")
	missing.waitFor("Reply to Fernanda Lima")
	missing.press("/")
	missing.waitFor("No saved replies: no team file at", "│ /")
	missing.press("esc", "esc", "down")
	missing.waitFor("LAST MESSAGE")
}

// ? lists the saved replies' key with the others.
func TestHelpShowsSavedReplies(t *testing.T) {
	h := start(t)
	h.waitFor("Fernanda Lima")
	h.press("?")
	h.waitFor("  /                      typed first in a reply: the team's saved replies")
}
