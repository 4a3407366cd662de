package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/broadcast"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/validate"
)

// message is a message to a customer, checked and waiting for approval.
type message struct {
	out Outgoing
}

// send sends the message build makes, once for key: a key seen before
// returns what its first call did; otherwise the message is built and
// checked (build refuses what the rules refuse), counted against the
// budget, approved as the options say, and delivered.
func (s *Server) send(ctx context.Context, cl *call, key string, build func(context.Context) (*message, error)) (*Result, error) {
	c, err := s.client(ctx)
	if err != nil {
		return nil, err
	}
	d, err := s.theDesk(ctx)
	if err != nil {
		return nil, err
	}
	dest := s.dest
	release, err := s.store.hold(dest, key)
	if err != nil {
		return nil, busyKey(key, err)
	}
	defer release()
	digest := argsDigest(cl.req.Params.Arguments)
	if rec, err := s.store.Find(dest, key); err != nil || rec != nil {
		if err != nil {
			return nil, err
		}
		cl.entry.ID, cl.entry.Approval = rec.ID, rec.Approval
		if err := sameCall(rec, cl.def.Name, digest, key); err != nil {
			return nil, err
		}
		return s.again(ctx, cl, c, d, rec)
	}
	m, err := build(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.budget.check(); err != nil {
		return nil, err
	}
	approval := s.opts.Approve
	if approval == ApproveElicit && !canElicit(cl.req) {
		approval = ApproveQueue
	}
	cl.entry.Approval = approval
	rec := &Record{Tool: cl.def.Name, Digest: digest, Approval: approval, Send: &m.out}
	switch approval {
	case ApproveQueue:
		if err := s.budget.take(); err != nil {
			return nil, err
		}
		rec.Status = StatusPending
		if _, _, err := s.store.Claim(dest, key, rec); err != nil {
			s.budget.giveBack()
			return nil, err
		}
		cl.entry.ID, cl.entry.Outcome = rec.ID, StatusPending
		res := pending(rec)
		if err := keep(rec, res); err != nil {
			return nil, err
		}
		return res, s.store.Put(rec)
	case ApproveElicit:
		ok, err := s.ask(ctx, cl, digest, m)
		if err != nil || cl.asking != nil {
			return nil, err
		}
		if !ok {
			return nil, s.declined(cl, dest, key, rec)
		}
	}
	if err := s.budget.take(); err != nil {
		return nil, err
	}
	rec.Status, rec.Since = StatusSending, serverNow(c)
	if _, _, err := s.store.Claim(dest, key, rec); err != nil {
		s.budget.giveBack()
		return nil, err
	}
	cl.entry.ID = rec.ID
	res, err := deliver(ctx, c, d, s.store, rec, false)
	cl.entry.Outcome, cl.entry.MessageID = outcome(rec, err), rec.MessageID
	if rec.Status != StatusSent && rec.Status != StatusSending {
		s.budget.giveBack() // nothing went out
	}
	return res, err
}

// again answers a call with a key seen before: what the first call did,
// without doing it again; a message in doubt is looked for, and sent only
// when it is not there.
func (s *Server) again(ctx context.Context, cl *call, c *api.Client, d *desk.Desk, rec *Record) (*Result, error) {
	cl.entry.Outcome = "repeated"
	switch rec.Status {
	case StatusSent:
		cl.entry.MessageID = rec.MessageID
		return kept(rec), nil
	case StatusPending:
		return pending(rec), nil
	case StatusFailed, StatusDeclined, StatusRejected:
		return nil, refuse("the first call with idempotency_key %q was not sent (%s): %s", rec.Key, rec.Status, rec.Error)
	}
	res, err := deliver(ctx, c, d, s.store, rec, true)
	cl.entry.Outcome, cl.entry.MessageID = outcome(rec, err), rec.MessageID
	return res, err
}

// declined keeps a message the person declined, so that the same call
// again is told so instead of asking again.
func (s *Server) declined(cl *call, dest, key string, rec *Record) error {
	cl.entry.Outcome = StatusDeclined
	rec.Status, rec.Error = StatusDeclined, "a person declined it"
	if _, _, err := s.store.Claim(dest, key, rec); err != nil {
		return err
	}
	cl.entry.ID = rec.ID
	return errors.Join(refuse("a person declined the message: it was not sent. Do not send it again unless they ask you to"), s.store.Put(rec))
}

// outcome is how the audit log says what deliver did.
func outcome(rec *Record, err error) string {
	switch {
	case err == nil:
		return StatusSent
	case rec.Status == StatusSending:
		return "in_doubt"
	}
	return StatusFailed
}

// serverNow is the server's time now, to the second below: a message the
// server creates from now on is not older.
func serverNow(c *api.Client) time.Time {
	return c.ServerClock().Now().Truncate(time.Second)
}

// deliver sends rec's message, once. rec is held (Store.hold). inDoubt
// says that an earlier attempt may have sent it: it is looked for in the
// recipient's chats on the channel since the first attempt (as a
// broadcast looks for its recipients), and sent only when it is not
// there. The record says what became of it before deliver returns: sent,
// failed (refused, nothing sent), or still sending when the outcome is not
// known (the next call looks for it); a request that never reached the
// server leaves a queued message pending, and forgets any other.
func deliver(ctx context.Context, c *api.Client, d *desk.Desk, st *Store, rec *Record, inDoubt bool) (*Result, error) {
	if inDoubt {
		found, err := lookFor(ctx, c, rec)
		if err != nil {
			return nil, fmt.Errorf("the message may have been sent by an earlier attempt, and looking for it failed, so it was not sent again: %w", err)
		}
		if found != nil {
			rec.Status, rec.MessageID = StatusSent, found.ID
			res := &Result{Text: fmt.Sprintf("An earlier attempt had sent this message to %s on %s: message %d. Nothing was sent again.", rec.Send.To, rec.Send.On, found.ID),
				Data: sentView{Status: StatusSent, ID: rec.ID, Key: rec.Key, MessageID: found.ID, Found: found}}
			if err := keep(rec, res); err != nil {
				return nil, err
			}
			return res, st.Put(rec)
		}
	}
	// The attempt must be on disk before anything is sent; a record the
	// caller claimed as sending, or read back so, is there already.
	if rec.Status != StatusSending || rec.Since.IsZero() {
		if rec.Since.IsZero() {
			rec.Since = serverNow(c)
		}
		rec.Status = StatusSending
		if err := st.Put(rec); err != nil {
			return nil, err // nothing sent
		}
	}
	sent, note, err := post(ctx, c, d, rec.Send)
	if err != nil {
		return nil, failed(st, rec, err)
	}
	rec.Status, rec.MessageID = StatusSent, sent.Message.ID
	text := fmt.Sprintf("Sent to %s on %s: message %d in chat %s.", rec.Send.To, rec.Send.On, sent.Message.ID, sent.Chat.Token)
	if note != "" {
		text += "\n" + note
	}
	res := &Result{Text: text, Data: sentView{Status: StatusSent, ID: rec.ID, Key: rec.Key, MessageID: sent.Message.ID, Chat: sent.Chat.Token, Note: note, Data: sent}}
	if err := keep(rec, res); err != nil {
		return nil, err
	}
	return res, st.Put(rec)
}

// sentView is the answer of a message sent.
type sentView struct {
	Status    string `json:"status"`
	ID        string `json:"id"`
	Key       string `json:"idempotency_key"`
	MessageID int64  `json:"message_id"`
	Chat      string `json:"chat,omitempty"`
	// Note says what the reply did about who has the chat, and warns
	// when the message went to another chat.
	Note string `json:"note,omitempty"`
	// Data is the API's answer to the send.
	Data *api.SendResult `json:"data,omitempty"`
	// Found is the message an earlier attempt had sent, as listed.
	Found *api.Message `json:"found,omitempty"`
}

// failed records a send that did not go out, or may have, and returns the
// error the caller is told.
func failed(st *Store, rec *Record, err error) error {
	var (
		notFound *desk.NotFoundError
		input    *clierr.InputError
	)
	permanent := errors.As(err, &notFound) || errors.As(err, &input)
	switch kind := bulk.Classify(err); {
	case !permanent && kind == bulk.Ambiguous:
		return errors.Join(cmdutil.WithHint(err, "The message may have been sent: the request reached the server, but its answer did not arrive. "+
			"Call again with the same idempotency_key: the chat is searched for the message before anything is sent again."), st.Put(rec))
	case !permanent && kind == bulk.NotProcessed:
		if rec.Approval == ApproveQueue {
			rec.Status = StatusPending
			return errors.Join(err, st.Put(rec))
		}
		return errors.Join(err, st.Remove(rec.ID))
	}
	rec.Status, rec.Error = StatusFailed, errorText(err)
	return errors.Join(err, st.Put(rec))
}

// post sends the message: a reply through the desk (its chat's phone and
// channel; taking a chat nobody has, when asked), any other as it is.
func post(ctx context.Context, c *api.Client, d *desk.Desk, out *Outgoing) (*api.SendResult, string, error) {
	if out.Chat == "" {
		res, err := c.SendMessage(ctx, out.Body)
		if err != nil {
			return nil, "", err
		}
		return &res.Data, "", nil
	}
	ch, err := d.Find(ctx, out.Chat)
	if err != nil {
		return nil, "", err
	}
	a, err := d.Answer(ctx, ch, out.Body, out.Take)
	if err != nil {
		return nil, "", err
	}
	notes := []string{a.Take.Note("Chat " + ch.Token)}
	if a.Warning != "" {
		notes = append(notes, "Warning: "+a.Warning+".")
	}
	return a.Result, strings.TrimSpace(strings.Join(notes, "\n")), nil
}

// lookFor looks for the message of rec an earlier attempt may have sent:
// a message of its type and text since the first attempt. A template
// message whose API content is not its rendered body cannot be told from
// another of the same template: when there are such messages, it is not
// known whether it went out.
func lookFor(ctx context.Context, c *api.Client, rec *Record) (*api.Message, error) {
	body := rec.Send.Body
	want := rec.Send.Content
	s, err := broadcast.LookFor(ctx, c, broadcast.Sought{Phone: body.Phone, Channel: body.Channel, Type: body.Type, Since: rec.Since,
		Matches: func(content string) bool { return content == want }}, nil)
	switch {
	case err != nil:
		return nil, err
	case s.Found != nil:
		return s.Found, nil
	case s.Others > 0 && body.Type == "template":
		return nil, fmt.Errorf("chat of %s has %d other template messages since the attempt, and the API's content does not tell whether one is this message; look at the chat before sending it again with a new key", rec.Send.To, s.Others)
	}
	return nil, nil
}

// pending is the answer of a message queued for a person.
func pending(rec *Record) *Result {
	return &Result{
		Text: fmt.Sprintf("Queued for a person's approval as %s: nothing is sent until someone runs `convo mcp queue approve %s`. "+
			"Call send_status with id %s to learn what became of it; do not send it again.", rec.ID, rec.ID, rec.ID),
		Data: pendingView{Status: StatusPending, ID: rec.ID, Key: rec.Key, To: rec.Send.To, Channel: rec.Send.On, Text: rec.Send.Text},
	}
}

// pendingView is the answer of a message queued for a person.
type pendingView struct {
	Status  string `json:"status"`
	ID      string `json:"id"`
	Key     string `json:"idempotency_key"`
	To      string `json:"to"`
	Channel string `json:"channel"`
	Text    string `json:"text"`
}

// errorText is err in the words the command line gives it.
func errorText(err error) string { return strings.Join(cmdutil.ErrorLines(err), "\n") }

// budget bounds the messages this process sends or queues (--max-sends):
// kept in memory, so that a client that reconnects does not reset it.
type budget struct {
	mu        sync.Mutex
	max, used int
}

func (b *budget) check() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.exhausted()
}

func (b *budget) exhausted() error {
	if b.max > 0 && b.used >= b.max {
		return refuse("this server may send or queue %d messages (--max-sends %d), and it has: it sends no more. A person may restart it to allow more", b.max, b.max)
	}
	return nil
}

// take counts a message against the budget.
func (b *budget) take() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if err := b.exhausted(); err != nil {
		return err
	}
	b.used++
	return nil
}

// giveBack uncounts a message that did not go out.
func (b *budget) giveBack() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.used--
}

// allowList is --allow-send-to: the phones, and the tags (ids), whose
// contacts may be sent messages.
type allowList struct {
	phones []string
	tags   []int64
}

// allowed resolves --allow-send-to on first use: an entry that reads as a
// phone number is one; any other is a tag, by id or text.
func (s *Server) allowed(ctx context.Context, c *api.Client) (*allowList, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.allow != nil {
		return s.allow, nil
	}
	a := &allowList{}
	var tags []string
	// The list is the setting of the person who runs the server, in their
	// words: the model can only tell them.
	for _, entry := range s.opts.AllowSendTo {
		ref, err := validate.ContactReference("allow-send-to", entry, s.env.DefaultCountry, naming.Flags)
		if err == nil && ref.Phone != "" {
			a.phones = append(a.phones, ref.Phone)
			continue
		}
		tags = append(tags, entry)
	}
	ids, err := resolve.TagIDs(ctx, c, tags, naming.Flags)
	if err != nil {
		return nil, fmt.Errorf("nothing is sent until the person who runs this server mends its --allow-send-to: %w", err)
	}
	a.tags = ids
	s.allow = a
	return a, nil
}

// recipient refuses a message the rules keep from the contact with phone
// (contact nil: the phone is no contact yet): a blocked contact, and one
// outside --allow-send-to.
func (s *Server) recipient(ctx context.Context, c *api.Client, phone string, contact *api.Contact) error {
	if err := blocked(contact, phone); err != nil {
		return err
	}
	if len(s.opts.AllowSendTo) == 0 {
		return nil
	}
	a, err := s.allowed(ctx, c)
	if err != nil {
		return err
	}
	if slices.Contains(a.phones, phone) {
		return nil
	}
	if contact != nil {
		for _, t := range contact.Tags {
			if slices.Contains(a.tags, t.ID) {
				return nil
			}
		}
	}
	return refuse("%s is not among the recipients this server may message (--allow-send-to): not sent", desk.ContactLabel(nameOf(contact), phone))
}

// blocked refuses a message to a blocked contact (nil: none yet).
func blocked(contact *api.Contact, phone string) error {
	if contact != nil && contact.Blocked {
		return refuse("%s is blocked: no message is sent to a blocked contact", desk.ContactLabel(contact.Name, phone))
	}
	return nil
}

// outsideWindow refuses a free-form message to ch when the customer has
// not written in the messaging app's 24-hour window.
func outsideWindow(ctx context.Context, d *desk.Desk, ch *desk.Chat, now time.Time) error {
	w, err := d.Window(ctx, ch)
	if err != nil || !w.Outside {
		return err
	}
	return refuse("%s: %s. Not sent: send a template instead with send_template (list_templates with channel %s lists them)",
		w.Why(now), desk.WindowHint, ch.Channel.Token)
}

func nameOf(c *api.Contact) string {
	if c == nil {
		return ""
	}
	return c.Name
}

// canElicit reports whether the client said it can ask its user (form
// elicitation): only then is a person asked through it.
func canElicit(req *sdk.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	if caps == nil || caps.Elicitation == nil {
		return false
	}
	e := caps.Elicitation
	// Neither mode named is form, as the protocol's first revision had it.
	return e.Form != nil || e.URL == nil
}

// approvalInput names the question of a multi round-trip call.
const approvalInput = "approve_message"

// confirm is the form the person answers: one box to tick.
var confirm = &jsonschema.Schema{
	Type: "object",
	Properties: map[string]*jsonschema.Schema{
		"send": {Type: "boolean", Title: "Send this message", Description: "Tick to send the message exactly as shown; decline to refuse it."},
	},
	Required: []string{"send"},
}

// ask asks the person, through the client, whether to send m: through
// ServerSession.Elicit on the protocol revisions that allow a server to
// ask, and on later ones as the call's question (multi round-trip), whose
// answer comes with the call repeated (c.asking is then the result to
// return). Only accept with the box ticked approves; decline and cancel
// refuse.
func (s *Server) ask(ctx context.Context, cl *call, digest string, m *message) (bool, error) {
	params := &sdk.ElicitParams{Mode: "form", Message: m.question(), RequestedSchema: confirm}
	var res *sdk.ElicitResult
	if cl.req.ProtocolVersion() >= multiRoundTrip {
		p := cl.req.Params
		answer, ok := p.InputResponses[approvalInput].(*sdk.ElicitResult)
		if !ok || p.RequestState == "" || !s.grants.redeem(p.RequestState, digest) {
			cl.asking = &sdk.CallToolResult{InputRequests: sdk.InputRequestMap{approvalInput: params}, RequestState: s.grants.issue(digest)}
			return false, nil
		}
		res = answer
	} else {
		var err error
		if res, err = cl.req.Session.Elicit(ctx, params); err != nil {
			return false, fmt.Errorf("asking a person to approve the message failed, so it was not sent: %w", err)
		}
	}
	if res.Action == "cancel" {
		cl.entry.Outcome = "cancelled"
		return false, refuse("the person dismissed the question without approving the message: it was not sent")
	}
	send, _ := res.Content["send"].(bool)
	return res.Action == "accept" && send, nil
}

// multiRoundTrip is the protocol revision from which a server asks its
// questions as a call's result (SEP-2322) rather than as its own request.
const multiRoundTrip = "2026-07-28"

// question is what the person is asked: the exact recipient, channel and
// text, as the customer would read it.
func (m *message) question() string {
	return fmt.Sprintf("An assistant asks to send this message.\n\nTo: %s\nChannel: %s\n\n%s\n\nSend it?",
		safetext.Line(m.out.To), safetext.Line(m.out.On), safetext.Text(m.out.Text))
}
