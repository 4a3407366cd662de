package api

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net/http"
	"net/url"
	"strconv"
)

// MaxPerPage is the largest page the API serves.
const MaxPerPage = 100

// Pager walks a paginated list lazily: it fetches a page only when the
// previous one has been consumed, and holds one page at a time.
//
// By default it fetches one page. Follow makes it go on to the last page;
// Limit stops after that many items, fetching further pages as needed.
type Pager[T any] struct {
	c      *Client
	path   string
	query  url.Values
	page   int
	follow bool
	limit  int
	last   Pagination
}

func newPager[T any](c *Client, path string, q url.Values) *Pager[T] {
	page, _ := strconv.Atoi(q.Get("page"))
	return &Pager[T]{c: c, path: path, query: q, page: max(page, 1)}
}

// Follow makes the pager go on through every page when all is true.
func (p *Pager[T]) Follow(all bool) *Pager[T] {
	p.follow = all
	return p
}

// Limit stops the pager after n items (0: no limit). When no page size was
// asked for, pages are sized to fetch no more than needed.
func (p *Pager[T]) Limit(n int) *Pager[T] {
	p.limit = n
	if n > 0 && p.query.Get("per_page") == "" {
		p.query.Set("per_page", strconv.Itoa(min(n, MaxPerPage)))
	}
	return p
}

// Pagination is the pagination of the last page fetched.
func (p *Pager[T]) Pagination() Pagination { return p.last }

// RawPage is one page of a list as the server sent it.
type RawPage struct {
	Items      []json.RawMessage
	Pagination Pagination
}

// RawPages yields the pages, each item exactly as the server encoded it.
// Items past the limit are cut from the last page.
func (p *Pager[T]) RawPages(ctx context.Context) iter.Seq2[*RawPage, error] {
	return func(yield func(*RawPage, error) bool) {
		seen := 0
		for page := p.page; ; page++ {
			q := cloneValues(p.query)
			q.Set("page", strconv.Itoa(page))
			resp, err := p.c.Do(ctx, Request{Method: http.MethodGet, Path: p.path, Query: q})
			if err != nil {
				yield(nil, err)
				return
			}
			rp := &RawPage{}
			if err := decodeInto(resp, &rp.Items); err != nil {
				yield(nil, fmt.Errorf("GET %s: %w", p.path, err))
				return
			}
			if pg := resp.Envelope.Pagination; pg != nil {
				rp.Pagination = *pg
			} else {
				rp.Pagination = Pagination{Total: len(rp.Items), PerPage: len(rp.Items), CurrentPage: page, LastPage: page}
			}
			p.last = rp.Pagination
			if p.limit > 0 && seen+len(rp.Items) > p.limit {
				rp.Items = rp.Items[:p.limit-seen]
			}
			seen += len(rp.Items)
			if !yield(rp, nil) {
				return
			}
			more := p.follow || (p.limit > 0 && seen < p.limit)
			if !more || (p.limit > 0 && seen >= p.limit) || len(rp.Items) == 0 || page >= rp.Pagination.LastPage {
				return
			}
		}
	}
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

func cloneValues(v url.Values) url.Values {
	out := make(url.Values, len(v)+1)
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	return out
}
