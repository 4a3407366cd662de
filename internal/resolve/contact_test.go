package resolve_test

import (
	"context"
	"errors"
	"testing"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/sandbox"
)

func TestParseContact(t *testing.T) {
	tests := []struct {
		ref, country string
		want         resolve.ContactRef
	}{
		{"42", "", resolve.ContactRef{ID: 42}},
		{" 7 ", "", resolve.ContactRef{ID: 7}},
		{"1234567", "", resolve.ContactRef{ID: 1234567}},
		// Accounts have ids of eight digits and more.
		{"12345678", "", resolve.ContactRef{ID: 12345678}},
		{"999999999", "", resolve.ContactRef{ID: 999999999}},
		{"11987654321", "", resolve.ContactRef{ID: 11987654321}},
		{"11987654321", "BR", resolve.ContactRef{Phone: "5511987654321"}},
		{"5521979190371", "", resolve.ContactRef{Phone: "5521979190371"}},
		{"+55 21 97919-0371", "", resolve.ContactRef{Phone: "5521979190371"}},
		{"(21) 97919-0371", "BR", resolve.ContactRef{Phone: "5521979190371"}},
		{"21979190371", "BR", resolve.ContactRef{Phone: "5521979190371"}},
	}
	for _, tt := range tests {
		got, err := resolve.ParseContact(tt.ref, tt.country, "contact", naming.Flags)
		if err != nil || got != tt.want {
			t.Errorf("ParseContact(%q, %q) = %+v, %v; want %+v", tt.ref, tt.country, got, err, tt.want)
		}
	}
	for ref, want := range map[string]string{
		"":              "empty contact: give a contact's id or phone number",
		"0":             `contact: "0" is neither a contact id (a positive whole number) nor a phone number`,
		"João":          `invalid contact "João": want a contact's id or phone number, not a name`,
		"+55 11":        "contact: ",
		"(21) 97919-03": "contact: ",
	} {
		_, err := resolve.ParseContact(ref, "", "contact", naming.Flags)
		assertInputError(t, err, want)
	}
	if (resolve.ContactRef{ID: 42}).Query() != "42" || (resolve.ContactRef{Phone: "5521979190371"}).Query() != "5521979190371" {
		t.Error("Query is not what GET /chats?contact= takes")
	}
}

func TestContactByPhoneIsExact(t *testing.T) {
	srv := newServer(t)
	c := srv.client(t, sandbox.AdminToken1)
	ctx := context.Background()
	// The API's phone filter matches part of a number: the Brazilian number
	// holds the American one, and comes first in the list.
	longer, err := c.CreateContact(ctx, api.ContactCreate{Phone: "5512025550123", Name: "Longer"})
	if err != nil {
		t.Fatal(err)
	}
	shorter, err := c.CreateContact(ctx, api.ContactCreate{Phone: "12025550123", Name: "Shorter"})
	if err != nil {
		t.Fatal(err)
	}
	srv.requests()
	for ref, want := range map[string]int64{"+1 202 555 0123": shorter.Data.ID, "+5512025550123": longer.Data.ID} {
		r, err := resolve.ParseContact(ref, "", "contact", naming.Flags)
		if err != nil {
			t.Fatal(err)
		}
		id, err := resolve.ContactID(ctx, c, r, naming.Flags)
		if err != nil || id != want {
			t.Errorf("ContactID(%s) = %d, %v; want %d", ref, id, err, want)
		}
		contact, raw, err := resolve.Contact(ctx, c, r, naming.Flags)
		if err != nil || contact.ID != want || len(raw) == 0 {
			t.Errorf("Contact(%s) = %+v, %d bytes, %v; want %d", ref, contact, len(raw), err, want)
		}
		if n := srv.requests(); n != 2 {
			t.Errorf("%s: %d requests, want one per lookup", ref, n)
		}
	}
}

func TestContactByID(t *testing.T) {
	srv := newServer(t)
	c := srv.client(t, sandbox.AdminToken1)
	ctx := context.Background()
	srv.requests()
	if id, err := resolve.ContactID(ctx, c, resolve.ContactRef{ID: 999}, naming.Flags); err != nil || id != 999 {
		t.Errorf("ContactID = %d, %v", id, err)
	}
	if n := srv.requests(); n != 0 {
		t.Errorf("an id cost %d requests", n)
	}
	contact, _, err := resolve.Contact(ctx, c, resolve.ContactRef{ID: 1}, naming.Flags)
	if err != nil || contact.Phone != cmdtest.Contact1Phone {
		t.Errorf("Contact(1) = %+v, %v", contact, err)
	}
	_, _, err = resolve.Contact(ctx, c, resolve.ContactRef{ID: 999}, naming.Flags)
	var apiErr *api.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 404 {
		t.Errorf("Contact(999): %v, want the API's 404", err)
	}
}

func TestContactNotFound(t *testing.T) {
	srv := newServer(t)
	ctx := context.Background()
	// Company 2's contact is no contact of company 1.
	admin2 := srv.client(t, sandbox.AdminToken2)
	other, err := admin2.CreateContact(ctx, api.ContactCreate{Phone: "5511987654321"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = resolve.ContactID(ctx, srv.client(t, sandbox.AdminToken1), resolve.ContactRef{Phone: other.Data.Phone}, naming.Flags)
	assertInputError(t, err, "no contact has the phone 5511987654321; `convo contacts create --phone 5511987654321` creates one")

	_, err = resolve.ContactID(ctx, srv.client(t, "no-such-token"), resolve.ContactRef{Phone: "5511987654321"}, naming.Flags)
	if cmdutil.ExitCode(err) != clierr.ExitAuth {
		t.Errorf("err = %v, want the API's 401 (exit 4)", err)
	}
}
