package mcpserver

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/sandbox"
)

// legacy is the newest protocol revision on which a server asks its own
// questions (elicitation/create); later ones ask as a call's result.
const legacy = "2025-11-25"

// openChat is the token of chat 2 (contact 2, waiting on the main chatapp
// channel) after its customer wrote now: its 24-hour window is open.
func (e *env) openChat() string {
	e.t.Helper()
	e.writes(2, sandbox.ChannelMain, "Vocês entregam em Campinas?")
	return e.chat(2, sandbox.ChannelMain)
}

func reply(chat, text, key string) map[string]any {
	return map[string]any{"chat": chat, "text": text, "idempotency_key": key}
}

// TestElicitAsksThePersonTheExactMessage: on both ways the protocol has of
// asking (the server's request, and the call's question answered on
// retry), the person sees the recipient, the channel and the exact text;
// accept sends, decline and cancel do not, and a declined key stays
// declined.
func TestElicitAsksThePersonTheExactMessage(t *testing.T) {
	for _, version := range []string{legacy, ""} {
		name := "multi round-trip"
		if version != "" {
			name = version
		}
		t.Run(name, func(t *testing.T) {
			e := newEnv(t)
			chat := e.openChat()
			p := &person{answer: accept}
			cs := connect(t, e.server(Options{AllowWrites: true}), p, version)
			// The SDK's client asks for the newest revision, on which the
			// question comes back as the call's result.
			if want := map[string]string{legacy: legacy, "": multiRoundTrip}[version]; cs.InitializeResult().ProtocolVersion != want {
				t.Fatalf("negotiated %s, want %s", cs.InitializeResult().ProtocolVersion, want)
			}

			res := ok(t, callTool(t, cs, "reply_to_chat", reply(chat, "Entregamos sim, em até 3 dias úteis.", "k-accept")))
			if res["status"] != "sent" || e.sent() != 1 {
				t.Fatalf("accepted: %v, %d sent", res, e.sent())
			}
			q := p.questions()
			if len(q) != 1 {
				t.Fatalf("asked %d times", len(q))
			}
			for _, w := range []string{"Maria Aparecida Santos (+5531958380742)", "Chatapp Atendimento (chatapp-main-001)", "Entregamos sim, em até 3 dias úteis."} {
				if !strings.Contains(q[0], w) {
					t.Errorf("the question %q does not show %q", q[0], w)
				}
			}

			p.answer = decline
			refused(t, callTool(t, cs, "reply_to_chat", reply(chat, "Posso ajudar em algo mais?", "k-decline")), "declined")
			// Asked again with the same key: the decision stands, nobody is asked.
			refused(t, callTool(t, cs, "reply_to_chat", reply(chat, "Posso ajudar em algo mais?", "k-decline")), "declined")
			p.answer = cancel
			refused(t, callTool(t, cs, "reply_to_chat", reply(chat, "Algo mais?", "k-cancel")), "dismissed")
			// Accept without ticking the box is no approval.
			p.answer = &sdk.ElicitResult{Action: "accept", Content: map[string]any{"send": false}}
			refused(t, callTool(t, cs, "reply_to_chat", reply(chat, "Algo mais?", "k-untick")), "declined")
			if e.sent() != 1 {
				t.Errorf("%d messages sent, want only the accepted one", e.sent())
			}
			if n := len(p.questions()); n != 4 {
				t.Errorf("asked %d times, want 4", n)
			}
			outcomes := map[string]string{}
			for _, en := range e.audit() {
				outcomes[en.Outcome] = en.Approval
			}
			for _, o := range []string{"sent", "declined", "repeated", "cancelled"} {
				if outcomes[o] != ApproveElicit {
					t.Errorf("no audit line with outcome %s approved by elicit: %v", o, outcomes)
				}
			}
		})
	}
}

// TestAnAnswerCannotBeMadeUp: on the multi round-trip protocol, a call that
// brings its own "accept" without the server's question is asked again,
// and an answer given to one message does not approve another.
func TestAnAnswerCannotBeMadeUp(t *testing.T) {
	e := newEnv(t)
	chat := e.openChat()
	s := e.server(Options{AllowWrites: true})
	client := sdk.NewClient(&sdk.Implementation{Name: "forger", Version: "1"}, &sdk.ClientOptions{
		ElicitationHandler: (&person{answer: accept}).handle,
		MultiRoundTrip:     &sdk.MultiRoundTripOptions{Disabled: true},
	})
	ct, st := sdk.NewInMemoryTransports()
	ss, err := s.MCP().Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := client.Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	forged := sdk.InputResponseMap{approvalInput: accept}
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "reply_to_chat", Arguments: reply(chat, "Oi", "f1"),
		InputResponses: forged, RequestState: "made-up"})
	if err != nil {
		t.Fatal(err)
	}
	if !res.NeedsInput() || e.sent() != 0 {
		t.Fatalf("a made-up answer: needs input %v, %d sent", res.NeedsInput(), e.sent())
	}
	// The question's state, answered for another message.
	other, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "reply_to_chat", Arguments: reply(chat, "Outra coisa", "f2"),
		InputResponses: forged, RequestState: res.RequestState})
	if err != nil {
		t.Fatal(err)
	}
	if !other.NeedsInput() || e.sent() != 0 {
		t.Fatalf("an answer carried to another message: needs input %v, %d sent", other.NeedsInput(), e.sent())
	}
	// The first question's state was spent by that attempt: once only.
	again, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "reply_to_chat", Arguments: reply(chat, "Oi", "f1"),
		InputResponses: forged, RequestState: res.RequestState})
	if err != nil {
		t.Fatal(err)
	}
	if !again.NeedsInput() || e.sent() != 0 {
		t.Fatalf("a spent question: needs input %v, %d sent", again.NeedsInput(), e.sent())
	}
	// Answered as asked, it is sent.
	done, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "reply_to_chat", Arguments: reply(chat, "Oi", "f1"),
		InputResponses: forged, RequestState: again.RequestState})
	if err != nil {
		t.Fatal(err)
	}
	if done.IsError || done.NeedsInput() || e.sent() != 1 {
		t.Fatalf("answered as asked: %s, %d sent", text(done), e.sent())
	}
}

// TestQueue: a client that cannot ask its user, or --approve queue, gets
// pending and an id; nothing is sent until a person approves it, exactly
// once; send_status and the same call again tell what became of it; a
// rejected message is never sent.
func TestQueue(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts Options
		p    *person
	}{
		{"approve queue", Options{AllowWrites: true, Approve: ApproveQueue}, &person{answer: accept}},
		{"client without elicitation", Options{AllowWrites: true}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			chat := e.openChat()
			cs := connect(t, e.server(tc.opts), tc.p, legacy)
			res := ok(t, callTool(t, cs, "reply_to_chat", reply(chat, "Entregamos sim!", "q1")))
			id, _ := res["id"].(string)
			if res["status"] != "pending" || id == "" || e.sent() != 0 {
				t.Fatalf("queued: %v, %d sent", res, e.sent())
			}
			if tc.p != nil && len(tc.p.questions()) != 0 {
				t.Error("queue asked the person through the client")
			}
			if st := ok(t, callTool(t, cs, "send_status", map[string]any{"id": id})); st["status"] != "pending" || st["text"] != "Entregamos sim!" {
				t.Errorf("status of a queued message: %v", st)
			}

			q := NewQueue(e.data, func(context.Context) (*api.Client, error) { return e.api(), nil }, nil, nil)
			list, err := q.List()
			if err != nil || len(list) != 1 || list[0].ID != id || list[0].Status != StatusPending {
				t.Fatalf("queue list = %v, %v", list, err)
			}
			sent, rec, err := q.Approve(context.Background(), id)
			if err != nil || rec.Status != StatusSent || e.sent() != 1 || !strings.Contains(sent.Text, "Sent to Maria") {
				t.Fatalf("approve: %v, %v, %d sent", rec, err, e.sent())
			}
			// Approved twice: still one message.
			if _, rec, err := q.Approve(context.Background(), id); err != nil || rec.Status != StatusSent || e.sent() != 1 {
				t.Fatalf("approved again: %v, %v, %d sent", rec, err, e.sent())
			}
			st := ok(t, callTool(t, cs, "send_status", map[string]any{"idempotency_key": "q1"}))
			if st["status"] != "sent" || st["message_id"] != float64(rec.MessageID) {
				t.Errorf("status once approved: %v", st)
			}
			if again := ok(t, callTool(t, cs, "reply_to_chat", reply(chat, "Entregamos sim!", "q1"))); again["status"] != "sent" || e.sent() != 1 {
				t.Errorf("the call again: %v, %d sent", again, e.sent())
			}

			res = ok(t, callTool(t, cs, "reply_to_chat", reply(chat, "Mais alguma coisa?", "q2")))
			if _, err := q.Reject(context.Background(), res["id"].(string)); err != nil {
				t.Fatal(err)
			}
			if _, _, err := q.Approve(context.Background(), res["id"].(string)); err == nil || !strings.Contains(err.Error(), "rejected") {
				t.Errorf("approving a rejected message: %v", err)
			}
			refused(t, callTool(t, cs, "reply_to_chat", reply(chat, "Mais alguma coisa?", "q2")), "rejected")
			if e.sent() != 1 {
				t.Errorf("%d sent, want 1", e.sent())
			}
			var decisions []string
			for _, en := range e.audit() {
				if en.Approval == "person" {
					decisions = append(decisions, en.Tool+" "+en.Outcome)
				}
			}
			if got := strings.Join(decisions, ", "); got != "queue approve sent, queue approve repeated, queue reject rejected, queue approve refused" {
				t.Errorf("the person's decisions in the audit log: %s", got)
			}
		})
	}
}

// TestAutoWithinTheBudget: auto sends without asking, as many messages as
// --max-sends allows in this process, queued ones counted; a repeated
// key costs nothing; a new server (a restart) has its own budget.
func TestAutoWithinTheBudget(t *testing.T) {
	e := newEnv(t)
	chat := e.openChat()
	s := e.server(Options{AllowWrites: true, Approve: ApproveAuto, MaxSends: 2})
	p := &person{answer: decline}
	cs := connect(t, s, p, legacy)
	ok(t, callTool(t, cs, "reply_to_chat", reply(chat, "Um", "b1")))
	ok(t, callTool(t, cs, "reply_to_chat", reply(chat, "Um", "b1"))) // the same key: no send, no cost
	ok(t, callTool(t, cs, "reply_to_chat", reply(chat, "Dois", "b2")))
	refused(t, callTool(t, cs, "reply_to_chat", reply(chat, "Três", "b3")), "--max-sends 2")
	// Reconnecting does not reset it.
	cs2 := connect(t, s, p, "")
	refused(t, callTool(t, cs2, "reply_to_chat", reply(chat, "Três", "b3")), "--max-sends 2")
	if e.sent() != 2 || len(p.questions()) != 0 {
		t.Errorf("%d sent, %d questions; want 2 sent without asking", e.sent(), len(p.questions()))
	}

	q := e.server(Options{AllowWrites: true, Approve: ApproveQueue, MaxSends: 1})
	cq := connect(t, q, nil, "")
	ok(t, callTool(t, cq, "reply_to_chat", reply(chat, "Na fila", "b4")))
	refused(t, callTool(t, cq, "reply_to_chat", reply(chat, "Na fila também", "b5")), "--max-sends 1")
}

// TestAllowSendTo: only contacts with a listed tag, or listed phones.
func TestAllowSendTo(t *testing.T) {
	e := newEnv(t)
	chat := e.openChat() // contact 2, tagged 6 by the seed? It is checked below.
	c, err := e.api().GetContact(e.ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	hasVIP := false
	for _, tg := range c.Data.Tags {
		hasVIP = hasVIP || tg.Name == "VIP"
	}
	if hasVIP {
		t.Fatal("the seed gives contact 2 the tag VIP: pick another")
	}
	for _, tc := range []struct {
		allow []string
		sends bool
	}{
		{[]string{"VIP"}, false},
		{[]string{"VIP", "+55 31 95838-0742"}, true},
		{[]string{"5511900000000"}, false},
	} {
		s := e.server(Options{AllowWrites: true, Approve: ApproveAuto, MaxSends: 5, AllowSendTo: tc.allow})
		cs := connect(t, s, nil, "")
		before := e.sent()
		res := callTool(t, cs, "reply_to_chat", reply(chat, "Olá!", "a-"+strings.Join(tc.allow, ",")))
		if tc.sends {
			ok(t, res)
		} else {
			refused(t, res, "--allow-send-to")
		}
		if got := e.sent() - before; got != map[bool]int{true: 1, false: 0}[tc.sends] {
			t.Errorf("allow %v: %d sent", tc.allow, got)
		}
	}
	// By tag: once the contact has the tag, it may be sent to.
	s := e.server(Options{AllowWrites: true, Approve: ApproveAuto, MaxSends: 5, AllowSendTo: []string{"VIP"}})
	cs := connect(t, s, nil, "")
	ok(t, callTool(t, e.writer(t), "change_tags", map[string]any{"contact": "2", "add": []string{"VIP"}}))
	ok(t, callTool(t, cs, "reply_to_chat", reply(chat, "Olá, cliente VIP!", "a-vip")))
	// A tag that does not exist is the person's to mend, in their words.
	cs = connect(t, e.server(Options{AllowWrites: true, Approve: ApproveAuto, MaxSends: 5, AllowSendTo: []string{"NaoExiste"}}), nil, "")
	refused(t, callTool(t, cs, "reply_to_chat", reply(chat, "Olá!", "a-none")),
		"nothing is sent until the person who runs this server mends its --allow-send-to: no tag named \"NaoExiste\"; see `convo tags list`")
	// A phone that is no contact yet is refused unless listed.
	refused(t, callTool(t, cs, "send_template", map[string]any{"phone": "5521990001111", "channel": sandbox.ChannelMain, "template": "boas_vindas",
		"variables": map[string]string{"nome": "Rita", "numero_pedido": "1"}, "idempotency_key": "a-new"}), "--allow-send-to")
}

// writer is a client of a server that may write, for a test's own doings.
func (e *env) writer(t *testing.T) *sdk.ClientSession {
	return connect(t, e.server(Options{AllowWrites: true}), nil, "")
}

// TestTheDesksRules: stricter than the command line, each refusal a tool
// error saying why, and nothing sent or asked.
func TestTheDesksRules(t *testing.T) {
	e := newEnv(t)
	p := &person{answer: accept}
	cs := connect(t, e.server(Options{AllowWrites: true}), p, legacy)
	stale := e.chat(2, sandbox.ChannelMain) // its customer wrote days ago
	refused(t, callTool(t, cs, "reply_to_chat", reply(stale, "Oi", "w1")), "24-hour")
	refused(t, callTool(t, cs, "reply_to_chat", reply(stale, "Oi", "w1")), "send_template")
	finished := e.chat(3, sandbox.ChannelMain)
	refused(t, callTool(t, cs, "reply_to_chat", reply(finished, "Oi", "f1")), "is finished")
	refused(t, callTool(t, cs, "send_template", map[string]any{"chat": finished, "template": "boas_vindas",
		"variables": map[string]string{"nome": "José", "numero_pedido": "1"}, "idempotency_key": "f2"}), "is finished")
	widget := e.chat(10, sandbox.ChannelWidget)
	if _, err := e.api().UpdateContact(e.ctx, 10, api.ContactUpdate{Blocked: new(true)}); err != nil {
		t.Fatal(err)
	}
	refused(t, callTool(t, cs, "reply_to_chat", reply(widget, "Oi", "b1")), "is blocked")
	refused(t, callTool(t, cs, "send_template", map[string]any{"phone": "+" + contactPhone(t, e, 10), "channel": sandbox.ChannelMain,
		"template": "boas_vindas", "variables": map[string]string{"nome": "X", "numero_pedido": "1"}, "idempotency_key": "b2"}), "is blocked")
	if e.sent() != 0 || len(p.questions()) != 0 {
		t.Errorf("%d sent, %d asked", e.sent(), len(p.questions()))
	}
	// Outside the window a template goes out.
	ok(t, callTool(t, cs, "send_template", map[string]any{"chat": stale, "template": "boas_vindas",
		"variables": map[string]string{"nome": "Maria", "numero_pedido": "4521"}, "idempotency_key": "w2"}))
	if e.sent() != 1 {
		t.Errorf("the template: %d sent", e.sent())
	}
	refusals := 0
	for _, en := range e.audit() {
		if en.Outcome == "refused" && en.Error != "" {
			refusals++
		}
	}
	if refusals != 6 {
		t.Errorf("%d refusals in the audit log, want 6", refusals)
	}
}

func contactPhone(t *testing.T, e *env, id int64) string {
	c, err := e.api().GetContact(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return c.Data.Phone
}

// TestIdempotencyKeys: the same key returns the first result and sends
// nothing; the same key for another message is refused; other writes
// accept a key too.
func TestIdempotencyKeys(t *testing.T) {
	e := newEnv(t)
	chat := e.openChat()
	cs := connect(t, e.server(Options{AllowWrites: true, Approve: ApproveAuto, MaxSends: 5}), nil, "")
	first := ok(t, callTool(t, cs, "reply_to_chat", reply(chat, "Olá!", "same")))
	again := ok(t, callTool(t, cs, "reply_to_chat", reply(chat, "Olá!", "same")))
	if first["message_id"] != again["message_id"] || e.sent() != 1 {
		t.Errorf("first %v, again %v, %d sent", first, again, e.sent())
	}
	refused(t, callTool(t, cs, "reply_to_chat", reply(chat, "Outra mensagem", "same")), "other arguments")
	refused(t, callTool(t, cs, "reply_to_chat", map[string]any{"chat": chat, "text": "Sem chave"}), "idempotency_key")

	note := map[string]any{"contact": "2", "text": "Ligar amanhã.", "idempotency_key": "n1"}
	n1 := ok(t, callTool(t, cs, "add_note", note))
	n2 := ok(t, callTool(t, cs, "add_note", note))
	notes, err := e.api().ListNotes(2, api.ListOptions{PerPage: 100}).Collect(e.ctx)
	if err != nil {
		t.Fatal(err)
	}
	count := 0
	for _, n := range notes {
		if n.Content == "Ligar amanhã." {
			count++
		}
	}
	if n1["id"] != n2["id"] || count != 1 {
		t.Errorf("a note with one key twice: %v, %v, %d notes", n1, n2, count)
	}
	// A call refused before the API was asked leaves its key free; one the
	// API refused keeps its answer.
	refused(t, callTool(t, cs, "add_note", map[string]any{"contact": "2", "text": "   ", "idempotency_key": "n2"}), "empty note")
	ok(t, callTool(t, cs, "add_note", map[string]any{"contact": "2", "text": "Retornar na sexta.", "idempotency_key": "n2"}))
	dup := map[string]any{"phone": "+5531958380742", "name": "Outra Maria", "idempotency_key": "c1"}
	refused(t, callTool(t, cs, "create_contact", dup), "DUPLICATE")
	refused(t, callTool(t, cs, "create_contact", dup), "the first call with idempotency_key \"c1\" failed")

	// Calls with one key at the same moment send one message between them.
	before := e.sent()
	var wg sync.WaitGroup
	results := make([]*sdk.CallToolResult, 6)
	for i := range results {
		wg.Go(func() { results[i] = callTool(t, cs, "reply_to_chat", reply(chat, "Ao mesmo tempo", "race")) })
	}
	wg.Wait()
	for _, res := range results {
		if res.IsError && !strings.Contains(text(res), "under way") {
			t.Errorf("a call at the same moment: %s", text(res))
		}
	}
	if e.sent()-before != 1 {
		t.Errorf("%d messages for one key sent at once", e.sent()-before)
	}

	// A new server, as after a restart, knows the keys.
	before = e.sent()
	cs2 := connect(t, e.server(Options{AllowWrites: true, Approve: ApproveAuto, MaxSends: 5}), nil, "")
	ok(t, callTool(t, cs2, "reply_to_chat", reply(chat, "Olá!", "same")))
	if e.sent() != before {
		t.Errorf("after a restart: %d sent", e.sent())
	}
}

// TestAKeyIsKeptADayForOneCompany: a key is remembered for 24 hours after
// its call, also by a server started later, and only for the API and
// company it was used with.
func TestAKeyIsKeptADayForOneCompany(t *testing.T) {
	e := newEnv(t)
	chat := e.openChat()
	start := time.Now()
	at := func(d time.Duration) func() time.Time { return func() time.Time { return start.Add(d) } }
	opts := Options{AllowWrites: true, Approve: ApproveAuto, MaxSends: 5}
	ok(t, callTool(t, connect(t, e.serverAs(opts, sandbox.AdminToken1, at(0)), nil, ""), "reply_to_chat", reply(chat, "Olá!", "k")))
	ok(t, callTool(t, connect(t, e.serverAs(opts, sandbox.AdminToken1, at(23*time.Hour)), nil, ""), "reply_to_chat", reply(chat, "Olá!", "k")))
	if e.sent() != 1 {
		t.Fatalf("the key again within the day: %d sent, want 1", e.sent())
	}
	// Another company's key of the same name is its own.
	other := connect(t, e.serverAs(opts, sandbox.AdminToken2, at(23*time.Hour)), nil, "")
	ok(t, callTool(t, other, "add_note", map[string]any{"contact": "51", "text": "Cliente da outra empresa.", "idempotency_key": "k"}))
	// A day after its call the key is forgotten: the message is new.
	again := ok(t, callTool(t, connect(t, e.serverAs(opts, sandbox.AdminToken1, at(KeyTTL+time.Hour)), nil, ""), "reply_to_chat", reply(chat, "Olá!", "k")))
	if e.sent() != 2 || again["status"] != StatusSent {
		t.Errorf("the key a day later: %d sent (%v), want a second message", e.sent(), again)
	}
}

// TestASendInDoubtIsLookedForFirst: a send whose answer is lost (the
// server did it, or did not) is looked for in the chat before it is sent
// again: found, it is not sent again; not found, it is sent, once.
func TestASendInDoubtIsLookedForFirst(t *testing.T) {
	for _, processed := range []bool{true, false} {
		name := "the server sent it"
		if !processed {
			name = "the server did not"
		}
		t.Run(name, func(t *testing.T) {
			e := newEnv(t)
			chat := e.openChat()
			cs := connect(t, e.server(Options{AllowWrites: true, Approve: ApproveAuto, MaxSends: 5}), nil, "")
			lost := true
			e.fault = func(w http.ResponseWriter, r *http.Request, next http.Handler) bool {
				if !lost || r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/messages") {
					return false
				}
				lost = false
				if processed {
					next.ServeHTTP(httptestDiscard{}, r)
				}
				w.WriteHeader(http.StatusBadGateway)
				return true
			}
			res := callTool(t, cs, "reply_to_chat", reply(chat, "Seu pedido saiu.", "doubt"))
			refused(t, res, "may have been sent")
			if st := ok(t, callTool(t, cs, "send_status", map[string]any{"idempotency_key": "doubt"})); st["status"] != StatusSending {
				t.Errorf("status in doubt: %v", st)
			}
			again := ok(t, callTool(t, cs, "reply_to_chat", reply(chat, "Seu pedido saiu.", "doubt")))
			msgs, err := e.api().ListMessages(chat, api.MessageListParams{Direction: "outgoing", Content: "Seu pedido saiu."}).Collect(e.ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(msgs) != 1 {
				t.Fatalf("%d messages in the chat, want exactly 1: %v", len(msgs), again)
			}
			if again["message_id"] != float64(msgs[0].ID) {
				t.Errorf("answered message %v, the chat's is %d", again["message_id"], msgs[0].ID)
			}
			wantPosts := 2
			if processed {
				wantPosts = 1 // found: not sent again
			}
			if e.sent() != wantPosts {
				t.Errorf("%d POST /messages, want %d", e.sent(), wantPosts)
			}
		})
	}
}

// httptestDiscard is a response nobody reads: the answer that was lost.
type httptestDiscard struct{}

func (httptestDiscard) Header() http.Header         { return http.Header{} }
func (httptestDiscard) Write(b []byte) (int, error) { return len(b), nil }
func (httptestDiscard) WriteHeader(int)             {}

// TestSavedReplies: the team's replies, listed and filled in for a chat
// with the renderer of chats reply --saved; sent as any reply, with the
// rendered text shown to the person; a value missing, or a reply not
// offered on the chat's channel, is refused.
func TestSavedReplies(t *testing.T) {
	e := newEnv(t)
	chat := e.openChat()
	p := &person{answer: accept}
	cs := connect(t, e.server(Options{AllowWrites: true}), p, "")
	list := ok(t, callTool(t, cs, "list_saved_replies", map[string]any{"chat": chat}))
	replies := list["replies"].([]any)
	if len(replies) != 1 {
		t.Fatalf("replies offered on the chatapp chat: %v", replies)
	}
	frete := replies[0].(map[string]any)
	if frete["shortcut"] != "frete" || !strings.Contains(frete["rendered"].(string), "Olá Maria!") || strs(frete["missing"])[0] != "prazo" {
		t.Errorf("frete for the chat: %v", frete)
	}
	refused(t, callTool(t, cs, "reply_to_chat", map[string]any{"chat": chat, "saved": "frete", "idempotency_key": "s0"}), "variables.prazo")
	refused(t, callTool(t, cs, "reply_to_chat", map[string]any{"chat": chat, "saved": "rastreio", "variables": map[string]string{"pedido": "1"}, "idempotency_key": "s1"}), "offered only on widget")
	refused(t, callTool(t, cs, "reply_to_chat", map[string]any{"chat": chat, "saved": "frete", "text": "Oi", "idempotency_key": "s2"}), "either text or saved")
	res := ok(t, callTool(t, cs, "reply_to_chat", map[string]any{"chat": chat, "saved": "frete", "variables": map[string]string{"prazo": "3"}, "idempotency_key": "s3"}))
	want := "Olá Maria! Chega em 3 dias úteis.\nAna Souza\n"
	if content := res["data"].(map[string]any)["message"].(map[string]any)["content"]; content != want {
		t.Errorf("sent %q, want %q", content, want)
	}
	if q := p.questions(); len(q) != 1 || !strings.Contains(q[0], "Olá Maria! Chega em 3 dias úteis.") {
		t.Errorf("the person was asked %q", q)
	}
	if e.sent() != 1 {
		t.Errorf("%d sent", e.sent())
	}
}
