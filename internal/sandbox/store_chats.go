package sandbox

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/convo-cli/convo/internal/api"
)

// chatCols selects a chat as listed: with its contact and last message.
const chatCols = `chat.id, chat.token, chat.is_open, chat.status, chat.unread_count, ct.id, ct.name, ct.phone,
	lm.id, lm.content, lm.created_at`

const chatFrom = `chats chat JOIN contacts ct ON ct.id = chat.contact_id LEFT JOIN messages lm ON lm.id = chat.last_message_id`

func scanChat(sc scanner) (api.Chat, error) {
	var ch api.Chat
	var lastID, lastAt sql.NullInt64
	var lastContent sql.NullString
	err := sc.Scan(&ch.ID, &ch.Token, &ch.IsOpen, &ch.Status, &ch.UnreadCount, &ch.Contact.ID, &ch.Contact.Name, &ch.Contact.Phone,
		&lastID, &lastContent, &lastAt)
	if err == nil && lastID.Valid {
		ch.LastMessage = &api.LastMessage{ID: lastID.Int64, Content: lastContent.String, CreatedAt: apiTime(lastAt.Int64)}
	}
	return ch, err
}

type chatFilter struct {
	status    string
	open      *bool
	contact   contactRef
	tag       int64
	channel   string
	attendant int64
}

func (s *Store) listChats(ctx context.Context, c *caller, f chatFilter, pg page) ([]api.Chat, *api.Pagination, error) {
	return listPage(s.reader(ctx), chatQuery(c, f), pg, scanChat)
}

// chatQuery is the query of GET /chats. Every filter is on the chat's own
// columns, so that only the page's chats are joined to their contact and
// last message.
//
// SQLite keeps no statistics here, so the query says which index finds the
// chats (each of them leads with the company and keeps its chats in id
// order, the order of the list): the contact's, which has a handful; else
// the status's, where the waiting queue is short; else the attendant's or
// the channel's. The other filters are checked on the chats found: a unary
// + keeps SQLite from choosing an index for a condition.
func chatQuery(c *caller, f chatFilter) *listQuery {
	contact := f.contact != contactRef{}
	indexed := func(column string, drives bool) string {
		if drives {
			return column
		}
		return "+" + column
	}
	byStatus := !contact && f.status != ""
	byAttendant := !contact && !byStatus && f.attendant != 0
	byChannel := !contact && !byStatus && !byAttendant && f.channel != ""

	lq := &listQuery{cols: chatCols, from: chatFrom, base: "chats chat", order: "chat.id"}
	lq.where.add("chat.company_id = ?", c.company)
	c.onlyVisibleChannels(&lq.where, indexed("chat.channel_id", false))
	if f.status != "" {
		lq.where.add(indexed("chat.status", byStatus)+" = ?", f.status)
	}
	if f.open != nil {
		lq.where.add("chat.is_open = ?", *f.open)
	}
	if f.contact.none {
		lq.where.add("FALSE")
	}
	if f.contact.id != 0 {
		lq.where.add("chat.contact_id = ?", f.contact.id)
	}
	if f.contact.phone != "" {
		// A scalar subquery (phones are unique per company) lets the
		// contact's index find its chats.
		lq.where.add("chat.contact_id = (SELECT id FROM contacts WHERE company_id = ? AND phone = ?)", c.company, f.contact.phone)
	}
	if f.tag != 0 {
		lq.where.add("EXISTS (SELECT 1 FROM chat_tags cht WHERE cht.chat_id = chat.id AND cht.tag_id = ?)", f.tag)
	}
	if f.channel != "" {
		lq.where.add(indexed("chat.channel_id", byChannel)+" = (SELECT id FROM channels WHERE token = ?)", f.channel)
	}
	if f.attendant != 0 {
		lq.where.add(indexed("chat.attendant_id", byAttendant)+" = ?", f.attendant)
	}
	return lq
}

// chat is a chat row as the write operations need it.
type chat struct {
	id, contactID, channelID int64
	token, status            string
	attendant                sql.NullInt64
	isOpen                   bool
}

const chatRowCols = "id, token, contact_id, channel_id, attendant_id, status, is_open"

func scanChatRow(sc scanner) (*chat, error) {
	ch := new(chat)
	err := sc.Scan(&ch.id, &ch.token, &ch.contactID, &ch.channelID, &ch.attendant, &ch.status, &ch.isOpen)
	return ch, err
}

// chatByToken returns the company's chat with token, or nil.
func chatByToken(q querier, company int64, token string) (*chat, error) {
	ch, found, err := one(q.queryRow("SELECT "+chatRowCols+" FROM chats WHERE token = ? AND company_id = ?", token, company), scanChatRow)
	if err != nil || !found {
		return nil, err
	}
	return ch, nil
}

// visibleChat returns the chat if c may see it; other companies' chats and
// chats of channels c lacks do not exist for c.
func visibleChat(q querier, c *caller, token string) (*chat, error) {
	ch, err := chatByToken(q, c.company, token)
	if err != nil {
		return nil, err
	}
	if ch != nil {
		ok, err := hasAccess(q, c.id, c.admin, ch.channelID)
		if err != nil {
			return nil, err
		}
		if ok {
			return ch, nil
		}
	}
	return nil, notFound(msgChatNotFound)
}

// messageCols selects a message as listed; the sender shows only on outgoing messages.
const messageCols = `m.id, m.signature, m.content, m.type, m.token, m.direction, m.visibility, m.created_at, m.is_forwarded, m.file,
	u.id, u.name, u.email, u.type`

const messageFrom = "messages m LEFT JOIN users u ON u.id = m.user_id AND m.direction = 'outgoing'"

func scanMessage(sc scanner) (api.Message, error) {
	var m api.Message
	var signature sql.NullString
	var createdAt int64
	var file []byte
	var userID sql.NullInt64
	var userName, userEmail, userType sql.NullString
	err := sc.Scan(&m.ID, &signature, &m.Content, &m.Type, &m.Token, &m.Direction, &m.Visibility, &createdAt, &m.IsForwarded, &file,
		&userID, &userName, &userEmail, &userType)
	if err != nil {
		return m, err
	}
	m.Signature = nullString(signature)
	m.CreatedAt = apiTime(createdAt)
	if file != nil {
		m.File = file
	}
	if userID.Valid {
		m.User = &api.MessageUser{ID: userID.Int64, Name: userName.String, Email: userEmail.String, Type: userType.String}
	}
	return m, nil
}

type messageFilter struct {
	typ, direction, visibility, content string
	attendant                           int64
}

func (s *Store) listMessages(ctx context.Context, chatID int64, f messageFilter, pg page) ([]api.Message, *api.Pagination, error) {
	lq := &listQuery{cols: messageCols, from: messageFrom, order: "m.id"}
	lq.where.add("m.chat_id = ?", chatID)
	if f.typ != "" {
		lq.where.add("m.type = ?", f.typ)
	}
	if f.direction != "" {
		lq.where.add("m.direction = ?", f.direction)
	}
	if f.visibility != "" {
		lq.where.add("m.visibility = ?", f.visibility)
	}
	if f.attendant != 0 {
		lq.where.add("m.user_id = ?", f.attendant)
	}
	if f.content != "" {
		lq.where.add(contains("m.content"), fold(f.content))
	}
	return listPage(s.reader(ctx), lq, pg, scanMessage)
}

func messageByID(q querier, id int64) (api.Message, error) {
	m, _, err := one(q.queryRow("SELECT "+messageCols+" FROM "+messageFrom+" WHERE m.id = ?", id), scanMessage)
	return m, err
}

// newToken returns a random token for a chat or a message.
func newToken() string {
	b := make([]byte, 10)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return hex.EncodeToString(b)
}

// message is a message to append to a chat.
type message struct {
	typ, content, direction, visibility string
	userID                              *int64
	signature                           *string
	file                                []byte
}

// appendMessage stores m as the newest message of the chat.
func appendMessage(tx *txn, chatID int64, m message, now time.Time) (int64, error) {
	var file any
	if m.file != nil {
		file = string(m.file)
	}
	id, err := tx.insert(`INSERT INTO messages (chat_id, token, type, content, direction, visibility, user_id, signature, file, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		chatID, newToken(), m.typ, m.content, m.direction, m.visibility, m.userID, m.signature, file, micros(now))
	if err != nil {
		return 0, fmt.Errorf("insert message: %w", err)
	}
	if _, err := tx.exec("UPDATE chats SET last_message_id = ?, updated_at = ? WHERE id = ?", id, micros(now), chatID); err != nil {
		return 0, fmt.Errorf("update chat: %w", err)
	}
	return id, nil
}

// contactForPhone returns the company's contact with phone, creating it
// (without a name, of the channel's kind) when there is none.
func contactForPhone(tx *txn, company int64, phone, kind string, now time.Time) (api.SentContact, int64, error) {
	ct := api.SentContact{Phone: phone}
	var id int64
	err := tx.queryRow("SELECT id, name FROM contacts WHERE company_id = ? AND phone = ?", company, phone).Scan(&id, &ct.Name)
	if errors.Is(err, sql.ErrNoRows) {
		id, err = tx.insert(`INSERT INTO contacts (company_id, phone, name, type, created_at, updated_at) VALUES (?, ?, '', ?, ?, ?)`,
			company, phone, kind, micros(now), micros(now))
		if err == nil {
			_, err = refreshDoc(tx, id)
		}
	}
	if err != nil {
		return ct, 0, fmt.Errorf("find or create contact: %w", err)
	}
	return ct, id, nil
}

// openChat returns the contact's open chat on the channel, creating one
// (with the given attendant and status) when there is none.
func openChat(tx *txn, company, contactID, channelID int64, attendant *int64, status string, now time.Time) (*chat, error) {
	ch, found, err := one(tx.queryRow("SELECT "+chatRowCols+` FROM chats
		WHERE contact_id = ? AND channel_id = ? AND is_open = 1 AND status <> 'finished' ORDER BY id DESC LIMIT 1`,
		contactID, channelID), scanChatRow)
	if err != nil || found {
		return ch, err
	}
	return createChat(tx, company, contactID, channelID, attendant, status, now)
}

func createChat(tx *txn, company, contactID, channelID int64, attendant *int64, status string, now time.Time) (*chat, error) {
	ch := &chat{contactID: contactID, channelID: channelID, token: newToken(), status: status, isOpen: true}
	if attendant != nil {
		ch.attendant = sql.NullInt64{Int64: *attendant, Valid: true}
	}
	var err error
	ch.id, err = tx.insert(`INSERT INTO chats (company_id, token, contact_id, channel_id, attendant_id, status, is_open, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)`, company, ch.token, contactID, channelID, attendant, status, micros(now), micros(now))
	if err != nil {
		return nil, fmt.Errorf("create chat: %w", err)
	}
	return ch, nil
}

// signatureOf returns the signature the user's messages carry, nil when the
// user has it turned off.
func signatureOf(q querier, userID int64) (*string, error) {
	var sig sql.NullString
	if err := q.queryRow("SELECT CASE WHEN signature_active THEN signature END FROM users WHERE id = ?", userID).Scan(&sig); err != nil {
		return nil, fmt.Errorf("load signature: %w", err)
	}
	return nullString(sig), nil
}
