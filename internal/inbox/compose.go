package inbox

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/textwidth"
)

// The steps of a message on its way out.
const (
	stepEdit     = iota // being written or filled in
	stepChecking        // asking whether another attendant answered meanwhile
	stepAsk             // a question is on screen: enter goes on, esc goes back
	stepSending
)

// outbox is a message about to be sent to the open chat, and where it is
// on its way: before it is sent, the chat is read again; if the customer
// wrote, or another attendant answered or left a note, since the writing
// began, the inbox says so and asks again; a free-form message outside
// the messaging app's 24-hour window is asked about too.
type outbox struct {
	content  api.MessageSend
	freeForm bool
	// since is the id of the chat's newest message the writer knows of:
	// the one on screen when the writing began, or the newest they were
	// asked about since. What comes after it is told as it comes, and
	// asked about once before the message goes out.
	since int64
	// draft is set for the composer's reply: once sent, the chat's draft
	// goes.
	draft    bool
	step     int
	question string
	// windowAsked is set while the question is the 24-hour one; windowOK
	// once it was answered.
	windowAsked, windowOK bool
}

// sender is a form that sends a message through an outbox.
type sender interface {
	form
	out() *outbox
}

// checkedMsg is what the chat read just before sending showed.
type checkedMsg struct {
	token string
	fresh []desk.Message
	total int
	err   error
}

// sentMsg is the end of a send.
type sentMsg struct {
	token string
	ans   *desk.Answered
	// draftErr is a draft that could not be cleared after the send.
	draftErr error
	err      error
}

// send starts ob on its way: the check first.
func (m *Model) send(ob *outbox) tea.Cmd {
	ob.step, ob.question = stepChecking, ""
	ctx, d, token, count := m.o.Context, m.sess.Desk, m.open.conv.Chat.Token, m.open.conv.Total
	return tea.Batch(m.begin(), func() tea.Msg {
		fresh, total, err := d.MessagesAfter(ctx, token, count)
		return checkedMsg{token: token, fresh: fresh, total: total, err: err}
	})
}

// newOutbox is the outbox of a message whose writing begins now, with
// the open chat as it is on screen.
func (m *Model) newOutbox() outbox {
	return outbox{since: newestID(m.open.conv)}
}

// outboxKey handles enter and esc while ob is checked, asked about or sent.
func (m *Model) outboxKey(ob *outbox, k tea.KeyPressMsg) tea.Cmd {
	if ob.step != stepAsk {
		return nil // checking or sending: wait
	}
	switch {
	case key.Matches(k, keys.Accept):
		// The chat is checked again: what came while the question was
		// read is asked about too.
		if ob.windowAsked {
			ob.windowAsked, ob.windowOK = false, true
		}
		return m.send(ob)
	case key.Matches(k, keys.Cancel):
		ob.step, ob.question, ob.windowAsked = stepEdit, "", false
	}
	return nil
}

// checked goes on after the check: it shows what was new in the chat and
// asks when anything came since the writing began that the writer was not
// asked about yet (the customer's messages, another attendant's answers or
// notes), else sends (after the 24-hour question, for a free-form message
// outside the window).
func (m Model) checked(msg checkedMsg) (tea.Model, tea.Cmd) {
	m.busy--
	s, ok := m.form.(sender)
	if !ok || m.open == nil || m.open.conv == nil || m.open.conv.Chat.Token != msg.token {
		return m, nil
	}
	ob := s.out()
	if msg.err != nil {
		ob.step = stepEdit
		m.fail("check the chat before sending", msg.err)
		return m, nil
	}
	m.showFresh(msg.fresh, msg.total)
	if m.askMeanwhile(ob) {
		return m, nil
	}
	return m, m.dispatch(ob)
}

// askMeanwhile asks about what came in the chat since the writing began
// that the writer was not asked about yet, if anything did; from then on
// it counts as told.
func (m *Model) askMeanwhile(ob *outbox) bool {
	w := m.meanwhile(ob)
	if w.Empty() {
		return false
	}
	ob.since, ob.step, ob.windowAsked = w.Newest, stepAsk, false
	ob.question = m.meanwhileText(w) + ". enter: send yours anyway · esc: back to yours"
	return true
}

// reask follows the chat, read again while a message is written, when the
// customer wrote meanwhile and opened the 24-hour window again: the
// warning that it was closed goes, and a question about it on screen gives
// way to the question about what came since, which the writer must know of
// before sending.
func (m *Model) reask() {
	conv := m.open.conv
	if conv == nil || desk.OutsideWindow(conv.Chat, conv.CustomerWrote, m.o.Now()) {
		return
	}
	if m.status.window {
		m.status = status{}
	}
	if s, ok := m.form.(sender); ok {
		if ob := s.out(); ob.step == stepAsk && ob.windowAsked {
			m.askMeanwhile(ob)
		}
	}
}

// showFresh adds to the open chat the messages the check found after those
// it shows (a refresh may have read some of them meanwhile), total being
// the chat's count of messages with them.
func (m *Model) showFresh(fresh []desk.Message, total int) {
	conv := *m.open.conv
	newest := newestID(&conv)
	added := false
	for _, fm := range fresh {
		if fm.ID <= newest {
			continue
		}
		if !added {
			conv.Messages = append([]desk.Message(nil), conv.Messages...)
			added = true
		}
		conv.Messages = append(conv.Messages, fm)
		if fm.FromCustomer() {
			conv.CustomerWrote, conv.CustomerKnown = fm.CreatedAt.Time, true
		}
	}
	if !added {
		return
	}
	conv.Messages = conv.Messages[max(len(conv.Messages)-chatMessages, 0):]
	conv.Total = max(conv.Total, total)
	m.open.conv = &conv
	m.open.rendered = 0
	m.open.vp.GotoBottom()
	m.layout()
}

// dispatch sends ob, or first asks about the 24-hour window.
func (m *Model) dispatch(ob *outbox) tea.Cmd {
	conv := m.open.conv
	if ob.freeForm && !ob.windowOK && desk.OutsideWindow(conv.Chat, conv.CustomerWrote, m.o.Now()) {
		ob.step, ob.windowAsked = stepAsk, true
		ob.question = windowHint() + ". enter: send anyway · esc: edit (t: a template)"
		return nil
	}
	ob.step, ob.question = stepSending, ""
	ctx, d, ch, content, take, draft := m.o.Context, m.sess.Desk, conv.Chat, ob.content, m.o.TakeOnReply, ob.draft
	if me := m.sess.Me; me != 0 {
		content.Attendant = &me
	}
	return tea.Batch(m.begin(), func() tea.Msg {
		ans, err := d.Answer(ctx, ch, content, take)
		msg := sentMsg{token: ch.Token, ans: ans, err: err}
		if err == nil && draft {
			msg.draftErr = d.ClearDraft(ch.Token)
		}
		return msg
	})
}

// sent ends a send: the form closes and the chat is read again; a refusal
// leaves the form open with what was written.
func (m Model) sent(msg sentMsg) (tea.Model, tea.Cmd) {
	m.busy--
	s, ok := m.form.(sender)
	if msg.err != nil {
		if ok {
			s.out().step = stepEdit
		}
		m.fail("send", msg.err)
		return m, nil
	}
	draft := ok && s.out().draft
	if ok {
		m.form = nil
	}
	a := msg.ans
	text, kind := "✓ Sent to "+contactLabel(m.chatFor(msg.token))+".", statusOK
	if note := a.Take.Note("The chat"); note != "" {
		text += " " + note
		if a.Take.Race || a.Take.Refused != nil || a.Take.Taken == nil {
			kind = statusWarn
		}
	}
	switch {
	case a.Warning != "":
		text, kind = "! "+a.Warning, statusWarn
	case msg.draftErr != nil:
		text, kind = text+" The draft stays: "+msg.draftErr.Error(), statusWarn
	}
	m.note(kind, text)
	if o := m.open; o != nil && o.listed.Token == msg.token && msg.draftErr == nil && draft {
		o.draft = ""
	}
	if a.Result.Message.ID > m.seen[msg.token] {
		m.seen[msg.token] = a.Result.Message.ID
	}
	if a.Take.Taken != nil && !a.Take.Taken.Already {
		m.stale()
	}
	return m.afterChange(msg.token)
}

// chatFor is the listed chat with token: the open one, else as the view
// lists it.
func (m *Model) chatFor(token string) api.Chat {
	if m.open != nil && m.open.listed.Token == token {
		return m.open.listed
	}
	if i := m.list().indexOf(token); i >= 0 {
		c, _ := m.list().chat(i)
		return c
	}
	return api.Chat{Token: token}
}

// afterChange reads the open chat and the list again after the inbox
// changed the chat with token.
func (m Model) afterChange(token string) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	if m.open != nil && m.open.listed.Token == token {
		cmd = m.readChat(true)
	}
	m.layout()
	mm, refresh := m.refresh()
	return mm, tea.Batch(cmd, refresh)
}

// composer writes a reply to the open chat, or a note on its contact.
type composer struct {
	note bool
	ta   textarea.Model
	ob   outbox
	// saving is set while a note is being saved.
	saving bool
	// saved is the picker of saved replies, open over the reply.
	saved *savedPicker
}

func (c *composer) out() *outbox { return &c.ob }

// startReply opens the composer for a reply, unless the chat is closed
// or finished: a reply would open a new chat.
func startReply(m *Model) (form, tea.Cmd) {
	if err := replyAllowed(m); err != nil {
		m.note(statusErr, firstLine(err.Error()))
		return nil, nil
	}
	c := &composer{ta: newTextArea("Write your reply…"), ob: m.newOutbox()}
	c.ta.SetValue(m.open.draft)
	if conv := m.open.conv; desk.OutsideWindow(conv.Chat, conv.CustomerWrote, m.o.Now()) {
		m.note(statusWarn, windowHint()+": t sends a template.")
		m.status.window = true
	}
	return c, nil
}

// startNote opens the composer for a note on the chat's contact.
func startNote(m *Model) (form, tea.Cmd) {
	return &composer{note: true, ta: newTextArea("A note for the staff about " + contactLabel(m.open.listed) + "…")}, nil
}

func (c *composer) ready() bool { return true }

func (c *composer) height(avail int) int {
	if c.saved != nil {
		return avail
	}
	return min(8, max(avail/2, 4))
}

func (c *composer) keys() footer {
	switch {
	case c.saving || c.ob.step == stepChecking || c.ob.step == stepSending:
		return footer{keys.ForceQ}
	case c.ob.step == stepAsk:
		return footer{as("send anyway", keys.Accept), as("back to the text", keys.Cancel)}
	case c.saved != nil:
		return c.saved.keys()
	case c.note:
		return footer{as("save", keys.Send), keys.NewLine, as("cancel", keys.Cancel)}
	case c.atStart():
		return footer{keys.Saved, keys.Send, keys.NewLine, as("keep as a draft", keys.Cancel)}
	}
	return footer{keys.Send, keys.NewLine, as("keep as a draft", keys.Cancel)}
}

// atStart reports whether a reply has nothing written yet: / there opens
// the saved replies.
func (c *composer) atStart() bool {
	return !c.note && c.ob.step == stepEdit && !c.saving && strings.TrimSpace(c.ta.Value()) == ""
}

func (c *composer) view(m *Model, w, h int) string {
	if c.saved != nil {
		return c.saved.view(m, w, h)
	}
	title := "Reply to " + contactLabel(m.open.listed)
	if c.note {
		title = "Note on " + contactLabel(m.open.listed) + "'s contact (staff only)"
	}
	lines := []string{m.st.bold(cut(title, w))}
	if !c.note {
		lines = append(lines, m.meanwhileLines(&c.ob, w)...)
	}
	switch {
	case c.ob.step == stepAsk:
		lines = append(lines, wrapped(m.st.yellow, c.ob.question, w)...)
	case c.saving || c.ob.step == stepChecking || c.ob.step == stepSending:
		lines = append(lines, m.spin.View()+" sending…")
	}
	c.ta.SetWidth(w)
	c.ta.SetHeight(max(h-len(lines), 1))
	lines = append(lines, c.ta.View())
	return strings.Join(lines, "\n")
}

func (c *composer) update(m *Model, msg tea.Msg) tea.Cmd {
	if c.saved != nil {
		return c.saved.update(m, c, msg)
	}
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, keys.Saved) && c.atStart():
			return m.openSaved(c)
		case c.saving:
			return nil
		case c.ob.step != stepEdit:
			return m.outboxKey(&c.ob, msg)
		case key.Matches(msg, keys.Cancel):
			m.form = nil
			m.layout()
			if c.note {
				return nil
			}
			return m.keepDraft(c.ta.Value())
		case key.Matches(msg, keys.Send):
			text := strings.TrimSpace(c.ta.Value())
			if text == "" {
				m.note(statusWarn, "Nothing to send yet: type the text first (esc cancels).")
				return nil
			}
			if c.note {
				c.saving = true
				return m.saveNote(text)
			}
			c.ob.content = api.MessageSend{Type: "text", Content: c.ta.Value()}
			c.ob.freeForm, c.ob.draft = true, true
			return m.send(&c.ob)
		}
	case tea.PasteMsg:
		if c.saving || c.ob.step != stepEdit {
			return nil // the text stays as it is being sent
		}
	}
	var cmd tea.Cmd
	c.ta, cmd = c.ta.Update(msg)
	return cmd
}

// notedMsg is the end of saving a note.
type notedMsg struct {
	contact   string
	contactID int64
	note      *api.Note
	err       error
}

func (m *Model) saveNote(text string) tea.Cmd {
	ctx, d, c := m.o.Context, m.sess.Desk, m.open.listed
	return tea.Batch(m.begin(), func() tea.Msg {
		n, err := d.Note(ctx, c.Contact.ID, text)
		return notedMsg{contact: contactLabel(c), contactID: c.Contact.ID, note: n, err: err}
	})
}

func (m Model) noted(msg notedMsg) (tea.Model, tea.Cmd) {
	m.busy--
	c, ok := m.form.(*composer)
	if msg.err != nil {
		if ok {
			c.saving = false
		}
		m.fail("save the note", msg.err)
		return m, nil
	}
	if ok && c.note {
		m.form = nil
		m.layout()
	}
	m.panel().noteAdded(msg.contactID, msg.note)
	m.note(statusOK, "✓ Note saved on "+msg.contact+"'s contact.")
	return m, nil
}

// replyAllowed refuses to answer a finished or closed chat: a reply would
// open a new chat with the contact.
func replyAllowed(m *Model) error {
	_, err := desk.Reply(m.open.conv.Chat, api.MessageSend{}, naming.Flags)
	return err
}

// windowHint is the 24-hour hint as a sentence.
func windowHint() string {
	return "! " + english.Capitalize(desk.WindowHint)
}

// wrapped is text wrapped to w cells, each line painted.
func wrapped(paint func(string) string, text string, w int) []string {
	lines := textwidth.Wrap(text, w)
	for i, l := range lines {
		lines[i] = paint(l)
	}
	return lines
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
