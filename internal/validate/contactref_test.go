package validate

import (
	"errors"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/naming"
)

func TestContactReference(t *testing.T) {
	tests := []struct {
		name, ref, region string
		id                int64
		phone             string
		code              string // the error's code when the reference is neither
		msg               string // part of the error message
	}{
		// Short values of digits only are ids, with or without a country.
		{name: "id", ref: "42", id: 42},
		{name: "id in spaces", ref: " 7 ", id: 7},
		{name: "seven digits", ref: "1234567", id: 1234567},
		{name: "short code with a country", ref: "190", region: "BR", id: 190},
		{name: "leading zeros", ref: "0000004", id: 4},
		// Valid numbers too short for the API (Austria's) are ids.
		{name: "short valid number", ref: "431110", id: 431110},
		{name: "short valid number with its country", ref: "1110", region: "AT", id: 1110},
		// Long ids: digits that are no valid number are an id whatever their length.
		{name: "eight-digit id", ref: "12345678", id: 12345678},
		{name: "nine-digit id", ref: "999999999", id: 999999999},
		{name: "nine-digit id with a country", ref: "999999999", region: "BR", id: 999999999},
		{name: "twelve-digit id", ref: "123456789012", id: 123456789012},
		{name: "largest id", ref: "9223372036854775807", id: 9223372036854775807},
		// Digits that form a valid number with their country code.
		{name: "Brazilian mobile", ref: "5511987654321", phone: "5511987654321"},
		{name: "Brazilian mobile with its country", ref: "5511987654321", region: "BR", phone: "5511987654321"},
		{name: "Rio mobile", ref: "5521979190371", phone: "5521979190371"},
		{name: "US number", ref: "14155552671", phone: "14155552671"},
		{name: "UK number", ref: "442079460958", phone: "442079460958"},
		{name: "after the international prefix", ref: "005511987654321", phone: "5511987654321"},
		// National numbers: a phone only with a default country.
		{name: "national without a country", ref: "11987654321", id: 11987654321},
		{name: "national with its country", ref: "11987654321", region: "BR", phone: "5511987654321"},
		{name: "national Rio with its country", ref: "21979190371", region: "BR", phone: "5521979190371"},
		{name: "national with trunk prefix", ref: "011987654321", region: "BR", phone: "5511987654321"},
		{name: "national fixed line", ref: "1132654321", region: "BR", phone: "551132654321"},
		{name: "national of another country", ref: "4155552671", region: "US", phone: "14155552671"},
		{name: "valid in both, read in the default country", ref: "4155552671", region: "BR", phone: "554155552671"},
		// Written as a phone: normalised, or refused when it is not a whole one.
		{name: "with plus", ref: "+55 21 97919-0371", phone: "5521979190371"},
		{name: "with plus, no separators", ref: "+5521979190371", phone: "5521979190371"},
		{name: "with plus and a country", ref: "+1 415 555 2671", region: "BR", phone: "14155552671"},
		{name: "parentheses with a country", ref: "(21) 97919-0371", region: "BR", phone: "5521979190371"},
		{name: "dashes", ref: "55-21-97919-0371", phone: "5521979190371"},
		{name: "dots", ref: "55.21.97919.0371", phone: "5521979190371"},
		{name: "dashed short number", ref: "123-4", code: CodeInvalid, msg: "contact: "},
		{name: "plus and too few digits", ref: "+55 11", code: CodeInvalid, msg: "contact: "},
		{name: "parentheses without a country", ref: "(11) 98765-4321", code: CodeInvalid, msg: "looks like a national number"},
		{name: "a digit short", ref: "(11) 9876-543", region: "BR", code: CodeInvalid, msg: "is a digit short"},
		// Neither.
		{name: "empty", ref: "  ", code: CodeRequired, msg: "contact: is required"},
		{name: "zero", ref: "0", code: CodeInvalid, msg: `"0" is neither a contact id`},
		{name: "zeros", ref: "0000", code: CodeInvalid, msg: `"0000" is neither a contact id`},
		{name: "past the largest id", ref: "9223372036854775808", code: CodeInvalid, msg: "is neither a contact id"},
		{name: "twenty digits", ref: "12345678901234567890", code: CodeInvalid, msg: "is neither a contact id"},
		{name: "letters", ref: "abc", code: CodeInvalid, msg: `contains "a"`},
		{name: "digits and letters", ref: "12ab", code: CodeInvalid, msg: `contains "a"`},
		{name: "unknown country", ref: "42", region: "XX", code: CodeInvalid, msg: "default_country: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ContactReference("contact", tt.ref, tt.region, naming.Flags)
			if tt.code != "" {
				var e *Error
				if !errors.As(err, &e) || e.Code != tt.code || !strings.Contains(err.Error(), tt.msg) {
					t.Fatalf("ContactReference(%q, %q) = %+v, %v; want %s containing %q", tt.ref, tt.region, got, err, tt.code, tt.msg)
				}
				if got != (ContactRef{}) {
					t.Errorf("a refused reference came with %+v", got)
				}
				return
			}
			if want := (ContactRef{ID: tt.id, Phone: tt.phone}); err != nil || got != want {
				t.Fatalf("ContactReference(%q, %q) = %+v, %v; want %+v", tt.ref, tt.region, got, err, want)
			}
			if tt.phone == "" {
				return
			}
			// A phone read again, as a script passes on what convo printed,
			// is the same phone, with or without the country.
			for _, region := range []string{"", tt.region} {
				if again, err := ContactReference("contact", got.Phone, region, naming.Flags); err != nil || again != got {
					t.Errorf("%s read again with %q = %+v, %v", got.Phone, region, again, err)
				}
			}
		})
	}
}
