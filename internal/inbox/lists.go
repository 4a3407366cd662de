package inbox

import (
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/desk"
	"github.com/convo-cli/convo/internal/resolve"
)

// View is one of the inbox's lists of chats.
type View int

// The views, in the order tab cycles through them.
const (
	Waiting View = iota
	Mine
	Open
	All
	numViews
)

// ViewNames are the names of the views, as --view takes them.
var ViewNames = []string{"waiting", "mine", "open", "all"}

func (v View) String() string { return ViewNames[v] }

// ParseView returns the view named s.
func ParseView(s string) (View, bool) {
	i := slices.Index(ViewNames, s)
	return View(i), i >= 0
}

// chatList is what a view shows: the waiting queue as the follow engine
// last polled it, or the pages of a longer list read so far.
type chatList struct {
	view   View
	filter desk.Filter
	// paged lists are read a page at a time; the waiting queue is read
	// whole by Poll.
	paged bool

	// The waiting queue: the last state, and its chats longest waiting
	// first.
	state  *desk.State
	sorted []api.Chat

	// A paged list: the pages read (from 1), the number of chats the list
	// had when last read, and the pages being read.
	pages   map[int][]api.Chat
	total   int
	loading map[int]bool

	// loaded is set once the list has been read at all; at is when it
	// was last read whole or on screen, err the last failure.
	loaded  bool
	at      time.Time
	err     error
	polling bool
	// stale is set when a chat changed hands since the list was read.
	stale bool
}

func newList(v View, me int64) *chatList {
	l := &chatList{view: v, pages: map[int][]api.Chat{}, loading: map[int]bool{}}
	switch v {
	case Waiting:
		// The filter of `chats follow`: an idle refresh costs what an idle
		// poll of it does.
		l.filter = desk.Filter{Status: "waiting"}
	case Mine:
		l.filter, l.paged = desk.Filter{Attendant: me, Open: new(true)}, true
	case Open:
		l.filter, l.paged = desk.Filter{Open: new(true)}, true
	case All:
		l.paged = true
	}
	return l
}

// len is the number of chats in the list, read or not.
func (l *chatList) len() int {
	if l.paged {
		return l.total
	}
	return len(l.sorted)
}

// at returns the i-th chat of the list and whether it has been read.
func (l *chatList) chat(i int) (api.Chat, bool) {
	if !l.paged {
		if i < 0 || i >= len(l.sorted) {
			return api.Chat{}, false
		}
		return l.sorted[i], true
	}
	page := l.pages[i/desk.PageSize+1]
	if j := i % desk.PageSize; i >= 0 && j < len(page) {
		return page[j], true
	}
	return api.Chat{}, false
}

// each calls f with every chat of the list read.
func (l *chatList) each(f func(api.Chat)) {
	if !l.paged {
		for _, c := range l.sorted {
			f(c)
		}
		return
	}
	for _, p := range l.pages {
		for _, c := range p {
			f(c)
		}
	}
}

// setState takes a poll of the waiting queue.
func (l *chatList) setState(st *desk.State, now time.Time) {
	l.state = st
	chats := slices.Clone(st.Chats)
	slices.SortStableFunc(chats, desk.ByWait)
	l.sorted = make([]api.Chat, len(chats))
	for i, c := range chats {
		l.sorted[i] = c.Listed
	}
	l.loaded, l.at, l.err, l.stale = true, now, nil, false
}

// setPages takes pages just read. When the list's length changed, the
// chats of the other pages have moved: those pages are dropped, to be read
// again when they are reached.
func (l *chatList) setPages(pages map[int]desk.Page, now time.Time) {
	for n, p := range pages {
		if p.Total != l.total {
			l.total = p.Total
			for k := range l.pages {
				if _, fresh := pages[k]; !fresh {
					delete(l.pages, k)
				}
			}
		}
		l.pages[n] = p.Chats
		delete(l.loading, n)
	}
	l.loaded, l.at, l.err, l.stale = true, now, nil, false
}

// missing returns the pages that hold rows [from, to) and are neither read
// nor being read.
func (l *chatList) missing(from, to int) []int {
	var out []int
	if !l.loaded {
		return nil
	}
	for i := max(from, 0); i < min(to, l.total); i += desk.PageSize - i%desk.PageSize {
		n := i/desk.PageSize + 1
		if _, ok := l.pages[n]; !ok && !l.loading[n] {
			out = append(out, n)
		}
	}
	return out
}

// firstMissing is the first page not read nor being read, 0 when every
// page is: a filter reads the rest of a paged list in the background.
func (l *chatList) firstMissing() int {
	if !l.paged || !l.loaded {
		return 0
	}
	for n := 1; (n-1)*desk.PageSize < l.total; n++ {
		if _, ok := l.pages[n]; !ok && !l.loading[n] {
			return n
		}
	}
	return 0
}

// complete reports whether every chat of the list has been read.
func (l *chatList) complete() bool {
	if !l.paged {
		return l.loaded
	}
	read := 0
	for _, p := range l.pages {
		read += len(p)
	}
	return l.loaded && read >= l.total
}

// readCount is how many chats of the list have been read.
func (l *chatList) readCount() int {
	if !l.paged {
		return len(l.sorted)
	}
	n := 0
	for _, p := range l.pages {
		n += len(p)
	}
	return n
}

// matching returns the rows whose contact's name or phone matches query,
// in the list's order, among the chats read.
func (l *chatList) matching(query string) []int {
	q := resolve.Fold(query)
	digits := onlyDigits(query)
	out := []int{} // not nil: nil is no filter at all
	match := func(i int, c api.Chat) {
		if strings.Contains(resolve.Fold(c.Contact.Name), q) || (digits != "" && strings.Contains(c.Contact.Phone, digits)) {
			out = append(out, i)
		}
	}
	if !l.paged {
		for i, c := range l.sorted {
			match(i, c)
		}
		return out
	}
	for _, n := range slices.Sorted(maps.Keys(l.pages)) {
		for j, c := range l.pages[n] {
			match((n-1)*desk.PageSize+j, c)
		}
	}
	return out
}

// indexOf is the row of the chat with token among the chats read, or -1.
func (l *chatList) indexOf(token string) int {
	if token == "" {
		return -1
	}
	if !l.paged {
		return slices.IndexFunc(l.sorted, func(c api.Chat) bool { return c.Token == token })
	}
	for n, p := range l.pages {
		if j := slices.IndexFunc(p, func(c api.Chat) bool { return c.Token == token }); j >= 0 {
			return (n-1)*desk.PageSize + j
		}
	}
	return -1
}

func onlyDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}
