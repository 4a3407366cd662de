package inbox

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/desk"
)

// ownedMsg is the end of a take (a) or a release (b).
type ownedMsg struct {
	take     bool
	token    string
	contact  string
	taken    *desk.Taken
	released *desk.Released
	err      error
	// base is the newest message accounted for before the chat was taken
	// or released when it had no news, and latest the chat's newest
	// messages after it: the note a take leaves is not news to the one
	// who took it.
	base   int64
	latest []desk.Message
}

// own takes (a) or releases (b) the open chat when the chat pane has the
// keyboard or shows the selected chat, else the selected chat, found
// first, without opening it.
func (m *Model) own(take bool) tea.Cmd {
	var (
		listed api.Chat
		known  *desk.Chat
	)
	c, ok := m.rowChat(m.cursor[m.view])
	switch o := m.open; {
	case o != nil && (m.focusChat || ok && o.listed.Token == c.Token):
		if o.chat == nil {
			return nil // being read: the key comes too soon to know the chat
		}
		listed, known = o.listed, o.chat
	case ok:
		listed = c
	default:
		return nil
	}
	label := contactLabel(listed)
	if m.owning[listed.Token] {
		m.note(statusInfo, "The chat with "+label+" is being taken or released: wait for the answer.")
		return nil
	}
	m.owning[listed.Token] = true
	base, news := m.accounted(listed)
	if take {
		m.note(statusInfo, "Taking the chat with "+label+"…")
	} else {
		m.note(statusInfo, "Releasing the chat with "+label+"…")
	}
	ctx, d, me := m.o.Context, m.sess.Desk, m.sess.Me
	return tea.Batch(m.begin(), func() tea.Msg {
		msg := ownedMsg{take: take, token: listed.Token, contact: label, base: base}
		ch := known
		if ch == nil {
			if ch, msg.err = d.Locate(ctx, listed); msg.err != nil {
				return msg
			}
		}
		if take {
			msg.taken, msg.err = d.Take(ctx, ch, desk.TakeOptions{For: me})
		} else {
			msg.released, msg.err = d.Release(ctx, ch, desk.ReleaseOptions{Me: me})
		}
		if !news && msg.changed() {
			msg.latest, _ = latest(ctx, d, listed.Token)
		}
		return msg
	})
}

// changed reports whether the take or release may have written in the
// chat: a transfer was made, or may have been.
func (msg ownedMsg) changed() bool {
	var (
		held  *desk.HeldError
		input *clierr.InputError
	)
	switch {
	case msg.taken != nil:
		return !msg.taken.Already
	case msg.released != nil:
		return msg.released.From.ID != 0
	case errors.As(msg.err, &held):
		return held.Race
	}
	return !errors.As(msg.err, &input)
}

// latest reads the chat's newest messages, as many as a chat's own
// actions may have written.
func latest(ctx context.Context, d *desk.Desk, token string) ([]desk.Message, error) {
	msgs, _, err := d.Latest(ctx, token, api.MessageListParams{}, 20)
	return msgs, err
}

// accounted is the newest message of the chat that counts as seen, and
// whether the chat has news.
func (m *Model) accounted(c api.Chat) (base int64, news bool) {
	news = m.isNew(c)
	base = m.seen[c.Token]
	if lm := c.LastMessage; !news && lm != nil {
		base = max(base, lm.ID)
	}
	return base, news
}

// ownMessages counts as seen what the person's own action wrote in the
// chat with token after base, which was seen: the messages after it up
// to the first one the customer wrote. A chat that had news keeps it.
func (m *Model) ownMessages(token string, base int64, msgs []desk.Message) {
	if base == 0 && len(msgs) == 0 {
		return
	}
	seen := base
	for _, msg := range msgs {
		if msg.ID <= base {
			continue
		}
		if msg.FromCustomer() {
			break
		}
		seen = msg.ID
	}
	m.seen[token] = max(m.seen[token], seen)
}

func (m Model) owned(msg ownedMsg) (tea.Model, tea.Cmd) {
	m.busy--
	delete(m.owning, msg.token)
	m.ownMessages(msg.token, msg.base, msg.latest)
	var held *desk.HeldError
	switch {
	case errors.As(msg.err, &held):
		m.note(statusWarn, heldText(held, msg.take))
	case msg.err != nil && msg.take:
		m.fail("take the chat", msg.err)
	case msg.err != nil:
		m.fail("release the chat", msg.err)
	case msg.taken != nil && msg.taken.Already:
		m.note(statusInfo, "The chat with "+msg.contact+" is yours already.")
	case msg.taken != nil:
		m.note(statusOK, "✓ The chat with "+msg.contact+" is yours.")
	case msg.released.From.ID == 0:
		m.note(statusInfo, msg.released.Outcome("The chat with "+msg.contact, ""))
	default:
		m.note(statusOK, "✓ "+msg.released.Outcome("The chat with "+msg.contact, ""))
	}
	if !msg.changed() {
		return m, nil
	}
	m.stale()
	return m.afterChange(msg.token)
}

// heldText says who has a chat that a take or release left to them, what
// to do first.
func heldText(held *desk.HeldError, take bool) string {
	switch {
	case held.Race:
		return held.Holder.String() + " took this chat at the same moment, first: it is theirs."
	case take:
		return "Not taken: " + held.Holder.String() + " has this chat (T transfers it anyway)."
	}
	return "Not released: " + held.Holder.String() + " has this chat, not you (T transfers it anyway)."
}

// stale marks the other views as out of date: a chat changed hands, so
// the next look at one of them reads it again at once.
func (m *Model) stale() {
	for _, l := range m.lists {
		if l != nil && l.view != m.view {
			l.stale = true
		}
	}
}
