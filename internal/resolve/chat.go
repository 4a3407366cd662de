package resolve

import (
	"strings"
	"unicode"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/naming"
)

// ChatArg is what a CHAT argument is, for usage errors and help.
const ChatArg = "CHAT (a chat token, or a contact's id or phone number)"

// maxPhoneDigits is the longest a phone number is (E.164): a longer run of
// digits is a chat token.
const maxPhoneDigits = 15

// ChatRef is a chat as people name it: its token, or a contact that has
// exactly one open chat. Exactly one of Token and Contact is set.
type ChatRef struct {
	Token   string
	Contact *ContactRef
}

// ParseChat reads a CHAT argument. A reference with a letter in it, or
// made of more digits than a phone number has, is a chat token (the API's
// are 20 hexadecimal characters); anything else is a contact, its id or
// its phone, read as ParseContact reads one. It sends nothing: a bad reference is an input error
// (exit 2). n names where to find a chat's token.
func ParseChat(ref, defaultCountry string, n naming.Names) (ChatRef, error) {
	ref = strings.TrimSpace(ref)
	switch {
	case ref == "":
		token := "a chat token"
		if see := n.See("convo chats list"); see != "" {
			token += " (see " + n.Code(see) + ")"
		}
		return ChatRef{}, clierr.FlagErrorf("empty chat: give %s, or a contact's id or phone number", token)
	case strings.ContainsFunc(ref, unicode.IsLetter), len(ref) > maxPhoneDigits && allDigits(ref):
		return ChatRef{Token: ref}, nil
	}
	contact, err := ParseContact(ref, defaultCountry, "contact", n)
	if err != nil {
		return ChatRef{}, err
	}
	return ChatRef{Contact: &contact}, nil
}

// String names the chat for people: "chat TOKEN", "the contact with phone
// 5521979190371".
func (r ChatRef) String() string {
	if r.Contact != nil {
		return r.Contact.String()
	}
	return "chat " + r.Token
}
