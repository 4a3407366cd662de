package jsonstring

import "testing"

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
