package team

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/validate"
)

// MaxSize is the largest team file read: a file of saved replies far
// larger is a mistake (the wrong file named).
const MaxSize = 8 << 20

// Problem is one thing wrong with a team file, at its line and column
// (from 1; the column in characters).
type Problem struct {
	Line, Col int
	Message   string
}

// Error is a team file with problems.
type Error struct {
	Path     string
	Problems []Problem
}

// Lines are the problems as FILE:LINE:COL: message, the form editors and
// CI logs link to the place.
func (e *Error) Lines() []string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = fmt.Sprintf("%s:%d:%d: %s", e.Path, p.Line, p.Col, p.Message)
	}
	return lines
}

// Items are the problems as rule violations, each named by FILE:LINE:COL,
// for the errors[] of an error written as JSON.
func (e *Error) Items() validate.Errors {
	items := make(validate.Errors, len(e.Problems))
	for i, p := range e.Problems {
		items[i] = &validate.Error{Field: fmt.Sprintf("%s:%d:%d", e.Path, p.Line, p.Col), Code: validate.CodeInvalid, Message: p.Message}
	}
	return items
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s has %s:\n%s", e.Path, english.Count(len(e.Problems), "problem"), strings.Join(e.Lines(), "\n"))
}

// Load reads and checks the team file at path. A missing file, one that
// cannot be read and one with problems are input errors that name the
// file; the problems are an *Error, each at its line and column.
func Load(path string) (*File, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, clierr.InputErrorf("no team file at %s: write one (see convo replies --help), or name yours with convo config set team_file PATH or CONVO_TEAM_FILE", path)
	}
	if err != nil {
		return nil, clierr.InputErrorf("read the team file: %w", err)
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	switch {
	case err != nil:
		return nil, clierr.InputErrorf("read the team file: %w", err)
	case len(src) > MaxSize:
		return nil, clierr.InputErrorf("%s is larger than %d MiB: is it the team file?", path, MaxSize>>20)
	}
	return Parse(path, src)
}

// Parse checks src, the team file at path (as problems name it), and
// returns what it holds. With problems it returns the error (an input
// error holding an *Error) and the replies that have none, so that a
// shell completion can still offer them.
func Parse(path string, src []byte) (*File, error) {
	// YAML reads CR LF and a lone CR as line breaks; so do the positions.
	src = bytes.ReplaceAll(bytes.ReplaceAll(bytes.TrimPrefix(src, []byte("\ufeff")), []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
	c := &checker{src: src}
	file := &File{Path: path}
	if i := invalidUTF8(c.src); i >= 0 {
		c.add(c.posOf(i), "the file is not UTF-8: save it as UTF-8")
	} else {
		file.Replies = c.file()
	}
	if len(c.problems) == 0 {
		return file, nil
	}
	sort.SliceStable(c.problems, func(i, j int) bool {
		a, b := c.problems[i], c.problems[j]
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	return file, &clierr.InputError{Err: &Error{Path: path, Problems: c.problems}}
}

// invalidUTF8 is the offset of the first byte of src that is not UTF-8, or -1.
func invalidUTF8(src []byte) int {
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

// checker gathers the problems of one file.
type checker struct {
	src      []byte
	problems []Problem
}

func (c *checker) add(p pos, format string, args ...any) {
	c.problems = append(c.problems, Problem{Line: p.line, Col: p.col, Message: fmt.Sprintf(format, args...)})
}

// file checks the whole file and returns its replies without problems.
func (c *checker) file() []*Reply {
	root, err := parse(c.src)
	var syntax *syntaxError
	switch {
	case errors.As(err, &syntax):
		c.add(syntax.pos, "YAML: %s", syntax.msg)
		return nil
	case root == nil:
		c.add(pos{1, 1}, "the file is empty: it holds replies: and a list of saved replies")
		return nil
	}
	top := c.mapping(root, topFields, "the file")
	list := top["replies"]
	if list == nil {
		return nil
	}
	if list.kind != kindSequence {
		c.add(list.pos, "replies: want a list of saved replies (- shortcut: …), not %s", list.kind.name())
		return nil
	}
	var replies []*Reply
	first := map[string]pos{}
	for i, item := range list.items {
		before := len(c.problems)
		r := c.reply(item, i+1)
		if r == nil {
			continue
		}
		if at, dup := first[r.Shortcut]; dup {
			c.add(c.fieldPos(item, "shortcut"), "shortcut %q is used twice: first at %d:%d", r.Shortcut, at.line, at.col)
			continue
		}
		first[r.Shortcut] = c.fieldPos(item, "shortcut")
		if len(c.problems) == before {
			replies = append(replies, r)
		}
	}
	return replies
}

// fieldPos is where the value of the mapping's key is, else the mapping's.
func (c *checker) fieldPos(m *node, key string) pos {
	for _, p := range m.pairs {
		if p.key == key {
			return p.value.pos
		}
	}
	return m.pos
}

// reply checks the n-th item of replies (from 1).
func (c *checker) reply(item *node, n int) *Reply {
	what := fmt.Sprintf("reply %d", n)
	if s := c.fieldNode(item, "shortcut"); s != nil && s.kind == kindString && s.str != "" {
		what = fmt.Sprintf("reply %q", s.str)
	}
	fields := c.mapping(item, replyFields, what)
	if fields == nil {
		return nil
	}
	r := &Reply{Line: item.pos.line, Col: item.pos.col}
	for _, f := range replyFields {
		v := fields[f.name]
		if v == nil {
			continue
		}
		switch f.name {
		case "shortcut":
			r.Shortcut, _ = c.str(v, f)
		case "title":
			r.Title, _ = c.str(v, f)
		case "text":
			r.Text, _ = c.str(v, f)
		case "channels":
			r.Channels = c.list(v, f)
		}
	}
	if r.Shortcut == "" {
		return nil
	}
	return r
}

// fieldNode is the value of key in a mapping, nil when there is none.
func (c *checker) fieldNode(m *node, key string) *node {
	for _, p := range m.pairs {
		if p.key == key {
			return p.value
		}
	}
	return nil
}

// mapping checks that n is a mapping with fields (what names it in
// problems: "the file", `reply "frete"`): no unknown key, no required one
// missing. It returns the values by key, nil when n is not a mapping.
func (c *checker) mapping(n *node, fields []field, what string) map[string]*node {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	if n.kind != kindMapping {
		c.add(n.pos, "%s: want a mapping of %s, not %s", what, strings.Join(names, ", "), n.kind.name())
		return nil
	}
	values := map[string]*node{}
	for _, p := range n.pairs {
		if !slices.Contains(names, p.key) {
			msg := fmt.Sprintf("unknown key %q in %s", p.key, what)
			if near := closest(p.key, names); near != "" {
				msg += fmt.Sprintf(" (did you mean %s?)", near)
			}
			c.add(p.keyPos, "%s; its keys are %s", msg, strings.Join(names, ", "))
			continue
		}
		values[p.key] = p.value
	}
	for _, f := range fields {
		if f.required && values[f.name] == nil {
			c.add(n.pos, "%s has no %s:", what, f.name)
		}
	}
	return values
}

// str checks a string field and returns its value.
func (c *checker) str(n *node, f field) (string, bool) {
	if n.kind != kindString {
		msg := fmt.Sprintf("%s: want a string, not %s", f.name, n.kind.name())
		if n.kind == kindNumber || n.kind == kindBool {
			msg += fmt.Sprintf(": quote it (%q)", n.str)
		}
		c.add(n.pos, "%s", msg)
		return "", false
	}
	ok := c.rules(n, f.name, f.rule)
	return n.str, ok
}

// rules checks a string value against a rule and reports whether it passed.
func (c *checker) rules(n *node, name string, r rule) bool {
	before := len(c.problems)
	s := n.str
	switch {
	case r.pattern != nil && !r.pattern.MatchString(s):
		c.add(n.pos, "%s %q: want %s", name, s, r.patternHelp)
	case r.nonBlank && strings.TrimSpace(s) == "":
		c.add(n.pos, "%s is empty", name)
	case r.oneLine && strings.ContainsAny(s, "\r\n"):
		c.add(n.pos, "%s: one line only", name)
	case r.channel && !isChannel(s):
		c.add(n.pos, "%q is neither a channel type (%s) nor a channel token (%d characters)",
			s, strings.Join(validate.ChannelTypes, ", "), validate.ChannelTokenLength)
	}
	if r.variables {
		c.variables(n)
	}
	return len(c.problems) == before
}

// isChannel reports whether s is a channel type or has the form of a
// channel token: which channels exist only the API knows.
func isChannel(s string) bool {
	return slices.Contains(validate.ChannelTypes, s) || validate.ChannelToken("channel", s) == nil
}

// list checks a list of strings and returns those that passed.
func (c *checker) list(n *node, f field) []string {
	if n.kind != kindSequence {
		msg := fmt.Sprintf("%s: want a list, not %s", f.name, n.kind.name())
		if n.kind == kindString {
			msg += fmt.Sprintf(": [%s]", n.str)
		}
		c.add(n.pos, "%s", msg)
		return nil
	}
	if len(n.items) == 0 {
		c.add(n.pos, "%s: an empty list offers the reply nowhere; leave %s out to offer it everywhere", f.name, f.name)
		return nil
	}
	var out []string
	for _, item := range n.items {
		if item.kind != kindString {
			c.add(item.pos, "%s: want a string, not %s", f.name, item.kind.name())
			continue
		}
		if !c.rules(item, f.name, f.rule) {
			continue
		}
		if slices.Contains(out, item.str) {
			c.add(item.pos, "%s: %q is listed twice", f.name, item.str)
			continue
		}
		out = append(out, item.str)
	}
	return out
}

// variables checks the {{variables}} of a text, each problem where the
// variable is written.
func (c *checker) variables(n *node) {
	text := n.str
	for _, p := range Syntax.Scan(text) {
		if msg := checkVariable(p.Name); msg != "" {
			c.add(c.locate(n, text, p.Start, p.End), "%s", msg)
		}
	}
	for _, p := range Syntax.Mistakes(text) {
		c.add(c.locate(n, text, p.Start, p.End), "%s is not a variable: a variable is a name of letters, digits, _ and -, with a dot after its namespace ({{contact.name}}, {{prazo}})",
			text[p.Start:p.End])
	}
}

// locate finds where text[start:end], part of n's value, is written in the
// file: as that piece is the k-th of its kind in the value, the k-th
// occurrence in the source from n's position on. When the source writes it
// otherwise (an escape inside it, a fold across lines), n's position.
func (c *checker) locate(n *node, text string, start, end int) pos {
	piece := text[start:end]
	k := strings.Count(text[:start], piece)
	from := c.offsetOf(n.pos)
	rest := c.src[from:]
	at := 0
	for i := 0; ; i++ {
		j := bytes.Index(rest[at:], []byte(piece))
		if j < 0 {
			return n.pos
		}
		if i == k {
			return c.posOf(from + at + j)
		}
		at += j + len(piece)
	}
}

// offsetOf is the byte offset of a position in the source.
func (c *checker) offsetOf(p pos) int {
	off := 0
	for line := 1; line < p.line && off < len(c.src); line++ {
		i := bytes.IndexByte(c.src[off:], '\n')
		if i < 0 {
			return len(c.src)
		}
		off += i + 1
	}
	for col := 1; col < p.col && off < len(c.src) && c.src[off] != '\n'; col++ {
		_, size := utf8.DecodeRune(c.src[off:])
		off += size
	}
	return off
}

// posOf is the position of a byte offset in the source.
func (c *checker) posOf(off int) pos {
	before := c.src[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	return pos{line: line, col: utf8.RuneCount(before[lineStart:]) + 1}
}
