package desk

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/team"
)

// SavedValues gathers the values of the variables of the saved reply r for
// the chat ch, as sent by the attendant with the id attendant (0 when it
// is not known). A reply not offered on the chat's channel is refused (an
// input error). Only what the text uses is asked for: the contact's name
// and phone, the channel and the token come with the chat (no request);
// its custom fields cost one (GET /contacts/{id}), and one more (the
// company's custom fields, per 100) when one of them has no value, to tell
// a field the contact lacks from one the company does not have; the
// attendant's name or e-mail one (GET /users/{id}).
func (d *Desk) SavedValues(ctx context.Context, ch *Chat, r *team.Reply, attendant int64) (team.Values, error) {
	if err := r.CheckChannel(ch.Channel); err != nil {
		return team.Values{}, err
	}
	names := r.Variables()
	s := team.Subject{Chat: ch.Token, Contact: ch.Contact, Channel: ch.Channel}
	if r.Uses(team.CustomFieldPrefix) {
		fields, err := d.customFields(ctx, ch.Contact.ID)
		if err != nil {
			return team.Values{}, err
		}
		s.Fields = fields
		if lacksField(names, fields) {
			if s.FieldNames, err = d.fieldNames(ctx); err != nil {
				return team.Values{}, err
			}
		}
	}
	if r.Uses(team.AttendantPrefix) && attendant != 0 {
		res, err := d.c.GetUser(ctx, attendant)
		if err != nil {
			return team.Values{}, fmt.Errorf("read attendant %d: %w", attendant, err)
		}
		s.Attendant = &res.Data.User
	}
	return s.Values(names), nil
}

// RenderSaved renders the saved reply r for the chat ch, as sent by the
// attendant with the id attendant (0 when it is not known), with the
// values given (typed in, or --var), which win over the API's: the text,
// and the variables still without a value. It costs what SavedValues does.
func (d *Desk) RenderSaved(ctx context.Context, ch *Chat, r *team.Reply, attendant int64, given map[string]string) (team.Rendering, error) {
	v, err := d.SavedValues(ctx, ch, r, attendant)
	if err != nil {
		return team.Rendering{}, err
	}
	return r.Render(v, given), nil
}

// customFields reads the contact's custom fields as the API wrote them, so
// that a number keeps its digits.
func (d *Desk) customFields(ctx context.Context, contact int64) (map[string]json.RawMessage, error) {
	res, err := d.c.GetContact(ctx, contact)
	if err != nil {
		return nil, fmt.Errorf("read contact %d: %w", contact, err)
	}
	var c struct {
		CustomFields map[string]json.RawMessage `json:"customfields"`
	}
	if err := json.Unmarshal(res.Raw, &c); err != nil {
		return nil, fmt.Errorf("read contact %d: decode its custom fields: %w", contact, err)
	}
	if c.CustomFields == nil {
		c.CustomFields = map[string]json.RawMessage{}
	}
	return c.CustomFields, nil
}

// lacksField reports whether a custom field the names use is not among the
// contact's fields.
func lacksField(names []string, fields map[string]json.RawMessage) bool {
	for _, n := range names {
		if f, ok := strings.CutPrefix(n, team.CustomFieldPrefix); ok {
			if _, has := fields[f]; !has {
				return true
			}
		}
	}
	return false
}

// fieldNames are the names of the company's custom fields.
func (d *Desk) fieldNames(ctx context.Context) ([]string, error) {
	fields, err := d.c.ListCustomFields(api.CustomFieldListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}}).Follow(true).Collect(ctx)
	if err != nil {
		return nil, fmt.Errorf("list custom fields: %w", err)
	}
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Name
	}
	return names, nil
}
