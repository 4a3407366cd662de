package inbox

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/desk"
)

// rows is the number of rows of the current list, after the filter.
func (m *Model) rows() int {
	if m.matches != nil {
		return len(m.matches)
	}
	if l := m.list(); l != nil {
		return l.len()
	}
	return 0
}

// rowChat is the chat of row r of the current list, if read.
func (m *Model) rowChat(r int) (api.Chat, bool) {
	i := r
	if m.matches != nil {
		if r < 0 || r >= len(m.matches) {
			return api.Chat{}, false
		}
		i = m.matches[r]
	}
	return m.list().chat(i)
}

// reselect applies the filter to the current list and puts the cursor
// back on the selected chat, by token: a refresh that moves, adds or drops
// chats keeps the selection. When the chat is gone, the row where it was
// is selected.
func (m *Model) reselect() {
	l := m.list()
	if l == nil {
		return
	}
	v := m.view
	m.matches = nil
	if q := strings.TrimSpace(m.filter.Value()); q != "" {
		m.matches = l.matching(q)
	}
	if i := l.indexOf(m.selected[v]); i >= 0 {
		r := i
		if m.matches != nil {
			r = slices.Index(m.matches, i)
		}
		if r >= 0 {
			m.cursor[v] = r
		}
	}
	m.cursor[v] = max(min(m.cursor[v], m.rows()-1), 0)
	m.scrollToCursor()
	if c, ok := m.rowChat(m.cursor[v]); ok {
		m.selected[v] = c.Token
	}
}

// listHeight is the number of chat rows the list shows.
func (m *Model) listHeight() int {
	h := m.bodyHeight() - 1 // the column header
	if m.filtering || m.filter.Value() != "" {
		h-- // the filter line
	}
	return max(h, 1)
}

// scrollToCursor moves the list so that the cursor is on screen.
func (m *Model) scrollToCursor() {
	v, h := m.view, m.listHeight()
	switch {
	case m.cursor[v] < m.offset[v]:
		m.offset[v] = m.cursor[v]
	case m.cursor[v] >= m.offset[v]+h:
		m.offset[v] = m.cursor[v] - h + 1
	}
	m.offset[v] = max(min(m.offset[v], m.rows()-h), 0)
}

// move moves the cursor by delta rows and reads the pages it reaches.
func (m *Model) move(delta int) tea.Cmd {
	v := m.view
	m.cursor[v] = max(min(m.cursor[v]+delta, m.rows()-1), 0)
	m.scrollToCursor()
	if c, ok := m.rowChat(m.cursor[v]); ok {
		m.selected[v] = c.Token
	} else {
		m.selected[v] = ""
	}
	return m.ensurePages()
}

// switchView shows the next (delta 1) or previous view, reading it now
// when it has not been read for an interval.
func (m Model) switchView(delta int) (tea.Model, tea.Cmd) {
	m.view = (m.view + View(delta) + numViews) % numViews
	m.reselect()
	if m.noMine() {
		m.note(statusWarn, m.sess.MeHint)
		return m, nil
	}
	if l := m.list(); !l.loaded || l.stale || m.o.Now().Sub(l.at) >= m.o.Interval {
		return m.refresh()
	}
	return m, m.ensurePages()
}

// noMine reports whether the view is mine while no attendant stands for
// @me: it lists nothing, and is not read.
func (m *Model) noMine() bool { return m.view == Mine && m.sess.Me == 0 }

// openSelected opens the selected chat in the chat pane.
func (m *Model) openSelected() tea.Cmd {
	c, ok := m.rowChat(m.cursor[m.view])
	if !ok {
		return nil
	}
	return m.openChat(c, nil)
}

// openChat opens the chat c in the chat pane, with the keyboard: the chat
// is seen, up to the last message listed. known is the chat with its
// channel when it is known (no request to find it). The chat open already
// (or being read) stays as it is, read again when the listing shows news
// it lacks.
func (m *Model) openChat(c api.Chat, known *desk.Chat) tea.Cmd {
	m.focusChat = true
	m.looked(c)
	if o := m.open; o != nil && o.listed.Token == c.Token && (o.conv != nil || o.loading) {
		m.layout()
		if lm := c.LastMessage; lm != nil && !o.loading && lm.ID > newestID(o.conv) {
			o.listed = c
			return m.readChat(false)
		}
		return nil
	}
	m.open = &openChat{listed: c, chat: known, vp: viewport.New()}
	m.layout()
	return m.readChat(known == nil)
}

// looked records that the chat is in front of the person, up to its last
// message as listed: its news mark goes.
func (m *Model) looked(c api.Chat) {
	if lm := c.LastMessage; lm != nil && lm.ID > m.seen[c.Token] {
		m.seen[c.Token] = lm.ID
	}
}

func (m Model) chatRead(msg chatMsg) (tea.Model, tea.Cmd) {
	m.busy--
	o := m.open
	if o == nil || o.listed.Token != msg.token {
		return m, nil
	}
	o.loading = false
	if msg.err != nil {
		o.err = msg.err
		m.pending, m.early = nil, nil
		m.fail("read the chat", msg.err)
		return m, nil
	}
	o.err, o.chat, o.conv = nil, msg.chat, msg.conv
	o.listed = msg.chat.Chat
	if msg.hasDraft {
		o.draft, o.hasDraft = msg.draft, true
	}
	if msg.draftErr != nil {
		m.fail("read the draft", msg.draftErr)
	}
	if id := newestID(msg.conv); id > m.seen[msg.token] && m.focusChat {
		// In the chat, what it shows is seen; beside the list, or left
		// with esc, a message that came stays news.
		m.seen[msg.token] = id
	}
	o.rendered = 0 // render again
	m.reask()
	m.layout()
	o.vp.GotoBottom()
	if start := m.pending; start != nil {
		m.pending = nil
		return m.startForm(start)
	}
	return m, nil
}

func (m Model) chatNews(msg chatNewsMsg) (tea.Model, tea.Cmd) {
	m.busy--
	if m.open == nil || m.open.listed.Token != msg.token || m.open.loading {
		return m, nil
	}
	if msg.err != nil {
		m.fail("read the chat", msg.err)
		return m, nil
	}
	if msg.news {
		return m, m.readChat(true)
	}
	return m, nil
}

// act runs an action on a chat: the open one when the chat pane has the
// keyboard, else the selected one, opened first.
func (m Model) act(start func(*Model) (form, tea.Cmd)) (tea.Model, tea.Cmd) {
	c, ok := m.rowChat(m.cursor[m.view])
	if m.focusChat || (ok && m.open != nil && m.open.listed.Token == c.Token) {
		if m.open == nil {
			return m, nil
		}
		var read tea.Cmd
		if !m.focusChat {
			// Back to the chat open already, which is read again when the
			// listing shows news it lacks.
			read = m.openChat(c, nil)
		}
		if m.open.conv == nil || read != nil {
			m.pending = start
			return m, read
		}
		return m.startForm(start)
	}
	if !ok {
		return m, nil
	}
	m.pending = start
	return m, m.openSelected()
}

func (m Model) startForm(start func(*Model) (form, tea.Cmd)) (tea.Model, tea.Cmd) {
	f, cmd := start(&m)
	m.form = f
	m.layout()
	return m, tea.Batch(cmd, m.typeAhead())
}

// typeAhead gives the keys typed early to the form, once it is ready; a
// form that closes (or was never opened) drops the rest.
func (m *Model) typeAhead() tea.Cmd {
	var cmds []tea.Cmd
	for len(m.early) > 0 && m.form != nil && m.form.ready() {
		k := m.early[0]
		m.early = m.early[1:]
		cmds = append(cmds, m.form.update(m, k))
	}
	if m.form == nil {
		m.early = nil
	}
	return tea.Batch(cmds...)
}

// key handles a key press.
func (m Model) key(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	if key.Matches(k, keys.ForceQ) {
		return m, tea.Quit
	}
	if m.showHelp {
		m.helpKey(k)
		return m, nil
	}
	if m.form != nil && !m.form.ready() && !key.Matches(k, keys.Cancel) {
		m.early = append(m.early, k)
		return m, nil
	}
	if m.form != nil {
		cmd := m.form.update(&m, k)
		return m, cmd
	}
	if m.pending != nil {
		// The chat is being read for a form: the keys are the form's.
		if key.Matches(k, keys.Cancel) {
			m.pending, m.early = nil, nil
		} else {
			m.early = append(m.early, k)
		}
		return m, nil
	}
	if m.filtering {
		return m.filterKey(k)
	}
	if m.sess == nil {
		switch {
		case key.Matches(k, keys.Quit):
			return m, tea.Quit
		case key.Matches(k, keys.Refresh) && m.startErr != nil:
			m.startErr = nil
			m.note(statusInfo, "Connecting…")
			return m, tea.Batch(m.startCmd(), m.begin())
		}
		return m, nil
	}
	if p := m.panelShown(); p != nil {
		if cmd, ok := m.panelKey(p, k); ok {
			return m, cmd
		}
	}
	switch {
	case key.Matches(k, keys.Quit):
		return m, tea.Quit
	case key.Matches(k, keys.Help):
		m.showHelp, m.helpTop = true, 0
	case key.Matches(k, keys.NextView):
		return m.switchView(1)
	case key.Matches(k, keys.PrevView):
		return m.switchView(-1)
	case key.Matches(k, keys.Refresh):
		m.note(statusInfo, refreshing)
		return m.refresh()
	case key.Matches(k, keys.Filter):
		m.filtering = true
		m.focusChat = false
		m.layout()
		return m, m.filter.Focus()
	case key.Matches(k, keys.Back):
		switch {
		case m.focusChat:
			m.focusChat = false
			m.layout()
		case m.filter.Value() != "":
			m.filter.SetValue("")
			m.reselect()
			m.layout()
			return m, m.ensurePages()
		}
	case key.Matches(k, keys.Open):
		if !m.focusChat {
			return m, m.openSelected()
		}
	case key.Matches(k, keys.Up, keys.Down, keys.PageUp, keys.PageDown, keys.Home, keys.End):
		if m.focusChat && m.open != nil {
			m.scrollChat(k)
			return m, nil
		}
		return m, m.move(m.moveBy(k))
	case key.Matches(k, keys.Take):
		return m, m.own(true)
	case key.Matches(k, keys.Release):
		return m, m.own(false)
	case key.Matches(k, keys.Reply):
		return m.act(startReply)
	case key.Matches(k, keys.Template):
		return m.act(startTemplate)
	case key.Matches(k, keys.Note):
		return m.act(startNote)
	case key.Matches(k, keys.Panel):
		return m.act(startPanel)
	case key.Matches(k, keys.Transfer):
		return m.act(startTransfer)
	case key.Matches(k, keys.Tags):
		return m.act(startTags)
	}
	return m, nil
}

// refreshing is the status while R reads the view again; the end of the
// refresh takes it away.
const refreshing = "Refreshing…"

// helpKey scrolls the ? screen with the moving keys; any other key closes
// it.
func (m *Model) helpKey(k tea.KeyPressMsg) {
	last := max(len(m.helpLines())-m.bodyHeight(), 0)
	switch {
	case key.Matches(k, keys.Up):
		m.helpTop = max(min(m.helpTop, last)-1, 0)
	case key.Matches(k, keys.Down):
		m.helpTop = min(m.helpTop+1, last)
	case key.Matches(k, keys.PageUp, keys.Home):
		m.helpTop = 0
	case key.Matches(k, keys.PageDown, keys.End):
		m.helpTop = last
	default:
		m.showHelp = false
	}
}

// paste takes pasted text: into the form or the filter being typed, never
// as keys.
func (m Model) paste(p tea.PasteMsg) (tea.Model, tea.Cmd) {
	switch {
	case m.showHelp:
		return m, nil
	case m.form != nil:
		return m, m.form.update(&m, p)
	case m.filtering:
		return m.editFilter(p)
	}
	return m, nil
}

// moveBy is how far a movement key moves the cursor.
func (m *Model) moveBy(k tea.KeyPressMsg) int {
	h := m.listHeight()
	switch {
	case key.Matches(k, keys.Up):
		return -1
	case key.Matches(k, keys.Down):
		return 1
	case key.Matches(k, keys.PageUp):
		return -h
	case key.Matches(k, keys.PageDown):
		return h
	case key.Matches(k, keys.Home):
		return -m.rows()
	}
	return m.rows()
}

func (m *Model) scrollChat(k tea.KeyPressMsg) {
	vp := &m.open.vp
	switch {
	case key.Matches(k, keys.Up):
		vp.ScrollUp(1)
	case key.Matches(k, keys.Down):
		vp.ScrollDown(1)
	case key.Matches(k, keys.PageUp):
		vp.PageUp()
	case key.Matches(k, keys.PageDown):
		vp.PageDown()
	case key.Matches(k, keys.Home):
		vp.GotoTop()
	default:
		vp.GotoBottom()
	}
}

// filterKey edits the filter: the list follows as it is typed; enter keeps
// it, esc drops it.
func (m Model) filterKey(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	switch {
	case key.Matches(k, keys.Accept):
		m.filtering = false
		m.filter.Blur()
		m.layout()
		return m, nil
	case key.Matches(k, keys.Cancel):
		m.filtering = false
		m.filter.Blur()
		m.filter.SetValue("")
		m.reselect()
		m.layout()
		return m, m.ensurePages()
	case key.Matches(k, keys.ChoiceUp):
		return m, m.move(-1)
	case key.Matches(k, keys.ChoiceDown):
		return m, m.move(1)
	}
	return m.editFilter(k)
}

// editFilter passes a key or a paste to the filter; the list follows as
// the filter changes.
func (m Model) editFilter(msg tea.Msg) (tea.Model, tea.Cmd) {
	before := m.filter.Value()
	var cmd tea.Cmd
	m.filter, cmd = m.filter.Update(msg)
	if m.filter.Value() != before {
		m.cursor[m.view] = 0
		m.selected[m.view] = ""
		m.reselect()
		return m, tea.Batch(cmd, m.ensurePages())
	}
	return m, cmd
}

// isNew reports whether the chat has news since you last looked: its last
// message is newer than the newest you saw of it in this run, or, for a
// chat you have not opened, than when you last left the inbox, or it had
// news you had not opened then.
func (m *Model) isNew(c api.Chat) bool {
	lm := c.LastMessage
	switch seen, ok := m.seen[c.Token]; {
	case lm == nil:
		return false
	case ok:
		return lm.ID > seen
	}
	if id, ok := m.sess.News[c.Token]; ok && lm.ID >= id {
		return true
	}
	return lm.CreatedAt.After(m.sess.LookedAt)
}

// newCount is the number of chats with news among those read of view v.
func (m *Model) newCount(v View) int {
	n := 0
	m.lists[v].each(func(c api.Chat) {
		if m.isNew(c) {
			n++
		}
	})
	return n
}

// channelName is the chat's channel as the list shows it: its name when
// the desk has learnt it, else nothing.
func (m *Model) channelName(token string) string {
	ch, ok := m.sess.Desk.KnownChannel(token)
	if !ok {
		return ""
	}
	return desk.OneLine(ch.Name)
}
