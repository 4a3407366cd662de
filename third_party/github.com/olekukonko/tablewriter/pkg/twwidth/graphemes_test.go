package twwidth

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
)

// TestWidthByGraphemeCluster checks that text is as wide as a terminal
// shows it: flags, emoji joined with ZWJ and emoji with VS16 are one
// two-column cluster each, which summed rune by rune were 4, 6 and 1.
func TestWidthByGraphemeCluster(t *testing.T) {
	SetOptions(Options{})
	for _, tc := range []struct {
		s    string
		want int
	}{
		{"abc", 3},
		{"🔥", 2},
		{"🇧🇷", 2},                   // regional indicators B and R
		{"👨\u200d👩\u200d👧", 2},      // a family: three emoji joined by ZWJ
		{"❤\ufe0f", 2},              // a heart with VS16
		{"e\u0301", 1},              // e with a combining acute accent
		{"漢字", 4},                   // CJK
		{"\x1b[31m🇧🇷\x1b[0m ok", 5}, // colour codes count zero
		{"\x1b]8;;https://x.example\x1b\\link\x1b]8;;\x1b\\", 4}, // an OSC 8 hyperlink
	} {
		if got := Width(tc.s); got != tc.want {
			t.Errorf("Width(%q) = %d, want %d", tc.s, got, tc.want)
		}
		if got := WidthNoCache(tc.s); got != tc.want {
			t.Errorf("WidthNoCache(%q) = %d, want %d", tc.s, got, tc.want)
		}
	}
}

// TestTruncateKeepsClustersWhole checks that Truncate cuts between grapheme
// clusters: a flag or a joined emoji is kept or dropped whole, never split
// into a lone regional indicator or a dangling ZWJ.
func TestTruncateKeepsClustersWhole(t *testing.T) {
	SetOptions(Options{})
	for _, tc := range []struct {
		s      string
		width  int
		suffix string
		want   string
	}{
		{"🇧🇷🇵🇹", 3, "", "🇧🇷"},
		{"🇧🇷🇵🇹", 3, "…", "🇧🇷…"},
		{"a👨\u200d👩\u200d👧b", 3, "", "a👨\u200d👩\u200d👧"},
		{"a👨\u200d👩\u200d👧b", 2, "", "a"},
		{"e\u0301e\u0301e\u0301", 2, "", "e\u0301e\u0301"},
		{"\x1b[31m🇧🇷🇵🇹\x1b[0m", 2, "", "\x1b[31m🇧🇷\x1b[0m"},
	} {
		if got := Truncate(tc.s, tc.width, tc.suffix); got != tc.want {
			t.Errorf("Truncate(%q, %d, %q) = %q, want %q", tc.s, tc.width, tc.suffix, got, tc.want)
		}
	}
}

// TestInitIsCheap checks, in a fresh process traced with
// GODEBUG=inittrace=1, that initialising the package allocates little: the
// width cache is allocated on first use (allocated in init, its 8,192
// entries took 660 KB of every program that links tablewriter).
func TestInitIsCheap(t *testing.T) {
	if os.Getenv("TWWIDTH_INIT_CHILD") == "1" {
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestInitIsCheap$", "-test.count=1")
	cmd.Env = append(os.Environ(), "TWWIDTH_INIT_CHILD=1", "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child process: %v\n%s", err, out)
	}
	// init github.com/olekukonko/tablewriter/pkg/twwidth @0.9 ms, 0.01 ms clock, 1000 bytes, 10 allocs
	m := regexp.MustCompile(`(?m)^init github.com/olekukonko/tablewriter/pkg/twwidth @\S+ ms, \S+ ms clock, (\d+) bytes`).FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("no init trace of the package in the child's output:\n%s", out)
	}
	if bytes, _ := strconv.Atoi(m[1]); bytes > 64<<10 {
		t.Errorf("initialising the package allocated %d bytes, want at most 64 KiB", bytes)
	}
}
