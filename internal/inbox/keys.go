package inbox

import "charm.land/bubbles/v2/key"

// keyMap is the key table of the interface's Inbox section, with a few
// companions (page up and down, home and end, shift+tab) that a list of
// thousands of chats needs.
type keyMap struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
	Open, Back, NextView, PrevView        key.Binding
	Reply, Template, Note, Transfer, Tags key.Binding
	Filter, Refresh, Help, Quit, ForceQ   key.Binding
	Send, NewLine                         key.Binding
	// In a form or the filter: enter goes on, esc goes back or cancels;
	// in a list to choose from under a filter being typed, the arrows (and
	// ctrl+p, ctrl+n) move, as k and j are letters of the filter.
	Accept, Cancel, ChoiceUp, ChoiceDown key.Binding
}

var keys = keyMap{
	Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑ k", "move up")),
	Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓ j", "move down")),
	PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
	PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
	Home:     key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "first chat")),
	End:      key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "last chat")),
	Open:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open the chat")),
	Back:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back to the list")),
	NextView: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next view")),
	PrevView: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous view")),
	Reply:    key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "reply")),
	Template: key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "template message")),
	Note:     key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "note on the contact")),
	Transfer: key.NewBinding(key.WithKeys("T"), key.WithHelp("T", "transfer")),
	Tags:     key.NewBinding(key.WithKeys("g"), key.WithHelp("g", "the contact's tags")),
	Filter:   key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter by name or phone")),
	Refresh:  key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "refresh now")),
	Help:     key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
	Quit:     key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
	ForceQ:   key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
	Send:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send")),
	NewLine:  key.NewBinding(key.WithKeys("alt+enter", "ctrl+j"), key.WithHelp("alt+enter", "new line")),

	Accept:     key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "go on")),
	Cancel:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "go back")),
	ChoiceUp:   key.NewBinding(key.WithKeys("up", "ctrl+p"), key.WithHelp("↑", "previous choice")),
	ChoiceDown: key.NewBinding(key.WithKeys("down", "ctrl+n"), key.WithHelp("↓", "next choice")),
}

// helpRows is the help screen: the interface's key table, in its order.
var helpRows = [][2]string{
	{"↑ ↓  k j", "move (in a chat: scroll)"},
	{"pgup pgdn home end", "move by a page, to the first or last chat"},
	{"enter", "open the chat (its latest messages)"},
	{"esc", "back to the list"},
	{"tab  shift+tab", "next view, previous view: waiting, mine, open, all"},
	{"r", "reply: type, enter sends, alt+enter new line, esc cancels"},
	{"t", "template message, with a live preview"},
	{"n", "a note on the chat's contact (staff only)"},
	{"T", "transfer: a channel, then an attendant or the queue"},
	{"g", "the contact's tags: enter adds or removes"},
	{"/", "filter the list by name or phone"},
	{"R", "refresh now"},
	{"?", "this help"},
	{"q  ctrl+c", "quit"},
}
