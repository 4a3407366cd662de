package inbox

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/textwidth"
)

// wideFrom is the width from which the list and the chat pane are shown
// side by side; below it, one at a time.
const wideFrom = 120

func (m *Model) wide() bool { return m.width >= wideFrom }

// bodyHeight is the height between the top bar and the bottom lines: the
// status (one line, or two for a long one) and the keys.
func (m *Model) bodyHeight() int { return max(m.height-2-len(m.statusLines()), 1) }

func (m *Model) listWidth() int {
	if m.wide() {
		return max(m.width*9/20, 50)
	}
	return m.width
}

// paneSize is the size of the chat pane.
func (m *Model) paneSize() (w, h int) {
	if m.wide() {
		return m.width - m.listWidth() - 1, m.bodyHeight()
	}
	return m.width, m.bodyHeight()
}

// layout sizes the chat pane and its form after the terminal, the chat or
// the form changed, rendering the chat again when its width changed.
func (m *Model) layout() {
	o := m.open
	w, h := m.paneSize()
	if o == nil || o.conv == nil {
		return
	}
	if o.rendered != w {
		ro := desk.RenderOptions{Width: w, Color: m.o.Colors, Now: m.o.Now(), Location: m.o.Location}
		o.header = strings.TrimRight(desk.RenderHeader(o.conv, ro), "\n")
		o.body = strings.TrimRight(desk.RenderMessages(o.conv, ro), "\n")
		o.rendered = w
	}
	atBottom, y := o.vp.AtBottom() || o.vp.Height() == 0, o.vp.YOffset()
	rest := h - len(m.head(w, h))
	if m.form != nil {
		rest -= m.form.height(rest)
	}
	o.vp.SetWidth(w)
	o.vp.SetHeight(max(rest, 0))
	// A short conversation sits at the bottom, its latest message next to
	// the text being written, as in a chat.
	body := o.body
	if pad := o.vp.Height() - strings.Count(body, "\n") - 1; pad > 0 {
		body = strings.Repeat("\n", pad) + body
	}
	o.vp.SetContent(body)
	if atBottom {
		o.vp.GotoBottom()
	} else {
		o.vp.SetYOffset(y)
	}
}

// formRoom is the fewest lines a form keeps under the chat's header: on a
// short terminal the header gives way.
const formRoom = 4

// head is the chat's header and its rule, in h lines of a pane w wide; on
// a terminal too short for it and an open form, its first lines only.
func (m *Model) head(w, h int) []string {
	lines := strings.Split(m.open.header, "\n")
	if m.open.draft != "" && !m.writingReply() {
		lines = append(lines, m.st.yellow(cut("✎ A draft reply is waiting: r goes on with it.", w)))
	}
	lines = append(lines, m.st.dim(strings.Repeat("─", w)))
	if m.form != nil && h-len(lines) < formRoom {
		lines = lines[:max(h-formRoom, 0)]
	}
	return lines
}

// rerender renders the open chat again, for times said relative to now.
func (m *Model) rerender() {
	if m.open != nil {
		m.open.rendered = 0
		m.layout()
	}
}

// View draws the screen, in the alternate screen: exactly the terminal's
// height, no line wider than it.
func (m Model) View() tea.View {
	v := tea.NewView(m.screen())
	v.AltScreen = true
	return v
}

// screen is the text of the screen.
func (m Model) screen() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	bodyH := m.bodyHeight()
	var body []string
	switch {
	case m.showHelp:
		body = m.helpView(bodyH)
	case m.sess == nil:
		body = box(m.startView(), m.width, bodyH)
	case m.wide():
		lw := m.listWidth()
		pw, _ := m.paneSize()
		left, right := m.listView(lw, bodyH), m.paneView(pw, bodyH)
		sep := m.st.dim("│")
		body = make([]string, bodyH)
		for i := range body {
			body[i] = left[i] + sep + right[i]
		}
	case m.focusChat && m.open != nil:
		body = m.paneView(m.width, bodyH)
	default:
		body = m.listView(m.width, bodyH)
	}
	lines := append([]string{m.topBar()}, body...)
	lines = append(lines, m.statusLines()...)
	lines = append(lines, m.footerLine())
	return strings.Join(lines, "\n")
}

func (m *Model) startView() string {
	if m.startErr != nil {
		return "\n  " + m.st.red("Could not start: "+safetext.Line(m.startErr.Error()))
	}
	return "\n  " + m.spin.View() + " Connecting…"
}

// topBar names the views, the current one highlighted, each with its
// number of chats and of chats with news; on the right, whether a
// request is running and when the list was last read.
func (m *Model) topBar() string {
	left := m.st.bold(" convo inbox ")
	for v := range numViews {
		label := v.String()
		if l := m.lists[v]; l != nil && l.loaded && (v != Mine || m.sess.Me != 0) {
			label += " " + english.Comma(l.len())
			if n := m.newCount(v); n > 0 {
				label += m.st.yellow(" ●" + strconv.Itoa(n))
			}
		}
		if v == m.view {
			left += " " + m.st.reverse(" "+label+" ")
		} else {
			left += "  " + label + " "
		}
	}
	right := ""
	if l := m.list(); l != nil && l.loaded {
		right = "updated " + l.at.In(m.o.Location).Format("15:04:05") + " "
	}
	if m.busy > 0 {
		right = m.spin.View() + " " + right
	}
	if pad := m.width - textwidth.Width(left) - textwidth.Width(right); pad > 0 {
		return left + strings.Repeat(" ", pad) + right
	}
	return cut(left, m.width)
}

// Column widths of the list.
const (
	nameCol    = 20
	channelCol = 12
	statusCol  = 8
	unreadCol  = 3
	ageCol     = 4
)

// listView is the list of the current view in w×h cells.
func (m *Model) listView(w, h int) []string {
	l := m.list()
	var lines []string
	if m.filtering || m.filter.Value() != "" {
		info := ""
		if l.paged && !l.complete() {
			info = m.st.dim(fmt.Sprintf("  searching… %s of %s chats read", english.Comma(l.readCount()), english.Comma(l.len())))
		} else {
			info = m.st.dim(fmt.Sprintf("  %s of %s", english.Comma(m.rows()), english.Comma(l.len())))
		}
		m.filter.SetWidth(max(w-textwidth.Width(info)-2, 10))
		lines = append(lines, cut(m.filter.View()+info, w))
	}
	// The channel column shows when there is room and something to show:
	// a chat's channel is known once it has been opened.
	showChannel := w >= 72 && m.anyChannelOnScreen()
	header := "    " + cut("CONTACT", nameCol) + " "
	if showChannel {
		header += cut("CHANNEL", channelCol) + " "
	}
	header += cut("STATUS", statusCol) + " " + fmt.Sprintf("%*s", unreadCol, "UN") + " " + "LAST MESSAGE"
	lines = append(lines, m.st.dim(cut(header, w-ageCol-1)+" "+fmt.Sprintf("%*s", ageCol, "AGE")))

	rowsH := h - len(lines)
	switch {
	case m.view == Mine && m.sess.Me == 0:
		lines = append(lines, "", "  "+m.sess.MeHint)
	case !l.loaded && l.err != nil:
		lines = append(lines, "", "  "+m.st.red("Could not read the list: "+safetext.Line(l.err.Error())), "  Press R to try again.")
	case !l.loaded:
		lines = append(lines, "", "  "+m.spin.View()+" Reading the chats…")
	case m.rows() == 0:
		lines = append(lines, "", "  "+m.emptyText())
	default:
		off := m.offset[m.view]
		for r := off; r < min(off+rowsH, m.rows()); r++ {
			lines = append(lines, m.row(r, w, showChannel))
		}
	}
	return box(strings.Join(lines, "\n"), w, h)
}

// anyChannelOnScreen reports whether a chat on screen has a known channel.
func (m *Model) anyChannelOnScreen() bool {
	off := m.offset[m.view]
	for r := off; r < min(off+m.listHeight(), m.rows()); r++ {
		if c, ok := m.rowChat(r); ok && m.channelName(c.Token) != "" {
			return true
		}
	}
	return false
}

func (m *Model) emptyText() string {
	if m.filter.Value() != "" {
		return "No chat matches the filter (esc clears it)."
	}
	switch m.view {
	case Waiting:
		return "No chat is waiting."
	case Mine:
		return "You have no open chat."
	case Open:
		return "No chat is open."
	}
	return "No chats."
}

// row draws row r of the list.
func (m *Model) row(r, w int, showChannel bool) string {
	selected := r == m.cursor[m.view]
	c, ok := m.rowChat(r)
	mark := "  "
	if selected {
		mark = "› "
	}
	if !ok {
		line := cut(mark+"  …", w)
		if selected {
			return m.st.reverse(line)
		}
		return m.st.dim(line)
	}
	news := "  "
	if m.isNew(c) {
		news = "● "
	}
	name := desk.OneLine(c.Contact.Name)
	if name == "" {
		name = "+" + c.Contact.Phone
	}
	st := c.Status
	if !c.IsOpen && st != "finished" {
		st = "closed"
	}
	unread := ""
	if c.UnreadCount > 0 {
		unread = strconv.Itoa(c.UnreadCount)
	}
	last, age := "", ""
	if lm := c.LastMessage; lm != nil {
		last = desk.OneLine(desk.Readable(lm.Content))
		age = ago(m.o.Now().Sub(lm.CreatedAt.Time))
	}
	left := mark + news + cut(name, nameCol) + " "
	if showChannel {
		left += cut(m.channelName(c.Token), channelCol) + " "
	}
	left += cut(st, statusCol) + " " + fmt.Sprintf("%*s", unreadCol, unread) + " "
	lastW := w - textwidth.Width(left) - ageCol - 1
	line := left + cut(last, lastW) + " " + fmt.Sprintf("%*s", ageCol, age)
	if selected {
		return m.st.reverse(line)
	}
	if news != "  " {
		return m.st.yellow(mark+news) + m.st.bold(line[len(mark+news):])
	}
	return line
}

// ago says a duration the way a list has room for: 45s, 12m, 3h, 5d, 7w, 2y.
func ago(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "now"
	case d < time.Hour:
		return strconv.Itoa(int(d/time.Minute)) + "m"
	case d < 48*time.Hour:
		return strconv.Itoa(int(d/time.Hour)) + "h"
	case d < 14*24*time.Hour:
		return strconv.Itoa(int(d/(24*time.Hour))) + "d"
	case d < 365*24*time.Hour:
		return strconv.Itoa(int(d/(7*24*time.Hour))) + "w"
	}
	return strconv.Itoa(int(d/(365*24*time.Hour))) + "y"
}

// paneView is the chat pane in w×h cells: the open chat's header, its
// messages and the form, if one is open.
func (m *Model) paneView(w, h int) []string {
	o := m.open
	switch {
	case o == nil:
		return box("\n  Select a chat and press enter to open it.", w, h)
	case o.conv == nil && o.err != nil:
		return box("\n  "+m.st.red("Could not read the chat: "+safetext.Line(o.err.Error()))+"\n  Press enter to try again, esc to go back.", w, h)
	case o.conv == nil:
		return box("\n  "+m.spin.View()+" Reading the chat with "+desk.OneLine(o.listed.Contact.Name)+"…", w, h)
	}
	head := m.head(w, h)
	text := strings.Join(head, "\n")
	if len(head) > 0 {
		text += "\n"
	}
	if m.form != nil && m.form.height(h) >= h {
		return box(text+m.form.view(m, w, h-len(head)), w, h)
	}
	if o.panel != nil {
		text += strings.Join(box(o.panel.view(m, w, o.vp.Height()), w, o.vp.Height()), "\n")
	} else {
		text += o.vp.View()
	}
	if m.form != nil {
		// The form takes what layout left it under the messages.
		text += "\n" + m.form.view(m, w, h-len(head)-o.vp.Height())
	}
	return box(text, w, h)
}

// helpLines is the ? screen: the key table, then what the views are.
func (m *Model) helpLines() []string {
	text := "\n  " + m.st.bold("Keys") + "\n\n" + KeyList(m.width) + "\n"
	for _, line := range textwidth.Wrap("Views: waiting (the queue, longest waiting first), mine (your open chats), "+
		"open (every open chat), all. ● marks chats with news since you last looked; it stays until you open the chat. "+
		"The list refreshes every "+m.o.Interval.String()+".", max(m.width-4, 20)) {
		text += "  " + line + "\n"
	}
	return strings.Split(strings.TrimRight(text, "\n"), "\n")
}

// helpView is the ? screen in h lines, scrolled to m.helpTop.
func (m *Model) helpView(h int) []string {
	lines := m.helpLines()
	top := max(min(m.helpTop, len(lines)-h), 0)
	return box(strings.Join(lines[top:], "\n"), m.width, h)
}

// statusLines is what just happened, coloured by how it went: one line,
// or two when it says more than one holds.
func (m *Model) statusLines() []string {
	s := m.status
	lines := textwidth.Wrap(safetext.Line(s.text), max(m.width-1, 1))
	if len(lines) > 2 {
		lines = []string{lines[0], strings.Join(lines[1:], " ")}
	}
	if len(lines) == 0 {
		lines = []string{""}
	}
	for i, line := range lines {
		text := cut(" "+line, m.width)
		switch s.kind {
		case statusOK:
			text = m.st.green(text)
		case statusWarn:
			text = m.st.yellow(text)
		case statusErr:
			text = m.st.red(text)
		}
		lines[i] = text
	}
	return lines
}

// footerLine lists the keys that matter where the keyboard is, what
// people do most first, and ? last wherever it shows the help: what
// does not fit the width gives way to an ellipsis before it.
func (m *Model) footerLine() string {
	var f, tail footer
	switch {
	case m.showHelp:
		if len(m.helpLines()) > m.bodyHeight() {
			f = append(f, as("scroll", keys.Up, keys.Down))
		}
		f = append(f, keys.Back)
	case m.sess == nil && m.startErr != nil:
		f = footer{as("try again", keys.Refresh), keys.Quit}
	case m.sess == nil:
		f = footer{keys.Quit}
	case m.form != nil:
		f = m.form.keys()
	case m.filtering:
		f = footer{as("keep", keys.Accept), as("clear", keys.Cancel), as("move", keys.ChoiceUp, keys.ChoiceDown)}
	case m.focusChat && m.open != nil && m.open.panel != nil:
		f, tail = m.open.panel.keys(), footer{keys.Help}
	case m.focusChat:
		f = footer{keys.Reply, keys.Take, keys.Release, keys.Panel, keys.Note, keys.Template, keys.Transfer, keys.Tags}
		tail = footer{keys.Back, keys.Help}
	default:
		f = footer{keys.Open, keys.Take, keys.Reply, keys.Panel, keys.NextView, keys.Filter, keys.Release, keys.Refresh, as("move", keys.Up, keys.Down)}
		tail = footer{keys.Help, keys.Quit}
	}
	end := ""
	if len(tail) > 0 {
		end = m.keyHelp.ShortSeparator + m.keyHelp.ShortHelpView(tail)
	}
	m.keyHelp.SetWidth(max(m.width-1-textwidth.Width(end), 1))
	return m.st.dim(cut(" "+m.keyHelp.ShortHelpView(f)+end, m.width))
}

// contactLabel names the chat's contact: its name, or its phone.
func contactLabel(c api.Chat) string {
	if name := desk.OneLine(c.Contact.Name); name != "" {
		return name
	}
	return "+" + c.Contact.Phone
}
