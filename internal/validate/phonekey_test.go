package validate

import "testing"

func TestPackPhone(t *testing.T) {
	for _, digits := range []string{"12345678", "5511987654321", "999999999999999", "01234567"} {
		k, ok := PackPhone(digits)
		if !ok || k.String() != digits {
			t.Errorf("PackPhone(%q) = %v %v, reads back %q", digits, k, ok, k.String())
		}
	}
	a, _ := PackPhone("01234567")
	b, _ := PackPhone("1234567")
	c, _ := PackPhone("001234567")
	if a == b || a == c {
		t.Errorf("phones that differ in leading zeros share a key")
	}
	for _, bad := range []string{"", "1234567", "1234567890123456", "55119876543a1", "+5511987654321"} {
		if _, ok := PackPhone(bad); ok {
			t.Errorf("PackPhone(%q) accepted", bad)
		}
	}
}
