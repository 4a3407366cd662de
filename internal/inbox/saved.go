package inbox

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/team"
)

// savedPicker is the team's saved replies offered on the open chat's
// channel, filtered by shortcut and title as they are typed after the /
// that opened it. enter fills the chosen one in for the chat (a value the
// API has not, asked for here) and puts it in the composer, to edit and
// send as any reply.
type savedPicker struct {
	loading bool
	file    *team.File
	filter  textinput.Model
	offered []*team.Reply
	cursor  int

	// Once a reply is chosen: its values for the chat, being read
	// (filling), then the values still missing, asked for one at a time.
	chosen  *team.Reply
	filling bool
	values  team.Values
	missing []team.Missing
	given   map[string]string
	input   textinput.Model
	problem string
}

// teamMsg brings the team file.
type teamMsg struct {
	file *team.File
	err  error
}

// savedValuesMsg brings the values of a saved reply for the open chat.
type savedValuesMsg struct {
	reply  *team.Reply
	values team.Values
	err    error
}

// openSaved opens the picker in the composer c and reads the team file:
// again each time, so that a change to the file shows at once.
func (m *Model) openSaved(c *composer) tea.Cmd {
	c.saved = &savedPicker{loading: true, filter: newTextInput("/", "a shortcut or a title", 60)}
	m.layout()
	load := m.o.Team
	if load == nil {
		load = func() (*team.File, error) { return nil, errors.New("this inbox has no team file") }
	}
	return tea.Batch(m.begin(), func() tea.Msg {
		f, err := load()
		return teamMsg{file: f, err: err}
	})
}

// savedUpdate handles the picker's keys and the data it asked for. A team
// file that cannot be read closes the picker and leaves the / typed, with
// the reason in the status line: nothing else stops.
func (p *savedPicker) update(m *Model, c *composer, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case teamMsg:
		p.loading = false
		var problems *team.Error
		switch {
		case msg.file == nil || len(msg.file.Replies) == 0 && msg.err != nil:
			c.saved = nil
			c.ta.InsertString("/")
			m.layout()
			m.note(statusWarn, "No saved replies: "+firstLine(errText(msg.err)))
			return nil
		case errors.As(msg.err, &problems):
			m.note(statusWarn, fmt.Sprintf("The other replies are offered: %s has %s (see convo replies check).",
				filepath.Base(problems.Path), english.Count(len(problems.Problems), "problem")))
		}
		p.file = msg.file
		p.apply(m)
		return nil
	case savedValuesMsg:
		p.filling = false
		if msg.err != nil {
			p.chosen = nil
			m.fail("fill in the saved reply", msg.err)
			return nil
		}
		p.values, p.given = msg.values, map[string]string{}
		return p.next(m, c)
	case tea.KeyPressMsg:
		return p.key(m, c, msg)
	case tea.PasteMsg:
		return p.edit(m, msg)
	}
	return nil
}

func errText(err error) string {
	if err == nil {
		return "the team file has no replies"
	}
	return err.Error()
}

// apply narrows the replies to those offered on the chat's channel that
// match the filter.
func (p *savedPicker) apply(m *Model) {
	if p.file == nil {
		return
	}
	p.offered = p.file.Offered(m.open.conv.Chat.Channel, strings.TrimSpace(p.filter.Value()))
	p.cursor = max(min(p.cursor, len(p.offered)-1), 0)
}

func (p *savedPicker) key(m *Model, c *composer, k tea.KeyPressMsg) tea.Cmd {
	switch {
	case p.filling:
		return nil
	case p.chosen != nil:
		return p.askKey(m, c, k)
	case key.Matches(k, keys.Cancel),
		key.Matches(k, backspace) && p.filter.Value() == "":
		c.saved = nil
		m.layout()
		return nil
	case key.Matches(k, keys.ChoiceUp):
		p.cursor = max(p.cursor-1, 0)
		return nil
	case key.Matches(k, keys.ChoiceDown):
		p.cursor = min(p.cursor+1, max(len(p.offered)-1, 0))
		return nil
	case key.Matches(k, keys.Accept):
		if p.loading || len(p.offered) == 0 {
			return nil
		}
		p.chosen, p.filling, p.problem = p.offered[p.cursor], true, ""
		ctx, d, ch, r, me := m.o.Context, m.sess.Desk, m.open.chat, p.chosen, m.sess.Me
		return tea.Batch(m.begin(), func() tea.Msg {
			v, err := d.SavedValues(ctx, ch, r, me)
			return savedValuesMsg{reply: r, values: v, err: err}
		})
	}
	return p.edit(m, k)
}

// backspace is the key that, on an empty filter, takes the / back.
var backspace = key.NewBinding(key.WithKeys("backspace"))

// edit passes a key or a paste to the filter, or to the value asked for.
func (p *savedPicker) edit(m *Model, msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	if p.chosen != nil {
		p.input, cmd = p.input.Update(msg)
		p.problem = ""
		return cmd
	}
	before := p.filter.Value()
	p.filter, cmd = p.filter.Update(msg)
	if p.filter.Value() != before {
		p.cursor = 0
		p.apply(m)
	}
	return cmd
}

// next asks for the next value the reply lacks, or, with none left, puts
// the reply in the composer.
func (p *savedPicker) next(m *Model, c *composer) tea.Cmd {
	rendering := p.chosen.Render(p.values, p.given)
	if len(rendering.Missing) == 0 {
		// Text from the API (a name, a custom field) goes into the reply
		// as the composer can show it: no control character reaches the
		// terminal.
		c.ta.SetValue(strings.TrimSpace(safetext.Text(rendering.Text)))
		c.saved = nil
		m.layout()
		m.note(statusInfo, "Saved reply "+p.chosen.Shortcut+" is in the reply: edit it, enter sends.")
		return nil
	}
	p.missing = rendering.Missing
	p.input = newTextInput("› ", "the value of "+p.missing[0].Name, 0)
	return nil
}

// askKey takes the value asked for: enter gives it, esc goes back to the
// replies.
func (p *savedPicker) askKey(m *Model, c *composer, k tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(k, keys.Cancel):
		p.chosen, p.missing, p.problem = nil, nil, ""
		return nil
	case key.Matches(k, keys.Accept):
		value := strings.TrimSpace(p.input.Value())
		if value == "" {
			p.problem = "Type the value of " + p.missing[0].Name + " (esc: back to the replies)."
			return nil
		}
		p.given[p.missing[0].Name] = value
		return p.next(m, c)
	}
	return p.edit(m, k)
}

// keys are the footer's keys while the picker is open.
func (p *savedPicker) keys() footer {
	switch {
	case p.filling:
		return footer{keys.ForceQ}
	case p.chosen != nil:
		return footer{as("give the value", keys.Accept), as("back to the replies", keys.Cancel)}
	}
	return footer{as("use", keys.Accept), as("choose", keys.ChoiceUp, keys.ChoiceDown), as("back to the text", keys.Cancel)}
}

// view draws the picker in w×h cells: the filter, the replies offered,
// and the text of the one chosen, with its variables as written.
func (p *savedPicker) view(m *Model, w, h int) string {
	lines := []string{m.st.bold(cut("Saved replies for "+contactLabel(m.open.listed), w))}
	add := func(s ...string) { lines = append(lines, s...) }
	switch {
	case p.loading:
		add(m.spin.View() + " Reading the team file…")
	case p.chosen != nil:
		add("", m.st.bold(safetext.Line(p.chosen.Shortcut))+"  "+safetext.Line(p.chosen.Title))
		for _, l := range wrapped(m.st.dim, safetext.Text(p.chosen.Text), w-2) {
			add("  " + l)
		}
		add("")
		if p.filling {
			add(m.spin.View() + " Filling it in for the chat…")
			break
		}
		miss := p.missing[0]
		ask := "Value of {{" + miss.Name + "}}"
		if miss.Why != "" {
			ask += " (" + miss.Why + ")"
		}
		add(wrapped(nop, safetext.Line(ask)+":", w)...)
		p.input.SetWidth(max(w-3, 1))
		add(p.input.View())
	default:
		p.filter.SetWidth(max(w-2, 1))
		add(p.filter.View())
		if len(p.offered) == 0 {
			add(m.st.dim("  No saved reply offered on this chat's channel matches."))
			break
		}
		var preview []string
		if r := p.offered[p.cursor]; r != nil {
			preview = wrapped(m.st.dim, safetext.Text(r.Text), w-2)
		}
		listH := max(h-len(lines)-min(len(preview), 4)-2, 3)
		from := max(min(p.cursor-listH/2, len(p.offered)-listH), 0)
		for i := from; i < min(from+listH, len(p.offered)); i++ {
			r := p.offered[i]
			label := safetext.Line(r.Shortcut)
			if r.Title != "" {
				label += "  " + safetext.Line(r.Title)
			}
			if i == p.cursor {
				add(m.st.reverse(cut("› "+label, w)))
				continue
			}
			add(cut("  "+label, w))
		}
		add("")
		for _, l := range preview[:min(len(preview), 4)] {
			add("  " + l)
		}
	}
	if p.problem != "" {
		add("", m.st.red(p.problem))
	}
	return strings.Join(lines, "\n")
}

// nop paints nothing.
func nop(s string) string { return s }
