// Package team reads the team file: the saved replies a team shares, in one
// YAML file kept in a git repository, so that a lead reviews a change to an
// answer as a change to code. It loads and checks the file (every problem
// at its line and column), publishes its JSON Schema, finds the replies
// offered on a chat's channel, and fills a reply's {{variables}} with the
// renderer every text of convo uses (package render).
//
//	replies:
//	  - shortcut: frete
//	    title: Prazo de frete
//	    text: |
//	      Olá {{contact.first_name}}! Chega em {{prazo}} dias úteis.
//	    channels: [chatapp]
//
// Nothing here makes a request: the values of a reply's variables come from
// a Subject the caller gathers (package desk does, for a chat).
package team

import (
	"fmt"
	"slices"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
)

// File is a team file.
type File struct {
	// Path is the file as its problems name it.
	Path    string
	Replies []*Reply
}

// Reply is a saved reply.
type Reply struct {
	Shortcut string
	// Title is "" when the file gives none.
	Title string
	Text  string
	// Channels are the channel types and tokens the reply is offered on;
	// nil for every channel.
	Channels []string
	// Line and Col are where the reply starts in the file.
	Line, Col int
}

// Variables are the names of the reply's variables, in the order they
// first appear in its text.
func (r *Reply) Variables() []string { return Syntax.Names(r.Text) }

// Uses reports whether a variable of the reply starts with prefix
// ("attendant.", CustomFieldPrefix): what its values will need.
func (r *Reply) Uses(prefix string) bool {
	return slices.ContainsFunc(r.Variables(), func(name string) bool { return strings.HasPrefix(name, prefix) })
}

// OfferedOn reports whether the reply is offered on the channel: it names
// no channels, or names the channel's type or token.
func (r *Reply) OfferedOn(ch api.Channel) bool {
	return len(r.Channels) == 0 || slices.Contains(r.Channels, ch.Token) || ch.Type != "" && slices.Contains(r.Channels, ch.Type)
}

// CheckChannel refuses, as an input error, a reply that is not offered on
// the channel.
func (r *Reply) CheckChannel(ch api.Channel) error {
	if r.OfferedOn(ch) {
		return nil
	}
	on := ch.Token
	if ch.Type != "" {
		on = ch.Type + ", " + on
	}
	if ch.Name != "" {
		on = fmt.Sprintf("%s (%s)", ch.Name, on)
	}
	return clierr.InputErrorf("saved reply %q is offered only on %s; this chat is on %s", r.Shortcut, strings.Join(r.Channels, ", "), on)
}

// Lookup returns the reply with the shortcut. An unknown one is an input
// error that names the file, the shortcuts that come close, and where the
// caller (names) lists them.
func (f *File) Lookup(shortcut string, names naming.Names) (*Reply, error) {
	for _, r := range f.Replies {
		if r.Shortcut == shortcut {
			return r, nil
		}
	}
	msg := fmt.Sprintf("no saved reply %q in %s", shortcut, f.Path)
	var near []string
	for _, r := range f.Replies {
		if strings.HasPrefix(r.Shortcut, shortcut) || distance(r.Shortcut, shortcut) <= 2 {
			near = append(near, r.Shortcut)
		}
	}
	if len(near) > 0 {
		msg += " (did you mean " + strings.Join(near, ", ") + "?)"
	}
	return nil, clierr.InputErrorf("%s%s", msg, names.SeeAlso("convo replies list"))
}

// Offered returns the replies offered on the channel that match what was
// typed: a shortcut that starts with it, or a title from one of its words on,
// with case and accents ignored ("fre" finds frete, "Prazo" and "prazo"
// the reply titled "Prazo de frete"). Shortcut matches come first, each
// group in the file's order; typed "" offers them all.
func (f *File) Offered(ch api.Channel, typed string) []*Reply {
	key := resolve.Fold(typed)
	var byShortcut, byTitle []*Reply
	for _, r := range f.Replies {
		switch {
		case !r.OfferedOn(ch):
		case strings.HasPrefix(resolve.Fold(r.Shortcut), key):
			byShortcut = append(byShortcut, r)
		case titleMatches(r.Title, key):
			byTitle = append(byTitle, r)
		}
	}
	return append(byShortcut, byTitle...)
}

// titleMatches reports whether title, from one of its words on, starts
// with key (folded): "via do" matches "Segunda via do boleto".
func titleMatches(title, key string) bool {
	folded := resolve.Fold(title)
	for i := 0; i < len(folded); i++ {
		if (i == 0 || folded[i-1] == ' ') && strings.HasPrefix(folded[i:], key) {
			return true
		}
	}
	return key == ""
}
