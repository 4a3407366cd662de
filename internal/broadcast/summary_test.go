package broadcast

import "testing"

func TestSummaryLine(t *testing.T) {
	for _, tt := range []struct {
		s    Summary
		want string
	}{
		{Summary{Sent: 962, Skipped: 32, Failed: 6, Seconds: 101.2, MessagesPerSecond: 9.5},
			"sent 962 · skipped 32 · failed 6 in 1m41s (9.5 msg/s)"},
		{Summary{Sent: 12345, Duplicates: 3, AlreadySent: 1000, Seconds: 4.04, MessagesPerSecond: 3055.7},
			"sent 12,345 · skipped 0 · failed 0 · duplicates 3 · already sent 1,000 in 4.0s (3,056 msg/s)"},
		// A slow campaign says how slow, never "(0 msg/s)".
		{Summary{Sent: 1, Seconds: 2.5, MessagesPerSecond: 0.4},
			"sent 1 · skipped 0 · failed 0 in 2.5s (0.4 msg/s)"},
	} {
		if got := tt.s.Line(); got != tt.want {
			t.Errorf("Line() = %q, want %q", got, tt.want)
		}
	}
}
