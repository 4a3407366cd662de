package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"iter"
	"net/http"
	"net/url"
	"strconv"

	"github.com/convo-cli/convo/internal/jsonstring"
)

// MaxPerPage is the largest page the API serves.
const MaxPerPage = 100

// Pager walks a paginated list lazily: it fetches a page only when the
// previous one has been consumed, and holds one page at a time.
//
// By default it fetches one page. Follow makes it go on to the last page;
// Limit stops after that many items, fetching further pages as needed.
//
// Every walk ends, whatever the server says: it stops at the last page that
// the first page reported (a list that grows meanwhile is read as it was
// when the walk began; one that shrinks ends sooner), at an empty page, and
// with an error at a page that holds the same items as the one before it,
// which a server that ignores the page number sends forever.
type Pager[T any] struct {
	c      *Client
	path   string
	query  url.Values
	page   int
	follow bool
	limit  int
	last   Pagination
	// autoSize is true when the pager chose per_page itself (see Follow).
	autoSize bool
}

// List walks any list: path is relative to the API prefix and already
// escaped, q is its query, whose page (if any) is where the walk starts.
// Items come as the server encoded them.
func (c *Client) List(path string, q url.Values) *Pager[json.RawMessage] {
	return newPager[json.RawMessage](c, path, cloneValues(q))
}

func newPager[T any](c *Client, path string, q url.Values) *Pager[T] {
	page, _ := strconv.Atoi(q.Get("page"))
	return &Pager[T]{c: c, path: path, query: q, page: max(page, 1)}
}

// Follow makes the pager go on through every page when all is true. When
// no page size was asked for and the walk starts at the first page, pages
// are as large as the API serves: the same items in a fifth of the requests.
func (p *Pager[T]) Follow(all bool) *Pager[T] {
	p.follow = all
	if all && p.page == 1 && p.query.Get("per_page") == "" {
		p.query.Set("per_page", strconv.Itoa(MaxPerPage))
		p.autoSize = true
	}
	return p
}

// Limit stops the pager after n items (0: no limit). When no page size was
// asked for and the walk starts at the first page, pages are sized to fetch
// no more than needed; from a later page on, the page size stays, so that
// page N is the page N a user asked for.
func (p *Pager[T]) Limit(n int) *Pager[T] {
	p.limit = n
	if n > 0 && p.page == 1 && (p.query.Get("per_page") == "" || p.autoSize) {
		p.query.Set("per_page", strconv.Itoa(min(n, MaxPerPage)))
	}
	return p
}

// Pagination is the pagination of the last page fetched.
func (p *Pager[T]) Pagination() Pagination { return p.last }

// RawPage is one page of a list as the server sent it. Its items are valid
// JSON: the client decoded, and so checked, the whole answer first.
type RawPage struct {
	Items      []json.RawMessage
	Pagination Pagination
}

// RawPages yields the pages, each item exactly as the server encoded it.
// Items past the limit are cut from the last page.
func (p *Pager[T]) RawPages(ctx context.Context) iter.Seq2[*RawPage, error] {
	return func(yield func(*RawPage, error) bool) {
		var (
			seen     int
			lastPage int // the last page the first page reported
			seed     = maphash.MakeSeed()
			previous uint64 // the hash of the previous page's items
		)
		for page := p.page; ; page++ {
			q := cloneValues(p.query)
			q.Set("page", strconv.Itoa(page))
			resp, err := p.c.Do(ctx, Request{Method: http.MethodGet, Path: p.path, Query: q})
			if errors.Is(err, ErrResponseTooLarge) {
				perPage, _ := strconv.Atoi(q.Get("per_page"))
				err = &PageTooLargeError{Err: err, PerPage: perPage}
			}
			if err != nil {
				yield(nil, err)
				return
			}
			rp := &RawPage{}
			var ok bool
			// No data, or null, is an empty page.
			if rp.Items, ok = splitArray(resp.Envelope.Data); !ok && !isNull(resp.Envelope.Data) {
				yield(nil, fmt.Errorf("GET %s: the data of the answer is not a list", p.path))
				return
			}
			if pg := resp.Envelope.Pagination; pg != nil {
				rp.Pagination = *pg
			} else {
				rp.Pagination = Pagination{Total: len(rp.Items), PerPage: len(rp.Items), CurrentPage: page, LastPage: page}
			}
			if page == p.page {
				lastPage = rp.Pagination.LastPage
			} else if h := hashItems(seed, rp.Items); len(rp.Items) > 0 && h == previous {
				yield(nil, fmt.Errorf("GET %s: page %d holds the same %d items as page %d: the server seems to ignore the page number, so the list was not read to its end",
					p.path, page, len(rp.Items), page-1))
				return
			}
			previous = hashItems(seed, rp.Items)
			p.last = rp.Pagination
			if p.limit > 0 && seen+len(rp.Items) > p.limit {
				rp.Items = rp.Items[:p.limit-seen]
			}
			seen += len(rp.Items)
			if !yield(rp, nil) {
				return
			}
			more := p.follow || (p.limit > 0 && seen < p.limit)
			if !more || (p.limit > 0 && seen >= p.limit) || len(rp.Items) == 0 ||
				page >= min(lastPage, rp.Pagination.LastPage) {
				return
			}
		}
	}
}

// hashItems sums up a page's items, to tell a page that repeats the one
// before it without holding both.
func hashItems(seed maphash.Seed, items []json.RawMessage) uint64 {
	var h maphash.Hash
	h.SetSeed(seed)
	for _, item := range items {
		h.Write(item)
		h.WriteByte(0) // items never hold a NUL byte: it ends each one
	}
	return h.Sum64()
}

// PageTooLargeError is a page of a list whose answer is larger than
// MaxResponseBytes: smaller pages can still be read.
type PageTooLargeError struct {
	Err error
	// PerPage is the page size asked for, 0 when the server chose it.
	PerPage int
}

func (e *PageTooLargeError) Error() string {
	return fmt.Sprintf("%v: ask for smaller pages with --per-page %d", e.Err, e.Smaller())
}

func (e *PageTooLargeError) Unwrap() error { return e.Err }

// Smaller is a page size to try instead: half the one asked for.
func (e *PageTooLargeError) Smaller() int {
	if e.PerPage == 0 {
		return 10
	}
	return max(e.PerPage/2, 1)
}

// Raw yields every item exactly as the server encoded it.
func (p *Pager[T]) Raw(ctx context.Context) iter.Seq2[json.RawMessage, error] {
	return func(yield func(json.RawMessage, error) bool) {
		for page, err := range p.RawPages(ctx) {
			if err != nil {
				yield(nil, err)
				return
			}
			for _, item := range page.Items {
				if !yield(item, nil) {
					return
				}
			}
		}
	}
}

// All yields every item decoded.
func (p *Pager[T]) All(ctx context.Context) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		for raw, err := range p.Raw(ctx) {
			if err != nil {
				yield(zero, err)
				return
			}
			var v T
			if err := json.Unmarshal(raw, &v); err != nil {
				yield(zero, fmt.Errorf("GET %s: decode item: %w", p.path, err))
				return
			}
			if !yield(v, nil) {
				return
			}
		}
	}
}

// Collect gathers every item the pager yields; meant for short lists.
func (p *Pager[T]) Collect(ctx context.Context) ([]T, error) {
	var out []T
	for v, err := range p.All(ctx) {
		if err != nil {
			return out, err
		}
		out = append(out, v)
	}
	return out, nil
}

// splitArray cuts a JSON array into its elements without decoding them. The
// array must be valid JSON, as the data of a response is: the envelope was
// decoded, and so checked, whole. Splitting on the commas outside strings
// and brackets takes one cheap pass, where json.Unmarshal into
// []json.RawMessage would check every byte again and then scan it once more.
// ok is false when data is not an array.
func splitArray(data json.RawMessage) (items []json.RawMessage, ok bool) {
	data = bytes.TrimSpace(data)
	if len(data) < 2 || data[0] != '[' {
		return nil, false
	}
	items = []json.RawMessage{}
	depth, start := 0, 1
	for i := 1; i < len(data)-1; i++ {
		switch data[i] {
		case '"':
			i = jsonstring.End(data, i) - 1
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case ',':
			if depth == 0 {
				items = append(items, bytes.TrimSpace(data[start:i]))
				start = i + 1
			}
		}
	}
	if last := bytes.TrimSpace(data[start : len(data)-1]); len(last) > 0 {
		items = append(items, last)
	}
	return items, true
}

func cloneValues(v url.Values) url.Values {
	out := make(url.Values, len(v)+1)
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	return out
}
