package inbox

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"

	"github.com/convo-cli/convo/internal/textwidth"
)

// keyMap is the inbox's key table: every key it answers, each with the
// words the footer says it with. The ? screen, the footers,
// `convo inbox --help` and the key table of docs/inbox.md are all drawn
// from it (keyRows, footers), so that a key changed here changes
// everywhere.
type keyMap struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
	Open, Back, NextView, PrevView        key.Binding

	Take, Release, Reply, Template, Note, Panel, Transfer, Tags key.Binding

	Filter, Refresh, Help, Quit, ForceQ key.Binding
	// In the composer: enter sends, alt+enter starts a new line, / typed
	// first opens the saved replies.
	Send, NewLine, Saved key.Binding
	// In a form or the filter: enter goes on, esc goes back or cancels;
	// in a list to choose from under a filter being typed, the arrows (and
	// ctrl+p, ctrl+n) move, as k and j are letters of the filter.
	Accept, Cancel, ChoiceUp, ChoiceDown key.Binding
}

var keys = keyMap{
	Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑", "move up")),
	Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓", "move down")),
	PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
	PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
	Home:     key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "first chat")),
	End:      key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "last chat")),
	Open:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
	Back:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	NextView: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "view")),
	PrevView: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous view")),
	Take:     key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "take")),
	Release:  key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "release")),
	Reply:    key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reply")),
	Template: key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "template")),
	Note:     key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "note")),
	Panel:    key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "contact")),
	Transfer: key.NewBinding(key.WithKeys("T"), key.WithHelp("T", "transfer")),
	Tags:     key.NewBinding(key.WithKeys("g"), key.WithHelp("g", "tags")),
	Filter:   key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
	Refresh:  key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "refresh")),
	Help:     key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
	Quit:     key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
	ForceQ:   key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
	Send:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send")),
	NewLine:  key.NewBinding(key.WithKeys("alt+enter", "ctrl+j"), key.WithHelp("alt+enter", "new line")),
	Saved:    key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "saved replies")),

	Accept:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "go on")),
	Cancel:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "go back")),
	ChoiceUp:   key.NewBinding(key.WithKeys("up", "ctrl+p"), key.WithHelp("↑", "previous choice")),
	ChoiceDown: key.NewBinding(key.WithKeys("down", "ctrl+n"), key.WithHelp("↓", "next choice")),
}

// as is bs said as what they do in one place of the inbox, for its
// footer: their keys, under their footer names written together (↑↓).
func as(desc string, bs ...key.Binding) key.Binding {
	var ks []string
	var label strings.Builder
	for _, b := range bs {
		ks = append(ks, b.Keys()...)
		label.WriteString(b.Help().Key)
	}
	return key.NewBinding(key.WithKeys(ks...), key.WithHelp(label.String(), desc))
}

// keyRow is a row of the key table: keys that do one thing, and what.
type keyRow struct {
	keys   []key.Binding
	action string
}

// keyRows is the key table of the ? screen, `convo inbox --help` and
// docs/inbox.md, in the order people meet the keys.
func keyRows() []keyRow {
	k := keys
	return []keyRow{
		{[]key.Binding{k.Up, k.Down}, "move (in an open chat: scroll its messages)"},
		{[]key.Binding{k.PageUp, k.PageDown, k.Home, k.End}, "move by a page, to the first or last chat"},
		{[]key.Binding{k.Open}, "open the chat and clear its ● mark"},
		{[]key.Binding{k.Back}, "back to the list"},
		{[]key.Binding{k.NextView, k.PrevView}, "next view, previous view: waiting, mine, open, all"},
		{[]key.Binding{k.Take}, "take the chat: yours, unless another attendant has it"},
		{[]key.Binding{k.Release}, "release the chat: back to the waiting queue"},
		{[]key.Binding{k.Reply}, fmt.Sprintf("reply: %s sends, %s new line, %s keeps it",
			keyName(k.Send), keyName(k.NewLine), keyName(k.Cancel))},
		{[]key.Binding{k.Saved}, "typed first in a reply: the team's saved replies"},
		{[]key.Binding{k.Template}, "template message, with a live preview"},
		{[]key.Binding{k.Note}, "a note on the chat's contact (staff only)"},
		{[]key.Binding{k.Panel}, "the contact: phone, tags, fields, notes, other chats"},
		{[]key.Binding{k.Transfer}, "transfer: a channel, then an attendant or the queue"},
		{[]key.Binding{k.Tags}, fmt.Sprintf("the contact's tags: %s adds or removes", keyName(k.Accept))},
		{[]key.Binding{k.Filter}, "filter the list by name or phone"},
		{[]key.Binding{k.Refresh}, "refresh now"},
		{[]key.Binding{k.Help}, "this help"},
		{[]key.Binding{k.Quit, k.ForceQ}, "quit"},
	}
}

// keyNames are the names of keys as people read them.
var keyNames = map[string]string{"up": "↑", "down": "↓", "pgdown": "pgdn"}

// keyName is b's first key as people read it.
func keyName(b key.Binding) string {
	k := b.Keys()[0]
	if name, ok := keyNames[k]; ok {
		return name
	}
	return k
}

// label is the keys of a row, each binding's keys apart by a space and
// the bindings by sep.
func (r keyRow) label(sep string) string {
	parts := make([]string, len(r.keys))
	for i, b := range r.keys {
		names := make([]string, len(b.Keys()))
		for j, k := range b.Keys() {
			names[j] = k
			if name, ok := keyNames[k]; ok {
				names[j] = name
			}
		}
		parts[i] = strings.Join(names, " ")
	}
	return strings.Join(parts, sep)
}

// KeyList is the key table as text w cells wide, a row a key: the ?
// screen, and the keys of `convo inbox --help`.
func KeyList(w int) string {
	rows := footer(nil).FullHelp()[0]
	labelW := 0
	for _, row := range rows {
		labelW = max(labelW, textwidth.Width(row.Help().Key))
	}
	var b strings.Builder
	indent := strings.Repeat(" ", 2+labelW+2)
	for _, row := range rows {
		label := row.Help().Key
		b.WriteString("  " + label + strings.Repeat(" ", labelW-textwidth.Width(label)) + "  ")
		for i, line := range textwidth.Wrap(row.Help().Desc, max(w-len(indent), 20)) {
			if i > 0 {
				b.WriteString(indent)
			}
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// KeyTable is the key table in Markdown, for docs/inbox.md.
func KeyTable() string {
	var b strings.Builder
	b.WriteString("| key | action |\n|---|---|\n")
	for _, r := range keyRows() {
		fmt.Fprintf(&b, "| %s | %s |\n", r.label(", "), r.action)
	}
	return b.String()
}

// footer is the key line of one place of the inbox: the keys that matter
// there, what people do most first, as help.Model draws a short help.
type footer []key.Binding

func (f footer) ShortHelp() []key.Binding { return f }

// FullHelp is the key table, a binding a row: the ? screen's rows.
func (f footer) FullHelp() [][]key.Binding {
	rows := keyRows()
	out := make([]key.Binding, len(rows))
	for i, r := range rows {
		var ks []string
		for _, b := range r.keys {
			ks = append(ks, b.Keys()...)
		}
		out[i] = key.NewBinding(key.WithKeys(ks...), key.WithHelp(r.label("  "), r.action))
	}
	return [][]key.Binding{out}
}

var _ help.KeyMap = footer(nil)

// newHelp is the footer's drawer: no colours of its own (the inbox dims the
// whole line, or not, as colour is on or off).
func newHelp() help.Model {
	h := help.New()
	h.ShortSeparator = " · "
	h.Styles = help.Styles{}
	return h
}
