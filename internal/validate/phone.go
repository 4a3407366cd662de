package validate

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/convo-cli/convo/internal/naming"
	"github.com/nyaruka/phonenumbers"
)

// Bounds of a normalised phone number, country code included.
const (
	// PhoneMinDigits is the fewest digits of a number the API accepts.
	PhoneMinDigits = 8
	// PhoneMaxDigits is the most digits ITU-T E.164 allows.
	PhoneMaxDigits = 15
)

// phoneMaxInputDigits bounds the digits of an input before parsing: room for an
// international or national dialling prefix and a carrier code in front of the
// longest number.
const phoneMaxInputDigits = PhoneMaxDigits + 4

const phoneExpected = "must be a phone number with country code, e.g. +55 11 98765-4321"

// DefaultCountry checks the country used to read national phone numbers (field
// "default_country"): an ISO 3166 two-letter code known to the phone-number
// metadata, in any case. It returns the code in upper case; empty stays empty
// and means "numbers carry their country code".
func DefaultCountry(region string) (string, error) {
	r := strings.ToUpper(strings.TrimSpace(region))
	if r == "" {
		return "", nil
	}
	if phonenumbers.GetCountryCodeForRegion(r) == 0 {
		return "", invalid("default_country", fmt.Sprintf("must be a two-letter country code such as BR or US (got %q)", region))
	}
	return r, nil
}

// Phone normalises a phone number to what the API stores: digits only,
// country code first, 8 to 15 digits.
//
// The input may contain spaces, "+", "(", ")", "-" and ".". A leading "+" (or
// the international prefix "00") means the country code follows. Otherwise,
// with a defaultRegion such as "BR", the number is read as a national number
// of that region ("(11) 98765-4321" → "5511987654321"), but digits that already
// start with a country code stay as they are when that reading is at least as
// plausible ("5511987654321" → "5511987654321", and a valid "14155552671"
// stays a US number). Without a region the digits must start with the country
// code, and an input that opens with a parenthesised area code, such as
// "(11) 98765-4321", is taken for a national number and rejected.
//
// A number passes when the phonenumbers library finds it possible as a whole
// number of its country: of a length its numbering plan allows. A length
// possible only when dialled locally, without the area code ("(11) 9876-543",
// a digit short, or "98765-4321" in Brazil) is not enough: the message says
// what is missing. Validity (known number ranges) only decides between two
// readings. The result normalises to itself, with or without the same
// region; a number whose digits would read back as a different number under
// that region is rejected as ambiguous. names names the option that sets a
// default country, for a national number given without one.
func Phone(field, raw, defaultRegion string, names naming.Names) (string, error) {
	region, err := DefaultCountry(defaultRegion)
	if err != nil {
		return "", err
	}
	fail := func(problem string) (string, error) {
		msg := problem + "; " + phoneExpected
		if option := names.Option("default-country"); region == "" && option != "" {
			msg += "; set " + option + " for national numbers"
		}
		return "", invalid(field, msg)
	}

	trimmed := strings.TrimSpace(raw)
	if trimmed == "" {
		return "", required(field)
	}
	digits, international, err := phoneDigits(trimmed)
	if err != nil {
		return fail(err.Error())
	}
	if region == "" && !international && strings.HasPrefix(trimmed, "(") {
		return fail("looks like a national number (area code in parentheses)")
	}

	n, err := normalisePhone(digits, international, region)
	var part *partialNumber
	if errors.As(err, &part) {
		return "", invalid(field, part.message(strings.Contains(trimmed, "(") && strings.Contains(trimmed, ")")))
	}
	if err != nil {
		return fail(err.Error())
	}
	if region != "" {
		// Stored numbers are read again later, often with the same region (an
		// import rerun, an update): they must come back unchanged.
		if again, err := normalisePhone(n, false, region); err != nil || again != n {
			return fail(fmt.Sprintf("is ambiguous: stored as %s, it would read as another number with the default country %s", n, region))
		}
	}
	return n, nil
}

// phoneDigits extracts the ASCII digits of s and whether it starts with "+"
// (possibly after an opening parenthesis, as in "(+55) 11 …").
func phoneDigits(s string) (digits string, international bool, err error) {
	var b strings.Builder
	for _, r := range s {
		switch {
		case '0' <= r && r <= '9':
			b.WriteRune(r)
		case r == '+':
			if b.Len() > 0 || international {
				return "", false, errors.New(`has "+" after the start`)
			}
			international = true
		case r == '(' || r == ')' || r == '-' || r == '.' || unicode.IsSpace(r):
		default:
			return "", false, fmt.Errorf("contains %q", string(r))
		}
	}
	switch n := b.Len(); {
	case n == 0:
		return "", false, errors.New("has no digits")
	case n > phoneMaxInputDigits:
		return "", false, tooManyDigits(n)
	}
	return b.String(), international, nil
}

// normalisePhone reads digits as international (they start with a country
// code) or, with a region, chooses between that and the national reading.
func normalisePhone(digits string, international bool, region string) (string, error) {
	if !international && strings.HasPrefix(digits, "00") {
		// "00" is the international prefix of most countries; no country code
		// starts with 0, so it cannot be the start of one.
		international, digits = true, digits[2:]
	}
	if international || region == "" {
		n, _, err := internationalPhone(digits)
		return n, err
	}

	asIs, asIsNum, asIsErr := internationalPhone(digits)
	nat, natNum, natErr := nationalPhone(digits, region)
	switch {
	case asIsErr != nil && natErr != nil:
		return "", natErr // the region was given for national numbers: explain that reading
	case asIsErr != nil:
		return nat, nil
	case natErr != nil:
		var part *partialNumber
		if errors.As(natErr, &part) && !phonenumbers.IsValidNumber(asIsNum) &&
			int(asIsNum.GetCountryCode()) != phonenumbers.GetCountryCodeForRegion(region) {
			// A local number, its area code missing, whose digits happen to
			// be possible after some other country's code: say what the
			// national reading lacks rather than take it for a foreign one.
			return "", natErr
		}
		return asIs, nil
	case asIs == nat:
		return asIs, nil
	}
	// Both readings are possible numbers: prefer the one in a known number
	// range, and when that does not decide, keep digits that already start
	// with the region's own country code.
	asIsValid, natValid := phonenumbers.IsValidNumber(asIsNum), phonenumbers.IsValidNumber(natNum)
	switch {
	case asIsValid && !natValid:
		return asIs, nil
	case natValid && !asIsValid:
		return nat, nil
	case int(asIsNum.GetCountryCode()) == phonenumbers.GetCountryCodeForRegion(region):
		return asIs, nil
	default:
		return nat, nil
	}
}

// internationalPhone reads digits that start with a country code. The library
// strips a national prefix written after the country code ("+44 020 …" →
// 4420…), so reading its result again can change it once more; the loop reads
// until the digits stop changing, which makes every result read back as itself.
func internationalPhone(digits string) (string, *phonenumbers.PhoneNumber, error) {
	if len(digits) > PhoneMaxDigits {
		return "", nil, tooManyDigits(len(digits))
	}
	for range 3 {
		num, err := phonenumbers.Parse("+"+digits, phonenumbers.UNKNOWN_REGION)
		if err != nil {
			return "", nil, parseProblem(err)
		}
		if err := possible(num); err != nil {
			return "", nil, err
		}
		n := e164Digits(num)
		if n == digits {
			if len(n) < PhoneMinDigits {
				return "", nil, fmt.Errorf("has %d digits, fewer than %d with the country code", len(n), PhoneMinDigits)
			}
			return n, num, nil
		}
		digits = n
	}
	return "", nil, errors.New("does not read as one stable number")
}

// nationalPhone reads digits as dialled in region: the library removes a
// national (trunk) prefix and carrier code, understands the region's
// international prefix, and keeps a leading country code of the region.
func nationalPhone(digits, region string) (string, *phonenumbers.PhoneNumber, error) {
	num, err := phonenumbers.Parse(digits, region)
	if err != nil {
		return "", nil, parseProblem(err)
	}
	if err := possible(num); err != nil {
		var (
			part  *partialNumber
			short *tooShort
		)
		switch {
		case errors.As(err, &part):
			part.region = region
		case errors.As(err, &short):
			// Dialled in region, a number too short lacks digits, not a
			// country code: say how many a whole number has.
			return "", nil, &partialNumber{cc: short.cc, region: region, digits: short.digits}
		}
		return "", nil, err
	}
	return internationalPhone(e164Digits(num))
}

func tooManyDigits(n int) error {
	return fmt.Errorf("has %d digits, more than the %d of the longest number", n, PhoneMaxDigits)
}

// possible applies the library's length check for the number's country,
// and asks for a whole number: a length that its fixed lines and mobiles
// have only when dialled locally (without the area code) is refused, unless
// the number is a valid one of another kind (a service number such as
// 4004-1234 in Brazil).
func possible(num *phonenumbers.PhoneNumber) error {
	cc := num.GetCountryCode()
	switch phonenumbers.IsPossibleNumberWithReason(num) {
	case phonenumbers.IS_POSSIBLE, phonenumbers.IS_POSSIBLE_LOCAL_ONLY:
		n := len(phonenumbers.GetNationalSignificantNumber(num))
		if p := planOf(cc); slices.Contains(p.local, n) && !slices.Contains(p.whole, n) && !phonenumbers.IsValidNumber(num) {
			return &partialNumber{cc: cc, digits: n}
		}
		return nil
	case phonenumbers.INVALID_COUNTRY_CODE:
		return errors.New("does not start with a known country code")
	case phonenumbers.TOO_SHORT:
		return &tooShort{cc: cc, digits: len(phonenumbers.GetNationalSignificantNumber(num))}
	case phonenumbers.TOO_LONG:
		return fmt.Errorf("is too long for country code +%d", cc)
	default:
		return fmt.Errorf("has the wrong number of digits for country code +%d", cc)
	}
}

// tooShort is a number shorter than any its country allows.
type tooShort struct {
	cc     int32
	digits int
}

func (e *tooShort) Error() string { return fmt.Sprintf("is too short for country code +%d", e.cc) }

// partialNumber is a number of a length its country allows only when it is
// dialled locally: the area code, or a digit, is missing.
type partialNumber struct {
	cc int32
	// region is the default country it was read in, for a national number;
	// empty for one written with its country code.
	region string
	// digits is the length of its national significant number.
	digits int
}

func (p *partialNumber) Error() string { return p.message(false) }

// message says what is missing; areaCode says that the input shows an area
// code (in parentheses), so that only digits can be missing.
func (p *partialNumber) message(areaCode bool) string {
	whole := planOf(p.cc).whole
	where := fmt.Sprintf("for country code +%d", p.cc)
	format, region := phonenumbers.INTERNATIONAL, phonenumbers.GetRegionCodeForCountryCode(int(p.cc))
	if p.region != "" {
		where, format, region = "in "+p.region, phonenumbers.NATIONAL, p.region
	}
	words := make([]string, len(whole))
	for i, n := range whole {
		words[i] = strconv.Itoa(n)
	}
	lengths := joinOr(words)
	if len(whole) == 0 {
		return fmt.Sprintf("is not a whole number %s: %d digits are possible only for local dialling", where, p.digits)
	}
	short := whole[0] - p.digits
	var msg string
	switch {
	case areaCode && short == 1:
		msg = fmt.Sprintf("is a digit short: %d digits, where a whole number %s has %s, area code included", p.digits, where, lengths)
	case areaCode && short > 1:
		msg = fmt.Sprintf("is %d digits short: %d digits, where a whole number %s has %s, area code included", short, p.digits, where, lengths)
	default:
		msg = fmt.Sprintf("is not a whole number %s: %d digits, where a whole number has %s with its area code; the area code (or a digit) is missing", where, p.digits, lengths)
	}
	if ex := phonenumbers.GetExampleNumberForType(region, phonenumbers.MOBILE); ex != nil {
		msg += ", e.g. " + phonenumbers.Format(ex, format)
	}
	return msg
}

// plan is what a country's numbering plan says of the lengths of its fixed
// lines and mobiles (national significant numbers).
type plan struct {
	// whole are the lengths of whole numbers, shortest first; local those
	// possible only when dialled locally.
	whole, local []int
}

// planOf reads the plan of country code cc (of its main region) from the
// library's metadata, which it exports no other way.
func planOf(cc int32) plan {
	if v, ok := plans.Load(cc); ok {
		return v.(plan)
	}
	var p plan
	region := phonenumbers.GetRegionCodeForCountryCode(int(cc))
	coll, err := phonenumbers.MetadataCollection()
	if err == nil {
		for _, m := range coll.GetMetadata() {
			if m.GetId() != region {
				continue
			}
			for _, d := range []*phonenumbers.PhoneNumberDesc{m.GetFixedLine(), m.GetMobile()} {
				lengths := d.GetPossibleLength()
				if len(lengths) == 0 { // the same as the general description's
					lengths = m.GetGeneralDesc().GetPossibleLength()
				}
				p.whole = addLengths(p.whole, lengths)
				p.local = addLengths(p.local, d.GetPossibleLengthLocalOnly())
			}
		}
	}
	plans.Store(cc, p)
	return p
}

var plans sync.Map // country code → plan

// addLengths adds lengths to set, sorted; -1 stands for "no numbers".
func addLengths(set []int, lengths []int32) []int {
	for _, l := range lengths {
		if n := int(l); n > 0 && !slices.Contains(set, n) {
			set = append(set, n)
		}
	}
	slices.Sort(set)
	return set
}

func parseProblem(err error) error {
	switch {
	case errors.Is(err, phonenumbers.ErrInvalidCountryCode):
		return errors.New("does not start with a known country code")
	case errors.Is(err, phonenumbers.ErrTooShortNSN), errors.Is(err, phonenumbers.ErrTooShortAfterIDD):
		return errors.New("is too short")
	case errors.Is(err, phonenumbers.ErrNumTooLong):
		return errors.New("is too long")
	default:
		return errors.New("is not a phone number")
	}
}

// e164Digits is the number as the API stores it: country code and national
// significant number (with any leading zeros it has, as in Italy), digits only.
func e164Digits(num *phonenumbers.PhoneNumber) string {
	return strconv.Itoa(int(num.GetCountryCode())) + phonenumbers.GetNationalSignificantNumber(num)
}
