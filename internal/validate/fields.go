package validate

import (
	"fmt"
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of the API specification. Lengths count characters (runes), not bytes.
const (
	// UserNameMaxLength is the maximum length of a user's name.
	UserNameMaxLength = 50
	// PasswordMinLength is the minimum length of a user's password.
	PasswordMinLength = 8
	// TransferMessageMaxLength is the maximum length of a chat transfer message.
	TransferMessageMaxLength = 1000
	// ChannelTokenLength is the exact length of a channel token.
	ChannelTokenLength = 16
	// PerPageMax is the largest page size of a list.
	PerPageMax = 100
)

// UserName checks the name of a user (field "name"): not blank, at most 50
// characters, only letters of any script (accents and combining marks
// included) and spaces.
func UserName(name string) error {
	const field = "name"
	if strings.TrimSpace(name) == "" {
		return required(field)
	}
	if n := utf8.RuneCountInString(name); n > UserNameMaxLength {
		return &Error{Field: field, Code: CodeTooLong,
			Message: fmt.Sprintf("must be at most %d characters (got %d)", UserNameMaxLength, n)}
	}
	for _, r := range name {
		// Combining marks keep decomposed accents ("e" + U+0301) acceptable.
		if r != ' ' && !unicode.IsLetter(r) && !unicode.Is(unicode.M, r) {
			return invalid(field, fmt.Sprintf("must contain only letters and spaces (found %q)", r))
		}
	}
	return nil
}

// Password checks a user's password (field "password"): at least 8 characters.
func Password(pw string) error {
	const field = "password"
	if strings.TrimSpace(pw) == "" {
		return required(field)
	}
	if n := utf8.RuneCountInString(pw); n < PasswordMinLength {
		return &Error{Field: field, Code: CodeTooShort,
			Message: fmt.Sprintf("must be at least %d characters (got %d)", PasswordMinLength, n)}
	}
	return nil
}

// Email checks a user's e-mail address (field "email").
func Email(email string) error {
	return emailAddress("email", email)
}

// emailAddress accepts what net/mail parses as a bare address, exactly as
// written (no display name, angle brackets, comments or surrounding spaces),
// whose domain is a dotted name rather than a single label or an IP literal.
func emailAddress(field, s string) error {
	if strings.TrimSpace(s) == "" {
		return required(field)
	}
	const expected = "must be an email address like ana@example.com"
	addr, err := mail.ParseAddress(s)
	if err != nil {
		return invalid(field, expected)
	}
	if addr.Name != "" || addr.Address != s {
		return invalid(field, expected+", without a name or angle brackets")
	}
	domain := s[strings.LastIndexByte(s, '@')+1:]
	if !strings.Contains(domain, ".") || strings.HasPrefix(domain, "[") {
		return invalid(field, expected+", whose domain contains a dot")
	}
	return nil
}

// Color checks a tag colour (field "color"): "#RRGGBB" in hexadecimal digits of either case.
func Color(c string) error {
	if len(c) == 7 && c[0] == '#' && isHex(c[1:]) {
		return nil
	}
	return invalid("color", fmt.Sprintf("must be a hexadecimal colour #RRGGBB, e.g. #1A2B3C (got %q)", c))
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// TransferMessage checks the staff-only message of a chat transfer (field
// "message"): at most 1000 characters. It is optional, so empty passes.
func TransferMessage(msg string) error {
	if n := utf8.RuneCountInString(msg); n > TransferMessageMaxLength {
		return &Error{Field: "message", Code: CodeTooLong,
			Message: fmt.Sprintf("must be at most %d characters (got %d)", TransferMessageMaxLength, n)}
	}
	return nil
}

// ChannelToken checks a channel token: exactly 16 characters.
func ChannelToken(field, token string) error {
	if strings.TrimSpace(token) == "" {
		return required(field)
	}
	n := utf8.RuneCountInString(token)
	if n == ChannelTokenLength {
		return nil
	}
	code := CodeTooShort
	if n > ChannelTokenLength {
		code = CodeTooLong
	}
	return &Error{Field: field, Code: code,
		Message: fmt.Sprintf("must be a channel token of exactly %d characters (got %d)", ChannelTokenLength, n)}
}

// PerPage checks the page size of a list (field "per_page"): 1 to 100.
func PerPage(n int) error {
	if n < 1 || n > PerPageMax {
		return invalid("per_page", fmt.Sprintf("must be between 1 and %d (got %d)", PerPageMax, n))
	}
	return nil
}

// Page checks a page number (field "page"): 1 or more.
func Page(n int) error {
	if n < 1 {
		return invalid("page", fmt.Sprintf("must be 1 or more (got %d)", n))
	}
	return nil
}

// ParseBool reads a yes/no value as people write it in flags, query strings and
// spreadsheets, in English or Portuguese: true, false, 1, 0, yes, no, sim, não
// (or nao), in any case and with surrounding spaces. Empty is FIELD_REQUIRED,
// so that a caller with a default checks for empty first.
func ParseBool(field, s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "1", "yes", "sim":
		return true, nil
	case "false", "0", "no", "não", "nao":
		return false, nil
	case "":
		return false, required(field)
	}
	return false, invalid(field, fmt.Sprintf("must be true or false; accepted: true, false, 1, 0, yes, no, sim, não (got %q)", s))
}
