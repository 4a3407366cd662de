package sandbox

import (
	"context"
	"fmt"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/msgtemplate"
)

// sendRequest is a POST /messages body that passed the checks that need no
// database: phone normalised, type defaulted, content computed for every
// type but template.
type sendRequest struct {
	phone, channel, typ, content string
	file                         []byte
	attendant, template          *int64
	components                   []api.SendComponent
}

// send delivers an outgoing message: it checks what needs the database
// (channel, access, attendant, template), then finds or creates the contact
// and its open chat on the channel and appends the message.
func (s *Store) send(ctx context.Context, c *caller, in sendRequest, now time.Time) (res api.SendResult, err error) {
	err = s.tx(ctx, func(tx *txn) error {
		res, err = sendIn(tx, c, in, now)
		return err
	})
	return res, err
}

// sendIn is send within a transaction.
func sendIn(tx *txn, c *caller, in sendRequest, now time.Time) (api.SendResult, error) {
	ch, err := usableChannel(tx, c, in.channel)
	if err != nil {
		return api.SendResult{}, err
	}
	sender := c.id
	if in.attendant != nil {
		if err := checkSendAttendant(tx, c.company, *in.attendant, ch); err != nil {
			return api.SendResult{}, err
		}
		sender = *in.attendant
	}
	content := in.content
	if in.typ == "template" {
		if content, err = templateContent(tx, c.company, *in.template, ch, in.components); err != nil {
			return api.SendResult{}, err
		}
	}
	if ch.Status == "disconnected" {
		return api.SendResult{}, disconnected(msgSendFailed)
	}

	contact, contactID, err := contactForPhone(tx, c.company, in.phone, ch.Type, now)
	if err != nil {
		return api.SendResult{}, err
	}
	chat, err := openChat(tx, c.company, contactID, ch.id, &sender, "entrance", now)
	if err != nil {
		return api.SendResult{}, err
	}
	signature, err := signatureOf(tx, sender)
	if err != nil {
		return api.SendResult{}, err
	}
	id, err := appendMessage(tx, chat.id, message{typ: in.typ, content: content, direction: "outgoing", visibility: "client",
		userID: &sender, signature: signature, file: in.file}, now)
	if err != nil {
		return api.SendResult{}, err
	}
	// The company spoke last and has read everything.
	if _, err := tx.exec("UPDATE chats SET status = 'entrance', unread_count = 0, is_open = 1 WHERE id = ?", chat.id); err != nil {
		return api.SendResult{}, fmt.Errorf("update chat: %w", err)
	}
	m, err := messageByID(tx, id)
	if err != nil {
		return api.SendResult{}, err
	}
	return api.SendResult{
		Message: api.SentMessage{ID: m.ID, Content: m.Content, Type: m.Type, Token: m.Token, Direction: m.Direction,
			Visibility: m.Visibility, CreatedAt: m.CreatedAt},
		Chat:    api.SentChat{Token: chat.token, Status: "entrance", IsOpen: true},
		Contact: contact,
	}, nil
}

// usableChannel returns the company's channel with token if c may use it:
// INVALID_VALUE on channel when there is none, 403 when c lacks access.
func usableChannel(q querier, c *caller, token string) (*channel, error) {
	ch, err := channelByToken(q, c.company, token)
	if err != nil {
		return nil, err
	}
	if ch == nil {
		return nil, invalid("channel", fmt.Sprintf("no channel of the company has the token %q", token))
	}
	ok, err := hasAccess(q, c.id, c.admin, ch.id)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, forbidden(msgForbidden)
	}
	return ch, nil
}

// checkSendAttendant requires the attendant of a message to be an active
// user of the company with access to the channel.
func checkSendAttendant(q querier, company, id int64, ch *channel) error {
	active, access, err := attendantAccess(q, company, id, ch.id)
	switch {
	case err != nil:
		return err
	case !active:
		return invalid("attendant", fmt.Sprintf("no active user of the company has the id %d", id))
	case !access:
		return invalid("attendant", fmt.Sprintf("user %d has no access to channel %s", id, ch.Token))
	}
	return nil
}

// attendantAccess reports whether id is an active user of the company and
// whether it may act on the channel.
func attendantAccess(q querier, company, id, channelID int64) (active, access bool, err error) {
	active, admin, err := activeUser(q, company, id)
	if err != nil || !active {
		return false, false, err
	}
	access, err = hasAccess(q, id, admin, channelID)
	return true, access, err
}

// templateContent checks that the template can be sent on the channel with
// these components and returns the text of the message.
func templateContent(q querier, company, id int64, ch *channel, comps []api.SendComponent) (string, error) {
	t, err := templateByID(q, company, id)
	if err != nil {
		return "", err
	}
	switch {
	case t == nil:
		return "", invalid("template", fmt.Sprintf("no template of the company has the id %d", id))
	case t.channelID != ch.id:
		return "", invalid("template", fmt.Sprintf("template %q belongs to channel %s, not to %s", t.Name, t.Channel.Token, ch.Token))
	case t.Status == "pending":
		return "", invalid("template", fmt.Sprintf("template %q is pending approval and cannot be sent yet", t.Name))
	case t.Status != "approved":
		return "", invalid("template", fmt.Sprintf("template %q was %s and cannot be sent", t.Name, t.Status))
	}
	if err := msgtemplate.Check(t.Template, comps); err != nil {
		return "", err
	}
	return msgtemplate.Content(t.Template, comps), nil
}

// receive stores a message of the customer: the chat waits for the company
// and has one more unread message.
func (s *Store) receive(ctx context.Context, c *caller, phone, channelToken, text string, now time.Time) (m api.Message, err error) {
	err = s.tx(ctx, func(tx *txn) error {
		m, err = receiveIn(tx, c, phone, channelToken, text, now)
		return err
	})
	return m, err
}

// receiveIn is receive within a transaction.
func receiveIn(tx *txn, c *caller, phone, channelToken, text string, now time.Time) (api.Message, error) {
	ch, err := usableChannel(tx, c, channelToken)
	if err != nil {
		return api.Message{}, err
	}
	if ch.Status == "disconnected" {
		return api.Message{}, disconnected(msgChannelDisconnected)
	}
	_, contactID, err := contactForPhone(tx, c.company, phone, ch.Type, now)
	if err != nil {
		return api.Message{}, err
	}
	chat, err := openChat(tx, c.company, contactID, ch.id, nil, "waiting", now)
	if err != nil {
		return api.Message{}, err
	}
	id, err := appendMessage(tx, chat.id, message{typ: "text", content: text, direction: "incoming", visibility: "client"}, now)
	if err != nil {
		return api.Message{}, err
	}
	if _, err := tx.exec("UPDATE chats SET status = 'waiting', unread_count = unread_count + 1, is_open = 1 WHERE id = ?", chat.id); err != nil {
		return api.Message{}, fmt.Errorf("update chat: %w", err)
	}
	return messageByID(tx, id)
}

// verifyChannel returns the channel that checks a number: one of the
// company's messaging-app channels that c may use and that is connected.
func (s *Store) verifyChannel(ctx context.Context, c *caller, token string) (*channel, error) {
	ch, err := usableChannel(s.reader(ctx), c, token)
	if err != nil {
		return nil, err
	}
	if ch.Type != "chatapp" && ch.Type != "chatapp_unofficial" {
		return nil, invalid("channel", fmt.Sprintf("channel %s is of type %s; numbers are verified on chatapp or chatapp_unofficial channels", ch.Token, ch.Type))
	}
	if ch.Status == "disconnected" {
		return nil, disconnected(msgChannelDisconnected)
	}
	return ch, nil
}
