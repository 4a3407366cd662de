package inbox

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/textwidth"
)

// contactPanel is what the chat pane shows of the open chat's contact in
// place of its messages (i): phone, tags, custom fields, the contact's
// other chats, one of which enter opens, and its notes, newest first.
type contactPanel struct {
	contact int64
	data    *desk.Panel
	err     error
	// cursor is the other chat chosen; top the first line shown.
	cursor, top int
}

// panelMsg brings the contact panel.
type panelMsg struct {
	contact int64
	data    *desk.Panel
	err     error
}

// startPanel shows the contact panel of the open chat, or hides it.
func startPanel(m *Model) (form, tea.Cmd) {
	o := m.open
	if o.panel != nil {
		o.panel = nil
		m.layout()
		return nil, nil
	}
	o.panel = &contactPanel{contact: o.listed.Contact.ID}
	m.layout()
	return nil, m.readPanel()
}

// readPanel reads the panel of the open chat's contact.
func (m *Model) readPanel() tea.Cmd {
	ctx, d, contact, token := m.o.Context, m.sess.Desk, m.open.panel.contact, m.open.listed.Token
	return tea.Batch(m.begin(), func() tea.Msg {
		p, err := d.ContactPanel(ctx, contact, token)
		return panelMsg{contact: contact, data: p, err: err}
	})
}

func (m Model) panelRead(msg panelMsg) (tea.Model, tea.Cmd) {
	m.busy--
	p := m.panel()
	if p == nil || p.contact != msg.contact {
		return m, nil
	}
	p.data, p.err = msg.data, msg.err
	if msg.err != nil {
		m.fail("read the contact", msg.err)
	}
	return m, nil
}

// panel is the open chat's contact panel, if shown.
func (m *Model) panel() *contactPanel {
	if m.open == nil {
		return nil
	}
	return m.open.panel
}

// panelShown is the contact panel when it has the keyboard.
func (m *Model) panelShown() *contactPanel {
	if !m.focusChat {
		return nil
	}
	return m.panel()
}

// panelKey handles the keys the panel has: ↑↓ choose one of the other
// chats (or scroll), pgup pgdn scroll, enter opens the chat chosen, esc
// and i close the panel. ok is false for any other key.
func (m *Model) panelKey(p *contactPanel, k tea.KeyPressMsg) (cmd tea.Cmd, ok bool) {
	chats := 0
	if p.data != nil {
		chats = len(p.data.Chats)
	}
	_, h := m.paneSize()
	switch {
	case key.Matches(k, keys.Back, keys.Panel):
		m.open.panel = nil
		m.layout()
	case key.Matches(k, keys.Up) && chats > 0:
		p.cursor = max(p.cursor-1, 0)
	case key.Matches(k, keys.Down) && chats > 0:
		p.cursor = min(p.cursor+1, chats-1)
	case key.Matches(k, keys.Up):
		p.top = max(p.top-1, 0)
	case key.Matches(k, keys.Down):
		p.top++
	case key.Matches(k, keys.PageUp):
		p.top = max(p.top-h/2, 0)
	case key.Matches(k, keys.PageDown):
		p.top += h / 2
	case key.Matches(k, keys.Open):
		if chats > 0 {
			ch := p.data.Chats[p.cursor]
			return m.openChat(ch.Chat, ch), true
		}
	default:
		return nil, false
	}
	return nil, true
}

// keys are the footer's keys while the panel has the keyboard.
func (p *contactPanel) keys() footer {
	f := footer{}
	if p.data != nil && len(p.data.Chats) > 0 {
		f = append(f, as("open the chat", keys.Open), as("choose", keys.Up, keys.Down))
	}
	return append(f, keys.Note, keys.Reply, as("back to the chat", keys.Back))
}

// noteAdded shows a note just written on the panel's contact at once,
// newest first.
func (p *contactPanel) noteAdded(contact int64, n *api.Note) {
	if p == nil || p.data == nil || p.contact != contact || n == nil {
		return
	}
	p.data.Notes = append([]api.Note{*n}, p.data.Notes...)
	p.data.NotesTotal++
}

// view draws the panel in w×h cells, the chat chosen kept on screen.
func (p *contactPanel) view(m *Model, w, h int) string {
	switch {
	case p.data == nil && p.err != nil:
		return "\n  " + m.st.red("Could not read the contact: "+safetext.Line(p.err.Error())) + "\n  Press i twice to try again."
	case p.data == nil:
		return "\n  " + m.spin.View() + " Reading the contact…"
	}
	lines, chosen := p.lines(m, w)
	if chosen >= 0 {
		p.top = min(p.top, chosen)
		p.top = max(p.top, chosen-h+1)
	}
	p.top = max(min(p.top, len(lines)-h), 0)
	return strings.Join(lines[p.top:min(p.top+h, len(lines))], "\n")
}

// lines are the panel's lines w cells wide, and the line of the chat
// chosen (-1 without other chats).
func (p *contactPanel) lines(m *Model, w int) (lines []string, chosen int) {
	d := p.data
	c := d.Contact
	add := func(s ...string) { lines = append(lines, s...) }
	indented := func(text string) {
		for _, l := range textwidth.Wrap(text, max(w-4, 10)) {
			add("    " + l)
		}
	}
	name := desk.OneLine(c.Name)
	if name == "" {
		name = "(no name)"
	}
	head := name + " · +" + c.Phone
	if c.Blocked {
		head += " · blocked"
	}
	add(m.st.bold(cut(head, w)))
	tags := make([]string, len(c.Tags))
	for i, t := range c.Tags {
		tags[i] = desk.OneLine(t.Name)
	}
	if len(tags) == 0 {
		tags = []string{"none"}
	}
	add(textwidth.Wrap("Tags: "+strings.Join(tags, ", "), w)...)
	if len(c.CustomFields) > 0 {
		add("Fields:")
		for _, k := range slices.Sorted(maps.Keys(c.CustomFields)) {
			indented(desk.OneLine(k) + ": " + desk.OneLine(fieldValue(c.CustomFields[k])))
		}
	}
	chosen = -1
	if len(d.Chats) == 0 {
		add(m.st.bold("Other chats: none"))
	} else {
		add(m.st.bold(fmt.Sprintf("Other chats (%d):", len(d.Chats))))
	}
	for i, ch := range d.Chats {
		line := otherChat(ch, m)
		if i == p.cursor {
			chosen = len(lines)
			add(m.st.reverse(cut("› "+line, w)))
			continue
		}
		add(cut("  "+line, w))
	}
	title := fmt.Sprintf("Notes (%d), newest first:", d.NotesTotal)
	switch {
	case d.NotesTotal == 0:
		title = "Notes: none"
	case d.NotesTotal > len(d.Notes):
		title = fmt.Sprintf("Notes: the newest %d of %d, newest first:", len(d.Notes), d.NotesTotal)
	}
	add(m.st.bold(title))
	for _, n := range d.Notes {
		add(m.st.dim(cut("  "+n.CreatedAt.In(m.o.Location).Format("02 Jan 15:04")+" · "+desk.OneLine(n.User.Name), w)))
		indented(desk.OneLine(n.Content))
	}
	return lines, chosen
}

// otherChat is one of the contact's other chats in a line: channel,
// status, and its last message, how long ago.
func otherChat(ch *desk.Chat, m *Model) string {
	channel := desk.OneLine(ch.Channel.Name)
	if channel == "" {
		channel = ch.Channel.Token
	}
	if ch.Channel.Type != "" {
		channel += " (" + ch.Channel.Type + ")"
	}
	st := ch.Status
	if !ch.IsOpen && st != "finished" {
		st = "closed"
	}
	line := channel + " · " + st
	if lm := ch.LastMessage; lm != nil {
		line += " · " + ago(m.o.Now().Sub(lm.CreatedAt.Time)) + " · " + desk.OneLine(desk.Readable(lm.Content))
	}
	return line
}

// fieldValue is a custom field's value as text.
func fieldValue(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}
