package inbox

import (
	"cmp"
	"slices"
	"strings"

	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/textwidth"
)

// While a reply or a template message is being written, the chat goes on:
// the customer writes again, another attendant answers or leaves a note.
// A refresh shows it in the chat above the text, and the form says it in
// a line of its own (the chat may have no room for it); the check before
// the send asks once about what the writer was not asked about yet.

// meanwhile is what came in the open chat after what the writer of ob
// knows of.
func (m *Model) meanwhile(ob *outbox) desk.Meanwhile {
	return desk.MeanwhileSince(m.open.conv.Messages, ob.since, m.sess.Me)
}

// meanwhileText says what came, and quotes the newest of it:
// `Maria wrote 1 new message, Bruno answered and left a note since you
// began: “Ainda estou esperando!”`.
func (m *Model) meanwhileText(w desk.Meanwhile) string {
	var parts []string
	if n := len(w.Customer); n > 0 {
		parts = append(parts, contactLabel(m.open.listed)+" wrote "+english.Count(n, "new message"))
	}
	notes := "a note"
	if n := len(w.Notes); n > 1 {
		notes = english.Count(n, "note")
	}
	answered, noted := writers(w.Answers), writers(w.Notes)
	switch {
	case answered != "" && answered == noted:
		parts = append(parts, answered+" answered and left "+notes)
	case answered != "" && noted != "":
		parts = append(parts, answered+" answered", noted+" left "+notes)
	case answered != "":
		parts = append(parts, answered+" answered")
	case noted != "":
		parts = append(parts, noted+" left "+notes)
	}
	last := slices.MaxFunc(slices.Concat(w.Customer, w.Answers, w.Notes), func(a, b desk.Message) int {
		return cmp.Compare(a.ID, b.ID)
	})
	quote := textwidth.Truncate(desk.OneLine(last.Readable()), 40, "…")
	// Parts may hold an "and" of their own: a comma tells them apart.
	return english.Capitalize(strings.Join(parts, ", ")) + " since you began: “" + quote + "”"
}

// writers names the attendants who wrote ms, each once, in order.
func writers(ms []desk.Message) string {
	var names []string
	for _, msg := range ms {
		name := "another attendant"
		if msg.User != nil && desk.OneLine(msg.User.Name) != "" {
			name = desk.OneLine(msg.User.Name)
		}
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return english.And(names)
}

// meanwhileLines are the lines, w cells wide, that tell the writer of ob
// what came since they began: none while nothing did, or while they are
// asked about it.
func (m *Model) meanwhileLines(ob *outbox, w int) []string {
	if ob.step != stepEdit {
		return nil
	}
	mw := m.meanwhile(ob)
	if mw.Empty() {
		return nil
	}
	lines := textwidth.Wrap("● "+m.meanwhileText(mw), w)
	if len(lines) > 2 {
		lines = []string{lines[0], strings.Join(lines[1:], " ")}
	}
	for i, l := range lines {
		lines[i] = m.st.yellow(cut(l, w))
	}
	return lines
}
