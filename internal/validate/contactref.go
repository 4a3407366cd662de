package validate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/convo-cli/convo/internal/naming"
	"github.com/nyaruka/phonenumbers"
)

// ContactRef is a contact named by its id or by its phone number. Exactly
// one of ID and Phone is set.
type ContactRef struct {
	ID int64
	// Phone is normalised: digits with the country code.
	Phone string
}

// ContactReference reads a reference to a contact, as people write one and
// as the contact filter of GET /chats takes it. It is a phone when it is
// written as one (with "+", spaces, parentheses, dashes or dots), or when its
// digits form a valid phone number: with their country code (5511987654321,
// or after the international prefix 00), or, with a defaultRegion, as a
// national number of that region (11987654321 with BR). Any other value of
// digits only is a contact id, whatever its length: accounts have ids of
// eight digits and more. A phone is normalised as Phone does; a value that is
// neither (letters, zero, an id too large) is an INVALID_VALUE on field.
// names is Phone's.
func ContactReference(field, ref, defaultRegion string, names naming.Names) (ContactRef, error) {
	region, err := DefaultCountry(defaultRegion)
	if err != nil {
		return ContactRef{}, err
	}
	s := strings.TrimSpace(ref)
	if s == "" {
		return ContactRef{}, required(field)
	}
	if !allDigits(s) || validPhoneDigits(s, region) {
		phone, err := Phone(field, s, region, names)
		return ContactRef{Phone: phone}, err
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id < 1 {
		return ContactRef{}, invalid(field, fmt.Sprintf("%q is neither a contact id (a positive whole number) nor a phone number", s))
	}
	return ContactRef{ID: id}, nil
}

// validPhoneDigits reports whether digits, written without any mark of a
// phone, are one all the same: a number in a known range of its country
// (the library's validity, not only a possible length), given with its
// country code or, with a region, dialled in that region, and one the API
// can hold (8 to 15 digits with the country code). Short valid numbers,
// such as Austria's 431110, are ids: the API has no phone that short.
func validPhoneDigits(digits, region string) bool {
	if len(digits) > phoneMaxInputDigits {
		return false
	}
	valid := func(num *phonenumbers.PhoneNumber) bool {
		n := len(e164Digits(num))
		return n >= PhoneMinDigits && n <= PhoneMaxDigits
	}
	international := []string{digits}
	if rest, ok := strings.CutPrefix(digits, "00"); ok {
		international = append(international, rest)
	}
	for _, d := range international {
		if len(d) < PhoneMinDigits {
			continue // no whole number is that short: spare the library
		}
		if num, err := phonenumbers.Parse("+"+d, phonenumbers.UNKNOWN_REGION); err == nil && phonenumbers.IsValidNumber(num) && valid(num) {
			return true
		}
	}
	if region == "" {
		return false
	}
	num, err := phonenumbers.Parse(digits, region)
	return err == nil && phonenumbers.IsValidNumberForRegion(num, region) && valid(num)
}
