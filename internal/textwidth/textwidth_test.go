package textwidth

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// samples are texts whose width terminals and naive measures disagree on.
var samples = []struct {
	text  string
	width int // with ambiguous characters narrow
}{
	{"João", 4},
	{"Jose\u0301", 4},         // combining accent
	{"山田太郎", 8},               // CJK
	{"김민준", 6},                // Hangul
	{"ＡＢＣ", 6},                // full-width Latin
	{"😀 Ana", 6},              // emoji
	{"🇧🇷 Bia", 6},             // a flag: two regional indicators
	{"👨\u200d👩\u200d👧 Lu", 5}, // a family joined by ZWJ
	{"❤\ufe0f Rui", 6},        // a heart with VS16
	{"👍🏽", 2},                 // a skin tone
	{"Ana\u0007\u200bZ", 4},   // a control character and a zero-width space
	{"\x1b[1mID\x1b[0m", 2},   // bold
	{"\x1b[38;5;240mcinza\x1b[0m", 5},
	{"\x1b]8;;https://exemplo.com.br\x1b\\link\x1b]8;;\x1b\\", 4}, // OSC 8
	{"±×÷ “aspas” — ½", 15},                                       // ambiguous East Asian width
}

// The inbox's widgets measure with x/ansi (lipgloss.Width is its
// StringWidth line by line): every sample must take as many cells for
// them as for convo, or a row the inbox pads would be cut by a widget.
func TestWidthAgreesWithTheInboxWidgets(t *testing.T) {
	ambiguousWide := os.Getenv("TEXTWIDTH_TEST_EASTASIAN") == "1"
	for _, s := range samples {
		got := Width(s.text)
		if !ambiguousWide && got != s.width {
			t.Errorf("Width(%q) = %d, want %d", s.text, got, s.width)
		}
		if lib := ansi.StringWidth(s.text); got != lib {
			t.Errorf("Width(%q) = %d, x/ansi.StringWidth = %d", s.text, got, lib)
		}
	}
	if ambiguousWide {
		if got := Width("±"); got != 2 {
			t.Errorf("with RUNEWIDTH_EASTASIAN=1, Width(±) = %d, want 2", got)
		}
		return
	}
	// Both read RUNEWIDTH_EASTASIAN when they start: check them again in
	// a process started with it.
	cmd := exec.Command(os.Args[0], "-test.run=^TestWidthAgreesWithTheInboxWidgets$", "-test.v")
	cmd.Env = append(os.Environ(), "RUNEWIDTH_EASTASIAN=1", "TEXTWIDTH_TEST_EASTASIAN=1")
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "--- PASS: TestWidthAgreesWithTheInboxWidgets") {
		t.Errorf("with RUNEWIDTH_EASTASIAN=1: %v\n%s", err, out)
	}
}

func TestTruncateKeepsClustersWhole(t *testing.T) {
	for _, tc := range []struct {
		text  string
		width int
		want  string
	}{
		{"Maria Aparecida", 20, "Maria Aparecida"},
		{"Maria Aparecida", 8, "Maria A…"},
		{"a👨\u200d👩\u200d👧bc", 4, "a👨\u200d👩\u200d👧…"},
		{"🇧🇷🇯🇵🇵🇹", 5, "🇧🇷🇯🇵…"},
		{"🇧🇷🇯🇵🇵🇹", 4, "🇧🇷…"},
		{"山田太郎", 6, "山田…"},
		{"山田太郎", 5, "山田…"},
		{"Jose\u0301 Silva", 5, "Jose\u0301…"},
		{"\x1b[31mvermelho\x1b[0m", 4, "\x1b[31mver\x1b[0m…"},
		{"ab\x1b[1mcdef\x1b[0m", 3, "ab\x1b[1m\x1b[0m…"},
		{"山田", 1, "…"},
		{"abc", 0, ""},
	} {
		got := Truncate(tc.text, tc.width, "…")
		if got != tc.want {
			t.Errorf("Truncate(%q, %d) = %q, want %q", tc.text, tc.width, got, tc.want)
		}
		if w := Width(got); w > tc.width {
			t.Errorf("Truncate(%q, %d) is %d cells wide", tc.text, tc.width, w)
		}
	}
}

func TestWrapFitsTheWidthAndKeepsEveryCharacter(t *testing.T) {
	for _, tc := range []struct {
		text  string
		width int
		want  []string
	}{
		{"um dois três quatro", 8, []string{"um dois", "três", "quatro"}},
		{"日本語のテキスト", 5, []string{"日本", "語の", "テキ", "スト"}},
		{"ok 👍🏽👍🏽👍🏽", 4, []string{"ok", "👍🏽👍🏽", "👍🏽"}},
		{"e\u0301e\u0301e\u0301e\u0301", 2, []string{"e\u0301e\u0301", "e\u0301e\u0301"}},
		{"a\n\nb", 10, []string{"a", "", "b"}},
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"x abcdefghij", 4, []string{"x", "abcd", "efgh", "ij"}},
	} {
		got := Wrap(tc.text, tc.width)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("Wrap(%q, %d) = %q, want %q", tc.text, tc.width, got, tc.want)
		}
	}
}
