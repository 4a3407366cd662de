package broadcast

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/validate"
)

// The columns (CSV) or keys (JSON Lines) a broadcast reads besides the
// template's variables, which are named as the template names them or by
// their placeholder number.
const (
	colPhone      = "phone"
	colHeaderURL  = "header_url"
	colHeaderText = "header_text"
	// colButton is followed by the button's index: button_0.
	colButton = "button_"
)

// column is what one input column (or JSON key) holds: the phone, a value
// of the template, or nothing a broadcast uses (a CRM export's other data).
type column struct {
	name  string
	phone bool
	slot  *msgtemplate.Slot
}

func (c column) used() bool { return c.phone || c.slot != nil }

// layout reads the rows of one campaign's input into recipients. It is
// read-only once built, and shared by the workers.
type layout struct {
	api     api.Template
	t       *msgtemplate.Template
	shared  *msgtemplate.Values
	country string
	// optionNames names the options in errors: the flags, or a tool's arguments.
	optionNames naming.Names
	// columns are a CSV input's, in the header's order; nil for JSON Lines,
	// whose keys are read row by row.
	columns []column
	// rename are the --map mappings, by column name.
	rename map[string]string
	// unused are the CSV columns the broadcast does not read.
	unused []string
}

// recipient is a row ready to send.
type recipient struct {
	phone string
	key   validate.PhoneKey
	comps []api.SendComponent
}

// rendered is the text of the recipient's message: the template's body
// with its values, as the API's content shows it.
func (l *layout) rendered(r recipient) string {
	return msgtemplate.Content(l.api, r.comps)
}

// target says what the column or key name stands for: an error for a name
// that can only be meant for the template (header_url, header_text,
// button_N) when the template has no such value.
func (l *layout) target(name string) (column, error) {
	col := column{name: name}
	key := strings.TrimSpace(name)
	lower := strings.ToLower(key)
	slots := l.t.Slots()
	find := func(match func(msgtemplate.Slot) bool) *msgtemplate.Slot {
		if i := slices.IndexFunc(slots, match); i >= 0 {
			return &slots[i]
		}
		return nil
	}
	switch {
	case lower == colPhone:
		col.phone = true
		return col, nil
	case lower == colHeaderURL:
		if col.slot = find(func(s msgtemplate.Slot) bool { return s.Kind == msgtemplate.HeaderMedia }); col.slot == nil {
			return col, fmt.Errorf("template %q has no image, video or document header", l.t.Name)
		}
		return col, nil
	case lower == colHeaderText:
		if col.slot = find(func(s msgtemplate.Slot) bool { return s.Kind == msgtemplate.HeaderText }); col.slot == nil {
			return col, fmt.Errorf("template %q has no text header with a placeholder", l.t.Name)
		}
		return col, nil
	case strings.HasPrefix(lower, colButton):
		i, err := strconv.Atoi(lower[len(colButton):])
		if col.slot = find(func(s msgtemplate.Slot) bool { return s.Kind == msgtemplate.ButtonURL && s.Index == i }); err != nil || col.slot == nil {
			return col, fmt.Errorf("template %q has no URL button with a placeholder at index %s", l.t.Name, lower[len(colButton):])
		}
		return col, nil
	}
	// A body variable: by its name, then by the only name that differs in
	// case alone (a spreadsheet's "Nome"), then by its number.
	if col.slot = find(func(s msgtemplate.Slot) bool { return s.Kind == msgtemplate.BodyVariable && s.Name == key }); col.slot != nil {
		return col, nil
	}
	var folded []msgtemplate.Slot
	for _, s := range slots {
		if s.Kind == msgtemplate.BodyVariable && strings.EqualFold(s.Name, key) {
			folded = append(folded, s)
		}
	}
	if len(folded) == 1 {
		col.slot = &folded[0]
		return col, nil
	}
	if n, err := strconv.Atoi(key); err == nil {
		col.slot = find(func(s msgtemplate.Slot) bool { return s.Kind == msgtemplate.BodyVariable && s.Number == n })
	}
	return col, nil
}

// names lists what a column may be named, for messages.
func (l *layout) names() string {
	names := []string{colPhone}
	for _, s := range l.t.Slots() {
		if s.Kind == msgtemplate.BodyVariable && s.Name != strconv.Itoa(s.Number) {
			names = append(names, fmt.Sprintf("%s (or %d)", s.Name, s.Number))
			continue
		}
		names = append(names, columnFor(s))
	}
	return strings.Join(names, ", ")
}

// newLayout decides what each column of a CSV header holds (header nil:
// JSON Lines, whose keys are read row by row): --map first, then the names.
// Every problem is an input error, found before anything is sent: a
// mapping that names no column or nothing a broadcast reads, two columns
// for one value, no phone column, a value of the template that neither a
// column nor a flag gives.
func newLayout(t api.Template, p *msgtemplate.Template, shared *msgtemplate.Values, header []string, maps []bulk.Mapping, country string, n naming.Names) (*layout, error) {
	l := &layout{api: t, t: p, shared: shared, country: country, optionNames: n, rename: map[string]string{}}
	mapping := n.Option("map")
	for _, m := range maps {
		target, err := l.target(m.To)
		if err == nil && !target.used() {
			err = fmt.Errorf("%q is none of the columns a broadcast reads: %s", m.To, l.names())
		}
		if err != nil {
			return nil, clierr.InputErrorf("%s %s=%s: %v", mapping, m.Column, m.To, err)
		}
		l.rename[strings.TrimSpace(m.Column)] = m.To
	}
	if header == nil {
		return l, nil
	}
	for _, m := range maps {
		if !slices.ContainsFunc(header, func(h string) bool { return strings.TrimSpace(h) == m.Column }) {
			return nil, clierr.InputErrorf("%s %s=%s: the header has no column %q; its columns are %s", mapping, m.Column, m.To, m.Column, quoteList(header))
		}
	}
	l.columns = make([]column, len(header))
	holder := map[string]string{} // what a column gives → its name
	for i, h := range header {
		name := strings.TrimSpace(h)
		col, err := l.target(l.renamed(name))
		col.name = name
		if err != nil {
			return nil, clierr.InputErrorf("column %q: %v", name, err)
		}
		if !col.used() {
			if name != "" {
				l.unused = append(l.unused, name)
			}
			continue
		}
		what := colPhone
		if col.slot != nil {
			what = col.slot.String()
		}
		if prev, dup := holder[what]; dup {
			return nil, clierr.InputErrorf("columns %q and %q both give the %s; keep one, or rename one with %s", prev, name, what, mapping)
		}
		holder[what] = name
		l.columns[i] = col
	}
	if _, ok := holder[colPhone]; !ok {
		return nil, clierr.InputErrorf("no phone column: the header has %s; name the column of phone numbers with %s", quoteList(header), mapping+" COLUMN=phone")
	}
	var missing []string
	for _, s := range p.Slots() {
		if _, ok := holder[s.String()]; ok {
			continue
		}
		if _, ok := shared.Get(s); !ok {
			missing = append(missing, fmt.Sprintf("  - %s: a column %s, or %s for every row", s, columnFor(s), s.Give(l.optionNames)))
		}
	}
	if len(missing) > 0 {
		return nil, clierr.InputErrorf("template %q needs %d more %s; nothing was sent. Give each one with:\n%s",
			p.Name, len(missing), english.Plural(len(missing), "value"), strings.Join(missing, "\n"))
	}
	return l, nil
}

// renamed is the name a column is read as: its --map name, or its own.
func (l *layout) renamed(name string) string {
	if to, ok := l.rename[name]; ok {
		return to
	}
	return name
}

// cell is one value of a row and the column it came from.
type cell struct {
	col   column
	value string
}

// parse reads one record into a recipient: the phone normalised, every
// value of the template from the row or, when the row has none, from the
// flags, and the components built from them by msgtemplate, as `messages
// send --template` builds them. Every problem of the row is reported at
// once, each on the column it is about. known is the row's phone when the
// plan has normalised it already (the costliest part of a row), else 0.
func (l *layout) parse(rec bulk.Record, known validate.PhoneKey) (recipient, error) {
	if rec.Err != nil {
		return recipient{}, rec.Err
	}
	cells, err := l.cells(rec)
	if err != nil {
		return recipient{}, err
	}
	var (
		r      recipient
		errs   validate.Errors
		values = l.t.NewValues()
		phone  bool
		from   = map[msgtemplate.Slot]string{} // the column of each value
		bad    = map[msgtemplate.Slot]bool{}   // the values refused
	)
	for _, c := range cells {
		value := strings.TrimSpace(c.value)
		switch {
		case c.col.phone && known != 0:
			phone, r.phone = true, known.String()
		case c.col.phone:
			phone = true
			var err error
			r.phone, err = validate.Phone(c.col.name, value, l.country, l.optionNames)
			errs.Add(err)
		case c.col.slot != nil:
			s := *c.col.slot
			if prev, dup := from[s]; dup {
				errs.Add(&validate.Error{Field: c.col.name, Code: validate.CodeInvalid, Message: fmt.Sprintf("gives the %s, as %s does: keep one", s, prev)})
				continue
			}
			from[s] = c.col.name
			if value == "" {
				continue
			}
			if err := values.Set(s, value); err != nil {
				errs.Add(onColumn(c.col.name, err))
				bad[s] = true
			}
		}
	}
	if !phone {
		errs.Add(&validate.Error{Field: colPhone, Code: validate.CodeRequired, Message: "is required"})
	}
	for _, s := range values.Missing() {
		if bad[s] {
			continue // a wrong value is not made up for by the flag's
		}
		if value, ok := l.shared.Get(s); ok {
			_ = values.Set(s, value) // checked when the flags were read
			continue
		}
		field := cmp.Or(from[s], columnFor(s))
		errs.Add(&validate.Error{Field: field, Code: validate.CodeRequired,
			Message: fmt.Sprintf("is empty: the template's %s needs a value (or give %s for every row)", s, s.Give(l.optionNames))})
	}
	if err := errs.Err(); err != nil {
		return recipient{}, err
	}
	r.key, _ = validate.PackPhone(r.phone)
	r.comps, err = l.t.Components(values)
	return r, err
}

// cells are the values of a record, with what each one gives.
func (l *layout) cells(rec bulk.Record) ([]cell, error) {
	if rec.JSON == nil {
		cells := make([]cell, 0, len(l.columns))
		for i, col := range l.columns {
			if col.used() && i < len(rec.Cells) {
				cells = append(cells, cell{col, rec.Cells[i]})
			}
		}
		return cells, nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(rec.JSON, &obj); err != nil || obj == nil {
		return nil, bulk.InvalidRecord(errors.New("not a JSON object: each line must be one object such as {\"phone\": \"+5511987654321\", \"nome\": \"Ana\"}"))
	}
	if err := bulk.CheckKeys(rec.JSON); err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys) // the same errors, in the same order, every time
	var (
		cells []cell
		errs  validate.Errors
	)
	for _, k := range keys {
		col, err := l.target(l.renamed(k))
		col.name = k
		if err != nil {
			errs.Add(&validate.Error{Field: k, Code: validate.CodeInvalid, Message: err.Error()})
			continue
		}
		if !col.used() {
			continue
		}
		value, err := jsonText(obj[k])
		if err != nil {
			errs.Add(&validate.Error{Field: k, Code: validate.CodeInvalid, Message: err.Error()})
			continue
		}
		cells = append(cells, cell{col, value})
	}
	return cells, errs.Err()
}

// jsonText is a JSON value as a cell: a string as it is, a number as
// written, null as empty.
func jsonText(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	switch {
	case bytes.Equal(raw, []byte("null")):
		return "", nil
	case len(raw) > 0 && raw[0] == '"':
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	case len(raw) > 0 && (raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9'):
		return string(raw), nil
	}
	return "", fmt.Errorf("must be a string or a number (got %s)", raw)
}

// onColumn says that a value's problem is about the column it came from.
func onColumn(name string, err error) error {
	var rule *validate.Error
	if errors.As(err, &rule) {
		return &validate.Error{Field: name, Code: rule.Code, Message: rule.Message}
	}
	return &validate.Error{Field: name, Code: validate.CodeInvalid, Message: err.Error()}
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(strings.TrimSpace(n))
	}
	return strings.Join(q, ", ")
}
