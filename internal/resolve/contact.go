package resolve

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/validate"
)

// ContactRef is a contact as people name it: its id, or its phone number
// (normalised: digits with the country code). Exactly one of ID and Phone
// is set.
type ContactRef validate.ContactRef

// ParseContact reads a contact reference, by the rule of
// validate.ContactReference: a phone when it is written as one or its
// digits form a valid number (with their country code, or as a national
// number of defaultCountry); any other value of digits only is an id,
// whatever its length. what names the reference in errors ("contact",
// "--contact"). It sends nothing: a bad reference is an input error
// (exit 2).
// n names the option that sets a default country (see validate.Phone).
func ParseContact(ref, defaultCountry, what string, n naming.Names) (ContactRef, error) {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return ContactRef{}, clierr.FlagErrorf("empty %s: give a contact's id or phone number", what)
	}
	if strings.ContainsFunc(ref, unicode.IsLetter) {
		return ContactRef{}, clierr.FlagErrorf("invalid %s %q: want a contact's id or phone number, not a name", what, ref)
	}
	r, err := validate.ContactReference(what, ref, defaultCountry, n)
	return ContactRef(r), err
}

func allDigits(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool { return r < '0' || r > '9' })
}

// Query is the reference as the API's contact filters take it (GET
// /chats?contact=): the id, or the whole normalised phone.
func (r ContactRef) Query() string {
	if r.Phone != "" {
		return r.Phone
	}
	return strconv.FormatInt(r.ID, 10)
}

// String names the contact for people: "contact 42", "the contact with
// phone 5511987654321".
func (r ContactRef) String() string {
	if r.Phone != "" {
		return "the contact with phone " + r.Phone
	}
	return fmt.Sprintf("contact %d", r.ID)
}

// ContactID returns the contact's id: an id as it is, without a request; a
// phone looked up with GET /contacts?phone= and matched exactly. n names
// how to create a contact the phone is not yet.
func ContactID(ctx context.Context, c *api.Client, r ContactRef, n naming.Names) (int64, error) {
	if r.Phone == "" {
		return r.ID, nil
	}
	contact, _, err := contactByPhone(ctx, c, r.Phone, n)
	if err != nil {
		return 0, err
	}
	return contact.ID, nil
}

// Contact returns the contact, decoded and as the API sent it: GET
// /contacts/{id} for an id, the exact match of the phone lookup for a
// phone (one request either way); n is ContactID's.
func Contact(ctx context.Context, c *api.Client, r ContactRef, n naming.Names) (*api.Contact, json.RawMessage, error) {
	if r.Phone != "" {
		return contactByPhone(ctx, c, r.Phone, n)
	}
	res, err := c.GetContact(ctx, r.ID)
	if err != nil {
		return nil, nil, err
	}
	return &res.Data, res.Raw, nil
}

// contactByPhone finds the contact whose phone is phone. The API's phone
// filter matches part of a number, so the pages are read until the one
// contact whose whole number it is.
func contactByPhone(ctx context.Context, c *api.Client, phone string, n naming.Names) (*api.Contact, json.RawMessage, error) {
	params := api.ContactListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}, Phone: phone}
	for item, err := range c.ListContacts(params).Follow(true).Raw(ctx) {
		if err != nil {
			return nil, nil, fmt.Errorf("look up the contact with phone %s: %w", phone, err)
		}
		var ct api.Contact
		if err := json.Unmarshal(item, &ct); err != nil {
			return nil, nil, fmt.Errorf("look up the contact with phone %s: decode a contact: %w", phone, err)
		}
		if ct.Phone == phone {
			return &ct, item, nil
		}
	}
	msg := "no contact has the phone " + phone
	if create := n.See("convo contacts create --phone " + phone); create != "" {
		msg += "; " + n.Code(create) + " creates one"
	}
	return nil, nil, clierr.InputErrorf("%s", msg)
}
