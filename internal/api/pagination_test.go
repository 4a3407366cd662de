package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// pagedServer serves GET /api/v1/tags from total tags, paginated like the
// API, and records the page and per_page of every request.
type pagedServer struct {
	total          int
	omitPagination bool // answer without the pagination object
	ignorePerPage  bool // always serve pages of 10, whatever was asked
	emptyPage      int  // serve this page empty although pagination promises more
	failPage       int  // answer this page with a 500
	growBy         int  // add this many items to the list after each request
	shrinkTo       int  // after the first request, the list has this many items
	ignorePage     bool // serve the first page whatever page is asked for

	mu       sync.Mutex
	pages    []int
	perPages []string
}

// item is the JSON of tag id as the server encodes it, spacing included.
func (s *pagedServer) item(id int) string {
	return fmt.Sprintf(`{"id": %d,  "text":"tag %d","emoji":null,"color":"#000000","created_at":"2024-03-01T00:00:00.000000Z"}`, id, id)
}

func (s *pagedServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	page, err := strconv.Atoi(q.Get("page"))
	if err != nil {
		http.Error(w, "page: "+err.Error(), http.StatusBadRequest)
		return
	}
	perPage := 10
	if v := q.Get("per_page"); v != "" && !s.ignorePerPage {
		perPage, _ = strconv.Atoi(v)
	}
	s.mu.Lock()
	s.pages = append(s.pages, page)
	s.perPages = append(s.perPages, q.Get("per_page"))
	requests, total := len(s.pages), s.total
	s.total += s.growBy
	if s.shrinkTo > 0 {
		s.total = s.shrinkTo
	}
	s.mu.Unlock()

	if page == s.failPage || requests > 20 {
		// More than 20 requests: a walk that does not end.
		writeJSON(w, 500, `{"success":false,"message":"Erro interno."}`)
		return
	}
	served := page
	if s.ignorePage {
		served = 1
	}
	var items []string
	for id := (served-1)*perPage + 1; id <= min(served*perPage, total) && page != s.emptyPage; id++ {
		items = append(items, s.item(id))
	}
	body := `{"success":true,"data":[` + "\n  " + strings.Join(items, ",\n  ") + "\n]"
	if !s.omitPagination {
		lastPage := max((total+perPage-1)/perPage, 1)
		body += fmt.Sprintf(`,"pagination":{"total":%d,"per_page":%d,"current_page":%d,"last_page":%d}`, total, perPage, page, lastPage)
	}
	writeJSON(w, 200, body+"}")
}

func (s *pagedServer) requested() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.pages)
}

func newPagedClient(t *testing.T, s *pagedServer) *Client {
	t.Helper()
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	c, _ := newTestClient(t, srv.URL, func(o *Options) { o.MaxRetries = 0 })
	return c
}

func tagIDs(tags []Tag) []int64 {
	ids := make([]int64, len(tags))
	for i, tag := range tags {
		ids[i] = tag.ID
	}
	return ids
}

func idRange(from, to int64) []int64 {
	var ids []int64
	for id := from; id <= to; id++ {
		ids = append(ids, id)
	}
	return ids
}

// TestPagerIsLazy checks that a page is fetched only when the items before
// it have been consumed, and that leaving the loop early fetches no more.
func TestPagerIsLazy(t *testing.T) {
	iterators := map[string]func(p *Pager[Tag], ctx context.Context, each func(i int) bool) error{
		"Raw": func(p *Pager[Tag], ctx context.Context, each func(i int) bool) error {
			i := 0
			for _, err := range p.Raw(ctx) {
				if err != nil || !each(i) {
					return err
				}
				i++
			}
			return nil
		},
		"All": func(p *Pager[Tag], ctx context.Context, each func(i int) bool) error {
			i := 0
			for _, err := range p.All(ctx) {
				if err != nil || !each(i) {
					return err
				}
				i++
			}
			return nil
		},
	}
	for name, iterate := range iterators {
		t.Run(name, func(t *testing.T) {
			s := &pagedServer{total: 25}
			c := newPagedClient(t, s)
			pager := c.ListTags(TagListParams{ListOptions: ListOptions{PerPage: 10}}).Follow(true)
			err := iterate(pager, context.Background(), func(i int) bool {
				want := []int{1}
				if i >= 10 {
					want = []int{1, 2}
				}
				if got := s.requested(); !slices.Equal(got, want) {
					t.Errorf("at item %d the server has seen pages %v, want %v", i, got, want)
				}
				return i < 12 // leave the loop on page 2
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := s.requested(); !slices.Equal(got, []int{1, 2}) {
				t.Errorf("after leaving the loop the server has seen pages %v, want [1 2]", got)
			}
		})
	}
}

func TestPagerPages(t *testing.T) {
	tests := []struct {
		name         string
		server       *pagedServer
		pager        func(c *Client) *Pager[Tag]
		wantIDs      []int64
		wantPages    []int
		wantPerPage  string // per_page of every request
		wantPageInfo Pagination
	}{
		{
			name:   "one page by default",
			server: &pagedServer{total: 25},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{ListOptions: ListOptions{PerPage: 10}})
			},
			wantIDs: idRange(1, 10), wantPages: []int{1}, wantPerPage: "10",
			wantPageInfo: Pagination{Total: 25, PerPage: 10, CurrentPage: 1, LastPage: 3},
		},
		{
			name:   "follow reads every page",
			server: &pagedServer{total: 25},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{ListOptions: ListOptions{PerPage: 10}}).Follow(true)
			},
			wantIDs: idRange(1, 25), wantPages: []int{1, 2, 3}, wantPerPage: "10",
			wantPageInfo: Pagination{Total: 25, PerPage: 10, CurrentPage: 3, LastPage: 3},
		},
		{
			name:   "follow from a given page",
			server: &pagedServer{total: 25},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{ListOptions: ListOptions{Page: 2, PerPage: 10}}).Follow(true)
			},
			wantIDs: idRange(11, 25), wantPages: []int{2, 3}, wantPerPage: "10",
			wantPageInfo: Pagination{Total: 25, PerPage: 10, CurrentPage: 3, LastPage: 3},
		},
		{
			name:   "limit across pages",
			server: &pagedServer{total: 35},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{ListOptions: ListOptions{PerPage: 10}}).Limit(25)
			},
			wantIDs: idRange(1, 25), wantPages: []int{1, 2, 3}, wantPerPage: "10",
			wantPageInfo: Pagination{Total: 35, PerPage: 10, CurrentPage: 3, LastPage: 4},
		},
		{
			name:   "limit with follow",
			server: &pagedServer{total: 35},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{ListOptions: ListOptions{PerPage: 10}}).Follow(true).Limit(20)
			},
			wantIDs: idRange(1, 20), wantPages: []int{1, 2}, wantPerPage: "10",
			wantPageInfo: Pagination{Total: 35, PerPage: 10, CurrentPage: 2, LastPage: 4},
		},
		{
			name:   "limit sizes the page",
			server: &pagedServer{total: 35},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{}).Limit(5)
			},
			wantIDs: idRange(1, 5), wantPages: []int{1}, wantPerPage: "5",
			wantPageInfo: Pagination{Total: 35, PerPage: 5, CurrentPage: 1, LastPage: 7},
		},
		{
			name:   "limit above the maximum page size",
			server: &pagedServer{total: 150},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{}).Limit(120)
			},
			wantIDs: idRange(1, 120), wantPages: []int{1, 2}, wantPerPage: "100",
			wantPageInfo: Pagination{Total: 150, PerPage: 100, CurrentPage: 2, LastPage: 2},
		},
		{
			name:   "limit beyond the list",
			server: &pagedServer{total: 25},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{ListOptions: ListOptions{PerPage: 10}}).Limit(1000)
			},
			wantIDs: idRange(1, 25), wantPages: []int{1, 2, 3}, wantPerPage: "10",
			wantPageInfo: Pagination{Total: 25, PerPage: 10, CurrentPage: 3, LastPage: 3},
		},
		{
			name:   "limit with a server that serves more than asked",
			server: &pagedServer{total: 35, ignorePerPage: true},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{}).Limit(5)
			},
			wantIDs: idRange(1, 5), wantPages: []int{1}, wantPerPage: "5",
			wantPageInfo: Pagination{Total: 35, PerPage: 10, CurrentPage: 1, LastPage: 4},
		},
		{
			name:   "no pagination object: a single page",
			server: &pagedServer{total: 25, omitPagination: true},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{ListOptions: ListOptions{PerPage: 10}}).Follow(true)
			},
			wantIDs: idRange(1, 10), wantPages: []int{1}, wantPerPage: "10",
			wantPageInfo: Pagination{Total: 10, PerPage: 10, CurrentPage: 1, LastPage: 1},
		},
		{
			name:   "an empty page ends the list",
			server: &pagedServer{total: 35, emptyPage: 2},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{ListOptions: ListOptions{PerPage: 10}}).Follow(true)
			},
			wantIDs: idRange(1, 10), wantPages: []int{1, 2}, wantPerPage: "10",
			wantPageInfo: Pagination{Total: 35, PerPage: 10, CurrentPage: 2, LastPage: 4},
		},
		{
			name:   "empty list",
			server: &pagedServer{total: 0},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{}).Follow(true)
			},
			wantIDs: []int64{}, wantPages: []int{1}, wantPerPage: "100",
			wantPageInfo: Pagination{Total: 0, PerPage: 100, CurrentPage: 1, LastPage: 1},
		},
		{
			name:   "follow without a size asks for the largest pages",
			server: &pagedServer{total: 250},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{}).Follow(true)
			},
			wantIDs: idRange(1, 250), wantPages: []int{1, 2, 3}, wantPerPage: "100",
			wantPageInfo: Pagination{Total: 250, PerPage: 100, CurrentPage: 3, LastPage: 3},
		},
		{
			name:   "follow from a given page keeps the server's size",
			server: &pagedServer{total: 25},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{ListOptions: ListOptions{Page: 2}}).Follow(true)
			},
			wantIDs: idRange(11, 25), wantPages: []int{2, 3}, wantPerPage: "",
			wantPageInfo: Pagination{Total: 25, PerPage: 10, CurrentPage: 3, LastPage: 3},
		},
		{
			name:   "a list that grows meanwhile is read to the last page it first had",
			server: &pagedServer{total: 25, growBy: 10},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{ListOptions: ListOptions{PerPage: 10}}).Follow(true)
			},
			wantIDs: idRange(1, 30), wantPages: []int{1, 2, 3}, wantPerPage: "10",
			wantPageInfo: Pagination{Total: 45, PerPage: 10, CurrentPage: 3, LastPage: 5},
		},
		{
			name:   "a list that grows from a given page",
			server: &pagedServer{total: 25, growBy: 10},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{ListOptions: ListOptions{Page: 2, PerPage: 10}}).Follow(true)
			},
			wantIDs: idRange(11, 30), wantPages: []int{2, 3}, wantPerPage: "10",
			wantPageInfo: Pagination{Total: 35, PerPage: 10, CurrentPage: 3, LastPage: 4},
		},
		{
			name:   "a list that shrinks meanwhile ends at its new last page",
			server: &pagedServer{total: 45, shrinkTo: 15},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{ListOptions: ListOptions{PerPage: 10}}).Follow(true)
			},
			wantIDs: idRange(1, 15), wantPages: []int{1, 2}, wantPerPage: "10",
			wantPageInfo: Pagination{Total: 15, PerPage: 10, CurrentPage: 2, LastPage: 2},
		},
		{
			name:   "a limit from a given page keeps the page size",
			server: &pagedServer{total: 35},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{ListOptions: ListOptions{Page: 2}}).Limit(3)
			},
			wantIDs: idRange(11, 13), wantPages: []int{2}, wantPerPage: "",
			wantPageInfo: Pagination{Total: 35, PerPage: 10, CurrentPage: 2, LastPage: 4},
		},
		{
			name:   "a limit from the first page given as such",
			server: &pagedServer{total: 35},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{ListOptions: ListOptions{Page: 1}}).Limit(3)
			},
			wantIDs: idRange(1, 3), wantPages: []int{1}, wantPerPage: "3",
			wantPageInfo: Pagination{Total: 35, PerPage: 3, CurrentPage: 1, LastPage: 12},
		},
		{
			name:   "follow without a size and a limit",
			server: &pagedServer{total: 250},
			pager: func(c *Client) *Pager[Tag] {
				return c.ListTags(TagListParams{}).Follow(true).Limit(30)
			},
			wantIDs: idRange(1, 30), wantPages: []int{1}, wantPerPage: "30",
			wantPageInfo: Pagination{Total: 250, PerPage: 30, CurrentPage: 1, LastPage: 9},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.server
			c := newPagedClient(t, s)
			pager := tt.pager(c)
			tags, err := pager.Collect(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if got := tagIDs(tags); !slices.Equal(got, tt.wantIDs) {
				t.Errorf("ids %v, want %v", got, tt.wantIDs)
			}
			if got := s.requested(); !slices.Equal(got, tt.wantPages) {
				t.Errorf("pages requested %v, want %v", got, tt.wantPages)
			}
			for _, pp := range s.perPages {
				if pp != tt.wantPerPage {
					t.Errorf("per_page %q sent, want %q", pp, tt.wantPerPage)
				}
			}
			if got := pager.Pagination(); got != tt.wantPageInfo {
				t.Errorf("Pagination() = %+v, want %+v", got, tt.wantPageInfo)
			}
		})
	}
}

// TestRawPages checks each page's pagination, the cut of the last page at
// the limit, and that items come byte for byte as the server sent them.
func TestRawPages(t *testing.T) {
	s := &pagedServer{total: 35}
	c := newPagedClient(t, s)
	var (
		infos []Pagination
		sizes []int
		id    int
	)
	for page, err := range c.ListTags(TagListParams{ListOptions: ListOptions{PerPage: 10}}).Limit(25).RawPages(context.Background()) {
		if err != nil {
			t.Fatal(err)
		}
		infos = append(infos, page.Pagination)
		sizes = append(sizes, len(page.Items))
		for _, item := range page.Items {
			id++
			if string(item) != s.item(id) {
				t.Errorf("item %d is\n%s\nwant it as the server sent it:\n%s", id, item, s.item(id))
			}
		}
	}
	if !slices.Equal(sizes, []int{10, 10, 5}) {
		t.Errorf("page sizes %v, want [10 10 5]", sizes)
	}
	for i, info := range infos {
		if want := (Pagination{Total: 35, PerPage: 10, CurrentPage: i + 1, LastPage: 4}); info != want {
			t.Errorf("page %d pagination %+v, want %+v", i+1, info, want)
		}
	}
	if got := s.requested(); !slices.Equal(got, []int{1, 2, 3}) {
		t.Errorf("pages requested %v, want [1 2 3]: page 4 is past the limit", got)
	}
}

func TestRawItemsAreVerbatim(t *testing.T) {
	s := &pagedServer{total: 15}
	c := newPagedClient(t, s)
	id := 0
	for item, err := range c.ListTags(TagListParams{}).Follow(true).Raw(context.Background()) {
		if err != nil {
			t.Fatal(err)
		}
		id++
		if string(item) != s.item(id) {
			t.Errorf("item %d is\n%s\nwant\n%s", id, item, s.item(id))
		}
	}
	if id != 15 {
		t.Errorf("%d items, want 15", id)
	}
}

// TestPagerErrorAfterItems checks that a failing page 2 comes as an error
// after the items of page 1, and ends the iteration.
func TestPagerErrorAfterItems(t *testing.T) {
	s := &pagedServer{total: 35, failPage: 2}
	c := newPagedClient(t, s)
	var (
		ids    []int64
		errs   []error
		yields int
	)
	for tag, err := range c.ListTags(TagListParams{ListOptions: ListOptions{PerPage: 10}}).Follow(true).All(context.Background()) {
		yields++
		if err != nil {
			errs = append(errs, err)
			continue
		}
		ids = append(ids, tag.ID)
	}
	if !slices.Equal(ids, idRange(1, 10)) {
		t.Errorf("ids before the error %v, want 1..10", ids)
	}
	var apiErr *Error
	if len(errs) != 1 || !errors.As(errs[0], &apiErr) || apiErr.StatusCode != 500 || apiErr.Message != "Erro interno." {
		t.Fatalf("errors %v, want one 500", errs)
	}
	if yields != 11 {
		t.Errorf("%d yields, want the 10 items and the error", yields)
	}
	if got := s.requested(); !slices.Equal(got, []int{1, 2}) {
		t.Errorf("pages requested %v, want [1 2]", got)
	}

	partial, err := c.ListTags(TagListParams{ListOptions: ListOptions{PerPage: 10}}).Follow(true).Collect(context.Background())
	if !errors.As(err, &apiErr) || len(partial) != 10 {
		t.Errorf("Collect = %d items, %v; want the 10 of page 1 and the error", len(partial), err)
	}
}

// TestPagerStopsAtARepeatedPage: a server that ignores the page number,
// and promises page after page, would have the same items printed
// forever; the walk stops with an error after the first page's items.
func TestPagerStopsAtARepeatedPage(t *testing.T) {
	for _, lastPage := range []int{3, 1000} {
		s := &pagedServer{total: lastPage * 10, ignorePage: true}
		c := newPagedClient(t, s)
		tags, err := c.ListTags(TagListParams{ListOptions: ListOptions{PerPage: 10}}).Follow(true).Collect(context.Background())
		want := "GET /tags: page 2 holds the same 10 items as page 1: the server seems to ignore the page number, so the list was not read to its end"
		if err == nil || err.Error() != want {
			t.Errorf("last page %d: error %v, want %q", lastPage, err, want)
		}
		if got := tagIDs(tags); !slices.Equal(got, idRange(1, 10)) {
			t.Errorf("last page %d: ids %v, want the first page's once", lastPage, got)
		}
		if got := s.requested(); !slices.Equal(got, []int{1, 2}) {
			t.Errorf("last page %d: pages requested %v, want [1 2]", lastPage, got)
		}
	}
}

// TestPageTooLarge: a page larger than the client reads says so and how to
// read the list anyway.
func TestPageTooLarge(t *testing.T) {
	srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"success":true,"data":[{"id":1,"text":"`))
		_, _ = w.Write(bytes.Repeat([]byte("a"), MaxResponseBytes))
		_, _ = w.Write([]byte(`"}]}`))
	})
	c, _ := newTestClient(t, srv.URL)
	tests := []struct {
		params  TagListParams
		follow  bool
		perPage int
		want    string
	}{
		{TagListParams{}, true, 100, "ask for smaller pages with --per-page 50"},
		{TagListParams{ListOptions: ListOptions{PerPage: 7}}, false, 7, "ask for smaller pages with --per-page 3"},
		{TagListParams{ListOptions: ListOptions{PerPage: 1}}, false, 1, "ask for smaller pages with --per-page 1"},
		{TagListParams{ListOptions: ListOptions{Page: 2}}, false, 0, "ask for smaller pages with --per-page 10"},
	}
	for _, tt := range tests {
		_, err := c.ListTags(tt.params).Follow(tt.follow).Collect(context.Background())
		var tooLarge *PageTooLargeError
		want := "GET /tags: read response (HTTP 200): response body larger than 32 MiB: " + tt.want
		if !errors.As(err, &tooLarge) || tooLarge.PerPage != tt.perPage || err.Error() != want || !errors.Is(err, ErrResponseTooLarge) {
			t.Errorf("%+v: error %v, want %q", tt.params, err, want)
		}
	}
}

func TestPagerBadData(t *testing.T) {
	tests := []struct {
		name string
		body string
		want string
	}{
		{"data not a list", `{"success":true,"data":{"id":1}}`, "GET /tags: the data of the answer is not a list"},
		{"item of the wrong shape", `{"success":true,"data":[{"id":"one"}]}`, "GET /tags: decode item"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
				writeJSON(w, 200, tt.body)
			})
			c, _ := newTestClient(t, srv.URL)
			_, err := c.ListTags(TagListParams{}).Collect(context.Background())
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one starting %q", err, tt.want)
			}
		})
	}
}

// TestPagerItemsDecodeLikeRaw checks that All and Raw agree item for item.
func TestPagerItemsDecodeLikeRaw(t *testing.T) {
	s := &pagedServer{total: 3}
	c := newPagedClient(t, s)
	tags, err := c.ListTags(TagListParams{}).Collect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	for raw, err := range c.ListTags(TagListParams{}).Raw(context.Background()) {
		if err != nil {
			t.Fatal(err)
		}
		var want Tag
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatal(err)
		}
		if tags[i] != want || tags[i].Text != fmt.Sprintf("tag %d", i+1) || !tags[i].CreatedAt.Equal(at(2024, 3, 1, 0, 0, 0, 0)) {
			t.Errorf("item %d decoded as %+v, want %+v", i, tags[i], want)
		}
		i++
	}
}
