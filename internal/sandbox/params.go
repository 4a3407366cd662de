package sandbox

import (
	"fmt"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/validate"
)

// Page sizes of the specification.
const (
	defaultPerPage     = 20
	defaultPerPageTags = 50
)

// params reads the query string of a list, collecting every bad value so that
// all of them are reported at once.
type params struct {
	q    url.Values
	errs validate.Errors
}

func newParams(r *http.Request) *params { return &params{q: r.URL.Query()} }

// err returns the collected violations, or nil.
func (p *params) err() error { return p.errs.Err() }

// text returns a trimmed filter value; "" means no filter. A value that is
// not UTF-8 text, or holds a NUL, is refused: it could match nothing.
func (p *params) text(name string) string {
	v := strings.TrimSpace(p.q.Get(name))
	if !utf8.ValidString(v) || strings.IndexByte(v, 0) >= 0 {
		p.errs.Add(invalid(name, "must be UTF-8 text without NUL characters"))
		return ""
	}
	return v
}

// enum returns a filter value that must be one of allowed.
func (p *params) enum(name string, allowed []string) string {
	v := p.text(name)
	if v != "" {
		p.errs.Add(validate.OneOf(name, v, allowed))
	}
	return v
}

// boolean returns a true/false filter, nil when absent.
func (p *params) boolean(name string) *bool {
	v := p.text(name)
	if v == "" {
		return nil
	}
	b, err := validate.ParseBool(name, v)
	if err != nil {
		p.errs.Add(err)
		return nil
	}
	return &b
}

// id returns a filter holding an id, 0 when absent.
func (p *params) id(name string) int64 {
	v := p.text(name)
	if v == "" {
		return 0
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 1 {
		p.errs.Add(invalid(name, fmt.Sprintf("must be a positive integer id (got %q)", v)))
		return 0
	}
	return n
}

// contactRef is a contact as the contact filter of GET /chats names it: by
// id or by phone. The zero value is no filter; none is a filter that
// matches no contact.
type contactRef struct {
	id    int64
	phone string // normalised
	none  bool
}

// contact reads a filter holding a contact id or phone, as convo reads a
// contact reference (validate.ContactReference, without a default
// country). A value that is neither names no contact: it matches nothing,
// as an id no contact has does.
func (p *params) contact(name string) contactRef {
	v := p.text(name)
	if v == "" {
		return contactRef{}
	}
	r, err := validate.ContactReference(name, v, "", naming.API)
	if err != nil {
		return contactRef{none: true}
	}
	return contactRef{id: r.ID, phone: r.Phone}
}

// integer reads a page parameter, def when absent.
func (p *params) integer(name string, def int) (int, bool) {
	v := p.text(name)
	if v == "" {
		return def, true
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		p.errs.Add(invalid(name, fmt.Sprintf("must be an integer (got %q)", v)))
		return def, false
	}
	return n, true
}

// page reads page and per_page.
func (p *params) page(defaultSize int) page {
	number, ok := p.integer("page", 1)
	if ok {
		p.errs.Add(validate.Page(number))
	}
	size, ok := p.integer("per_page", defaultSize)
	if ok {
		p.errs.Add(validate.PerPage(size))
	}
	return page{number: number, size: size}
}

// page is the slice of a list a request asks for.
type page struct {
	number, size int
}

// pagination describes the page within total items; inRange is false for a
// page past the end, which has no items (and whose offset could overflow).
func (pg page) pagination(total int) (pag *api.Pagination, offset int, inRange bool) {
	last := max(1, (total+pg.size-1)/pg.size)
	pag = &api.Pagination{Total: total, PerPage: pg.size, CurrentPage: pg.number, LastPage: last}
	if pg.number > last {
		return pag, 0, false
	}
	return pag, (pg.number - 1) * pg.size, true
}

// offset is the number of items before the page; a page too far for an int
// to count is past any end.
func (pg page) offset() int {
	if pg.number-1 > math.MaxInt/pg.size {
		return math.MaxInt
	}
	return (pg.number - 1) * pg.size
}

// where builds the WHERE clause of a list query.
type where struct {
	conds []string
	args  []any
}

func (w *where) add(cond string, args ...any) {
	w.conds = append(w.conds, cond)
	w.args = append(w.args, args...)
}

func (w *where) String() string {
	if len(w.conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(w.conds, " AND ")
}
