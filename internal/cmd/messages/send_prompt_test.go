package messages_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

// terminal is an environment where stdin and stdout are terminals and the
// prompts read answers, one line each.
func terminal(t *testing.T, answers ...string) *cmdtest.Env {
	t.Helper()
	env := cmdtest.New(t)
	env.SetTTY(true, true)
	env.Answers = strings.Join(answers, "\n") + "\n"
	return env
}

// compact is the JSON document b without spaces (a terminal gets it indented).
func compact(t *testing.T, b []byte) string {
	t.Helper()
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b)
	}
	return out.String()
}

func TestSendAsksForEveryMissingTemplateValue(t *testing.T) {
	// The header URL is answered wrong first: the prompt says why and asks again.
	answers := []string{"https://cdn.exemplo.com.br/promo.gif", "https://cdn.exemplo.com.br/promo.png", "Maria", "y"}
	args := sendTo(contact1Phone, "--template", "promocao_imagem", "--var", "categoria=calçados", "-o", "json")

	env := terminal(t, answers...)
	run(t, env, 0, append(args, "--dry-run")...)
	want := `{"phone":"5521979190371","channel":"chatapp-main-001","type":"template","template":2,"components":[` +
		`{"type":"header","parameters":[{"type":"image","path":"https://cdn.exemplo.com.br/promo.png"}]},` +
		`{"type":"body","parameters":[{"type":"text","text":"Maria"},{"type":"text","text":"calçados"}]}]}`
	if got := compact(t, env.Stdout.Bytes()); got != want {
		t.Errorf("components from the answers:\n%s\nwant\n%s", got, want)
	}
	stderr := env.Stderr.String()
	for _, want := range []string{
		// The message with the values given so far, before the first question.
		"Template promocao_imagem needs 2 more values:\n  [image]\n  Oi {{nome}}, a promoção de calçados começou! Aproveite descontos de até 50%.\n" +
			"  Responda SAIR para não receber mais ofertas.\n  [Quero saber mais]\n  [Não tenho interesse]\n",
		"Header image URL",
		"header image URL: must be a public http(s) URL of a JPG, JPEG or PNG file",
		`Body variable "nome" ({{1}})`,
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "Send this message") {
		t.Errorf("a dry run asked for confirmation:\n%s", stderr)
	}

	env = terminal(t, answers...)
	before := snapshot(t, env)
	run(t, env, 0, args...)
	if !strings.Contains(env.Stderr.String(), "Send this message to 5521979190371 on chatapp-main-001? [Y/n]") {
		t.Errorf("no confirmation:\n%s", env.Stderr)
	}
	m := lastMessage(t, env, chat1)
	if m.Type != "template" || m.Content != "Oi Maria, a promoção de calçados começou! Aproveite descontos de até 50%." {
		t.Errorf("read back %+v", m)
	}
	if after := snapshot(t, env); after.chat1Messages != before.chat1Messages+1 {
		t.Errorf("messages: before %d, after %d", before.chat1Messages, after.chat1Messages)
	}
}

func TestSendAsksForTextHeaderAndButton(t *testing.T) {
	env := terminal(t, "amanhã", "Maria", "10h", "y")
	run(t, env, 0, sendTo(contact1Phone, "--template", "lembrete_visita", "--dry-run")...)
	want := `"components":[{"type":"header","parameters":[{"type":"text","text":"amanhã"}]},` +
		`{"type":"body","parameters":[{"type":"text","text":"Maria"},{"type":"text","text":"10h"}]}]}`
	if !strings.HasSuffix(compact(t, env.Stdout.Bytes()), want) {
		t.Errorf("stdout = %s\nwant it to end with %s", env.Stdout, want)
	}
	if !strings.Contains(env.Stderr.String(), "Header text ({{1}})") {
		t.Errorf("stderr lacks the header prompt:\n%s", env.Stderr)
	}

	env = terminal(t, "BR4521", "y")
	run(t, env, 0, sendTo(contact1Phone, "--template", "rastreio_pedido", "--var", "numero_pedido=4521", "-o", "json")...)
	if !strings.Contains(env.Stderr.String(), "Button 0 URL value") || !strings.Contains(env.Stderr.String(), "[Rastrear pedido → https://loja.exemplo.com.br/rastreio/{{button 0}}]") {
		t.Errorf("stderr lacks the button prompt or preview:\n%s", env.Stderr)
	}
	if m := lastMessage(t, env, chat1); m.Content != "Seu pedido 4521 foi enviado." {
		t.Errorf("read back %q", m.Content)
	}
}

func TestSendDeclinedSendsNothing(t *testing.T) {
	for _, answers := range [][]string{{"Maria", "4521", "n"}, {"Maria", "4521"}} {
		env := terminal(t, answers...)
		before := snapshot(t, env)
		got := env.Run(sendTo(contact1Phone, "--template", "boas_vindas")...)
		if got != 130 {
			t.Errorf("answers %q: exit %d, want 130\n%s", answers, got, env.Stderr)
		}
		if after := snapshot(t, env); after != before {
			t.Errorf("answers %q: the sandbox changed: before %+v, after %+v", answers, before, after)
		}
	}
}

func TestSendInputEndingEarlySendsNothing(t *testing.T) {
	env := terminal(t, "Maria")
	before := snapshot(t, env)
	if got := env.Run(sendTo(contact1Phone, "--template", "boas_vindas")...); got == 0 {
		t.Fatalf("exit 0 with an unanswered prompt\n%s", env.Stderr)
	}
	if after := snapshot(t, env); after != before {
		t.Errorf("the sandbox changed: before %+v, after %+v", before, after)
	}
}

func TestSendYesSkipsTheConfirmation(t *testing.T) {
	env := terminal(t, "Maria", "4521")
	run(t, env, 0, sendTo(contact1Phone, "--template", "boas_vindas", "--yes")...)
	if strings.Contains(env.Stderr.String(), "Send this message") {
		t.Errorf("asked for confirmation despite --yes:\n%s", env.Stderr)
	}
	if m := lastMessage(t, env, chat1); !strings.HasPrefix(m.Content, "Olá Maria, seu pedido 4521") {
		t.Errorf("read back %q", m.Content)
	}
}

func TestSendWithEveryValueGivenAsksNothing(t *testing.T) {
	env := terminal(t)
	run(t, env, 0, sendTo(contact1Phone, "--template", "boas_vindas", "--var", "nome=Ana", "--var", "numero_pedido=1")...)
	if strings.Contains(env.Stderr.String(), "?") {
		t.Errorf("asked something:\n%s", env.Stderr)
	}
}

func TestSendAsksForTheText(t *testing.T) {
	env := terminal(t, "Olá do terminal", "y")
	run(t, env, 0, sendTo(contact1Phone)...)
	if !strings.Contains(env.Stderr.String(), "Message text") {
		t.Errorf("no text prompt:\n%s", env.Stderr)
	}
	if m := lastMessage(t, env, chat1); m.Content != "Olá do terminal" || m.Type != "text" {
		t.Errorf("read back %+v", m)
	}
}
