package sandbox

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/validate"
)

func listCustomFields(st *Store) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		p := newParams(r)
		pg := p.page(defaultPerPage)
		f := customFieldFilter{name: p.text("name"), typ: p.enum("type", validate.CustomFieldTypes), active: p.boolean("is_active")}
		if err := p.err(); err != nil {
			return reply{}, err
		}
		items, pag, err := st.listCustomFields(r.Context(), c.company, f, pg)
		return listed(items, pag), err
	}
}

// phoneDigits drops the punctuation people write in phone numbers, for the
// partial-match filters on phones.
func phoneDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(" +-().", r) {
			return -1
		}
		return r
	}, s)
}

func listContacts(st *Store) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		p := newParams(r)
		pg := p.page(defaultPerPage)
		f := contactFilter{name: p.text("name"), phone: phoneDigits(p.text("phone")), tag: p.id("tag"), blocked: p.boolean("blocked")}
		if err := p.err(); err != nil {
			return reply{}, err
		}
		items, pag, err := st.listContacts(r.Context(), c.company, f, pg)
		return listed(items, pag), err
	}
}

func getContact(st *Store) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		id, err := pathID(r, msgContactNotFound)
		if err != nil {
			return reply{}, err
		}
		ct, err := st.contact(r.Context(), c.company, id)
		return ok(ct), err
	}
}

func createContact(st *Store, now func() time.Time) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		var body api.ContactCreate
		if err := decode(r, &body); err != nil {
			return reply{}, err
		}
		var errs validate.Errors
		phone, err := validate.Phone("phone", body.Phone, "", naming.API)
		errs.Add(err)
		errs.Add(checkText("name", body.Name, maxContactName))
		fields, err := customFieldValues(r.Context(), st, c.company, body.CustomFields, &errs)
		if err != nil {
			return reply{}, err
		}
		if err := errs.Err(); err != nil {
			return reply{}, err
		}
		in := contactInput{phone: phone, name: &body.Name, blocked: body.Blocked, fields: fields}
		if body.Tags != nil {
			in.tags = &body.Tags
		}
		ct, err := st.createContact(r.Context(), c.company, in, now())
		return created("Contato criado com sucesso.", ct), err
	}
}

// phoneProbe finds a phone in a contact update, which cannot change it.
type phoneProbe struct {
	Phone json.RawMessage `json:"phone"`
}

func updateContact(st *Store, now func() time.Time) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		id, err := pathID(r, msgContactNotFound)
		if err == nil {
			err = contactExists(st.reader(r.Context()), c.company, id)
		}
		if err != nil {
			return reply{}, err
		}
		var body api.ContactUpdate
		var probe phoneProbe
		if err := decode(r, &body, &probe); err != nil {
			return reply{}, err
		}
		var errs validate.Errors
		if len(probe.Phone) > 0 && string(probe.Phone) != "null" {
			errs.Add(invalid("phone", "phone cannot be changed"))
		}
		if body.Name != nil {
			errs.Add(checkText("name", *body.Name, maxContactName))
		}
		fields, err := customFieldValues(r.Context(), st, c.company, body.CustomFields, &errs)
		if err != nil {
			return reply{}, err
		}
		if err := errs.Err(); err != nil {
			return reply{}, err
		}
		in := contactInput{name: body.Name, blocked: body.Blocked, fields: fields, tags: body.Tags}
		ct, err := st.updateContact(r.Context(), c.company, id, in, now())
		return done("Contato atualizado com sucesso.", ct), err
	}
}

func deleteContact(st *Store) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		id, err := pathID(r, msgContactNotFound)
		if err == nil {
			err = st.deleteContact(r.Context(), c.company, id)
		}
		return done("Contato excluído com sucesso.", nil), err
	}
}

// customFieldValues checks values against the company's custom fields by
// name, adding the violations to errs, and returns them as stored (nil clears
// a field). Its error is a failure to load the fields.
func customFieldValues(ctx context.Context, st *Store, company int64, values map[string]any, errs *validate.Errors) (map[string]any, error) {
	if len(values) == 0 {
		return nil, nil
	}
	rules, err := st.customFieldRules(ctx, company)
	if err != nil {
		return nil, err
	}
	out := make(map[string]any, len(values))
	for _, name := range slices.Sorted(maps.Keys(values)) {
		field := "customfields." + name
		rule, known := rules[name]
		if !known {
			errs.Add(invalid(field, "no custom field of the company has this name"))
			continue
		}
		if s, ok := values[name].(string); ok {
			if err := checkText(field, s, maxFieldValue); err != nil {
				errs.Add(err)
				continue
			}
		}
		v, err := validate.CustomFieldValue(rule, values[name])
		if err != nil {
			errs.Add(err)
			continue
		}
		out[name] = v
	}
	return out, nil
}

func listNotes(st *Store) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		id, err := pathID(r, msgContactNotFound)
		if err == nil {
			err = contactExists(st.reader(r.Context()), c.company, id)
		}
		if err != nil {
			return reply{}, err
		}
		p := newParams(r)
		pg := p.page(defaultPerPage)
		if err := p.err(); err != nil {
			return reply{}, err
		}
		items, pag, err := st.listNotes(r.Context(), id, pg)
		return listed(items, pag), err
	}
}

func createNote(st *Store, now func() time.Time) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		id, err := pathID(r, msgContactNotFound)
		if err == nil {
			err = contactExists(st.reader(r.Context()), c.company, id)
		}
		if err != nil {
			return reply{}, err
		}
		var body api.NoteCreate
		if err := decode(r, &body); err != nil {
			return reply{}, err
		}
		var errs validate.Errors
		errs.Add(validate.Required("content", body.Content))
		errs.Add(checkText("content", body.Content, maxNoteContent))
		if err := errs.Err(); err != nil {
			return reply{}, err
		}
		n, err := st.createNote(r.Context(), c, id, body.Content, now())
		return created("Nota criada com sucesso.", n), err
	}
}

// verifyNumber answers from the last digit of the number, as the sandbox's
// stand-in for the messaging app: 0 is not on the app, 9 is a business
// account, anything else a personal one.
func verifyNumber(st *Store) endpoint {
	return func(r *http.Request, c *caller) (reply, error) {
		var body api.VerifyNumberRequest
		if err := decode(r, &body); err != nil {
			return reply{}, err
		}
		var errs validate.Errors
		phone, err := validate.Phone("phone", body.Phone, "", naming.API)
		errs.Add(err)
		errs.Add(validate.Required("channel", body.Channel))
		if err := errs.Err(); err != nil {
			return reply{}, err
		}
		if _, err := st.verifyChannel(r.Context(), c, body.Channel); err != nil {
			return reply{}, err
		}
		res := api.VerifyResult{Phone: phone}
		switch phone[len(phone)-1] {
		case '0':
			res.Reason = "NUMBER_NOT_ON_CHATAPP"
		default:
			business := phone[len(phone)-1] == '9'
			res.Valid, res.CanReceiveMessage, res.IsBusiness = true, true, &business
		}
		return ok(res), nil
	}
}
