package desk

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/textwidth"
)

var update = flag.Bool("update", false, "rewrite the golden files of the renderings")

// saoPaulo is a fixed zone, so that the goldens need no time zone database.
var saoPaulo = time.FixedZone("-03", -3*60*60)

func at(day, hour, minute int) api.Time {
	return api.NewTime(time.Date(2026, 5, day, hour, minute, 0, 0, saoPaulo))
}

func msg(id int64, when api.Time, direction, typ, content string) Message {
	m := Message{Message: api.Message{ID: id, Type: typ, Content: content, Direction: direction, Visibility: "client", CreatedAt: when}}
	return m
}

func by(m Message, name string) Message {
	m.User = &api.MessageUser{ID: 2, Name: name, Email: "x@example.com", Type: "user"}
	return m
}

func note(m Message) Message {
	m.Visibility = "internal"
	return m
}

func withFile(m Message, url string) Message {
	m.File = []byte(`{"url":"` + url + `","name":"f","mime_type":"x"}`)
	return m
}

// fixture is a conversation over three days with every kind of line: long
// text, accents, CJK and emoji, a note, media with their addresses, a word
// longer than a line, line breaks, a forwarded message, a long name.
func fixture() *Conversation {
	forwarded := msg(11, at(17, 10, 20), "incoming", "text", "Olha o que recebi de vocês ontem 👇")
	forwarded.IsForwarded = true
	return &Conversation{
		Chat: &Chat{
			Chat: api.Chat{ID: 2, Token: "4f1c2a9be07d3e5a61c8", IsOpen: true, Status: "waiting", UnreadCount: 2,
				Contact: api.ChatContact{ID: 2, Name: "João Silva", Phone: "5511987654321"}},
			Channel: api.Channel{Token: "chatapp-main-001", Name: "Chatapp Atendimento", Type: "chatapp", Status: "connected"},
		},
		Total: 42,
		Messages: []Message{
			msg(1, at(15, 9, 14), "incoming", "text", "Olá, gostaria de saber o status do meu pedido 4521. Comprei na semana passada e ainda não recebi nenhuma atualização de rastreio."),
			by(msg(2, at(15, 9, 18), "outgoing", "text", "Olá, João! Vou verificar para você, um momento."), "Bruno Lima"),
			withFile(by(msg(3, at(15, 9, 22), "outgoing", "image", "Foto do seu pedido já embalado"), "Bruno Lima"),
				"https://cdn.exemplo.com.br/pedidos/4521.jpg"),
			note(by(msg(4, at(15, 9, 40), "outgoing", "text", "Cliente pediu prioridade na entrega; combinado envio expresso com a transportadora parceira."), "Bruno Lima")),
			withFile(msg(5, at(16, 8, 2), "incoming", "document", "comprovante-4521.pdf"),
				"https://cdn.exemplo.com.br/uploads/2026/05/16/comprovante-de-pagamento-pedido-4521-assinado-digitalmente.pdf"),
			msg(6, at(16, 11, 30), "incoming", "text", "谢谢！我的订单什么时候到？🙏🏽 Obrigado pela atenção 👍 façam o possível"),
			msg(7, at(16, 11, 31), "incoming", "text", "Rua das Flores, 123\nApto 45\n\nSão Paulo — SP"),
			by(msg(8, at(17, 10, 5), "outgoing", "template", "Seu pedido 4521 foi enviado. Código de rastreio: BR1234567890XYZ."), "Maria Aparecida dos Santos Oliveira"),
			by(msg(9, at(17, 10, 6), "outgoing", "text", "Acompanhe: https://rastreio.exemplo.com.br/pedido/4521?codigo=BR1234567890XYZ&utm_source=convo&utm_medium=chat"), "Bruno Lima"),
			by(msg(10, at(17, 10, 7), "outgoing", "text", "Qualquer dúvida\x1b[31m estamos à disposição.\tAté logo!"), "Bruno Lima"),
			forwarded,
		},
		CustomerWrote: at(16, 11, 31).Time,
		CustomerKnown: true,
	}
}

var fixtureNow = time.Date(2026, 5, 17, 13, 45, 0, 0, saoPaulo)

func colorScheme(on bool) *output.ColorScheme {
	ios, _, _, _ := output.Test()
	ios.SetColorEnabled(on)
	return ios.ColorScheme()
}

func TestRenderGolden(t *testing.T) {
	for _, width := range []int{80, 120} {
		for _, color := range []bool{false, true} {
			name := "conversation-" + strconv.Itoa(width)
			if color {
				name += "-color"
			}
			t.Run(name, func(t *testing.T) {
				got := Render(fixture(), RenderOptions{Width: width, Color: colorScheme(color), Now: fixtureNow, Location: saoPaulo})
				golden(t, name, got)
				for i, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
					if w := textwidth.Width(line); w > width {
						t.Errorf("line %d is %d cells wide, more than %d: %q", i+1, w, width, line)
					}
				}
				if !color && strings.Contains(got, "\x1b") {
					t.Error("escape sequences without colour")
				}
				if color && !strings.Contains(got, "\x1b[90m│ note: Cliente") {
					t.Error("the note is not dimmed")
				}
				plain := strings.Map(dropSpace, strings.ReplaceAll(colours.ReplaceAllString(got, ""), "│", ""))
				for _, m := range fixture().Messages {
					if text := strings.Map(dropSpace, clean(m.Content)); !strings.Contains(plain, text) {
						t.Errorf("message %d is not whole in the rendering: %q", m.ID, m.Content)
					}
				}
			})
		}
	}
}

// colours matches the colour sequences the rendering adds itself.
var colours = regexp.MustCompile(`\x1b\[[0-9;]*m`)

func dropSpace(r rune) rune {
	if unicode.IsSpace(r) {
		return -1
	}
	return r
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".txt")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("rendering differs from %s (go test -update rewrites it):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func TestRenderHeaderStates(t *testing.T) {
	o := RenderOptions{Width: 80, Now: fixtureNow, Location: saoPaulo}
	for _, tc := range []struct {
		name   string
		change func(c *Conversation)
		want   []string
		absent []string
	}{
		{"customer wrote within 24 hours", func(c *Conversation) { c.CustomerWrote = fixtureNow.Add(-3 * time.Hour) },
			[]string{"Customer last wrote 3 hours ago (Sun 17 May 10:45)."}, []string{"24-hour"}},
		{"customer never wrote", func(c *Conversation) { c.CustomerWrote = time.Time{} },
			[]string{"The customer has not written in this chat.", "! Outside the messaging app's 24-hour"}, nil},
		{"another channel type", func(c *Conversation) { c.Chat.Channel.Type = "widget" },
			[]string{"Chatapp Atendimento · widget · connected"}, []string{"Customer", "24-hour"}},
		{"closed and finished", func(c *Conversation) { c.Chat.Status, c.Chat.IsOpen = "finished", false },
			[]string{"finished · closed · 2 unread · chat 4f1c2a9be07d3e5a61c8"}, nil},
		{"a contact without a name", func(c *Conversation) { c.Chat.Contact.Name = "" },
			[]string{"+5511987654321\n"}, []string{"·  +55"}},
		{"unknown when the customer wrote", func(c *Conversation) { c.CustomerKnown = false },
			nil, []string{"Customer", "has not written", "24-hour"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := fixture()
			tc.change(c)
			got := RenderHeader(c, o)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("header lacks %q:\n%s", w, got)
				}
			}
			for _, a := range tc.absent {
				if strings.Contains(got, a) {
					t.Errorf("header has %q:\n%s", a, got)
				}
			}
		})
	}
}

func TestRenderMessagesWithoutMessages(t *testing.T) {
	c := fixture()
	c.Messages, c.Total = nil, 0
	if got := RenderMessages(c, RenderOptions{Width: 80, Now: fixtureNow}); got != "No messages.\n" {
		t.Errorf("no messages: %q", got)
	}
}

// The notes a take leaves read as sentences, without the mark convo reads
// back, at the time other lines show; a customer's message ending in such
// a mark is shown whole.
func TestRenderShowsTakeNotesAsSentences(t *testing.T) {
	conv := fixture()
	conv.Total = 3
	conv.Messages = []Message{
		msg(1, at(17, 9, 0), "incoming", "text", "Oi, alguém aí? [convo take: attendant 1, claim 0123abcd]"),
		note(by(msg(2, at(17, 9, 1), "outgoing", "text", "Ana Souza took the chat. [convo take: attendant 1, claim 0123abcd]"), "Ana Souza")),
		note(by(msg(3, at(17, 9, 2), "outgoing", "text",
			"Bruno Lima took the chat at the same moment as Ana Souza, who keeps it. [convo keep: attendant 1]"), "Bruno Lima")),
	}
	got := RenderMessages(conv, RenderOptions{Width: 80, Now: fixtureNow, Location: saoPaulo})
	want := "── Today · Sunday 17 May 2026 ──────────────────────────────────────────────────\n" +
		"09:00  João Silva  Oi, alguém aí? [convo take: attendant 1, claim 0123abcd]\n" +
		"09:01  Ana Souza   │ note: Ana Souza took the chat.\n" +
		"09:02  Bruno Lima  │ note: Bruno Lima took the chat at the same moment as Ana\n" +
		"                   │ Souza, who keeps it.\n"
	if got != want {
		t.Errorf("rendering:\n%s\nwant\n%s", got, want)
	}
}

func TestRenderEvent(t *testing.T) {
	now := time.Date(2026, 5, 17, 15, 0, 0, 0, saoPaulo)
	chat := api.Chat{Token: "4f1c2a9be07d3e5a61c8", Contact: api.ChatContact{Name: "João\x1b[31m Silva", Phone: "5511987654321"}}
	received := Event{Type: EventMessageReceived, At: at(17, 14, 5), Listed: chat, Messages: []Message{
		msg(1, at(17, 14, 4), "incoming", "text", "Oi"),
		msg(2, at(17, 14, 5), "incoming", "text", "Alguém aí?\nPreciso de ajuda com o pedido 4521, que não chegou."),
	}}
	o := RenderOptions{Width: 80, Now: now.Add(time.Hour), Location: saoPaulo}
	if got, want := RenderEvent(received, o), "14:05:00  new message  João^[[31m Silva  4f1c2a9be07d3e5a61c8  Alguém aí? Preci…\n"; got != want {
		t.Errorf("received:\n%q\nwant\n%q", got, want)
	}
	chat.Contact.Name = ""
	left := Event{Type: EventLeftQueue, At: at(16, 9, 30), Listed: chat}
	if got, want := RenderEvent(left, o), "16 May 09:30:00  left queue   +5511987654321  4f1c2a9be07d3e5a61c8\n"; got != want {
		t.Errorf("left, the day before:\n%q\nwant\n%q", got, want)
	}
	o.Color = colorScheme(true)
	if got := RenderEvent(received, o); !strings.Contains(got, "\x1b[36mnew message\x1b[0m") || strings.Contains(got, "\x1b[31m") {
		t.Errorf("coloured: %q, want the kind in cyan and the API's escape shown, not obeyed", got)
	}
}

// TestRenderShowsControlsAsEscapes: whatever a customer, an attendant or a
// channel's name holds, the conversation shows it as visible escapes, its
// words kept: the clipboard (OSC 52), the screen (CSI 2J), the window's
// title (OSC 0), a C1 CSI, a bidi override and a carriage return that would
// write over the line act on nothing.
func TestRenderShowsControlsAsEscapes(t *testing.T) {
	const hostile = "\x1b]52;c;cHduZWQ=\x07\x1b[2J\x1b]0;owned\x07\u009b31m\u202egnp.exe\rfake"
	conv := fixture()
	conv.Chat.Contact.Name = "João" + hostile
	conv.Chat.Channel.Name = "Canal" + hostile
	conv.Messages = []Message{
		msg(1, at(17, 9, 0), "incoming", "text", "Oi"+hostile+"\nsegunda linha"),
		by(msg(2, at(17, 9, 1), "outgoing", "text", "Olá"), "Bruno"+hostile),
	}
	const shown = `^[]52;c;cHduZWQ=^G^[[2J^[]0;owned^G\u009b31m\u202egnp.exe\rfake`
	for _, color := range []bool{false, true} {
		got := Render(conv, RenderOptions{Width: 200, Color: colorScheme(color), Now: fixtureNow, Location: saoPaulo})
		plain := colours.ReplaceAllString(got, "")
		if i := strings.IndexFunc(plain, func(r rune) bool { return r != '\n' && (unicode.IsControl(r) || r == '\u202e') }); i >= 0 {
			t.Errorf("colour %v: %q raw in\n%q", color, plain[i:i+1], got)
		}
		for _, want := range []string{"João" + shown, "Canal" + shown, "Bruno" + shown, "Oi" + shown, "segunda linha"} {
			if !strings.Contains(plain, want) {
				t.Errorf("colour %v: %q is not shown whole in\n%s", color, want, plain)
			}
		}
	}
	ev := Event{Type: EventMessageReceived, At: at(17, 9, 0), Listed: conv.Chat.Chat, Messages: conv.Messages[:1]}
	line := RenderEvent(ev, RenderOptions{Width: 400, Now: fixtureNow, Location: saoPaulo})
	if !strings.Contains(line, "João"+shown) || !strings.Contains(line, "Oi"+shown+" segunda linha") {
		t.Errorf("follow line %q, want the name and message shown as escapes", line)
	}
}
