package validate

import (
	"fmt"
	"unicode/utf8"
)

// ContactNameMaxLength is the longest contact name, in characters. The
// specification gives none, but no store keeps names without bound: the
// client refuses a longer one before sending it (a 300 MB cell was once
// sent in a POST), and the sandbox refuses it as the API would.
const ContactNameMaxLength = 255

// ContactName checks a contact's name (field is where it was given).
func ContactName(field, name string) error {
	if n := utf8.RuneCountInString(name); n > ContactNameMaxLength {
		return &Error{Field: field, Code: CodeTooLong,
			Message: fmt.Sprintf("must be at most %d characters (got %d)", ContactNameMaxLength, n)}
	}
	return nil
}
