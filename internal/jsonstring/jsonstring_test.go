package jsonstring

import (
	"encoding/json"
	"testing"
	"unicode/utf8"
)

func TestEnd(t *testing.T) {
	tests := []struct {
		src  string
		i    int
		want int
	}{
		{`"abc",1`, 0, 5},
		{`{"k":"v"}`, 1, 4},
		{`{"k":"v"}`, 5, 8},
		{`"a\"b"`, 0, 6},
		{`"a\\"b"`, 0, 5},
		{`"a\\\"b"`, 0, 8},
		{`"[{,:}]"x`, 0, 8},
		{`"\u0022"`, 0, 8},
		{`"unterminated`, 0, 13},
		{`"ends in a backslash\`, 0, 21},
		{`""`, 0, 2},
	}
	for _, tt := range tests {
		if got := End([]byte(tt.src), tt.i); got != tt.want {
			t.Errorf("End(%s, %d) = %d, want %d", tt.src, tt.i, got, tt.want)
		}
	}
}

// TestToValidUTF8 checks the repair against encoding/json itself: a string
// with bad bytes inside raw JSON becomes what json.Marshal writes for that
// string.
func TestToValidUTF8(t *testing.T) {
	tests := []string{
		"Jo\xe3o",               // Latin-1 ã
		"\xff\xfe",              // two bad bytes
		"\xe2\x82",              // a cut three-byte sequence
		"\xf0\x9f\x98\x80 \xf0", // a valid rune, then a lone lead byte
		"\xed\xa0\x80",          // an encoded surrogate, not UTF-8
	}
	for _, s := range tests {
		enc, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		src := "{\"k\":\"" + s + "\",\"n\":[1,\"ok\"]}"
		want := "{\"k\":" + string(enc) + ",\"n\":[1,\"ok\"]}"
		got := ToValidUTF8([]byte(src))
		if string(got) != want {
			t.Errorf("ToValidUTF8(%q) = %s, want %s", src, got, want)
		}
		if !json.Valid(got) || !utf8.Valid(got) {
			t.Errorf("ToValidUTF8(%q) = %q is not valid UTF-8 JSON", src, got)
		}
	}
	// Escapes, quotes and valid runes around a bad byte stay as they are.
	src := "{\"a\":\"x\\\" \\u00e9 \xc3 é\"}"
	if got, want := string(ToValidUTF8([]byte(src))), `{"a":"x\" \u00e9 \ufffd é"}`; got != want {
		t.Errorf("ToValidUTF8(%q) = %s, want %s", src, got, want)
	}
	valid := []byte(`{"name":"João 😀"}`)
	if got := ToValidUTF8(valid); &got[0] != &valid[0] {
		t.Error("valid text was copied")
	}
}
