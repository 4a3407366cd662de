package messages_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

// usage is the hint printed after a usage error.
const usage = "Run 'convo messages send --help' for usage.\n"

// TestSendRefusesBeforeSending runs sends that break a rule: each must exit
// 2 with exactly this error and leave the sandbox as it was.
func TestSendRefusesBeforeSending(t *testing.T) {
	p, ch := contact1Phone, mainChannel
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"no phone", []string{"--channel", ch, "--text", "oi"}, "error: phone is required\n"},
		{"national phone without a country", []string{"--phone", "(21) 97919-0371", "--channel", ch, "--text", "oi"},
			"error: phone: looks like a national number (area code in parentheses); must be a phone number with country code, e.g. +55 11 98765-4321; set --default-country for national numbers\n"},
		{"short channel token", []string{"--phone", p, "--channel", "chatapp-main", "--text", "oi"},
			"error: channel: must be a channel token of exactly 16 characters (got 12)\n"},
		{"every violation at once", []string{"--phone", "12", "--type", "image", "--url", "https://x.com/a.gif"},
			"error: invalid input:\n" +
				"  - phone: is not a phone number; must be a phone number with country code, e.g. +55 11 98765-4321; set --default-country for national numbers\n" +
				"  - channel: is required\n" +
				"  - url: must be a public http(s) URL of a JPG, JPEG or PNG file\n"},
		{"unknown type", []string{"--phone", p, "--channel", ch, "--type", "gif"},
			`error: type: must be one of text, image, video, audio, document, sticker, vcard, template (got "gif")` + "\n"},
		{"empty text", []string{"--phone", p, "--channel", ch, "--text", " "}, "error: text is required\n"},
		{"no text", []string{"--phone", p, "--channel", ch}, "error: text is required: give --text or --text-file\n"},
		{"text twice", []string{"--phone", p, "--channel", ch, "--text", "a", "--text-file", "b.txt"},
			"error: --text and --text-file cannot be used together\n" + usage},
		{"unreadable text file", []string{"--phone", p, "--channel", ch, "--text-file", "/no/such/file.txt"},
			"error: --text-file: open /no/such/file.txt: no such file or directory\n"},
		{"image without url", []string{"--phone", p, "--channel", ch, "--type", "image"}, "error: url is required\n"},
		{"video as jpg", []string{"--phone", p, "--channel", ch, "--type", "video", "--url", "https://x.com/a.jpg"},
			"error: url: must be a public http(s) URL of an MP4 file\n"},
		{"audio as mp4", []string{"--phone", p, "--channel", ch, "--type", "audio", "--url", "https://x.com/a.mp4"},
			"error: url: must be a public http(s) URL of an MP3 or OGG file\n"},
		{"document as exe", []string{"--phone", p, "--channel", ch, "--type", "document", "--url", "https://x.com/a.exe"},
			"error: url: must be a public http(s) URL of a PDF, DOC, DOCX, XLS, XLSX, TXT or ZIP file\n"},
		{"sticker as png", []string{"--phone", p, "--channel", ch, "--type", "sticker", "--url", "https://x.com/a.png"},
			"error: url: must be a public http(s) URL of a WEBP file\n"},
		{"media url not http", []string{"--phone", p, "--channel", ch, "--type", "image", "--url", "file:///tmp/a.png"},
			"error: url: must be a public http(s) URL of a JPG, JPEG or PNG file\n"},
		{"caption on audio", []string{"--phone", p, "--channel", ch, "--type", "audio", "--url", "https://x.com/a.mp3", "--caption", "oi"},
			"error: --caption does not apply to --type audio, which takes --url\n" + usage},
		{"caption on sticker", []string{"--phone", p, "--channel", ch, "--type", "sticker", "--url", "https://x.com/a.webp", "--caption", "oi"},
			"error: --caption does not apply to --type sticker, which takes --url\n" + usage},
		{"flags of other types", []string{"--phone", p, "--channel", ch, "--text", "oi", "--url", "https://x.com/a.png", "--var", "a=b"},
			"error: --url and --var do not apply to --type text, which takes --text, --text-file\n" + usage},
		{"vcard without name, bad phone", []string{"--phone", p, "--channel", ch, "--type", "vcard", "--vcard-phone", "+55 11"},
			"error: invalid input:\n  - vcard-name: is required\n" +
				"  - vcard-phone: is too short for country code +55; must be a phone number with country code, e.g. +55 11 98765-4321; set --default-country for national numbers\n"},
		{"unknown attendant", []string{"--phone", p, "--channel", ch, "--text", "oi", "--attendant", "ana"},
			"error: no user is named \"ana\"; see `convo users list`, or give an id or an e-mail\n"},
		{"@me without an attendant set", []string{"--phone", p, "--channel", ch, "--text", "oi", "--attendant", "@me"},
			"error: @me: no attendant is set for profile \"default\"; run `convo config set attendant ID|EMAIL` with your user's id or e-mail (or set CONVO_ATTENDANT)\n"},
		{"template type without template", []string{"--phone", p, "--channel", ch, "--type", "template"}, "error: template is required\n"},
		{"unknown template", []string{"--phone", p, "--channel", ch, "--template", "natal"},
			"error: no template \"natal\" on channel chatapp-main-001; see `convo templates list`\n"},
		{"template of another channel", []string{"--phone", p, "--channel", ch, "--template", "order_update"},
			"error: no template \"order_update\" on channel chatapp-main-001; see `convo templates list`\n"},
		{"pending template", []string{"--phone", p, "--channel", ch, "--template", "black_friday", "--var", "nome=Ana"},
			"error: template \"black_friday\" is pending approval; only approved templates can be sent\n"},
		{"rejected template", []string{"--phone", p, "--channel", ch, "--template", "cobranca_atrasada"},
			"error: template \"cobranca_atrasada\" was rejected; only approved templates can be sent\n"},
		{"values that do not fit", []string{"--phone", p, "--channel", ch, "--template", "boas_vindas",
			"--var", "cidade=Recife", "--var", "nome", "--var", "numero_pedido=", "--header-url", "https://x.com/a.png", "--button", "0=x"},
			"error: invalid input:\n" +
				"  - --header-url: template \"boas_vindas\" has no image, video or document header\n" +
				"  - --var cidade: template \"boas_vindas\" has no body variable \"cidade\"; its variables are nome ({{1}}), numero_pedido ({{2}})\n" +
				"  - --var \"nome\": want NAME=VALUE or NUMBER=VALUE\n" +
				"  - body variable \"numero_pedido\" ({{2}}): is required\n" +
				"  - --button 0: template \"boas_vindas\" has no dynamic URL button \"0\"; it has none\n"},
		{"a variable twice", []string{"--phone", p, "--channel", ch, "--template", "boas_vindas", "--var", "nome=Ana", "--var", "1=Bia", "--var", "2=1"},
			"error: --var 1: the body variable \"nome\" ({{1}}) is given more than once\n"},
		{"header of another format", []string{"--phone", p, "--channel", ch, "--template", "promocao_imagem",
			"--header-url", "https://x.com/promo.mp4", "--var", "nome=a", "--var", "categoria=b"},
			"error: header image URL: must be a public http(s) URL of a JPG, JPEG or PNG file\n"},
		{"missing values without a terminal", []string{"--phone", p, "--channel", ch, "--template", "rastreio_pedido"},
			"error: template \"rastreio_pedido\" needs 2 more values; without a terminal to ask on, give them with:\n" +
				"  - body variable \"numero_pedido\" ({{1}}): --var numero_pedido=VALUE\n" +
				"  - button 0 URL value: --button 0=VALUE\n"},
		{"some values missing", []string{"--phone", p, "--channel", ch, "--template", "lembrete_visita", "--var", "nome=Ana"},
			"error: template \"lembrete_visita\" needs 2 more values; without a terminal to ask on, give them with:\n" +
				"  - header text ({{1}}): --header-text TEXT\n" +
				"  - body variable \"data_hora\" ({{2}}): --var data_hora=VALUE\n"},
		{"components with values", []string{"--phone", p, "--channel", ch, "--template", "boas_vindas", "--components", "c.json", "--var", "nome=a"},
			"error: --components gives every value of the template; it cannot be used with --var\n" + usage},
		{"unexpected argument", []string{"--phone", p, "--channel", ch, "oi"},
			"error: unexpected argument \"oi\": convo messages send takes no arguments\n" + usage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := cmdtest.New(t)
			before := snapshot(t, env)
			run(t, env, 2, append([]string{"messages", "send"}, tt.args...)...)
			if env.Stderr.String() != tt.stderr {
				t.Errorf("stderr\n%s\nwant\n%s", env.Stderr, tt.stderr)
			}
			if env.Stdout.Len() != 0 {
				t.Errorf("stdout = %q, want nothing", env.Stdout)
			}
			if after := snapshot(t, env); after != before {
				t.Errorf("the sandbox changed: before %+v, after %+v", before, after)
			}
		})
	}
}

func TestSendNeverPromptsWhenPromptsAreOff(t *testing.T) {
	env := cmdtest.New(t)
	env.SetTTY(true, true)
	env.IO.SetNeverPrompt(true)
	run(t, env, 2, sendTo(contact1Phone)...)
	if want := "error: text is required: give --text or --text-file\n"; env.Stderr.String() != want {
		t.Errorf("stderr = %q, want %q", env.Stderr, want)
	}
}

func TestSendOnADisconnectedChannel(t *testing.T) {
	env := cmdtest.New(t)
	before := snapshot(t, env)
	run(t, env, 1, "messages", "send", "--phone", contact1Phone, "--channel", spareChannel, "--text", "oi")
	want := "error: Não foi possível enviar a mensagem.\n  - Canal desconectado. (CHANNEL_DISCONNECTED)\n"
	if env.Stderr.String() != want {
		t.Errorf("stderr\n%s\nwant\n%s", env.Stderr, want)
	}
	if after := snapshot(t, env); after != before {
		t.Errorf("the sandbox changed: before %+v, after %+v", before, after)
	}
}

func TestSendRefusedByTheAPI(t *testing.T) {
	env := cmdtest.New(t)
	// Carla Mendes (user 3) has no access to the main channel.
	run(t, env, 1, sendTo(contact1Phone, "--text", "oi", "--attendant", "3")...)
	want := "error: Erro de validação\n  - attendant: user 3 has no access to channel chatapp-main-001 (INVALID_VALUE)\n"
	if env.Stderr.String() != want {
		t.Errorf("stderr\n%s\nwant\n%s", env.Stderr, want)
	}
	env.Token = "sandbox-agent-1" // Bruno Lima: channels 1 and 7 only
	run(t, env, 4, "messages", "send", "--phone", contact1Phone, "--channel", "securechat-00006", "--text", "oi")
}

func TestSendDryRun(t *testing.T) {
	env := cmdtest.New(t)
	before := snapshot(t, env)
	args := sendTo("+55 21 97919-0371", "--type", "image", "--url", "https://cdn.x.com/a.png?x=1&y=2", "--caption", "<Oi>", "--attendant", "2", "--dry-run")
	run(t, env, 0, args...)
	want := `{"phone":"5521979190371","channel":"chatapp-main-001","attendant":2,"type":"image","path":"https://cdn.x.com/a.png?x=1\u0026y=2","caption":"\u003cOi\u003e"}` + "\n"
	if env.Stdout.String() != want {
		t.Errorf("stdout\n%s\nwant\n%s", env.Stdout, want)
	}
	if env.Stderr.String() != "Dry run: the message was not sent.\n" {
		t.Errorf("stderr = %q", env.Stderr)
	}

	env.SetTTY(false, true)
	run(t, env, 0, sendTo(contact1Phone, "--template", "rastreio_pedido", "--var", "numero_pedido=4521", "--button", "0=BR4521", "--dry-run")...)
	want = `{
  "phone": "5521979190371",
  "channel": "chatapp-main-001",
  "type": "template",
  "template": 3,
  "components": [
    {
      "type": "body",
      "parameters": [
        {
          "type": "text",
          "text": "4521"
        }
      ]
    },
    {
      "type": "button",
      "sub_type": "url",
      "index": 0,
      "parameters": [
        {
          "type": "text",
          "text": "BR4521"
        }
      ]
    }
  ]
}
`
	if env.Stdout.String() != want {
		t.Errorf("stdout on a terminal\n%s\nwant\n%s", env.Stdout, want)
	}
	if after := snapshot(t, env); after != before {
		t.Errorf("a dry run changed the sandbox: before %+v, after %+v", before, after)
	}
}

func TestSendComponentsFile(t *testing.T) {
	env := cmdtest.New(t)
	file := filepath.Join(t.TempDir(), "components.json")
	comps := `[
  {"type": "body", "parameters": [{"type": "text", "text": "4521"}]},
  {"type": "button", "sub_type": "url", "index": 0, "parameters": [{"type": "text", "text": "BR4521"}]}
]
`
	if err := os.WriteFile(file, []byte(comps), 0o600); err != nil {
		t.Fatal(err)
	}
	run(t, env, 0, sendTo(contact1Phone, "--template", "rastreio_pedido", "--components", file, "--dry-run")...)
	want := `{"phone":"5521979190371","channel":"chatapp-main-001","type":"template","template":3,"components":[` +
		`{"type":"body","parameters":[{"type":"text","text":"4521"}]},{"type":"button","sub_type":"url","index":0,"parameters":[{"type":"text","text":"BR4521"}]}]}` + "\n"
	if env.Stdout.String() != want {
		t.Errorf("dry run\n%s\nwant\n%s", env.Stdout, want)
	}
	run(t, env, 0, sendTo(contact1Phone, "--template", "rastreio_pedido", "--components", file)...)
	if m := lastMessage(t, env, chat1); m.Type != "template" || m.Content != "Seu pedido 4521 foi enviado." {
		t.Errorf("read back %+v", m)
	}

	env.Stdin.WriteString(`[{"type":"body","parameters":[{"type":"text","text":"Lia"},{"type":"text","text":"4"}]}]`)
	run(t, env, 0, sendTo(contact1Phone, "--template", "boas_vindas", "--components", "-")...)
	if m := lastMessage(t, env, chat1); !strings.HasPrefix(m.Content, "Olá Lia, seu pedido 4 foi confirmado!") {
		t.Errorf("components from stdin: read back %q", m.Content)
	}
}

func TestSendComponentsFileIsChecked(t *testing.T) {
	tests := []struct {
		name, json, stderr string
	}{
		{"wrong count", `[{"type":"body","parameters":[{"type":"text","text":"4521"}]}]`,
			"error: components: button 0 of template \"rastreio_pedido\" has a dynamic URL: send a button component with sub_type url, index 0 and one text parameter\n"},
		{"wrong button", `[{"type":"body","parameters":[{"type":"text","text":"1"}]},{"type":"button","sub_type":"url","index":1,"parameters":[{"type":"text","text":"x"}]}]`,
			"error: invalid input:\n" +
				"  - components[1].index: button 1 of the template is not a URL button with a placeholder\n" +
				"  - components: button 0 of template \"rastreio_pedido\" has a dynamic URL: send a button component with sub_type url, index 0 and one text parameter\n"},
		{"misspelt field", `[{"type":"body","parameter":[]}]`,
			"error: --components: want a JSON array of components: json: unknown field \"parameter\"\n"},
		{"not an array", `{"type":"body"}`,
			"error: --components: want a JSON array of components: json: cannot unmarshal object into Go value of type []api.SendComponent\n"},
		{"trailing data", `[] []`, "error: --components: unexpected data after the array\n"},
		{"empty array", `[]`, "error: components is required\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := cmdtest.New(t)
			before := snapshot(t, env)
			env.Stdin.WriteString(tt.json)
			run(t, env, 2, sendTo(contact1Phone, "--template", "rastreio_pedido", "--components", "-")...)
			if env.Stderr.String() != tt.stderr {
				t.Errorf("stderr\n%s\nwant\n%s", env.Stderr, tt.stderr)
			}
			if after := snapshot(t, env); after != before {
				t.Errorf("the sandbox changed")
			}
		})
	}
}

func TestSendTemplateFlagDoesNotFormatTheOutput(t *testing.T) {
	env := cmdtest.New(t)
	run(t, env, 0, sendTo(contact1Phone, "--template", "codigo_verificacao", "--var", "codigo=1234")...)
	if !strings.Contains(env.Stdout.String(), "\ttemplate\t"+chat1+"\tentrance\t") {
		t.Errorf("stdout = %q, want the plain result, not the template name", env.Stdout)
	}
}
