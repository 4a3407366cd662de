package inbox

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/textwidth"
)

// form is what the chat pane asks while an action is under way: a reply
// or a note being written, a template being filled in, a transfer or the
// tags being chosen. The form has the keyboard until it closes.
type form interface {
	// update handles a key press, a paste or the data the form asked
	// for; a form closes itself by setting m.form to nil.
	update(m *Model, msg tea.Msg) tea.Cmd
	// view draws the form in w×h cells.
	view(m *Model, w, h int) string
	// height is how many of the avail lines under the chat's header the
	// form takes: a few for a text under the messages, all of them for a
	// choice.
	height(avail int) int
	// keys are the footer's keys while the form is open.
	keys() footer
	// ready reports whether the form has what it asked for: until then
	// the keys typed wait for it (esc aside, which closes it).
	ready() bool
}

// The text fields are drawn without colours (the inbox decides its own,
// and NO_COLOR or --no-color must leave none), with a cursor in reverse
// video that does not blink: the zero styles, drawn by the widget itself
// (a virtual cursor).

// newTextArea is a text box for a reply or a note: enter is left to the
// form (it sends), alt+enter starts a new line.
func newTextArea(placeholder string) textarea.Model {
	ta := textarea.New()
	ta.Placeholder = placeholder
	ta.ShowLineNumbers = false
	ta.Prompt = "│ "
	ta.CharLimit = 0
	ta.KeyMap.InsertNewline = keys.NewLine
	ta.SetStyles(textarea.Styles{})
	ta.Focus()
	return ta
}

// newTextInput is a one-line input, focused.
func newTextInput(prompt, placeholder string, limit int) textinput.Model {
	ti := textinput.New()
	ti.Prompt = prompt
	ti.Placeholder = placeholder
	ti.CharLimit = limit
	ti.SetStyles(textinput.Styles{})
	ti.Focus()
	return ti
}

// pickItem is one choice of a picker.
type pickItem struct {
	label, detail string
	// id identifies what was picked for the form.
	id int
}

// picker is a list to choose from, with an optional filter typed above it.
type picker struct {
	items      []pickItem
	visible    []int
	cursor     int
	filterable bool
	filter     textinput.Model
}

func newPicker(items []pickItem, filterable bool) picker {
	p := picker{items: items, filterable: filterable}
	if filterable {
		p.filter = newTextInput("filter: ", "type to narrow the list", 60)
	}
	p.apply()
	return p
}

// apply narrows the list to the items whose label holds the filter's text,
// accents and case aside.
func (p *picker) apply() {
	q := ""
	if p.filterable {
		q = strings.TrimSpace(p.filter.Value())
	}
	p.visible = p.visible[:0]
	for i, it := range p.items {
		if q == "" || strings.Contains(resolve.Fold(it.label), resolve.Fold(q)) {
			p.visible = append(p.visible, i)
		}
	}
	p.cursor = max(min(p.cursor, len(p.visible)-1), 0)
}

// current is the item under the cursor.
func (p *picker) current() (pickItem, bool) {
	if len(p.visible) == 0 {
		return pickItem{}, false
	}
	return p.items[p.visible[p.cursor]], true
}

// update moves the cursor (↑↓, and k j when there is no filter to type
// in) or passes a key or a paste to the filter.
func (p *picker) update(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, keys.ChoiceUp) || (!p.filterable && key.Matches(k, keys.Up)):
			p.cursor = max(p.cursor-1, 0)
			return nil
		case key.Matches(k, keys.ChoiceDown) || (!p.filterable && key.Matches(k, keys.Down)):
			p.cursor = min(p.cursor+1, max(len(p.visible)-1, 0))
			return nil
		}
	}
	if !p.filterable {
		return nil
	}
	before := p.filter.Value()
	var cmd tea.Cmd
	p.filter, cmd = p.filter.Update(msg)
	if p.filter.Value() != before {
		p.cursor = 0
		p.apply()
	}
	return cmd
}

// view draws the picker in w×h cells, the cursor kept on screen.
func (p *picker) view(st styles, w, h int) string {
	var lines []string
	if p.filterable {
		p.filter.SetWidth(max(w-textwidth.Width(p.filter.Prompt)-1, 1))
		lines = append(lines, p.filter.View())
		h--
	}
	if len(p.visible) == 0 {
		return strings.Join(append(lines, st.dim("  (nothing matches)")), "\n")
	}
	from := max(min(p.cursor-h/2, len(p.visible)-h), 0)
	for r := from; r < min(from+h, len(p.visible)); r++ {
		it := p.items[p.visible[r]]
		text := it.label
		if it.detail != "" {
			text += "  " + st.dim(it.detail)
		}
		if r == p.cursor {
			lines = append(lines, st.reverse(cut("› "+it.label, w)))
			if it.detail != "" && textwidth.Width(it.label)+4 < w {
				lines[len(lines)-1] = st.reverse(cut("› "+it.label+"  "+it.detail, w))
			}
			continue
		}
		lines = append(lines, cut("  "+text, w))
	}
	return strings.Join(lines, "\n")
}
