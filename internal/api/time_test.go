package api

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestParseTime(t *testing.T) {
	tests := []struct {
		in   string
		want time.Time
		api  string // the API's form of the instant
	}{
		{"2024-05-01T12:34:56.123456Z", at(2024, 5, 1, 12, 34, 56, 123456), "2024-05-01T12:34:56.123456Z"},
		{"2024-05-01T12:34:56.000000Z", at(2024, 5, 1, 12, 34, 56, 0), "2024-05-01T12:34:56.000000Z"},
		{"2024-05-01T12:34:56Z", at(2024, 5, 1, 12, 34, 56, 0), "2024-05-01T12:34:56.000000Z"},
		{"2024-05-01T12:34:56.5Z", at(2024, 5, 1, 12, 34, 56, 500000), "2024-05-01T12:34:56.500000Z"},
		{"2024-05-01T12:34:56.123Z", at(2024, 5, 1, 12, 34, 56, 123000), "2024-05-01T12:34:56.123000Z"},
		{"2024-05-01T09:34:56.123456-03:00", at(2024, 5, 1, 12, 34, 56, 123456), "2024-05-01T12:34:56.123456Z"},
		{"2024-05-01T23:30:00+02:00", at(2024, 5, 1, 21, 30, 0, 0), "2024-05-01T21:30:00.000000Z"},
		{"2024-12-31T23:59:59.999999999Z", time.Date(2024, 12, 31, 23, 59, 59, 999999999, time.UTC), "2024-12-31T23:59:59.999999Z"},
	}
	for _, tt := range tests {
		got, err := ParseTime(tt.in)
		if err != nil {
			t.Errorf("ParseTime(%q): %v", tt.in, err)
			continue
		}
		if !got.Equal(tt.want) || got.Location() != time.UTC {
			t.Errorf("ParseTime(%q) = %v, want %v in UTC", tt.in, got.Time, tt.want)
		}
		if s := got.String(); s != tt.api {
			t.Errorf("ParseTime(%q).String() = %q, want %q", tt.in, s, tt.api)
		}
		b, err := json.Marshal(got)
		if err != nil || string(b) != `"`+tt.api+`"` {
			t.Errorf("MarshalJSON(ParseTime(%q)) = %s, %v; want %q", tt.in, b, err, tt.api)
		}
	}
}

func TestParseTimeRejects(t *testing.T) {
	for _, in := range []string{"", "2024-05-01", "2024-05-01 12:34:56", "2024-05-01T12:34:56", "01/05/2024", "1714566896"} {
		_, err := ParseTime(in)
		if err == nil || !strings.Contains(err.Error(), TimeLayout) {
			t.Errorf("ParseTime(%q) error = %v, want one that shows the expected form", in, err)
		}
	}
}

// TestTimeJSONRoundTrip checks that the API's form survives decoding and
// encoding unchanged, inside a struct as the client meets it.
func TestTimeJSONRoundTrip(t *testing.T) {
	type record struct {
		CreatedAt Time  `json:"created_at"`
		DeletedAt *Time `json:"deleted_at"`
	}
	for _, in := range []string{
		`{"created_at":"2024-05-01T12:34:56.123456Z","deleted_at":null}`,
		`{"created_at":"1999-12-31T23:59:59.000001Z","deleted_at":"2024-06-01T17:45:12.654321Z"}`,
	} {
		var r record
		if err := json.Unmarshal([]byte(in), &r); err != nil {
			t.Fatalf("Unmarshal(%s): %v", in, err)
		}
		out, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != in {
			t.Errorf("round trip of %s gave %s", in, out)
		}
	}
}

func TestTimeUnmarshalJSON(t *testing.T) {
	var tm Time
	if err := json.Unmarshal([]byte(`"2024-05-01T12:34:56.123456Z"`), &tm); err != nil || !tm.Equal(at(2024, 5, 1, 12, 34, 56, 123456)) {
		t.Errorf("Unmarshal = %v, %v", tm.Time, err)
	}
	// null leaves the zero time, also over a value decoded before.
	if err := json.Unmarshal([]byte(`null`), &tm); err != nil || !tm.IsZero() {
		t.Errorf("Unmarshal(null) = %v, %v; want the zero time", tm.Time, err)
	}
	for _, in := range []string{`1714566896`, `true`, `"yesterday"`, `{}`} {
		if err := json.Unmarshal([]byte(in), &tm); err == nil {
			t.Errorf("Unmarshal(%s) succeeded, want an error", in)
		}
	}
}

func TestNewTime(t *testing.T) {
	local := time.Date(2024, 5, 1, 9, 34, 56, 123456789, time.FixedZone("BRT", -3*3600))
	got := NewTime(local)
	if !got.Equal(at(2024, 5, 1, 12, 34, 56, 123456)) || got.Location() != time.UTC {
		t.Errorf("NewTime(%v) = %v, want 12:34:56.123456 UTC", local, got.Time)
	}
}
