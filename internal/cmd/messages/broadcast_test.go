package messages_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/broadcast"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
)

// writeList writes an input file in a directory of the test's own and
// returns its path.
func writeList(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// sentTo is the template messages the recipient's chats on the main
// channel hold, oldest first, as the API lists them.
func sentTo(t *testing.T, env *cmdtest.Env, phone string) []api.Message {
	t.Helper()
	var chats []api.Chat
	resp := env.Get(t, "/chats", url.Values{"contact": {phone}, "channel": {mainChannel}, "per_page": {"100"}})
	if err := json.Unmarshal(resp.Data, &chats); err != nil {
		t.Fatal(err)
	}
	var out []api.Message
	for _, ch := range chats {
		var msgs []api.Message
		resp := env.Get(t, "/chats/"+ch.Token+"/messages", url.Values{"type": {"template"}, "direction": {"outgoing"}, "per_page": {"100"}})
		if err := json.Unmarshal(resp.Data, &msgs); err != nil {
			t.Fatal(err)
		}
		out = append(out, msgs...)
	}
	return out
}

// contactPhone is the phone of the first contact of company 1 that query
// lists.
func contactPhone(t *testing.T, env *cmdtest.Env, query url.Values) string {
	t.Helper()
	var cts []api.Contact
	if err := json.Unmarshal(env.Get(t, "/contacts", query).Data, &cts); err != nil || len(cts) == 0 {
		t.Fatalf("no contact %v: %v", query, err)
	}
	return cts[0].Phone
}

func summaryOf(t *testing.T, env *cmdtest.Env) broadcast.Summary {
	t.Helper()
	return cmdtest.DecodeJSON[broadcast.Summary](t, env.Stdout.Bytes())
}

const (
	promoURL  = "https://cdn.exemplo.com.br/promo.jpg"
	promoText = "Oi %s, a promoção de %s começou! Aproveite descontos de até 50%%."
)

func TestBroadcastSendsToEachRecipientOnce(t *testing.T) {
	env := cmdtest.New(t)
	blocked := contactPhone(t, env, url.Values{"blocked": {"true"}})
	overdue := contactPhone(t, env, url.Values{"tag": {"3"}, "blocked": {"false"}}) // Inadimplente
	// Variables by name (in the spreadsheet's case) and by number; the
	// image header from the flag unless the row has its own; the same
	// phone again, written otherwise; a blocked contact and a tagged one;
	// a bad phone and a missing value; a column nobody reads.
	list := writeList(t, "clientes.csv", "Telefone;Nome;2;header_url;email\n"+
		"+55 11 98888-0101;Ana;calçados;;ana@x.com\n"+
		"(21) 97777-0202;Bruno;bolsas;https://cdn.exemplo.com.br/bolsas.png;\n"+
		"5511988880101;Ana de novo;tênis;;\n"+
		blocked+";Bloqueado;x;;\n"+
		overdue+";Devendo;x;;\n"+
		"123;Curto;x;;\n"+
		"+55 31 96666-0303;;relógios;;\n")
	args := []string{"messages", "broadcast", list, "--template", "promocao_imagem", "--channel", mainChannel,
		"--map", "Telefone=phone", "--header-url", promoURL, "--exclude-tag", "Inadimplente", "--rate", "0",
		"--default-country", "BR", "--yes"}

	run(t, env, 6, append(args, "-o", "json")...)
	s := summaryOf(t, env)
	if s.Sent != 2 || s.Skipped != 2 || s.Duplicates != 1 || s.Failed != 2 || s.AlreadySent != 0 || s.Rows != 7 || s.Report == nil {
		t.Errorf("summary %+v", s)
	}
	stderr := env.Stderr.String()
	for _, want := range []string{
		"Template:     promocao_imagem (id 2, pt_BR, marketing), approved\n",
		"Channel:      chatapp-main-001 (Chatapp Atendimento), connected\n",
		"Rows:         7 in " + list + "\n",
		"To send:      2\n",
		"Duplicates:   1 (the same phone again: sent once)\n",
		"Skipped:      2 (blocked 1, tag Inadimplente 1)\n",
		"Invalid:      2 (not sent, reported; see below)\n",
		"Not read:     email\n",
		"  line 7: Telefone: is not a whole number in BR: 3 digits, where a whole number has 10 or 11 with its area code;",
		"  line 8: Nome: is empty: the template's body variable \"nome\" ({{1}}) needs a value (or give --var nome=VALUE for every row)\n",
		"sent 2 · skipped 2 · failed 2 · duplicates 1 in ",
		"2 rows not sent: see " + list + ".broadcast-errors.csv\n",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	for phone, want := range map[string]string{
		"5511988880101": fmt.Sprintf(promoText, "Ana", "calçados"),
		"5521977770202": fmt.Sprintf(promoText, "Bruno", "bolsas"),
		blocked:         "", overdue: "", "5531966660303": "",
	} {
		msgs := sentTo(t, env, phone)
		switch {
		case want == "" && len(msgs) != 0:
			t.Errorf("%s got %d messages, want none", phone, len(msgs))
		case want != "" && (len(msgs) != 1 || msgs[0].Content != want):
			t.Errorf("%s got %+v, want one %q", phone, msgs, want)
		}
	}
	report, err := os.ReadFile(*s.Report)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"123", "Curto", "+55 31 96666-0303", "relógios", "INVALID_VALUE", "FIELD_REQUIRED"} {
		if !bytes.Contains(report, []byte(want)) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}

	// Run again: nothing is sent twice.
	run(t, env, 6, append(args, "-o", "json")...)
	if s := summaryOf(t, env); s.Sent != 0 || s.AlreadySent != 2 || s.Failed != 2 {
		t.Errorf("rerun: %+v", s)
	}
	if !strings.Contains(env.Stderr.String(), "Already sent: 2 (by earlier runs of this campaign: not sent again)\n") {
		t.Errorf("rerun's plan:\n%s", env.Stderr)
	}

	// The list corrected and extended: only the recipients not sent yet
	// get the message, and the out-of-date report goes.
	if err := os.WriteFile(list, []byte("Telefone;Nome;2;header_url;email\n"+
		"+55 11 98888-0101;Ana;calçados;;ana@x.com\n"+
		"(21) 97777-0202;Bruno Corrigido;bolsas;https://cdn.exemplo.com.br/bolsas.png;\n"+
		"+55 31 96666-0303;Carla;relógios;;\n"+
		"+55 41 95555-0404;Davi;óculos;;\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	run(t, env, 0, append(args, "-o", "json")...)
	if s := summaryOf(t, env); s.Sent != 2 || s.AlreadySent != 2 || s.Failed != 0 || s.Report != nil {
		t.Errorf("corrected list: %+v", s)
	}
	for phone, want := range map[string]string{
		"5521977770202": fmt.Sprintf(promoText, "Bruno", "bolsas"),
		"5531966660303": fmt.Sprintf(promoText, "Carla", "relógios"),
		"5541955550404": fmt.Sprintf(promoText, "Davi", "óculos"),
	} {
		if msgs := sentTo(t, env, phone); len(msgs) != 1 || msgs[0].Content != want {
			t.Errorf("%s got %+v, want one %q", phone, msgs, want)
		}
	}
	if _, err := os.Stat(list + ".broadcast-errors.csv"); !os.IsNotExist(err) {
		t.Errorf("the out-of-date report is still there: %v", err)
	}
}

// TestBroadcastBuildsWhatMessagesSendBuilds compares the first request of a
// dry run with what `messages send --dry-run` prints for the same values:
// one code path builds both.
func TestBroadcastBuildsWhatMessagesSendBuilds(t *testing.T) {
	env := cmdtest.New(t)
	for _, tc := range []struct {
		template, list string
		flags, send    []string
	}{
		{"promocao_imagem", "phone,nome,categoria,header_url\n5511988880101,Ana,calçados,https://cdn.exemplo.com.br/a.png\n", nil,
			[]string{"--var", "nome=Ana", "--var", "categoria=calçados", "--header-url", "https://cdn.exemplo.com.br/a.png"}},
		{"rastreio_pedido", "phone,1,button_0\n5511988880101,4521,BR4521\n", nil,
			[]string{"--var", "1=4521", "--button", "0=BR4521"}},
		{"lembrete_visita", "phone,nome,header_text\n5511988880101,Ana,amanhã\n", []string{"--var", "data_hora=10/03 às 14h"},
			[]string{"--var", "nome=Ana", "--header-text", "amanhã", "--var", "data_hora=10/03 às 14h"}},
		{"fatura_documento", `{"phone":"5511988880101","nome":"Ana","mes_referencia":"março"}` + "\n",
			[]string{"--header-url", "https://cdn.exemplo.com.br/f.pdf", "--format", "jsonl"},
			[]string{"--var", "nome=Ana", "--var", "mes_referencia=março", "--header-url", "https://cdn.exemplo.com.br/f.pdf"}},
	} {
		list := writeList(t, "lista.txt", tc.list)
		run(t, env, 0, append([]string{"messages", "broadcast", list, "--template", tc.template, "--channel", mainChannel, "--dry-run"}, tc.flags...)...)
		got := env.Stdout.String()
		if !strings.Contains(env.Stderr.String(), "To send:      1\n") {
			t.Errorf("%s: plan\n%s", tc.template, env.Stderr)
		}
		run(t, env, 0, append([]string{"messages", "send", "--phone", "5511988880101", "--channel", mainChannel, "--template", tc.template, "--dry-run"}, tc.send...)...)
		if want := env.Stdout.String(); got != want {
			t.Errorf("%s: the broadcast's request\n%s\nmessages send's\n%s", tc.template, got, want)
		}
	}
	if msgs := sentTo(t, env, "5511988880101"); len(msgs) != 0 {
		t.Errorf("dry runs sent %d messages", len(msgs))
	}
}

func TestBroadcastRefusesBeforeSendingAnything(t *testing.T) {
	env := cmdtest.New(t)
	list := writeList(t, "lista.csv", "phone,nome,categoria\n5511988880101,Ana,calçados\n")
	base := func(template, channel string, more ...string) []string {
		return append([]string{"messages", "broadcast", list, "--template", template, "--channel", channel}, more...)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"pending template", base("black_friday", mainChannel, "--yes"),
			`error: template "black_friday" is pending approval; only approved templates can be sent. Nothing was sent.`},
		{"rejected template", base("cobranca_atrasada", mainChannel, "--yes"),
			`error: template "cobranca_atrasada" was rejected; only approved templates can be sent. Nothing was sent.`},
		{"disconnected channel", base("aviso_manutencao", spareChannel, "--yes"),
			"error: channel chatapp-spare-02 (Chatapp Reserva) is disconnected: nothing can be sent on it. Nothing was sent: reconnect it first."},
		{"no --yes without a terminal", base("promocao_imagem", mainChannel, "--header-url", promoURL),
			"error: pass --yes to send template promocao_imagem to 1 recipient on chatapp-main-001: without a terminal, convo cannot ask you to confirm.\nNothing is sent until you confirm; a message sent cannot be taken back."},
		{"a value given by nothing", base("promocao_imagem", mainChannel, "--yes"),
			"error: template \"promocao_imagem\" needs 1 more value; nothing was sent. Give each one with:\n  - header image URL: a column header_url, or --header-url URL for every row"},
		{"a flag for a value the template lacks", base("promocao_imagem", mainChannel, "--header-url", promoURL, "--button", "0=x", "--yes"),
			`error: --button 0: template "promocao_imagem" has no dynamic URL button "0"; it has none`},
		{"an unknown tag", base("promocao_imagem", mainChannel, "--header-url", promoURL, "--exclude-tag", "Opt-out", "--yes"),
			"error: no tag named \"Opt-out\"; see `convo tags list`, or create it with `convo tags create --text \"Opt-out\"`"},
		{"a template of another channel", base("order_update", mainChannel, "--yes"),
			"error: no template \"order_update\" on channel chatapp-main-001; see `convo templates list`"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run(t, env, 2, tc.args...)
			if !strings.Contains(env.Stderr.String(), tc.want) {
				t.Errorf("stderr:\n%s\nwant\n%s", env.Stderr, tc.want)
			}
			if msgs := sentTo(t, env, "5511988880101"); len(msgs) != 0 {
				t.Errorf("%d messages sent", len(msgs))
			}
		})
	}
}

func TestBroadcastAsksOnATerminal(t *testing.T) {
	list := writeList(t, "lista.csv", "phone,nome\n5511988880101,Ana\n5521977770202,Bruno\n")
	args := []string{"messages", "broadcast", list, "--template", "promocao_imagem", "--channel", mainChannel,
		"--header-url", promoURL, "--var", "categoria=bolsas"}

	env := terminal(t, "n")
	run(t, env, 130, args...)
	if !strings.Contains(env.Stderr.String(), "Send template promocao_imagem to 2 recipients on chatapp-main-001?") {
		t.Errorf("no question:\n%s", env.Stderr)
	}
	if msgs := sentTo(t, env, "5511988880101"); len(msgs) != 0 {
		t.Errorf("sent after no: %d", len(msgs))
	}

	env.Answers = "y\n"
	run(t, env, 0, args...)
	for _, phone := range []string{"5511988880101", "5521977770202"} {
		if msgs := sentTo(t, env, phone); len(msgs) != 1 {
			t.Errorf("%s: %d messages after yes", phone, len(msgs))
		}
	}
}

// interceptSends lets fn answer the POST /messages requests of a test,
// numbered from 1; next is the sandbox.
func interceptSends(env *cmdtest.Env, fn func(n int, w http.ResponseWriter, r *http.Request, next http.Handler)) {
	var (
		mu sync.Mutex
		n  int
	)
	env.Intercept(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodPost || r.URL.Path != api.Prefix+"/messages" {
				next.ServeHTTP(w, r)
				return
			}
			mu.Lock()
			n++
			i := n
			mu.Unlock()
			fn(i, w, r, next)
		})
	})
}

func writeEnvelope(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

// phones is a list of n new recipients of boas_vindas.
func phones(t *testing.T, n int) (list string, all []string) {
	t.Helper()
	var b strings.Builder
	b.WriteString("phone,nome,numero_pedido\n")
	for i := range n {
		p := fmt.Sprintf("55479900%05d", i)
		all = append(all, p)
		fmt.Fprintf(&b, "%s,Cliente %d,%d\n", p, i, 1000+i)
	}
	return writeList(t, "lista.csv", b.String()), all
}

// assertOnce fails unless each phone got exactly one message.
func assertOnce(t *testing.T, env *cmdtest.Env, all []string) {
	t.Helper()
	for _, p := range all {
		if msgs := sentTo(t, env, p); len(msgs) != 1 {
			t.Errorf("%s got %d messages, want 1", p, len(msgs))
		}
	}
}

func TestBroadcastStopsWhenTheChannelIsDisconnected(t *testing.T) {
	env := cmdtest.New(t)
	list, all := phones(t, 12)
	var down sync.Map
	interceptSends(env, func(n int, w http.ResponseWriter, r *http.Request, next http.Handler) {
		if n > 4 {
			if _, ok := down.Load("down"); ok {
				writeEnvelope(w, http.StatusConflict, `{"success":false,"message":"Não foi possível enviar a mensagem.","errors":[{"code":"CHANNEL_DISCONNECTED","message":"O canal está desconectado."}]}`)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
	args := []string{"messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel, "--concurrency", "1", "--rate", "0", "--yes"}
	down.Store("down", true)
	run(t, env, 1, args...)
	stderr := env.Stderr.String()
	for _, want := range []string{
		"error: stopped: the channel chatapp-main-001 was disconnected (",
		"To send to the rest, run the same command again (it sends to nobody twice):\n  convo messages broadcast " + list,
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	sent := 0
	for _, p := range all {
		sent += len(sentTo(t, env, p))
	}
	if sent != 4 {
		t.Errorf("%d sent before the channel went down, want 4", sent)
	}

	down.Delete("down")
	run(t, env, 0, append(args, "-o", "json")...)
	if s := summaryOf(t, env); s.Sent != 8 || s.AlreadySent != 4 {
		t.Errorf("resumed: %+v", s)
	}
	assertOnce(t, env, all)
}

// TestBroadcastLooksForAnAmbiguousSend answers some sends with a 5xx: one
// after the message was stored (the answer lost), one before anything was.
// The first must not be sent again, the second must be.
func TestBroadcastLooksForAnAmbiguousSend(t *testing.T) {
	env := cmdtest.New(t)
	list, all := phones(t, 6)
	var lost []string
	interceptSends(env, func(n int, w http.ResponseWriter, r *http.Request, next http.Handler) {
		switch n {
		case 2:
			next.ServeHTTP(httptest.NewRecorder(), r) // stored; the answer is lost
			writeEnvelope(w, http.StatusBadGateway, `{"success":false,"message":"Bad gateway"}`)
			lost = append(lost, "stored")
		case 4:
			writeEnvelope(w, http.StatusServiceUnavailable, `{"success":false,"message":"Serviço indisponível"}`)
			lost = append(lost, "not stored")
		default:
			next.ServeHTTP(w, r)
		}
	})
	run(t, env, 0, "messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel,
		"--concurrency", "1", "--rate", "0", "--yes", "-o", "json")
	if s := summaryOf(t, env); s.Sent != 6 || s.Failed != 0 || len(lost) != 2 {
		t.Errorf("summary %+v, answers lost %q", s, lost)
	}
	assertOnce(t, env, all)
}

// TestBroadcastWaitsForASendThatTimedOut: the server stores the first
// message after the client's timeout has given it up. The recipient is
// looked for only once the server has had as long again, and not sent to
// a second time. The command and the sandbox run in a synctest bubble, so
// the timeout and the server's delay are the bubble's clock's.
func TestBroadcastWaitsForASendThatTimedOut(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		env := cmdtest.New(t)
		list, all := phones(t, 2)
		stored := make(chan struct{})
		interceptSends(env, func(n int, w http.ResponseWriter, r *http.Request, next http.Handler) {
			if n != 1 {
				next.ServeHTTP(w, r)
				return
			}
			start := time.Now()
			body, err := io.ReadAll(r.Body)
			if err != nil {
				t.Error(err)
			}
			<-r.Context().Done() // the client gives up at its timeout
			go func() {
				defer close(stored)
				// Past the client's timeout of 1s and the first backoff (at
				// most 200ms), well before a second timeout has passed.
				time.Sleep(time.Until(start.Add(1600 * time.Millisecond)))
				late := r.Clone(context.WithoutCancel(r.Context()))
				late.Body = io.NopCloser(bytes.NewReader(body))
				next.ServeHTTP(httptest.NewRecorder(), late)
			}()
		})
		run(t, env, 0, "messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel,
			"--concurrency", "1", "--rate", "0", "--timeout", "1s", "--yes", "-o", "json")
		<-stored
		if s := summaryOf(t, env); s.Sent != 2 || s.Failed != 0 {
			t.Errorf("summary %+v", s)
		}
		assertOnce(t, env, all)
	})
}

// TestBroadcastReportsWhatItCannotTell: the recipient in doubt has another
// message of the template since the attempt, and nothing has shown yet
// whether the API's content tells messages apart: it is reported, not sent.
// Once a send has shown that it does, the next run sends it.
func TestBroadcastReportsWhatItCannotTell(t *testing.T) {
	env := cmdtest.New(t)
	list, all := phones(t, 2)
	interceptSends(env, func(n int, w http.ResponseWriter, r *http.Request, next http.Handler) {
		if n == 1 {
			// Another tool sends the template to the same recipient, and
			// this send fails before anything is stored.
			body, _ := io.ReadAll(r.Body)
			other := bytes.Replace(body, []byte("Cliente 0"), []byte("Outra pessoa"), 1)
			r2 := r.Clone(r.Context())
			r2.Body, r2.ContentLength = io.NopCloser(bytes.NewReader(other)), int64(len(other))
			next.ServeHTTP(httptest.NewRecorder(), r2)
			writeEnvelope(w, http.StatusServiceUnavailable, `{"success":false,"message":"Serviço indisponível"}`)
			return
		}
		next.ServeHTTP(w, r)
	})
	args := []string{"messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel, "--concurrency", "1", "--rate", "0", "--yes", "-o", "json"}
	run(t, env, 6, args...)
	s := summaryOf(t, env)
	if s.Sent != 1 || s.Failed != 1 || s.Report == nil {
		t.Fatalf("summary %+v", s)
	}
	report, _ := os.ReadFile(*s.Report)
	if !bytes.Contains(report, []byte(broadcast.CodeUnknownOutcome)) || !bytes.Contains(report, []byte(all[0])) {
		t.Errorf("report:\n%s", report)
	}
	if msgs := sentTo(t, env, all[0]); len(msgs) != 1 || strings.Contains(msgs[0].Content, "Cliente 0") {
		t.Errorf("%s: %+v, want only the other tool's message", all[0], msgs)
	}

	run(t, env, 0, args...)
	if s := summaryOf(t, env); s.Sent != 1 || s.AlreadySent != 1 {
		t.Errorf("rerun: %+v", s)
	}
	msgs := sentTo(t, env, all[0])
	if len(msgs) != 2 || !slices.ContainsFunc(msgs, func(m api.Message) bool { return strings.Contains(m.Content, "Cliente 0") }) {
		t.Errorf("%s after the rerun: %+v", all[0], msgs)
	}
	assertOnce(t, env, all[1:])
}

func TestBroadcastJournal(t *testing.T) {
	env := cmdtest.New(t)
	list, all := phones(t, 3)
	journal := filepath.Join(t.TempDir(), "campanha.journal")
	args := []string{"messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel, "--rate", "0", "--yes", "--journal", journal}
	run(t, env, 0, args...)
	data, err := os.ReadFile(journal)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("convo-journal 2 broadcast\n")) || bytes.Contains(data, []byte("sandbox-admin")) {
		t.Errorf("journal:\n%s", data)
	}

	// --restart forgets nothing until the sending is confirmed: refused
	// for want of --yes, it leaves every recipient sent, and the same
	// command without it sends to nobody again.
	noYes := slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a == "--yes" })
	run(t, env, 2, append(noYes, "--restart")...)
	run(t, env, 0, append(slices.Clone(args), "-o", "json")...)
	if s := summaryOf(t, env); s.Sent != 0 || s.AlreadySent != 3 {
		t.Errorf("after a --restart that was not confirmed: %+v, want all 3 already sent", s)
	}
	assertOnce(t, env, all)

	// A journal cut or changed by hand is refused, never ignored.
	if err := os.WriteFile(journal, append(data, "s 12\n"...), 0o600); err != nil {
		t.Fatal(err)
	}
	run(t, env, 2, args...)
	if !strings.Contains(env.Stderr.String(), "is damaged at line") || !strings.Contains(env.Stderr.String(), "nothing was sent") {
		t.Errorf("stderr:\n%s", env.Stderr)
	}
	assertOnce(t, env, all)

	// --restart is the only way to send again.
	run(t, env, 0, append(args, "--restart", "-o", "json")...)
	if s := summaryOf(t, env); s.Sent != 3 || s.AlreadySent != 0 {
		t.Errorf("restart: %+v", s)
	}
	for _, p := range all {
		if msgs := sentTo(t, env, p); len(msgs) != 2 {
			t.Errorf("%s got %d messages after --restart, want 2", p, len(msgs))
		}
	}

	// Other values for every row are another campaign, with its own journal.
	other := append(slices.Clone(args[:len(args)-2]), "--var", "numero_pedido=1", "-o", "json")
	run(t, env, 0, other...)
	if s := summaryOf(t, env); s.Sent != 3 {
		t.Errorf("another campaign: %+v", s)
	}
}

// TestBroadcastSendsTheListItPlanned rewrites the list as the sending
// starts: its rows in reverse order, and three recipients more. The run
// sends what its plan read, each recipient its own values; the new
// recipients go out with the next run, and nobody twice.
func TestBroadcastSendsTheListItPlanned(t *testing.T) {
	env := cmdtest.New(t)
	_, all := phones(t, 12)
	// A column the broadcast does not read makes each row larger than
	// what a read takes at once, as the rows of a long list are.
	filler := strings.Repeat("x", 200<<10)
	row := func(phone, name string, order int) string {
		return fmt.Sprintf("%s,%s,%d,%s", phone, name, order, filler)
	}
	lines := []string{"phone,nome,numero_pedido,observacao"}
	for i, p := range all {
		lines = append(lines, row(p, fmt.Sprintf("Cliente %d", i), 1000+i))
	}
	list := writeList(t, "grande.csv", strings.Join(lines, "\n")+"\n")
	rewritten := []string{lines[0]}
	for i := len(lines) - 1; i > 0; i-- {
		rewritten = append(rewritten, lines[i])
	}
	var added []string
	for i := range 3 {
		p := fmt.Sprintf("55479910%05d", i)
		added = append(added, p)
		rewritten = append(rewritten, row(p, fmt.Sprintf("Nova %d", i), 2000+i))
	}
	// The file is rewritten once the sending has begun to read it: at the
	// request the sending makes first, for the server's time.
	var once sync.Once
	env.Intercept(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodGet && r.URL.Path == api.Prefix+"/channels" && r.URL.Query().Get("per_page") == "1" {
				once.Do(func() {
					if err := os.WriteFile(list, []byte(strings.Join(rewritten, "\n")+"\n"), 0o600); err != nil {
						t.Error(err)
					}
				})
			}
			next.ServeHTTP(w, r)
		})
	})
	args := []string{"messages", "broadcast", list, "--template", "boas_vindas", "--channel", mainChannel, "--rate", "0", "--concurrency", "1", "--yes"}
	run(t, env, 0, args...)
	for i, p := range all {
		msgs := sentTo(t, env, p)
		if want := fmt.Sprintf("Olá Cliente %d, seu pedido %d ", i, 1000+i); len(msgs) != 1 || !strings.HasPrefix(msgs[0].Content, want) {
			t.Errorf("%s got %d messages (%+v), want one starting %q", p, len(msgs), msgs, want)
		}
	}
	for _, p := range added {
		if msgs := sentTo(t, env, p); len(msgs) != 0 {
			t.Errorf("%s, added to the list during the run, got %d messages from it", p, len(msgs))
		}
	}

	run(t, env, 0, append(args, "-o", "json")...)
	if s := summaryOf(t, env); s.Sent != 3 || s.AlreadySent != 12 {
		t.Errorf("the rerun of the rewritten list: %+v, want 3 sent and 12 already sent", s)
	}
	assertOnce(t, env, append(all, added...))
}
