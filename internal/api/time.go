package api

import (
	"bytes"
	"fmt"
	"time"
)

// TimeLayout is the API's timestamp form: UTC with microseconds and a trailing Z.
const TimeLayout = "2006-01-02T15:04:05.000000Z"

// Time is a timestamp of the API. It decodes the API's form (and any RFC 3339
// time, for servers that vary the precision) and encodes in the API's form.
type Time struct{ time.Time }

// NewTime returns t as an API timestamp in UTC, truncated to microseconds.
func NewTime(t time.Time) Time { return Time{t.UTC().Truncate(time.Microsecond)} }

// String formats the timestamp as the API does.
func (t Time) String() string { return t.UTC().Format(TimeLayout) }

// MarshalJSON encodes the timestamp in the API's form.
func (t Time) MarshalJSON() ([]byte, error) {
	return []byte(`"` + t.String() + `"`), nil
}

// UnmarshalJSON accepts the API's form, any RFC 3339 timestamp, and null (the zero time).
func (t *Time) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		*t = Time{}
		return nil
	}
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return fmt.Errorf("timestamp: want a JSON string, got %s", b)
	}
	parsed, err := ParseTime(string(b[1 : len(b)-1]))
	if err != nil {
		return err
	}
	*t = parsed
	return nil
}

// ParseTime parses a timestamp in the API's form or in RFC 3339.
func ParseTime(s string) (Time, error) {
	v, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return Time{}, fmt.Errorf("timestamp %q: want the form %s", s, TimeLayout)
	}
	return Time{v.UTC()}, nil
}
