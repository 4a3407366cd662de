package resolve_test

import (
	"testing"

	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
)

func TestParseChat(t *testing.T) {
	token := func(s string) resolve.ChatRef { return resolve.ChatRef{Token: s} }
	contact := func(r resolve.ContactRef) resolve.ChatRef { return resolve.ChatRef{Contact: &r} }
	tests := []struct {
		ref, country string
		want         resolve.ChatRef
	}{
		{"42ef115f20394e9daca8", "", token("42ef115f20394e9daca8")},
		{" 42ef115f20394e9daca8\n", "", token("42ef115f20394e9daca8")},
		{"no-such-chat", "", token("no-such-chat")},
		// More digits than any phone has: a token.
		{"12345678901234567890", "", token("12345678901234567890")},
		{"42", "", contact(resolve.ContactRef{ID: 42})},
		{"1234567", "", contact(resolve.ContactRef{ID: 1234567})},
		{"999999999", "", contact(resolve.ContactRef{ID: 999999999})},
		{"5521979190371", "", contact(resolve.ContactRef{Phone: "5521979190371"})},
		{"+55 (21) 97919-0371", "", contact(resolve.ContactRef{Phone: "5521979190371"})},
		{"21 97919-0371", "BR", contact(resolve.ContactRef{Phone: "5521979190371"})},
	}
	for _, tt := range tests {
		got, err := resolve.ParseChat(tt.ref, tt.country, naming.Flags)
		if err != nil || got.Token != tt.want.Token || (got.Contact == nil) != (tt.want.Contact == nil) ||
			(got.Contact != nil && *got.Contact != *tt.want.Contact) {
			t.Errorf("ParseChat(%q, %q) = %+v (contact %v), %v; want %+v (contact %v)", tt.ref, tt.country, got, got.Contact, err, tt.want, tt.want.Contact)
		}
	}
	for ref, want := range map[string]string{
		"":       "empty chat: give a chat token (see `convo chats list`), or a contact's id or phone number",
		" ":      "empty chat",
		"0":      `contact: "0" is neither a contact id (a positive whole number) nor a phone number`,
		"+55 11": "contact: ",
	} {
		_, err := resolve.ParseChat(ref, "", naming.Flags)
		assertInputError(t, err, want)
	}
	if got := (resolve.ChatRef{Token: "abc"}).String(); got != "chat abc" {
		t.Errorf("String() = %q", got)
	}
}
