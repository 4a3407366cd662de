package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/convo-cli/convo/internal/validate"
)

// Lengths of free text, in characters, that the specification bounds nowhere
// (it bounds only a user's name and a transfer message): what an API of this
// kind plausibly allows, so that no request stores a megabyte in a name and
// makes every page that lists it huge.
const (
	maxContactName = 255
	maxFieldValue  = 255 // a custom-field value
	maxTagText     = 100
	maxTagEmoji    = 16 // room for a family emoji with skin tones
	maxNoteContent = 5000
	maxMessageText = 4096 // a text message, sent or received
	maxCaption     = 1024
	maxVCardName   = 255
	maxParameter   = 1024 // the text of a template parameter
	maxMediaURL    = 2048
	maxEmail       = 254
)

// checkText refuses, in a text field, bytes that are not UTF-8 (what JSON
// bodies hold is checked by checkEncoding; this is for text that comes
// another way), a NUL character, which no name or message holds and at which
// C programs reading the database would cut the text, and text longer than
// max characters.
func checkText(field, value string, max int) error {
	if !utf8.ValidString(value) {
		return invalid(field, "must be UTF-8 text")
	}
	if i := strings.IndexByte(value, 0); i >= 0 {
		return invalid(field, fmt.Sprintf("must not contain a NUL character (at character %d)", utf8.RuneCountInString(value[:i])+1))
	}
	if n := utf8.RuneCountInString(value); n > max {
		return fieldError(field, validate.CodeTooLong, fmt.Sprintf("must be at most %d characters (got %d)", max, n))
	}
	return nil
}

// checkEncoding refuses a body with a string that is not Unicode text: bytes
// that are not UTF-8, or half of an escaped surrogate pair ("\ud800").
// encoding/json would store U+FFFD in their place without a word. The error
// names the field that holds the string.
func checkEncoding(body []byte) error {
	if utf8.Valid(body) && !bytes.Contains(body, []byte(`\ud`)) && !bytes.Contains(body, []byte(`\uD`)) {
		return nil // no invalid byte, no surrogate escape: the common case
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	var stack []jsonLevel
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return nil // the end, or malformed JSON, which decoding reports
		}
		top := len(stack) - 1
		if s, ok := tok.(string); ok {
			raw := body[start:dec.InputOffset()]
			if !isUnicode(raw[bytes.IndexByte(raw, '"'):]) {
				if top >= 0 && stack[top].object && !stack[top].haveKey {
					return invalid(fieldName(stack[:top]), "has a key that is not UTF-8 text")
				}
				return invalid(fieldName(stack), "must be UTF-8 text")
			}
			if top >= 0 && stack[top].object && !stack[top].haveKey {
				stack[top].key, stack[top].haveKey = s, true
				continue
			}
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			stack = append(stack, jsonLevel{object: tok == json.Delim('{')})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:top]
			top--
		}
		if top >= 0 { // a value of the level ended: on to the next
			stack[top].haveKey = false
			stack[top].index++
		}
	}
}

// jsonLevel is an object or array being read by checkEncoding.
type jsonLevel struct {
	object  bool
	key     string // of an object: the key of the value being read
	haveKey bool
	index   int // of an array: the index of the item being read
}

// fieldName names the value being read at the innermost level, as the
// fields of errors are named: customfields.cpf, components[0].parameters[1].text.
func fieldName(stack []jsonLevel) string {
	var b strings.Builder
	for _, l := range stack {
		if l.object {
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(l.key)
		} else {
			fmt.Fprintf(&b, "[%d]", l.index)
		}
	}
	if b.Len() == 0 {
		return "body"
	}
	return b.String()
}

// isUnicode reports whether raw, a JSON string literal with its quotes,
// holds only UTF-8 and whole surrogate pairs.
func isUnicode(raw []byte) bool {
	if !utf8.Valid(raw) {
		return false
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		i++ // the escaped character
		if i >= len(raw) || raw[i] != 'u' || i+4 >= len(raw) {
			continue
		}
		r := hex4(raw[i+1 : i+5])
		i += 4
		switch {
		case utf16.IsSurrogate(r) && r < 0xdc00: // a high half: a low one must follow
			if i+6 >= len(raw) || raw[i+1] != '\\' || raw[i+2] != 'u' {
				return false
			}
			if low := hex4(raw[i+3 : i+7]); low < 0xdc00 || low > 0xdfff {
				return false
			}
			i += 6
		case utf16.IsSurrogate(r):
			return false // a low half alone
		}
	}
	return true
}

// hex4 decodes four hexadecimal digits; -1 if they are not.
func hex4(b []byte) rune {
	n, err := strconv.ParseUint(string(b), 16, 32)
	if err != nil {
		return -1
	}
	return rune(n)
}
