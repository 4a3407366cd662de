package output

import (
	"os"
	"runtime"
	"strings"
	"testing"
)

func TestTestStreamsDefaults(t *testing.T) {
	ios, _, _, _ := Test()
	if ios.IsStdinTTY() || ios.IsStdoutTTY() || ios.IsStderrTTY() {
		t.Error("test streams must not be terminals")
	}
	if ios.ColorEnabled() {
		t.Error("test streams must have colour off")
	}
	if ios.TerminalWidth() != 80 {
		t.Errorf("width = %d, want 80", ios.TerminalWidth())
	}
	if ios.CanPrompt() {
		t.Error("test streams must not prompt")
	}
}

func TestCanPrompt(t *testing.T) {
	tests := []struct {
		stdin, stdout, never bool
		want                 bool
	}{
		{true, true, false, true},
		{true, true, true, false},
		{false, true, false, false},
		{true, false, false, false},
	}
	for _, tt := range tests {
		ios, _, _, _ := Test()
		ios.SetStdinTTY(tt.stdin)
		ios.SetStdoutTTY(tt.stdout)
		ios.SetNeverPrompt(tt.never)
		if got := ios.CanPrompt(); got != tt.want {
			t.Errorf("stdin=%v stdout=%v never=%v: CanPrompt = %v, want %v", tt.stdin, tt.stdout, tt.never, got, tt.want)
		}
	}
}

func TestSystemWidthFallback(t *testing.T) {
	t.Setenv("COLUMNS", "123")
	if w := systemWidth(false); w != 123 {
		t.Errorf("with COLUMNS=123 and no terminal: width = %d", w)
	}
	t.Setenv("COLUMNS", "wide")
	if w := systemWidth(false); w != 80 {
		t.Errorf("with an invalid COLUMNS: width = %d, want 80", w)
	}
}

func TestColorSchemeOff(t *testing.T) {
	cs := (&IOStreams{}).ColorScheme()
	for _, s := range []string{cs.Bold("a"), cs.Red("a"), cs.Gray("a"), cs.Cyan("a"), cs.Magenta("a")} {
		if s != "a" {
			t.Errorf("colour off changed the text: %q", s)
		}
	}
	if cs.SuccessIcon() != "✓" || cs.WarningIcon() != "!" || cs.FailureIcon() != "X" {
		t.Errorf("icons = %q %q %q", cs.SuccessIcon(), cs.WarningIcon(), cs.FailureIcon())
	}
	on := (&IOStreams{colorEnabled: true}).ColorScheme()
	if got := on.FailureIcon(); got != "\x1b[31mX\x1b[0m" {
		t.Errorf("red X = %q", got)
	}
	if got := on.Yellow(""); got != "" {
		t.Errorf("colouring an empty string must give an empty string, got %q", got)
	}
}

func skipWithoutShell(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the pager tests use POSIX shell commands")
	}
}

func TestPagerPipesOutput(t *testing.T) {
	skipWithoutShell(t)
	ios, _, stdout, _ := Test()
	ios.SetStdoutTTY(true)
	if err := ios.StartPager("tr a-z A-Z"); err != nil {
		t.Fatal(err)
	}
	if _, err := ios.Out.Write([]byte("paged text\n")); err != nil {
		t.Fatal(err)
	}
	ios.StopPager()
	if stdout.String() != "PAGED TEXT\n" {
		t.Errorf("stdout = %q, want the pager's output", stdout)
	}
	if _, err := ios.Out.Write([]byte("after\n")); err != nil || !strings.HasSuffix(stdout.String(), "after\n") {
		t.Errorf("StopPager must restore Out (err %v): %q", err, stdout)
	}
}

func TestPagerSkipped(t *testing.T) {
	tests := []struct {
		name    string
		tty     bool
		command string
	}{
		{"not a terminal", false, "tr a-z A-Z"},
		{"empty command", true, ""},
		{"cat", true, "cat"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, _, stdout, _ := Test()
			ios.SetStdoutTTY(tt.tty)
			if err := ios.StartPager(tt.command); err != nil {
				t.Fatal(err)
			}
			if ios.Out != stdout {
				t.Fatal("Out was replaced though no pager should run")
			}
			ios.StopPager()
		})
	}
}

func TestPagerEnvironment(t *testing.T) {
	skipWithoutShell(t)
	t.Setenv("PAGER", "recursive")
	t.Setenv("LESS", "")
	os.Unsetenv("LESS")
	ios, _, stdout, _ := Test()
	ios.SetStdoutTTY(true)
	if err := ios.StartPager(`cat >/dev/null; printf '%s|%s' "$LESS" "${PAGER-unset}"`); err != nil {
		t.Fatal(err)
	}
	ios.StopPager()
	if stdout.String() != "FRX|unset" {
		t.Errorf("pager saw LESS|PAGER = %q, want FRX|unset", stdout)
	}

	t.Setenv("LESS", "-S")
	stdout.Reset()
	if err := ios.StartPager(`printf '%s' "$LESS"`); err != nil {
		t.Fatal(err)
	}
	ios.StopPager()
	if stdout.String() != "-S" {
		t.Errorf("the user's LESS must be kept, pager saw %q", stdout)
	}
}

func TestPagerQuitEarly(t *testing.T) {
	skipWithoutShell(t)
	ios, _, _, _ := Test()
	ios.SetStdoutTTY(true)
	if err := ios.StartPager("true"); err != nil {
		t.Fatal(err)
	}
	// Far more than a pipe buffer, so writes hit the closed pipe.
	chunk := []byte(strings.Repeat("x", 64*1024))
	for range 32 {
		if _, err := ios.Out.Write(chunk); err != nil {
			t.Fatalf("writing to a pager that quit must not fail: %v", err)
		}
	}
	ios.StopPager()
}

func TestPagerNotFound(t *testing.T) {
	skipWithoutShell(t)
	ios, _, stdout, _ := Test()
	ios.SetStdoutTTY(true)
	err := ios.StartPager("convo-no-such-pager-xyz -R")
	if err == nil || !strings.Contains(err.Error(), "convo-no-such-pager-xyz") {
		t.Fatalf("error = %v, want one naming the missing pager", err)
	}
	if ios.Out != stdout {
		t.Error("Out must stay the terminal when the pager cannot start")
	}
}
