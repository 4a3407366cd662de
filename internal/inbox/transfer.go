package inbox

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/validate"
)

// transferDataMsg brings what a transfer is chosen from. unlisted is set
// when the token may not list the attendants: only the queue is offered.
type transferDataMsg struct {
	channels   []api.Channel
	attendants []desk.Attendant
	unlisted   bool
	err        error
}

// transferredMsg is the end of a transfer.
type transferredMsg struct {
	token string
	to    string
	res   *api.TransferResult
	err   error
}

// transferForm hands the open chat over: a channel you may use, then an
// attendant with access to it or the waiting queue, then an optional
// message for the staff.
type transferForm struct {
	loading    bool
	channels   []api.Channel
	attendants []desk.Attendant

	unlisted bool

	step      int // 0 channel, 1 attendant, 2 message, 3 transferring
	pick      picker
	channel   api.Channel
	attendant *desk.Attendant // nil: the waiting queue
	message   textinput.Model
	problem   string
}

// attendantsTTL is how long the inbox keeps the attendants and their
// channels, which cost a request per `user` attendant to learn.
const attendantsTTL = desk.AttendantsTTL

func startTransfer(m *Model) (form, tea.Cmd) {
	ctx, d := m.o.Context, m.sess.Desk
	var known []desk.Attendant
	if m.attendants != nil && m.o.Now().Sub(m.attendantsAt) < attendantsTTL {
		known = m.attendants
	}
	return &transferForm{loading: true}, tea.Batch(m.begin(), func() tea.Msg {
		chs, err := d.Channels(ctx)
		if err != nil {
			return transferDataMsg{err: err}
		}
		atts := known
		if atts == nil {
			atts, err = d.Attendants(ctx)
		}
		if api.IsAuth(err) {
			return transferDataMsg{channels: chs, unlisted: true}
		}
		return transferDataMsg{channels: chs, attendants: atts, err: err}
	})
}

func (f *transferForm) ready() bool { return !f.loading }

func (f *transferForm) height(avail int) int { return avail }

func (f *transferForm) keys() footer {
	switch {
	case f.loading:
		return footer{as("cancel", keys.Cancel)}
	case f.step == 0, f.step == 1:
		return footer{as("pick", keys.Accept), as("choose", keys.ChoiceUp, keys.ChoiceDown), keys.Cancel}
	case f.step == 2:
		return footer{as("transfer", keys.Accept), keys.Cancel}
	}
	return footer{keys.ForceQ}
}

func (f *transferForm) update(m *Model, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case transferDataMsg:
		f.loading = false
		if msg.err != nil {
			m.form = nil
			m.layout()
			m.fail("read the channels and attendants", msg.err)
			return nil
		}
		if !msg.unlisted {
			m.attendants, m.attendantsAt = msg.attendants, m.o.Now()
		}
		f.channels, f.attendants, f.unlisted = msg.channels, msg.attendants, msg.unlisted
		f.pickChannel(m)
		return nil
	case tea.KeyPressMsg:
		return f.key(m, msg)
	case tea.PasteMsg:
		return f.edit(msg)
	}
	return nil
}

// pickChannel lists the channels, the chat's own first: a transfer there
// keeps the chat and changes only its attendant.
func (f *transferForm) pickChannel(m *Model) {
	own := m.open.conv.Chat.Channel.Token
	var items []pickItem
	for i, ch := range f.channels {
		it := pickItem{label: desk.OneLine(ch.Name), detail: ch.Type, id: i}
		if ch.Status != "connected" {
			it.detail += " · " + ch.Status
		}
		if ch.Token == own {
			it.detail += " · this chat's channel"
			items = append([]pickItem{it}, items...)
			continue
		}
		items = append(items, it)
	}
	f.step, f.pick = 0, newPicker(items, false)
}

// pickAttendant lists the waiting queue and the attendants who may have
// chats on the chosen channel, you first.
func (f *transferForm) pickAttendant(m *Model) {
	items := []pickItem{{label: "The waiting queue", detail: "no attendant: anyone of the channel takes it", id: -1}}
	for i, a := range f.attendants {
		if !a.Reaches(f.channel.Token) {
			continue
		}
		it := pickItem{label: desk.OneLine(a.Name), detail: a.Email, id: i}
		if a.ID == m.sess.Me {
			it.label += " (you)"
			items = append(items[:1], append([]pickItem{it}, items[1:]...)...)
			continue
		}
		items = append(items, it)
	}
	f.step, f.pick = 1, newPicker(items, false)
}

func (f *transferForm) key(m *Model, k tea.KeyPressMsg) tea.Cmd {
	if f.loading || f.step == 3 {
		if f.loading && key.Matches(k, keys.Cancel) {
			m.form = nil
			m.layout()
		}
		return nil
	}
	switch {
	case key.Matches(k, keys.Cancel):
		f.problem = ""
		switch f.step {
		case 0:
			m.form = nil
			m.layout()
		case 1:
			f.pickChannel(m)
		case 2:
			f.pickAttendant(m)
		}
		return nil
	case key.Matches(k, keys.Accept):
		return f.enter(m)
	}
	return f.edit(k)
}

// edit passes a key or a paste to the choice or to the message.
func (f *transferForm) edit(msg tea.Msg) tea.Cmd {
	switch {
	case f.loading || f.step == 3:
		return nil
	case f.step == 2:
		var cmd tea.Cmd
		f.message, cmd = f.message.Update(msg)
		f.problem = ""
		return cmd
	}
	return f.pick.update(msg)
}

func (f *transferForm) enter(m *Model) tea.Cmd {
	switch f.step {
	case 0:
		if it, ok := f.pick.current(); ok {
			f.channel = f.channels[it.id]
			f.pickAttendant(m)
		}
		return nil
	case 1:
		it, ok := f.pick.current()
		if !ok {
			return nil
		}
		f.attendant = nil
		if it.id >= 0 {
			f.attendant = &f.attendants[it.id]
		}
		f.step = 2
		f.message = newTextInput("› ", "a message for the staff (optional)", 1000)
		return nil
	}
	msg := strings.TrimSpace(f.message.Value())
	if err := validate.TransferMessage(msg); err != nil {
		f.problem = err.Error()
		return nil
	}
	f.step = 3
	to := "the waiting queue of " + desk.OneLine(f.channel.Name)
	var attendant *int64
	if a := f.attendant; a != nil {
		id := a.ID
		attendant = &id
		to = desk.OneLine(a.Name) + " on " + desk.OneLine(f.channel.Name)
	}
	ctx, d, ch, channel := m.o.Context, m.sess.Desk, m.open.conv.Chat, f.channel.Token
	return tea.Batch(m.begin(), func() tea.Msg {
		res, err := d.Transfer(ctx, ch, channel, attendant, msg)
		return transferredMsg{token: ch.Token, to: to, res: res, err: err}
	})
}

func (f *transferForm) view(m *Model, w, h int) string {
	lines := []string{m.st.bold(cut("Transfer the chat with "+contactLabel(m.open.listed), w)), ""}
	switch {
	case f.loading:
		lines = append(lines, m.spin.View()+" Reading the channels and attendants…")
	case f.step == 0:
		lines = append(lines, "To which channel?")
		lines = append(lines, strings.Split(f.pick.view(m.st, w, max(h-len(lines), 1)), "\n")...)
	case f.step == 1:
		whom := "To whom? (attendants with access to the channel)"
		if f.unlisted {
			whom = "To whom? (your token may not list the attendants: only the queue)"
		}
		lines = append(lines, "Channel: "+desk.OneLine(f.channel.Name), whom)
		lines = append(lines, strings.Split(f.pick.view(m.st, w, max(h-len(lines), 1)), "\n")...)
	default:
		whom := "the waiting queue"
		if f.attendant != nil {
			whom = desk.OneLine(f.attendant.Name)
		}
		lines = append(lines, "Channel: "+desk.OneLine(f.channel.Name), "To: "+whom, "",
			"Message for the staff (optional, at most 1000 characters):")
		f.message.SetWidth(max(w-3, 1))
		lines = append(lines, f.message.View())
		if f.step == 3 {
			lines = append(lines, "", m.spin.View()+" transferring…")
		}
	}
	if f.problem != "" {
		lines = append(lines, "", m.st.red(safetext.Line(f.problem)))
	}
	return strings.Join(lines, "\n")
}

func (m Model) transferred(msg transferredMsg) (tea.Model, tea.Cmd) {
	m.busy--
	f, ok := m.form.(*transferForm)
	if msg.err != nil {
		if ok {
			f.step = 2
		}
		m.fail("transfer", msg.err)
		return m, nil
	}
	if ok {
		m.form = nil
	}
	text := fmt.Sprintf("✓ Transferred to %s.", msg.to)
	if t := msg.res.ChatToken; t != "" && t != msg.token {
		text = fmt.Sprintf("✓ Transferred to %s: the chat continues there as %s.", msg.to, t)
	}
	m.note(statusOK, text)
	return m.afterChange(msg.token)
}
