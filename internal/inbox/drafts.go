package inbox

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// A reply being written is kept as the chat's draft when it is left (esc,
// or the inbox ending) and brought back by r, also after a restart: the
// desk keeps drafts in the data directory, and the first read of a chat
// opened reads its draft too (readChat). Sending the reply clears it.

// draftKeptMsg is the end of keeping a draft.
type draftKeptMsg struct{ err error }

// keepDraft keeps text as the open chat's draft; text of only white space
// clears it.
func (m *Model) keepDraft(text string) tea.Cmd {
	o := m.open
	o.draft = text
	if strings.TrimSpace(text) == "" {
		o.draft = ""
	} else {
		m.note(statusOK, "✎ Draft kept: r in this chat brings it back.")
	}
	m.layout()
	d, token := m.sess.Desk, o.listed.Token
	return func() tea.Msg { return draftKeptMsg{err: d.SaveDraft(token, text)} }
}

func (m Model) draftKept(msg draftKeptMsg) (tea.Model, tea.Cmd) {
	if msg.err != nil {
		m.fail("keep the draft", msg.err)
	}
	return m, nil
}

// KeepDraft keeps the reply being written, if any, as its chat's draft:
// what the inbox does when it ends, however it ends.
// A reply on its way out is not kept: it may have gone.
func (m Model) KeepDraft() error {
	if !m.writingReply() || m.sess == nil {
		return nil
	}
	c := m.form.(*composer)
	if c.ob.step == stepSending {
		return nil
	}
	return m.sess.Desk.SaveDraft(m.open.listed.Token, c.ta.Value())
}

// writingReply reports whether the composer is open on a reply (not a
// note) to the open chat.
func (m *Model) writingReply() bool {
	c, ok := m.form.(*composer)
	return ok && !c.note && m.open != nil
}
