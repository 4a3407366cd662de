package inbox

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/desk"
)

// tagsMsg brings the company's tags and the contact's.
type tagsMsg struct {
	all  []api.Tag
	mine []api.TagRef
	err  error
}

// taggedMsg is the end of adding or removing a tag.
type taggedMsg struct {
	contact int64
	tag     string // its text, as shown
	removed bool
	tags    []api.TagRef
	err     error
}

// said is what the status line says of the change: "Added tag VIP" when
// it was made, "add tag VIP" before the reason it was not.
func (msg taggedMsg) said() string {
	switch {
	case msg.err != nil && msg.removed:
		return "remove tag " + msg.tag
	case msg.err != nil:
		return "add tag " + msg.tag
	case msg.removed:
		return "Removed tag " + msg.tag
	}
	return "Added tag " + msg.tag
}

// tagsForm adds tags to the chat's contact and removes them: the
// company's tags, filtered as you type; enter adds the tag under the
// cursor, or removes it when the contact has it.
type tagsForm struct {
	contact  int64
	loading  bool
	changing bool
	all      []api.Tag
	mine     []api.TagRef
	pick     picker
}

func startTags(m *Model) (form, tea.Cmd) {
	ctx, d, contact := m.o.Context, m.sess.Desk, m.open.listed.Contact.ID
	return &tagsForm{contact: contact, loading: true}, tea.Batch(m.begin(), func() tea.Msg {
		all, err := d.Tags(ctx)
		if err != nil {
			return tagsMsg{err: err}
		}
		mine, err := d.ContactTags(ctx, contact)
		return tagsMsg{all: all, mine: mine, err: err}
	})
}

func (f *tagsForm) ready() bool { return !f.loading }

func (f *tagsForm) height(avail int) int { return avail }

func (f *tagsForm) keys() footer {
	return footer{as("add or remove", keys.Accept), as("choose", keys.ChoiceUp, keys.ChoiceDown), as("done", keys.Cancel)}
}

func (f *tagsForm) has(id int64) bool {
	return slices.ContainsFunc(f.mine, func(t api.TagRef) bool { return t.ID == id })
}

// items lists the company's tags, the contact's marked.
func (f *tagsForm) items() []pickItem {
	items := make([]pickItem, len(f.all))
	for i, t := range f.all {
		mark := "[ ] "
		if f.has(t.ID) {
			mark = "[x] "
		}
		label := desk.OneLine(t.Text)
		if t.Emoji != nil && *t.Emoji != "" {
			label = desk.OneLine(*t.Emoji) + " " + label
		}
		items[i] = pickItem{label: mark + label, id: i}
	}
	return items
}

func (f *tagsForm) update(m *Model, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tagsMsg:
		f.loading = false
		if msg.err != nil {
			m.form = nil
			m.layout()
			m.fail("read the tags", msg.err)
			return nil
		}
		f.all, f.mine = msg.all, msg.mine
		f.pick = newPicker(f.items(), true)
		return nil
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, keys.Cancel):
			if !f.changing {
				m.form = nil
				m.layout()
			}
			return nil
		case f.loading || f.changing:
			return nil
		case key.Matches(msg, keys.Accept):
			it, ok := f.pick.current()
			if !ok {
				return nil
			}
			f.changing = true
			return m.toggleTag(f.contact, f.all[it.id], f.has(f.all[it.id].ID))
		}
		return f.pick.update(msg)
	case tea.PasteMsg:
		if f.loading || f.changing {
			return nil
		}
		return f.pick.update(msg)
	}
	return nil
}

func (m *Model) toggleTag(contact int64, t api.Tag, remove bool) tea.Cmd {
	ctx, d := m.o.Context, m.sess.Desk
	add, drop := []int64{t.ID}, []int64(nil)
	if remove {
		add, drop = nil, []int64{t.ID}
	}
	return tea.Batch(m.begin(), func() tea.Msg {
		tags, err := d.ChangeTags(ctx, contact, add, drop)
		return taggedMsg{contact: contact, tag: desk.OneLine(t.Text), removed: remove, tags: tags, err: err}
	})
}

func (m Model) tagged(msg taggedMsg) (tea.Model, tea.Cmd) {
	m.busy--
	f, ok := m.form.(*tagsForm)
	if ok && f.contact == msg.contact {
		f.changing = false
	}
	if msg.err != nil {
		m.fail(msg.said(), msg.err)
		return m, nil
	}
	if ok && f.contact == msg.contact {
		f.mine = msg.tags
		f.pick.items = f.items()
		f.pick.apply()
	}
	m.note(statusOK, "✓ "+msg.said()+".")
	return m, nil
}

func (f *tagsForm) view(m *Model, w, h int) string {
	lines := []string{m.st.bold(cut("Tags of "+contactLabel(m.open.listed), w))}
	switch {
	case f.loading:
		lines = append(lines, "", m.spin.View()+" Reading the tags…")
	default:
		names := make([]string, len(f.mine))
		for i, t := range f.mine {
			names[i] = desk.OneLine(t.Name)
		}
		has := "none"
		if len(names) > 0 {
			has = strings.Join(names, ", ")
		}
		lines = append(lines, cut("Has: "+has, w), "")
		if f.changing {
			lines[len(lines)-1] = m.spin.View() + " saving…"
		}
		lines = append(lines, strings.Split(f.pick.view(m.st, w, max(h-len(lines), 2)), "\n")...)
	}
	return strings.Join(lines, "\n")
}
