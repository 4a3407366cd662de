package inbox

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/safetext"
)

// templatesMsg brings the approved templates of the chat's channel.
type templatesMsg struct {
	templates []api.Template
	err       error
}

// templateForm is the template builder inside the inbox: pick one of the
// channel's approved templates, give each of its values with the message
// shown as it will be sent, filled in so far, then send it.
type templateForm struct {
	loading   bool
	templates []api.Template
	pick      picker

	// Once a template is picked: its slots, the values given (by slot)
	// and the slot being filled in; slot == len(slots) is the review.
	tpl     *msgtemplate.Template
	slots   []msgtemplate.Slot
	answers map[int]string
	slot    int
	input   textinput.Model
	problem string

	ob outbox
}

func (f *templateForm) out() *outbox { return &f.ob }

func startTemplate(m *Model) (form, tea.Cmd) {
	if err := replyAllowed(m); err != nil {
		m.note(statusErr, firstLine(err.Error()))
		return nil, nil
	}
	ctx, d, channel := m.o.Context, m.sess.Desk, m.open.conv.Chat.Channel.Token
	return &templateForm{loading: true, ob: m.newOutbox()}, tea.Batch(m.begin(), func() tea.Msg {
		ts, err := d.Templates(ctx, channel)
		return templatesMsg{templates: ts, err: err}
	})
}

func (f *templateForm) ready() bool { return !f.loading }

func (f *templateForm) height(avail int) int { return avail }

func (f *templateForm) keys() footer {
	switch {
	case f.loading:
		return footer{as("cancel", keys.Cancel)}
	case f.tpl == nil:
		return footer{as("pick", keys.Accept), as("choose", keys.ChoiceUp, keys.ChoiceDown), as("cancel", keys.Cancel)}
	case f.ob.step == stepAsk:
		return footer{as("send anyway", keys.Accept), as("back to the message", keys.Cancel)}
	case f.ob.step != stepEdit:
		return footer{keys.ForceQ}
	case f.slot < len(f.slots):
		return footer{as("next value", keys.Accept), as("previous value", keys.Cancel)}
	}
	return footer{keys.Send, as("change the values", keys.Cancel)}
}

func (f *templateForm) update(m *Model, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case templatesMsg:
		f.loading = false
		if msg.err != nil {
			m.form = nil
			m.layout()
			m.fail("list the templates", msg.err)
			return nil
		}
		f.templates = msg.templates
		items := make([]pickItem, len(msg.templates))
		for i, t := range msg.templates {
			items[i] = pickItem{label: safetext.Line(t.Name), detail: safetext.Line(t.Category + " · " + t.Language), id: i}
		}
		f.pick = newPicker(items, true)
		return nil
	case tea.KeyPressMsg:
		return f.key(m, msg)
	case tea.PasteMsg:
		return f.edit(msg)
	}
	return nil
}

// edit passes a key or a paste to what is being typed: the filter of the
// templates, or the value of a slot.
func (f *templateForm) edit(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	switch {
	case f.ob.step != stepEdit || f.loading:
		return nil
	case f.tpl == nil:
		cmd = f.pick.update(msg)
	case f.slot < len(f.slots):
		f.input, cmd = f.input.Update(msg)
	default:
		return nil
	}
	f.problem = ""
	return cmd
}

func (f *templateForm) key(m *Model, k tea.KeyPressMsg) tea.Cmd {
	switch {
	case f.ob.step != stepEdit:
		return m.outboxKey(&f.ob, k)
	case f.loading || f.tpl == nil:
		return f.pickKey(m, k)
	case f.slot < len(f.slots):
		return f.slotKey(k)
	}
	switch {
	case key.Matches(k, keys.Accept):
		comps, err := f.tpl.Components(f.values())
		if err != nil {
			f.problem = err.Error()
			return nil
		}
		f.ob.content = api.MessageSend{Type: "template", Template: &f.tpl.ID, Components: comps}
		return m.send(&f.ob)
	case key.Matches(k, keys.Cancel):
		f.back()
	}
	return nil
}

func (f *templateForm) pickKey(m *Model, k tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(k, keys.Cancel):
		m.form = nil
		m.layout()
		return nil
	case key.Matches(k, keys.Accept):
		it, ok := f.pick.current()
		if f.loading || !ok {
			return nil
		}
		tpl, err := msgtemplate.Parse(f.templates[it.id])
		if err != nil {
			f.problem = err.Error()
			return nil
		}
		f.tpl, f.slots, f.answers, f.slot, f.problem = tpl, tpl.Slots(), map[int]string{}, 0, ""
		f.focusSlot()
		return nil
	}
	return f.edit(k)
}

// focusSlot puts the input on the current slot, with its value so far.
func (f *templateForm) focusSlot() {
	if f.slot >= len(f.slots) {
		return
	}
	f.input = newTextInput("› ", f.slots[f.slot].String(), 0)
	f.input.SetValue(f.answers[f.slot])
}

// back goes to the previous value, or from the first to the templates.
func (f *templateForm) back() {
	f.problem = ""
	if f.slot == 0 {
		f.tpl = nil
		return
	}
	f.slot--
	f.focusSlot()
}

func (f *templateForm) slotKey(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(k, keys.Cancel):
		f.answers[f.slot] = f.input.Value()
		f.back()
		return nil
	case key.Matches(k, keys.Accept):
		value := strings.TrimSpace(f.input.Value())
		if err := f.slots[f.slot].Check(value); err != nil {
			f.problem = err.Error()
			return nil
		}
		f.answers[f.slot], f.problem = value, ""
		f.slot++
		f.focusSlot()
		return nil
	}
	return f.edit(k)
}

// values are the values given so far, with the one being typed when it
// is already valid: the preview follows the typing.
func (f *templateForm) values() *msgtemplate.Values {
	v := f.tpl.NewValues()
	for i, s := range f.slots {
		value, ok := f.answers[i]
		if i == f.slot {
			value, ok = strings.TrimSpace(f.input.Value()), true
		}
		if ok {
			_ = v.Set(s, value) // a value not valid yet shows as its placeholder
		}
	}
	return v
}

func (f *templateForm) view(m *Model, w, h int) string {
	var lines []string
	add := func(s ...string) { lines = append(lines, s...) }
	switch {
	case f.loading:
		add(m.spin.View() + " Reading the channel's approved templates…")
	case f.tpl == nil:
		add(m.st.bold("Template message to " + contactLabel(m.open.listed)))
		add(m.meanwhileLines(&f.ob, w)...)
		add("")
		if len(f.templates) == 0 {
			add("The chat's channel has no approved template.", "", "esc goes back.")
			break
		}
		var preview []string
		if it, ok := f.pick.current(); ok {
			if p, err := msgtemplate.Parse(f.templates[it.id]); err == nil {
				preview = wrapped(m.st.dim, p.Preview(p.NewValues()), w-2)
			}
		}
		listH := max(h-len(lines)-len(preview)-3, 3)
		add(strings.Split(f.pick.view(m.st, w, listH), "\n")...)
		if len(preview) > 0 {
			add("", m.st.dim("Preview:"))
			for _, l := range preview {
				add("  " + l)
			}
		}
	default:
		title := "Template " + safetext.Line(f.tpl.Name) + " to " + contactLabel(m.open.listed)
		add(m.st.bold(title))
		add(m.meanwhileLines(&f.ob, w)...)
		add("")
		for _, l := range wrapped(m.st.cyan, f.tpl.Preview(f.values()), w-2) {
			add("  " + l)
		}
		add("")
		switch {
		case f.ob.step == stepAsk:
			add(wrapped(m.st.yellow, f.ob.question, w)...)
		case f.ob.step != stepEdit:
			add(m.spin.View() + " sending…")
		case f.slot < len(f.slots):
			f.input.SetWidth(max(w-3, 1))
			add("Value for the "+f.slots[f.slot].String()+m.st.dim(fmt.Sprintf(" (%d of %d)", f.slot+1, len(f.slots))), f.input.View())
		default:
			add("Ready: enter sends it as shown above.")
		}
	}
	if f.problem != "" {
		add("", m.st.red(safetext.Line(f.problem)))
	}
	return strings.Join(lines, "\n")
}
