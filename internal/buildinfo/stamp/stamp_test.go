package stamp

import "testing"

func TestString(t *testing.T) {
	tests := []struct {
		in   Info
		want string
	}{
		{Info{Version: "1.2.3", Commit: "abc123", Date: "2026-11-01T10:00:00Z"}, "convo version 1.2.3 (commit abc123, built 2026-11-01T10:00:00Z)"},
		{Info{Version: "1.2.3"}, "convo version 1.2.3"},
		{Info{Version: "dev", Date: "2026-11-01"}, "convo version dev (built 2026-11-01)"},
	}
	for _, tt := range tests {
		if got := tt.in.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

func TestFillDefaultsAndShortensCommit(t *testing.T) {
	got := Info{Commit: "0123456789abcdef0123"}.Filled()
	if got.Version != "dev" || got.Commit != "0123456789ab" {
		t.Fatalf("Filled() = %+v", got)
	}
}
