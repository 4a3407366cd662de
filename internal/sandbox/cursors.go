package sandbox

import "sync"

// pageCursors remembers where pages of contact lists end, so that the next
// page starts after the last id seen, a seek in the index, instead of
// skipping every contact before it with OFFSET: page 1,000 of 100 contacts
// walks 99,900 index entries, and `convo contacts list --all` asks for every
// page in turn. A boundary holds only while the company's contact version
// (contact_stats.version) has not moved; one that went stale is ignored and
// the page is read with OFFSET, so the answer is always what OFFSET gives.
type pageCursors struct {
	mu sync.Mutex
	m  map[cursorKey]cursor
}

// cursorKey names a position in one list: a company's contacts matching one
// filter, after offset of them.
type cursorKey struct {
	company int64
	filter  string // the WHERE clause and its arguments, unambiguously
	offset  int
}

// cursor is the id of the contact at the position (the last one before the
// page that starts there), as of a version of the company's contacts.
type cursor struct {
	version int64
	lastID  int64
}

// maxCursors bounds the boundaries kept: every filter a client invents adds
// some, so the map is emptied when full rather than grow without end.
const maxCursors = 4096

func (c *pageCursors) get(k cursorKey) (cursor, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cur, ok := c.m[k]
	return cur, ok
}

func (c *pageCursors) put(k cursorKey, cur cursor) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxCursors {
		c.m = make(map[cursorKey]cursor)
	}
	c.m[k] = cur
}
