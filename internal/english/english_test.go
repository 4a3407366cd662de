package english

import "testing"

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 rows", 1: "1 row", 2: "2 rows", 1004: "1,004 rows", 1234567: "1,234,567 rows"} {
		if got := Count(n, "row"); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
	if got := Comma(int64(-12345)); got != "-12,345" {
		t.Errorf("Comma(-12345) = %q", got)
	}
}

func TestCapitalize(t *testing.T) {
	for in, want := range map[string]string{"delete contact 2": "Delete contact 2", "ônibus": "Ônibus", "": "", "Já": "Já"} {
		if got := Capitalize(in); got != want {
			t.Errorf("Capitalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAnd(t *testing.T) {
	for want, words := range map[string][]string{"": nil, "a": {"a"}, "a and b": {"a", "b"}, "a, b and c": {"a", "b", "c"}} {
		if got := And(words); got != want {
			t.Errorf("And(%q) = %q, want %q", words, got, want)
		}
	}
}
