package messages_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

// sendTo is the start of a send to phone on the main channel.
func sendTo(phone string, args ...string) []string {
	return append([]string{"messages", "send", "--phone", phone, "--channel", mainChannel}, args...)
}

func TestSendEveryTypeAndReadItBack(t *testing.T) {
	dir := t.TempDir()
	textFile := filepath.Join(dir, "texto.txt")
	if err := os.WriteFile(textFile, []byte("Texto de um arquivo.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		stdin   string
		args    []string
		typ     string
		content string
	}{
		{"text", "", []string{"--text", "Seu pedido saiu para entrega."}, "text", "Seu pedido saiu para entrega."},
		{"text from a file", "", []string{"--text-file", textFile}, "text", "Texto de um arquivo."},
		{"text from stdin", "Linha um\nLinha dois\n", []string{"--type", "text", "--text-file", "-"}, "text", "Linha um\nLinha dois"},
		{"image with caption", "", []string{"--type", "image", "--url", "https://cdn.exemplo.com.br/p/4521.JPG?v=2", "--caption", "Seu pedido"}, "image", "Seu pedido"},
		{"video", "", []string{"--type", "video", "--url", "https://cdn.exemplo.com.br/v/tutorial.mp4"}, "video", "tutorial.mp4"},
		{"audio", "", []string{"--type", "audio", "--url", "https://cdn.exemplo.com.br/a/recado.ogg"}, "audio", "recado.ogg"},
		{"document with caption", "", []string{"--type", "document", "--url", "https://cdn.exemplo.com.br/d/nf.pdf", "--caption", "Nota fiscal"}, "document", "Nota fiscal"},
		{"sticker", "", []string{"--type", "sticker", "--url", "https://cdn.exemplo.com.br/s/joinha.webp"}, "sticker", "joinha.webp"},
		{"vcard, phone normalised", "", []string{"--type", "vcard", "--vcard-name", " Suporte Técnico ", "--vcard-phone", "+55 (11) 93333-4444"},
			"vcard", "Suporte Técnico (5511933334444)"},
		{"template, variables by name", "", []string{"--template", "boas_vindas", "--var", "nome=Maria", "--var", "numero_pedido=4521"},
			"template", "Olá Maria, seu pedido 4521 foi confirmado! Obrigado por comprar com a gente."},
		{"template by id, variables by number", "", []string{"--type", "template", "--template", "1", "--var", "2=77", "--var", "1=Ana"},
			"template", "Olá Ana, seu pedido 77 foi confirmado! Obrigado por comprar com a gente."},
		{"template, image header", "", []string{"--template", "promocao_imagem", "--header-url", "https://cdn.exemplo.com.br/promo.png",
			"--var", "nome=Maria", "--var", "categoria=calçados"},
			"template", "Oi Maria, a promoção de calçados começou! Aproveite descontos de até 50%."},
		{"template, video header", "", []string{"--template", "tutorial_video", "--header-url", "https://cdn.exemplo.com.br/how.mp4",
			"--var", "name=Maria", "--var", "product=blender"},
			"template", "Hi Maria, watch how to get the most out of your new blender."},
		{"template, document header", "", []string{"--template", "fatura_documento", "--header-url", "https://cdn.exemplo.com.br/fatura.pdf",
			"--var", "nome=Maria", "--var", "mes_referencia=março"},
			"template", "Olá Maria, segue a sua fatura de março."},
		{"template, text header", "", []string{"--template", "lembrete_visita", "--header-text", "amanhã",
			"--var", "nome=Maria", "--var", "data_hora=10/03 às 14h"},
			"template", "Olá Maria, sua visita técnica está marcada para 10/03 às 14h."},
		{"template, dynamic URL button", "", []string{"--template", "rastreio_pedido", "--var", "numero_pedido=4521", "--button", "0=BR4521"},
			"template", "Seu pedido 4521 foi enviado."},
		{"template as another attendant", "", []string{"--template", "codigo_verificacao", "--var", "codigo=123456", "--attendant", "2"},
			"template", "Tu código de verificación es 123456. No lo compartas con nadie."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := cmdtest.New(t)
			if got := chatStatus(t, env, contact2Phone); got != "waiting" {
				t.Fatalf("chat 2 starts %s, want waiting", got)
			}
			env.Stdin.WriteString(tt.stdin)
			run(t, env, 0, sendTo(contact2Phone, append(tt.args, "-o", "json")...)...)
			res := cmdtest.DecodeJSON[api.SendResult](t, env.Stdout.Bytes())
			if res.Message.Type != tt.typ || res.Message.Content != tt.content || res.Message.Direction != "outgoing" ||
				res.Chat.Token != chat2 || res.Chat.Status != "entrance" || res.Contact.Phone != contact2Phone {
				t.Errorf("send result = %+v", res)
			}
			m := lastMessage(t, env, chat2)
			if m.ID != res.Message.ID || m.Type != tt.typ || m.Content != tt.content || m.Direction != "outgoing" || m.Visibility != "client" {
				t.Errorf("read back %+v, want %s %q outgoing", m, tt.typ, tt.content)
			}
			if got := chatStatus(t, env, contact2Phone); got != "entrance" {
				t.Errorf("chat status after sending = %s, want entrance", got)
			}
		})
	}
}

func TestSendAsAnotherAttendant(t *testing.T) {
	env := cmdtest.New(t)
	t.Setenv("CONVO_ATTENDANT", "ana.souza@lojaexemplo.com.br")
	for ref, want := range map[string]string{
		"2": "Bruno Lima", "bruno.lima@lojaexemplo.com.br": "Bruno Lima", "BRUNO LIMA": "Bruno Lima", "@me": "Ana Souza",
	} {
		run(t, env, 0, sendTo(contact1Phone, "--text", "Assinado", "--attendant", ref)...)
		if m := lastMessage(t, env, chat1); m.User == nil || m.User.Name != want {
			t.Errorf("--attendant %s: message user = %+v, want %s", ref, m.User, want)
		}
	}
}

func TestSendToANewNumberWithDefaultCountry(t *testing.T) {
	env := cmdtest.New(t)
	before := snapshot(t, env)
	run(t, env, 0, sendTo("(11) 98765-4321", "--text", "Olá!", "--default-country", "BR", "-o", "json")...)
	res := cmdtest.DecodeJSON[api.SendResult](t, env.Stdout.Bytes())
	if res.Contact.Phone != "5511987654321" || res.Chat.Status != "entrance" {
		t.Errorf("result = %+v", res)
	}
	if after := snapshot(t, env); after.contacts != before.contacts+1 || after.chats != before.chats+1 {
		t.Errorf("a new number makes a contact and a chat: before %+v, after %+v", before, after)
	}
}

func TestSendResultFormats(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, sendTo(contact1Phone, "--text", "Primeira")...)
	fields := strings.Split(strings.TrimSuffix(env.Stdout.String(), "\n"), "\t")
	m := lastMessage(t, env, chat1)
	want := []string{itoa(m.ID), m.Token, "text", chat1, "entrance", contact1Phone, "João da Silva", "Primeira"}
	if strings.Join(fields, "|") != strings.Join(want, "|") {
		t.Errorf("plain = %q, want %q", fields, want)
	}

	env.SetTTY(false, true)
	run(t, env, 0, sendTo(contact1Phone, "--text", "Segunda")...)
	stdout, stderr := env.Stdout.String(), env.Stderr.String()
	m = lastMessage(t, env, chat1)
	if want := "✓ Mensagem enviada com sucesso. (id " + itoa(m.ID) + ")\n"; stderr != want {
		t.Errorf("stderr = %q, want %q", stderr, want)
	}
	for _, want := range []string{"MESSAGE ID", "CHAT STATUS", "entrance", m.Token, contact1Phone} {
		if !strings.Contains(stdout, want) {
			t.Errorf("table lacks %q:\n%s", want, stdout)
		}
	}

	run(t, env, 0, sendTo(contact1Phone, "--text", "Terceira", "--jq", ".chat.token")...)
	if env.Stdout.String() != chat1+"\n" {
		t.Errorf("--jq .chat.token = %q", env.Stdout)
	}
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }

func TestSendTemplateWithoutBodyVariables(t *testing.T) {
	env := cmdtest.New(t)
	env.Token = "sandbox-admin-2"
	args := []string{"messages", "send", "--phone", "5561938698871", "--channel", "c2-chatapp-00001",
		"--template", "segunda_via", "--button", "0=2024-0042"}
	run(t, env, 0, append(args, "--dry-run")...)
	want := `{"phone":"5561938698871","channel":"c2-chatapp-00001","type":"template","template":14,"components":[` +
		`{"type":"body","parameters":[]},{"type":"button","sub_type":"url","index":0,"parameters":[{"type":"text","text":"2024-0042"}]}]}` + "\n"
	if env.Stdout.String() != want {
		t.Errorf("dry run:\n%s\nwant\n%s", env.Stdout, want)
	}
	run(t, env, 0, append(args, "-o", "json")...)
	if res := cmdtest.DecodeJSON[api.SendResult](t, env.Stdout.Bytes()); res.Message.Content != "Acesse a segunda via do seu boleto." {
		t.Errorf("content = %q", res.Message.Content)
	}
}
