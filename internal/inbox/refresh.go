package inbox

import (
	"fmt"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/convo-cli/convo/internal/desk"
)

// tickMsg is the refresh timer of generation gen going off.
type tickMsg struct{ gen int }

// polledMsg is the end of a poll of the waiting queue.
type polledMsg struct {
	state  *desk.State
	events []desk.Event
	err    error
}

// pagesMsg is the end of a read of pages of a paged list. refresh is set
// for the refresh of the view, which schedules the next one.
type pagesMsg struct {
	view    View
	pages   map[int]desk.Page
	asked   []int
	err     error
	refresh bool
}

// begin counts a request in flight, starting the spinner with the first.
func (m *Model) begin() tea.Cmd {
	m.busy++
	if m.busy == 1 {
		return m.spin.Tick
	}
	return nil
}

// refresh reads the current view again now: the waiting queue with Poll,
// a paged list's pages on screen. A refresh already running is left to
// end; it schedules the next one, or reads the current view at once if
// it read another.
func (m Model) refresh() (tea.Model, tea.Cmd) {
	m.gen++
	if m.refreshing || m.sess == nil {
		return m, nil
	}
	if m.noMine() {
		if m.status.text == refreshing {
			m.note(statusWarn, m.sess.MeHint)
		}
		return m, nil
	}
	l := m.list()
	var cmd tea.Cmd
	if l.paged {
		pages := m.pagesOnScreen()
		for _, n := range pages {
			l.loading[n] = true
		}
		cmd = m.pagesCmd(l.view, pages, true)
	} else {
		l.polling = true
		cmd = m.pollCmd(l)
	}
	m.refreshing, m.refreshedView = true, m.view
	return m, tea.Batch(cmd, m.begin())
}

// pagesOnScreen are the pages of the current paged list that hold the rows
// on screen; the first page of a list not read yet.
func (m *Model) pagesOnScreen() []int {
	l := m.list()
	if !l.loaded {
		return []int{1}
	}
	var pages []int
	from := m.offset[m.view]
	for r := from; r < min(from+m.listHeight(), m.rows()); r++ {
		i := r
		if m.matches != nil {
			i = m.matches[r]
		}
		if n := i/desk.PageSize + 1; !slices.Contains(pages, n) {
			pages = append(pages, n)
		}
	}
	if len(pages) == 0 {
		pages = []int{1}
	}
	return pages
}

func (m *Model) pollCmd(l *chatList) tea.Cmd {
	ctx, d, f, prev := m.o.Context, m.sess.Desk, l.filter, l.state
	return func() tea.Msg {
		st, events, err := d.Poll(ctx, f, prev)
		return polledMsg{state: st, events: events, err: err}
	}
}

func (m *Model) pagesCmd(v View, pages []int, refresh bool) tea.Cmd {
	ctx, d, f := m.o.Context, m.sess.Desk, m.lists[v].filter
	return func() tea.Msg {
		msg := pagesMsg{view: v, pages: map[int]desk.Page{}, asked: pages, refresh: refresh}
		for _, n := range pages {
			p, err := d.ChatsPage(ctx, f, n)
			if err != nil {
				msg.err = err
				break
			}
			msg.pages[n] = p
		}
		return msg
	}
}

func (m Model) polled(msg polledMsg) (tea.Model, tea.Cmd) {
	m.busy--
	l := m.lists[Waiting]
	l.polling = false
	if msg.err != nil {
		l.err = msg.err
	} else {
		l.setState(msg.state, m.o.Now())
		if n := len(msg.events); n > 0 {
			m.announce(msg.events)
		}
	}
	m.reselect()
	return m.refreshed(msg.err)
}

// announce says in the status line what a poll found: the latest
// customer's message, and how many chats had news. While what came of an
// action is still to be read (holding), it is kept for the first refresh
// after.
func (m *Model) announce(events []desk.Event) {
	var last *desk.Event
	count := 0
	for i := range events {
		if events[i].Type == desk.EventMessageReceived {
			last = &events[i]
			count++
		}
	}
	if last == nil {
		return
	}
	text := ""
	if ms := last.Messages; len(ms) > 0 {
		text = ": " + desk.OneLine(ms[len(ms)-1].Content)
	}
	who := desk.OneLine(last.Listed.Contact.Name)
	if who == "" {
		who = "+" + last.Listed.Contact.Phone
	}
	line := fmt.Sprintf("● %s wrote%s", who, text)
	if count > 1 {
		line = fmt.Sprintf("● %d chats have news; %s wrote%s", count, who, text)
	}
	m.heldNews = ""
	if m.holding() {
		m.heldNews = line // the ● marks tell of it meanwhile
		return
	}
	m.note(statusInfo, line)
}

// holding reports whether the status line says what came of an action
// (a success, a warning, an error) that was said less than statusHold ago:
// news waits for it to be read.
func (m *Model) holding() bool {
	s := m.status
	return s.kind != statusInfo && m.o.Now().Sub(s.at) < statusHold
}

func (m Model) paged(msg pagesMsg) (tea.Model, tea.Cmd) {
	m.busy--
	l := m.lists[msg.view]
	for _, n := range msg.asked {
		delete(l.loading, n)
	}
	if len(msg.pages) > 0 {
		l.setPages(msg.pages, m.o.Now())
	}
	if msg.err != nil {
		l.err = msg.err
		if !msg.refresh {
			m.fail("read the list", msg.err)
		}
	}
	m.reselect()
	var cmds []tea.Cmd
	if msg.err == nil {
		cmds = append(cmds, m.ensurePages())
	}
	if msg.refresh {
		mm, cmd := m.refreshed(msg.err)
		return mm, tea.Batch(append(cmds, cmd)...)
	}
	return m, tea.Batch(cmds...)
}

// refreshed ends a refresh: the status says how it went, and the next
// one is set, sooner or later (with backoff) as it went.
func (m Model) refreshed(err error) (tea.Model, tea.Cmd) {
	if !m.refreshing {
		return m, nil
	}
	m.refreshing = false
	if m.view != m.refreshedView && err == nil {
		// The view changed while another was read: read it now.
		return m.refresh()
	}
	delay := m.o.Interval
	switch {
	case err != nil:
		m.failures++
		delay = desk.RetryDelay(m.o.Interval, m.failures)
		m.note(statusErr, fmt.Sprintf("R: try now · the refresh failed, retrying in %s; the last data is shown: %v", delay.Round(time.Second), err))
	case m.failures > 0:
		m.failures = 0
		m.note(statusOK, "✓ back online")
	case m.heldNews != "" && !m.holding():
		m.note(statusInfo, m.heldNews)
		m.heldNews = ""
	case m.status.text == refreshing:
		m.note(statusInfo, "")
	}
	m.rerender()
	gen := m.gen
	next := tea.Tick(delay, func(time.Time) tea.Msg { return tickMsg{gen: gen} })
	if err != nil {
		return m, next
	}
	// The open chat follows what the list just read of it.
	return m, tea.Batch(next, m.chatRefreshCmd())
}

// ensurePages reads the pages of a paged list that the screen shows and
// has not read; with a filter, the rest of the list, a page at a time, so
// that the filter sees every chat.
func (m *Model) ensurePages() tea.Cmd {
	if m.sess == nil {
		return nil
	}
	l := m.list()
	if !l.paged || !l.loaded || len(l.loading) > 0 {
		return nil
	}
	var pages []int
	if m.filter.Value() != "" {
		if n := l.firstMissing(); n > 0 {
			pages = []int{n}
		}
	} else {
		from := m.offset[m.view]
		pages = l.missing(from, from+m.listHeight())
	}
	if len(pages) == 0 {
		return nil
	}
	for _, n := range pages {
		l.loading[n] = true
	}
	return tea.Batch(m.pagesCmd(m.view, pages, false), m.begin())
}

// chatRefreshCmd keeps the open chat live while it is on screen, after
// each refresh of the view: it is read again when the view's listing shows
// it with a new last message; when the view does not list it, one request
// asks whether it has new messages. A chat off the screen (the list in its
// place, below wideFrom columns) costs nothing: going back to it reads
// what the listing shows it lacks (openChat).
func (m *Model) chatRefreshCmd() tea.Cmd {
	o := m.open
	if o == nil || o.conv == nil || o.loading || !m.wide() && !m.focusChat {
		return nil
	}
	if i := m.list().indexOf(o.listed.Token); i >= 0 {
		c, _ := m.list().chat(i)
		if c.LastMessage == nil || c.LastMessage.ID == newestID(o.conv) {
			return nil
		}
		o.listed = c
		return m.readChat(false)
	}
	ctx, d, conv := m.o.Context, m.sess.Desk, o.conv
	return tea.Batch(m.begin(), func() tea.Msg {
		fresh, _, err := d.MessagesAfter(ctx, conv.Chat.Token, conv.Total)
		return chatNewsMsg{token: conv.Chat.Token, news: len(fresh) > 0, err: err}
	})
}

// chatNewsMsg tells whether the open chat has messages it does not show.
type chatNewsMsg struct {
	token string
	news  bool
	err   error
}

func newestID(c *desk.Conversation) int64 {
	if len(c.Messages) == 0 {
		return 0
	}
	return c.Messages[len(c.Messages)-1].ID
}

// chatMsg is the end of reading the open chat.
type chatMsg struct {
	token string
	chat  *desk.Chat
	conv  *desk.Conversation
	err   error
	// draft is the chat's draft, when read (hasDraft).
	draft    string
	hasDraft bool
	draftErr error
}

// readChat reads the open chat's latest messages. locate reads the chat
// itself again too (its status, its channel); otherwise the listing just
// read stands for it, which costs nothing.
func (m *Model) readChat(locate bool) tea.Cmd {
	o := m.open
	o.loading = true
	ctx, d, listed, draft := m.o.Context, m.sess.Desk, o.listed, !o.hasDraft
	var known *desk.Chat
	if o.chat != nil && !locate {
		c := *o.chat
		c.Chat = listed
		known = &c
	}
	return tea.Batch(m.begin(), func() tea.Msg {
		ch := known
		if ch == nil {
			var err error
			if ch, err = d.Locate(ctx, listed); err != nil {
				return chatMsg{token: listed.Token, err: err}
			}
		}
		conv, err := d.Conversation(ctx, ch, chatMessages)
		msg := chatMsg{token: listed.Token, chat: ch, conv: conv, err: err}
		if err == nil && draft {
			var dr desk.Draft
			dr, _, msg.draftErr = d.LoadDraft(listed.Token)
			msg.draft, msg.hasDraft = dr.Text, msg.draftErr == nil
		}
		return msg
	})
}
