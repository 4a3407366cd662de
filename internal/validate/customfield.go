package validate

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
)

// CustomField is what a value check needs to know about a custom field of the
// company: its name (the key in a contact's customfields), its type (one of
// CustomFieldTypes), the options of a select field and whether it is active.
type CustomField struct {
	Name    string
	Type    string
	Options []string
	Active  bool
}

// CustomFieldValue checks v, a value for custom field f as decoded from JSON or
// read from a flag or a CSV cell, and returns it in the form to send and store
// (field "customfields.<name>"):
//
//   - text: a string, returned as it is; a JSON number is not text.
//   - number: a JSON number (float64, json.Number or any Go integer or float)
//     or a numeric string with a dot as decimal separator, such as "42",
//     "-3" or "1.5"; returned as a json.Number in canonical form ("007" → 7,
//     "1.50" → 1.5). NaN, infinities and numbers beyond float64 fail.
//   - email: a string that passes the Email rule, surrounding spaces removed.
//   - date: "YYYY-MM-DD" or the Brazilian "DD/MM/YYYY", a real calendar date;
//     returned as "YYYY-MM-DD".
//   - select: one of the field's options; a different case is accepted when it
//     matches exactly one option, and the option as defined is returned.
//
// A nil value or a blank string clears the field and returns nil, nil, for
// every type. A field that is not active accepts no value at all.
func CustomFieldValue(f CustomField, v any) (any, error) {
	field := "customfields." + f.Name
	if !f.Active {
		return nil, invalid(field, fmt.Sprintf("custom field %q is not active", f.Name))
	}
	s, isString := v.(string)
	if v == nil || isString && strings.TrimSpace(s) == "" {
		return nil, nil
	}
	if f.Type == "number" {
		return numberValue(field, v)
	}
	if !slices.Contains(CustomFieldTypes, f.Type) {
		return nil, invalid(field, fmt.Sprintf("custom field %q has type %q; known types are %s", f.Name, f.Type, strings.Join(CustomFieldTypes, ", ")))
	}
	if !isString {
		return nil, invalid(field, fmt.Sprintf("must be a string for a %s field (got %T)", f.Type, v))
	}
	switch f.Type {
	case "text":
		return s, nil
	case "email":
		s = strings.TrimSpace(s)
		if err := emailAddress(field, s); err != nil {
			return nil, err
		}
		return s, nil
	case "date":
		return dateValue(field, strings.TrimSpace(s))
	default: // select
		return selectValue(field, f.Options, s)
	}
}

func numberValue(field string, v any) (any, error) {
	switch n := v.(type) {
	case json.Number:
		return numberString(field, string(n))
	case string:
		return numberString(field, strings.TrimSpace(n))
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return json.Number(strconv.FormatInt(rv.Int(), 10)), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return json.Number(strconv.FormatUint(rv.Uint(), 10)), nil
	case reflect.Float32, reflect.Float64:
		return floatNumber(field, rv.Float(), fmt.Sprint(v))
	}
	return nil, invalid(field, fmt.Sprintf("must be a number (got %T)", v))
}

const numberExpected = "must be a number such as 42, -3 or 1.5"

// numberString accepts decimal notation only: strconv alone would also take
// "0x1p4", "1_000", "Inf" and "NaN", which no spreadsheet or person means as a
// custom-field number.
func numberString(field, s string) (any, error) {
	if strings.Contains(s, ",") {
		return nil, invalid(field, fmt.Sprintf("%s, with a dot as decimal separator and no thousands separator (got %q)", numberExpected, s))
	}
	if !isDecimal(s) {
		return nil, invalid(field, fmt.Sprintf("%s (got %q)", numberExpected, s))
	}
	// Integers are kept exact when they fit in 64 bits; float64 would round
	// them beyond 2^53.
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		return json.Number(strconv.FormatInt(i, 10)), nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil, invalid(field, fmt.Sprintf("%s, within the range of a 64-bit float (got %q)", numberExpected, s))
	}
	return floatNumber(field, f, s)
}

// floatNumber formats f as encoding/json does (shortest form that reads back
// exactly; exponent only below 1e-6 or from 1e21), so that one value has one
// spelling whichever way it arrived.
func floatNumber(field string, f float64, given string) (any, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil, invalid(field, fmt.Sprintf("%s (got %s)", numberExpected, given))
	}
	if f == 0 {
		f = 0 // no "-0"
	}
	b, err := json.Marshal(f)
	if err != nil {
		return nil, fmt.Errorf("format number %v: %w", f, err)
	}
	return json.Number(b), nil
}

// isDecimal reports whether s is -?(digits[.digits]|.digits)([eE][+-]?digits)?.
func isDecimal(s string) bool {
	s = strings.TrimPrefix(s, "-")
	mantissa, exponent, hasExp := strings.Cut(strings.ToLower(s), "e")
	whole, frac, _ := strings.Cut(mantissa, ".")
	if whole == "" && frac == "" || !allDigits(whole) || !allDigits(frac) {
		return false
	}
	if !hasExp {
		return true
	}
	if exponent != "" && (exponent[0] == '+' || exponent[0] == '-') {
		exponent = exponent[1:]
	}
	return exponent != "" && allDigits(exponent)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func dateValue(field, s string) (any, error) {
	for _, layout := range []string{time.DateOnly, "02/01/2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Format(time.DateOnly), nil
		}
	}
	return nil, invalid(field, fmt.Sprintf("must be a date as YYYY-MM-DD or DD/MM/YYYY, e.g. 2024-12-31 (got %q)", s))
}

func selectValue(field string, options []string, s string) (any, error) {
	if slices.Contains(options, s) {
		return s, nil
	}
	var match string
	matches := 0
	for _, o := range options {
		if strings.EqualFold(o, strings.TrimSpace(s)) {
			match = o
			matches++
		}
	}
	if matches == 1 {
		return match, nil
	}
	if len(options) == 0 {
		return nil, invalid(field, "is a select field without options, so it accepts no value")
	}
	return nil, invalid(field, fmt.Sprintf("must be one of %s (got %q)", strings.Join(options, ", "), s))
}
