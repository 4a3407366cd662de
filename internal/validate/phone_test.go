package validate

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/convo-cli/convo/internal/naming"
	"github.com/nyaruka/phonenumbers"
)

func TestPhone(t *testing.T) {
	tests := []struct {
		name, raw, region string
		want              string // normalised number when the input is accepted
		code              string // error code when it is rejected
		msg               string // part of the error message
	}{
		{name: "international with punctuation", raw: "+55 (11) 98765-4321", want: "5511987654321"},
		{name: "digits with country code", raw: "5511987654321", want: "5511987654321"},
		{name: "digits with country code and region", raw: "5511987654321", region: "BR", want: "5511987654321"},
		{name: "national with region", raw: "(11) 98765-4321", region: "BR", want: "5511987654321"},
		{name: "region in lower case", raw: "(11) 98765-4321", region: "br", want: "5511987654321"},
		{name: "national without region", raw: "(11) 98765-4321", code: CodeInvalid, msg: "set --default-country"},
		{name: "trunk prefix with region", raw: "011 98765-4321", region: "BR", want: "5511987654321"},
		{name: "trunk and carrier prefix with region", raw: "0 15 11 98765-4321", region: "BR", want: "5511987654321"},
		{name: "trunk prefix without region", raw: "011 98765-4321", code: CodeInvalid, msg: "known country code"},
		{name: "00 prefix with region", raw: "0055 11 98765 4321", region: "BR", want: "5511987654321"},
		{name: "00 prefix without region", raw: "00 55 11 98765 4321", want: "5511987654321"},
		{name: "region's own international prefix", raw: "011 44 20 7946 0958", region: "US", want: "442079460958"},
		{name: "plus inside parentheses", raw: "(+55) 11 98765-4321", want: "5511987654321"},
		{name: "dots as separators", raw: "+55.11.98765.4321", want: "5511987654321"},
		{name: "United States", raw: "+1 415-555-2671", want: "14155552671"},
		{name: "United Kingdom", raw: "+44 20 7946 0958", want: "442079460958"},
		{name: "international input ignores region", raw: "+44 20 7946 0958", region: "BR", want: "442079460958"},
		{name: "national prefix after country code", raw: "+44 (0)20 7946 0958", want: "442079460958"},
		{name: "national prefix stripped until stable", raw: "+46 00 847 94 91", want: "468479491"},
		{name: "Italian leading zero kept", raw: "+39 06 1234 5678", want: "390612345678"},
		{name: "valid foreign number without plus under region", raw: "14155552671", region: "BR", want: "14155552671"},
		{name: "national reading wins when it is the valid one", raw: "55987654321", region: "BR", want: "5555987654321"},
		{name: "number that reads back differently", raw: "+1 538 487 0438", region: "BR", code: CodeInvalid, msg: "is ambiguous: stored as 15384870438, it would read as another number with the default country BR"},
		{name: "a digit short", raw: "(11) 9876-543", region: "BR", code: CodeInvalid, msg: "is a digit short: 9 digits, where a whole number in BR has 10 or 11, area code included, e.g. (11) 96123-4567"},
		{name: "too short, dialled in BR", raw: "41 555-01", region: "BR", code: CodeInvalid, msg: "is not a whole number in BR: 7 digits, where a whole number has 10 or 11 with its area code; the area code (or a digit) is missing, e.g. (11) 96123-4567"},
		{name: "too short with its country code", raw: "+55 41 555-01", region: "BR", code: CodeInvalid, msg: "is too short for country code +55; must be a phone number with country code"},
		{name: "two digits short", raw: "(11) 9876-54", region: "BR", code: CodeInvalid, msg: "is 2 digits short: 8 digits"},
		{name: "no area code", raw: "98765-4321", region: "BR", code: CodeInvalid, msg: "is not a whole number in BR: 9 digits, where a whole number has 10 or 11 with its area code; the area code (or a digit) is missing"},
		{name: "no area code, 8 digits", raw: "9876-5432", region: "BR", code: CodeInvalid, msg: "the area code (or a digit) is missing"},
		{name: "no area code in the US", raw: "555-1234", region: "US", code: CodeInvalid, msg: "is not a whole number in US: 7 digits, where a whole number has 10 with its area code"},
		{name: "international, a digit short", raw: "+55 11 9876-543", code: CodeInvalid, msg: "is not a whole number for country code +55: 9 digits, where a whole number has 10 or 11 with its area code; the area code (or a digit) is missing, e.g. +55 11 96123-4567"},
		{name: "international, no area code", raw: "+55 987654321", region: "BR", code: CodeInvalid, msg: "is not a whole number for country code +55"},
		{name: "fixed line with area code", raw: "(11) 3456-7890", region: "BR", want: "551134567890"},
		{name: "service number of a local-only length", raw: "4004-0001", region: "BR", want: "5540040001"},
		{name: "surrounding spaces", raw: "  +55 11 98765-4321\t", want: "5511987654321"},
		{name: "letters", raw: "+55 11 9876-ABCD", code: CodeInvalid, msg: `contains "A"`},
		{name: "vanity letters", raw: "1-800-FLOWERS", code: CodeInvalid, msg: "must be a phone number with country code"},
		{name: "plus in the middle", raw: "55+11987654321", code: CodeInvalid, msg: `"+" after the start`},
		{name: "too short", raw: "+55 1234", code: CodeInvalid, msg: "too short"},
		{name: "fewer than 8 digits", raw: "+47 1234 567", code: CodeInvalid},
		{name: "16 digits", raw: "1234567890123456", code: CodeInvalid, msg: "16 digits"},
		{name: "many digits", raw: "+55 11 98765 4321 98765 4321", code: CodeInvalid, msg: "more than the 15"},
		{name: "empty", raw: "", code: CodeRequired},
		{name: "blank", raw: "   ", code: CodeRequired},
		{name: "only punctuation", raw: "+()", code: CodeInvalid, msg: "no digits"},
		{name: "unknown country code", raw: "+999 1234 5678", code: CodeInvalid, msg: "known country code"},
		{name: "not possible for its country", raw: "+55 11 98765 43210 1", code: CodeInvalid, msg: "country code +55"},
		{name: "unknown region", raw: "11 98765-4321", region: "XX", code: CodeInvalid, msg: "two-letter country code"},
		{name: "message without hint when region is set", raw: "abc", region: "BR", code: CodeInvalid, msg: "e.g. +55 11 98765-4321"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Phone("phone", tt.raw, tt.region, naming.Flags)
			if tt.code == "" {
				if err != nil || got != tt.want {
					t.Fatalf("Phone(%q, %q) = %q, %v; want %q", tt.raw, tt.region, got, err, tt.want)
				}
				return
			}
			var verr *Error
			if !errors.As(err, &verr) {
				t.Fatalf("Phone(%q, %q) = %q, %v; want an *Error with code %s", tt.raw, tt.region, got, err, tt.code)
			}
			if verr.Code != tt.code || !strings.Contains(verr.Message, tt.msg) {
				t.Errorf("error = %+v; want code %s and a message containing %q", verr, tt.code, tt.msg)
			}
			if got != "" {
				t.Errorf("rejected number returned %q", got)
			}
		})
	}
}

func TestPhoneErrorNamesField(t *testing.T) {
	_, err := Phone("contact", "abc", "", naming.Flags)
	if err == nil || !strings.HasPrefix(err.Error(), "contact: ") {
		t.Fatalf("error %v does not name field contact", err)
	}
	_, err = Phone("phone", "abc", "BR", naming.Flags)
	if strings.Contains(err.Error(), "--default-country") {
		t.Errorf("error %q suggests --default-country although one is set", err)
	}
	_, err = Phone("phone", "5511987654321", "Brazil", naming.Flags)
	var verr *Error
	if !errors.As(err, &verr) || verr.Field != "default_country" {
		t.Errorf("bad region gave %v; want an error on default_country", err)
	}
}

func TestDefaultCountry(t *testing.T) {
	for in, want := range map[string]string{"": "", "BR": "BR", " us ": "US", "gb": "GB"} {
		if got, err := DefaultCountry(in); err != nil || got != want {
			t.Errorf("DefaultCountry(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"XX", "ZZ", "001", "BRA", "B"} {
		if _, err := DefaultCountry(in); err == nil {
			t.Errorf("DefaultCountry(%q) accepted an unknown country", in)
		}
	}
}

// TestPhoneNormalisesToItself samples digit strings with and without
// international, trunk and carrier prefixes under every region the metadata
// knows, and checks what FuzzPhone checks; a fixed seed keeps it repeatable.
func TestPhoneNormalisesToItself(t *testing.T) {
	regions := []string{""}
	for r := range phonenumbers.GetSupportedRegions() {
		regions = append(regions, r)
	}
	slices.Sort(regions)
	prefixes := []string{"", "+", "00", "0", "0 15 ", "55", "1"}
	rng := rand.New(rand.NewPCG(7, 11))
	const samples = 2000
	accepted := 0
	for range samples {
		b := []byte(prefixes[rng.IntN(len(prefixes))])
		for range 5 + rng.IntN(14) {
			b = append(b, byte('0'+rng.IntN(10)))
		}
		raw, region := string(b), regions[rng.IntN(len(regions))]
		got, err := Phone("phone", raw, region, naming.Flags)
		if err != nil {
			continue
		}
		accepted++
		for _, r := range []string{region, ""} {
			if again, err := Phone("phone", got, r, naming.Flags); err != nil || again != got {
				t.Errorf("Phone(%q, %q) = %q, but Phone(%q, %q) = %q, %v", raw, region, got, got, r, again, err)
			}
		}
	}
	if accepted < samples/10 {
		t.Errorf("only %d of %d samples were accepted; the sample no longer exercises normalisation", accepted, samples)
	}
}

// The sandbox validates requests on many goroutines at once; the library's
// shared caches must hold up (run with -race).
func TestPhoneConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 50 {
				region := []string{"BR", "US", ""}[i%3]
				if _, err := Phone("phone", "+55 (11) 98765-4321", region, naming.Flags); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
}

func BenchmarkPhone(b *testing.B) {
	for b.Loop() {
		if _, err := Phone("phone", "(11) 98765-4321", "BR", naming.Flags); err != nil {
			b.Fatal(err)
		}
	}
}

// fuzzRegions are the default countries FuzzPhone tries, picked by index so
// that the fuzzer spends its time on numbers rather than on region names.
var fuzzRegions = []string{"", "BR", "US", "GB", "DE", "IT", "AR", "MX", "IN", "RU", "FR", "JP", "CN", "PT", "AU", "NG"}

// FuzzPhone checks the promise callers build on: a normalised number is 8 to
// 15 ASCII digits and normalises to itself again, with the region it was read
// with and without any region; rejected input gives an *Error, never a panic.
func FuzzPhone(f *testing.F) {
	for i, s := range []string{"+55 (11) 98765-4321", "(11) 98765-4321", "011 98765-4321", "+1 415-555-2671", "+44 (0)20 7946 0958", "0055 11 98765 4321", "+39 06 1234 5678"} {
		f.Add(s, uint8(i))
	}
	f.Fuzz(func(t *testing.T, raw string, regionIndex uint8) {
		region := fuzzRegions[int(regionIndex)%len(fuzzRegions)]
		got, err := Phone("phone", raw, region, naming.Flags)
		if err != nil {
			var verr *Error
			if !errors.As(err, &verr) || verr.Field != "phone" || (verr.Code != CodeInvalid && verr.Code != CodeRequired) {
				t.Fatalf("Phone(%q, %q) error %#v is not a phone *Error", raw, region, err)
			}
			return
		}
		if len(got) < PhoneMinDigits || len(got) > PhoneMaxDigits || strings.Trim(got, "0123456789") != "" {
			t.Fatalf("Phone(%q, %q) = %q: not 8 to 15 digits", raw, region, got)
		}
		for _, r := range []string{region, ""} {
			if again, err := Phone("phone", got, r, naming.Flags); err != nil || again != got {
				t.Fatalf("Phone(%q, %q) = %q, but Phone(%q, %q) = %q, %v", raw, region, got, got, r, again, err)
			}
		}
	})
}
