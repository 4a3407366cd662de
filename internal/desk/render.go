package desk

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/dustin/go-humanize"

	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/textwidth"
)

// RenderOptions is everything a rendering depends on besides the data, so
// that it is a pure function of its arguments.
type RenderOptions struct {
	// Width is the width to fit, in display cells (the terminal's, or the
	// pane's); lines are wrapped to it, never cut.
	Width int
	// Color paints the text; nil paints nothing.
	Color Painter
	// Now is the present, for "3 hours ago", "Today" and the 24-hour hint.
	Now time.Time
	// Location is the time zone times are shown in; nil means UTC.
	Location *time.Location
}

// Painter paints the parts of a rendering in the styles it names: a
// terminal's colour scheme (*output.ColorScheme is one, and paints nothing
// when colour is off), or the styles of another screen. The caller chooses
// it, so that what desk renders depends on no terminal.
type Painter interface {
	Bold(string) string
	Gray(string) string
	Green(string) string
	Cyan(string) string
	Yellow(string) string
}

// noPaint is the Painter of a rendering without colour.
type noPaint struct{}

func (noPaint) Bold(s string) string   { return s }
func (noPaint) Gray(s string) string   { return s }
func (noPaint) Green(s string) string  { return s }
func (noPaint) Cyan(s string) string   { return s }
func (noPaint) Yellow(s string) string { return s }

// minWidth is the narrowest layout; a narrower width is treated as this.
const minWidth = 30

// gap is the silence after which a blank line parts two messages.
const gap = time.Hour

func (o RenderOptions) normalized() RenderOptions {
	o.Width = max(o.Width, minWidth)
	if o.Color == nil {
		o.Color = noPaint{}
	}
	if o.Location == nil {
		o.Location = time.UTC
	}
	return o
}

// Render is the conversation as `chats view` prints it: the header, a
// blank line, and the messages. Every line ends with a newline.
func Render(c *Conversation, o RenderOptions) string {
	return RenderHeader(c, o) + "\n" + RenderMessages(c, o)
}

// RenderHeader is the chat's header: the contact, the channel, the chat's
// state, and on a chatapp channel when the customer last wrote, with the
// 24-hour hint when that is over 24 hours ago.
func RenderHeader(c *Conversation, o RenderOptions) string {
	o = o.normalized()
	cs := o.Color
	ch := c.Chat
	var b strings.Builder
	// Each wrapped line is painted on its own, so that no colour runs on
	// past the end of a line.
	paintedLine := func(s string, paint func(string) string) {
		for _, l := range textwidth.Wrap(s, o.Width) {
			b.WriteString(paint(l) + "\n")
		}
	}
	line := func(s string) { paintedLine(s, func(l string) string { return l }) }
	contact := cs.Bold(oneLine(contactName(ch)))
	if ch.Contact.Name != "" {
		contact += " · " + displayPhone(ch.Contact.Phone)
	}
	line(contact)

	channel := []string{oneLine(ch.Channel.Name), oneLine(ch.Channel.Type), oneLine(ch.Channel.Status)}
	if ch.Channel.Status == "disconnected" {
		channel[2] = cs.Yellow(ch.Channel.Status)
	}
	line(join(channel, " · "))

	state := []string{oneLine(ch.Status), "open", fmt.Sprintf("%d unread", ch.UnreadCount), "chat " + oneLine(ch.Token)}
	if !ch.IsOpen {
		state[1] = "closed"
	}
	line(join(state, " · "))

	if ch.Channel.Type == ChatappType && c.CustomerKnown {
		if c.CustomerWrote.IsZero() {
			line("The customer has not written in this chat.")
		} else {
			at := c.CustomerWrote.In(o.Location)
			line(fmt.Sprintf("Customer last wrote %s (%s).", humanize.RelTime(c.CustomerWrote, o.Now, "ago", "from now"),
				at.Format("Mon 2 Jan 15:04")))
		}
		if OutsideWindow(ch, c.CustomerWrote, o.Now) {
			paintedLine("! "+english.Capitalize(WindowHint)+".", cs.Yellow)
		}
	}
	return b.String()
}

// RenderMessages is the messages under day headers, one block a message:
// time, author and the whole text wrapped beside them. Internal notes are
// marked "note", set apart by a bar and dimmed.
func RenderMessages(c *Conversation, o RenderOptions) string {
	o = o.normalized()
	cs := o.Color
	var b strings.Builder
	if len(c.Messages) == 0 {
		b.WriteString(cs.Gray("No messages.") + "\n")
		return b.String()
	}
	if c.Total > len(c.Messages) {
		b.WriteString(cs.Gray(fmt.Sprintf("The latest %d of %d messages.", len(c.Messages), c.Total)) + "\n")
	}

	// The name column is as wide as the longest name up to a quarter of the
	// width; a longer name stands alone on its line rather than push every
	// message's text to the right.
	authors := make([]string, len(c.Messages))
	nameWidth := 0
	for i, m := range c.Messages {
		authors[i] = Author(c.Chat, m)
		if w := textwidth.Width(authors[i]); w <= o.Width/4 {
			nameWidth = max(nameWidth, w)
		}
	}
	const timeWidth = 5
	indent := timeWidth + 2 + nameWidth + 2
	textWidth := o.Width - indent

	var day, prev time.Time
	for i, m := range c.Messages {
		at := m.CreatedAt.In(o.Location)
		if d := dayOf(at); !d.Equal(day) {
			if i > 0 {
				b.WriteString("\n")
			}
			b.WriteString(dayHeader(d, o) + "\n")
			day = d
		} else if at.Sub(prev) > gap {
			b.WriteString("\n")
		}
		prev = at

		name := authors[i]
		painted := cs.Green(name)
		if m.FromCustomer() {
			painted = cs.Cyan(name)
		}
		head := cs.Gray(at.Format("15:04")) + "  "
		lines := textwidth.Wrap(messageText(m), textWidth-noteBarWidth(m))
		if textwidth.Width(name) > nameWidth {
			b.WriteString(head + painted + "\n")
			head = strings.Repeat(" ", indent)
		} else {
			head += painted + strings.Repeat(" ", nameWidth-textwidth.Width(name)) + "  "
		}
		for j, l := range lines {
			if m.IsNote() {
				if j == 0 {
					l = "note: " + l
				}
				l = cs.Gray("│ " + l)
			}
			if j > 0 {
				head = strings.Repeat(" ", indent)
			}
			b.WriteString(strings.TrimRight(head+l, " ") + "\n")
		}
	}
	return b.String()
}

// noteBarWidth is the room the note marks take on a note's lines: the bar
// on every line, and "note: " on the first, which wrapping must allow for.
func noteBarWidth(m Message) int {
	if m.IsNote() {
		return textwidth.Width("│ note: ")
	}
	return 0
}

// messageText is what a message says: its content (a note's as people
// read it), after its kind when it is not plain text, and the address of
// its file when it has one.
func messageText(m Message) string {
	var parts []string
	if m.IsForwarded {
		parts = append(parts, "[forwarded]")
	}
	if m.Type != "" && m.Type != "text" {
		parts = append(parts, "["+m.Type+"]")
	}
	text := strings.Join(append(parts, m.Readable()), " ")
	if url := fileURL(m.File); url != "" && url != m.Content {
		text += "\n" + url
	}
	return clean(text)
}

// fileURL is the address of a message's file, when the API gives one.
func fileURL(file json.RawMessage) string {
	var f struct {
		URL string `json:"url"`
	}
	if len(file) == 0 || json.Unmarshal(file, &f) != nil {
		return ""
	}
	return f.URL
}

// Author names who wrote a message of the chat, on one line: the contact
// (its name, or its phone) for incoming messages, the attendant (or the
// signature) for outgoing ones, "(company)" when neither is known.
func Author(ch *Chat, m Message) string {
	switch {
	case m.Direction == "incoming":
		return oneLine(contactName(ch))
	case m.User != nil && m.User.Name != "":
		return oneLine(m.User.Name)
	case m.Signature != nil && *m.Signature != "":
		return oneLine(*m.Signature)
	}
	return "(company)"
}

// contactName is the contact's name, or its phone when it has none.
func contactName(ch *Chat) string {
	if ch.Contact.Name != "" {
		return ch.Contact.Name
	}
	return displayPhone(ch.Contact.Phone)
}

// displayPhone writes a phone of digits with its country code as +DIGITS.
func displayPhone(p string) string {
	if p == "" || strings.HasPrefix(p, "+") {
		return p
	}
	return "+" + p
}

// dayHeader is the line that opens a day: its date, said as "Today" or
// "Yesterday" when it is one of them, in a rule across the width.
func dayHeader(d time.Time, o RenderOptions) string {
	label := d.Format("Monday 2 January 2006")
	today := dayOf(o.Now.In(o.Location))
	switch {
	case d.Equal(today):
		label = "Today · " + label
	case d.Equal(today.AddDate(0, 0, -1)):
		label = "Yesterday · " + label
	}
	text := "── " + label + " "
	return o.Color.Bold(text + strings.Repeat("─", max(o.Width-textwidth.Width(text), 2)))
}

// dayOf is midnight of t's day, in t's location.
func dayOf(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, t.Location())
}

// join joins the non-empty parts.
func join(parts []string, sep string) string {
	kept := parts[:0:0]
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, sep)
}

// RenderEvent is an event of Poll on one line, as `chats follow` prints it
// on a terminal, cut to the width: when it happened (with the date when
// not today), what happened, who, the chat's token and, for a message, the
// customer's latest new message.
func RenderEvent(ev Event, o RenderOptions) string {
	o = o.normalized()
	cs := o.Color
	at := ev.At.In(o.Location)
	when := at.Format("15:04:05")
	if !dayOf(at).Equal(dayOf(o.Now.In(o.Location))) {
		when = at.Format("2 Jan 15:04:05")
	}
	ch := &Chat{Chat: ev.Listed}
	parts := []string{cs.Gray(when), cs.Gray("left queue "), oneLine(contactName(ch)), oneLine(ev.Listed.Token)}
	if ev.Type == EventMessageReceived {
		parts[1] = cs.Cyan("new message")
		if n := len(ev.Messages); n > 0 {
			parts = append(parts, oneLine(messageText(ev.Messages[n-1])))
		}
	}
	return textwidth.Truncate(strings.Join(parts, "  "), o.Width, "…") + "\n"
}
