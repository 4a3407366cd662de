package validate

import (
	"strconv"
	"strings"
)

// PhoneKey is a normalised phone number packed in 64 bits: its digits read
// as a number, and their count in the top byte, so that a leading zero
// would survive. The sets of phones of bulk runs (a campaign's recipients
// seen, sent and left out, the phones an import has met) hold millions of
// them: 8 bytes each, where a string costs 16 and its digits.
type PhoneKey uint64

const digitsShift = 56

// PackPhone packs digits, a normalised phone number of 8 to 15 digits; ok
// is false for anything else.
func PackPhone(digits string) (k PhoneKey, ok bool) {
	if len(digits) < PhoneMinDigits || len(digits) > PhoneMaxDigits {
		return 0, false
	}
	var n uint64
	for i := range len(digits) {
		c := digits[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	return PhoneKey(uint64(len(digits))<<digitsShift | n), true
}

// String is the phone's digits.
func (k PhoneKey) String() string {
	s := strconv.FormatUint(uint64(k)&(1<<digitsShift-1), 10)
	if pad := int(k>>digitsShift) - len(s); pad > 0 {
		s = strings.Repeat("0", pad) + s
	}
	return s
}
