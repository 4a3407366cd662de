package sandbox

import (
	"context"
	"fmt"
	"time"

	"github.com/convo-cli/convo/internal/api"
)

// transfer moves a chat to a channel and an attendant (nil: the waiting
// queue), as the specification's table of effects says:
//   - same channel: only the responsible attendant changes; same chat, history kept;
//   - another channel: a new chat for the same contact in that channel, opened
//     by an internal message naming the original chat, which is finished and closed;
//   - no attendant: the resulting chat has none; it is in the queue.
//
// The status says who wrote last (the table of states), which a transfer
// does not change: its messages are internal notes, which the contact does
// not see. A chat in the queue is waiting when the contact wrote last,
// entrance when the company did. note, when not empty, is stored as an
// internal message of the resulting chat.
func (s *Store) transfer(ctx context.Context, c *caller, token, channelToken string, attendant *int64, note string, now time.Time) (res api.TransferResult, err error) {
	err = s.tx(ctx, func(tx *txn) error {
		orig, dest, err := transferEnds(tx, c, token, channelToken)
		if err != nil {
			return err
		}
		if attendant != nil {
			if err := checkTransferAttendant(tx, c.company, *attendant, dest.id); err != nil {
				return err
			}
		}

		result := orig
		if dest.id == orig.channelID {
			_, err = tx.exec("UPDATE chats SET attendant_id = ?, updated_at = ? WHERE id = ?", attendant, micros(now), orig.id)
			if err != nil {
				return fmt.Errorf("transfer chat: %w", err)
			}
		} else if result, err = moveChat(tx, c, orig, dest, attendant, now); err != nil {
			return err
		}
		if note != "" {
			if _, err := appendMessage(tx, result.id, internalNote(c.id, note), now); err != nil {
				return err
			}
		}
		res = api.TransferResult{ChatToken: result.token, Channel: dest.Token, Attendant: attendant}
		return nil
	})
	return res, err
}

// transferEnds finds the chat to transfer and the destination channel, and
// checks that c may move the one to the other.
func transferEnds(q querier, c *caller, token, channelToken string) (orig *chat, dest *channel, err error) {
	missing := notFound(msgChatNotFound)
	if orig, err = chatByToken(q, c.company, token); err != nil || orig == nil {
		return nil, nil, firstErr(err, missing)
	}
	ok, err := hasAccess(q, c.id, c.admin, orig.channelID)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		return nil, nil, forbidden(msgTransferForbidden)
	}
	if dest, err = channelByToken(q, c.company, channelToken); err != nil || dest == nil {
		return nil, nil, firstErr(err, missing)
	}
	if ok, err = hasAccess(q, c.id, c.admin, dest.id); err != nil || !ok {
		return nil, nil, firstErr(err, missing)
	}
	if orig.status == "finished" {
		return nil, nil, invalid("token", fmt.Sprintf("chat %s is finished and cannot be transferred", orig.token))
	}
	return orig, dest, nil
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// checkTransferAttendant requires the destination attendant to be an active
// user of the company (422) with access to the destination channel (403).
func checkTransferAttendant(q querier, company, id, channelID int64) error {
	active, access, err := attendantAccess(q, company, id, channelID)
	switch {
	case err != nil:
		return err
	case !active:
		return invalid("attendant", fmt.Sprintf("no active user of the company has the id %d", id))
	case !access:
		return forbidden(msgAttendantNoAccess)
	}
	return nil
}

// moveChat opens a chat for the contact of orig in dest, linked to orig by an
// internal message, carrying orig's tags and its status (who wrote last),
// and finishes orig.
func moveChat(tx *txn, c *caller, orig *chat, dest *channel, attendant *int64, now time.Time) (*chat, error) {
	moved, err := createChat(tx, c.company, orig.contactID, dest.id, attendant, orig.status, now)
	if err != nil {
		return nil, err
	}
	if _, err := tx.exec("INSERT INTO chat_tags (chat_id, tag_id) SELECT ?, tag_id FROM chat_tags WHERE chat_id = ?", moved.id, orig.id); err != nil {
		return nil, fmt.Errorf("copy chat tags: %w", err)
	}
	var origChannel string
	if err := tx.queryRow("SELECT name FROM channels WHERE id = ?", orig.channelID).Scan(&origChannel); err != nil {
		return nil, fmt.Errorf("load channel: %w", err)
	}
	link := fmt.Sprintf("Conversa transferida da conversa %s (canal %s).", orig.token, origChannel)
	if _, err := appendMessage(tx, moved.id, internalNote(c.id, link), now); err != nil {
		return nil, err
	}
	if _, err := tx.exec("UPDATE chats SET status = 'finished', is_open = 0, updated_at = ? WHERE id = ?", micros(now), orig.id); err != nil {
		return nil, fmt.Errorf("finish original chat: %w", err)
	}
	return moved, nil
}

// internalNote is a staff-only message written by the user.
func internalNote(userID int64, text string) message {
	return message{typ: "text", content: text, direction: "outgoing", visibility: "internal", userID: &userID}
}
