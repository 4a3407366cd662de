// Package output holds the program's standard streams, with terminal and
// colour detection, and every printer of the CLI: table, plain, json, ndjson,
// csv and yaml, plus --fields, --jq and --template.
//
// Printers receive items as the raw JSON bytes the API returned and never
// round-trip them through Go structs or maps, so key order and number
// spellings reach scripts exactly as the server wrote them.
package output

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/mattn/go-colorable"
	"github.com/mattn/go-isatty"
	"golang.org/x/term"
)

// defaultWidth is the terminal width assumed when none can be measured.
const defaultWidth = 80

// IOStreams bundles the standard streams with what is known about them:
// whether each is a terminal, whether colour is on, the terminal width and a
// running pager. Commands receive one and never touch os.Stdout directly, so
// tests can swap in buffers with Test.
type IOStreams struct {
	// In is standard input.
	In io.Reader
	// Out receives data only: what scripts consume.
	Out io.Writer
	// ErrOut receives everything else: messages, hints, footers, progress.
	ErrOut io.Writer

	stdinTTY, stdoutTTY, stderrTTY bool
	colorEnabled                   bool
	neverPrompt                    bool
	width                          int

	// now is the clock relative times are measured against; tests fix it.
	now func() time.Time

	pager *pagerProcess
}

// System returns streams bound to the process's stdin, stdout and stderr.
// It only asks the kernel (isatty, window size) and reads the environment:
// no subprocess is started, so it is cheap enough for shell completion.
func System() *IOStreams {
	stdoutTTY := isTerminal(os.Stdout)
	ios := &IOStreams{
		In:        os.Stdin,
		Out:       colorable.NewColorable(os.Stdout),
		ErrOut:    colorable.NewColorable(os.Stderr),
		stdinTTY:  isTerminal(os.Stdin),
		stdoutTTY: stdoutTTY,
		stderrTTY: isTerminal(os.Stderr),
		// NO_COLOR follows no-color.org: set to a non-empty value.
		colorEnabled: stdoutTTY && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb",
		width:        systemWidth(stdoutTTY),
		now:          time.Now,
	}
	return ios
}

// Test returns streams backed by in-memory buffers: no terminal anywhere,
// no colour, width 80. Flip the settings with the Set methods.
func Test() (ios *IOStreams, stdin *bytes.Buffer, stdout *bytes.Buffer, stderr *bytes.Buffer) {
	stdin, stdout, stderr = &bytes.Buffer{}, &bytes.Buffer{}, &bytes.Buffer{}
	ios = &IOStreams{
		In:     stdin,
		Out:    stdout,
		ErrOut: stderr,
		width:  defaultWidth,
		now:    time.Now,
	}
	return ios, stdin, stdout, stderr
}

func isTerminal(f *os.File) bool {
	fd := f.Fd()
	return isatty.IsTerminal(fd) || isatty.IsCygwinTerminal(fd)
}

// systemWidth measures stdout when it is a terminal; otherwise $COLUMNS is the
// user's way to size tables written to a pipe.
func systemWidth(stdoutTTY bool) int {
	if stdoutTTY {
		if w, _, err := term.GetSize(int(os.Stdout.Fd())); err == nil && w > 0 {
			return w
		}
	}
	if w, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && w > 0 {
		return w
	}
	return defaultWidth
}

// IsStdinTTY reports whether standard input is a terminal.
func (s *IOStreams) IsStdinTTY() bool { return s.stdinTTY }

// IsStdoutTTY reports whether standard output is a terminal.
func (s *IOStreams) IsStdoutTTY() bool { return s.stdoutTTY }

// IsStderrTTY reports whether standard error is a terminal.
func (s *IOStreams) IsStderrTTY() bool { return s.stderrTTY }

// SetStdinTTY overrides terminal detection of standard input.
func (s *IOStreams) SetStdinTTY(tty bool) { s.stdinTTY = tty }

// SetStdoutTTY overrides terminal detection of standard output.
func (s *IOStreams) SetStdoutTTY(tty bool) { s.stdoutTTY = tty }

// SetStderrTTY overrides terminal detection of standard error.
func (s *IOStreams) SetStderrTTY(tty bool) { s.stderrTTY = tty }

// ColorEnabled reports whether ANSI colours may be written to Out and ErrOut.
func (s *IOStreams) ColorEnabled() bool { return s.colorEnabled }

// SetColorEnabled turns colour on or off; the caller applies --no-color and
// the `color` setting through it.
func (s *IOStreams) SetColorEnabled(on bool) { s.colorEnabled = on }

// TerminalWidth is the width tables are fitted to.
func (s *IOStreams) TerminalWidth() int { return s.width }

// SetTerminalWidth overrides the measured terminal width.
func (s *IOStreams) SetTerminalWidth(width int) { s.width = width }

// CanPrompt reports whether the user can be asked questions: both stdin and
// stdout are terminals and prompting has not been switched off.
func (s *IOStreams) CanPrompt() bool {
	return !s.neverPrompt && s.stdinTTY && s.stdoutTTY
}

// SetNeverPrompt switches prompting off (CONVO_NO_PROMPT, config `prompt`).
func (s *IOStreams) SetNeverPrompt(never bool) { s.neverPrompt = never }

// ColorScheme returns the colour helpers for the current colour setting.
func (s *IOStreams) ColorScheme() *ColorScheme {
	return &ColorScheme{enabled: s.colorEnabled}
}

// pagerProcess is a running pager and the stream Out pointed at before it.
type pagerProcess struct {
	cmd      *exec.Cmd
	stdin    io.WriteCloser
	original io.Writer
}

// StartPager pipes Out through the pager command, run by the shell so that
// arguments such as `less -S` work. Nothing happens unless stdout is a
// terminal and the command is neither empty nor "cat". LESS defaults to FRX
// (quit when the output fits one screen, keep colours, do not clear the
// screen) unless the user set it.
func (s *IOStreams) StartPager(command string) error {
	command = strings.TrimSpace(command)
	if command == "" || command == "cat" || !s.stdoutTTY || s.pager != nil {
		return nil
	}
	// A pager the shell cannot find would swallow the whole output behind a
	// "not found"; report it instead so the caller can print without one.
	// Commands that start with shell syntax are left to the shell.
	if name := strings.Fields(command)[0]; !strings.ContainsAny(name, "=$`'\"\\;|&<>(){}") {
		if _, err := exec.LookPath(name); err != nil {
			return fmt.Errorf("start pager %q: %w", command, err)
		}
	}
	cmd := shellCommand(command)
	cmd.Env = pagerEnv(os.Environ())
	cmd.Stdout = s.Out
	cmd.Stderr = s.ErrOut
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return fmt.Errorf("start pager %q: %w", command, err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start pager %q: %w", command, err)
	}
	s.pager = &pagerProcess{cmd: cmd, stdin: stdin, original: s.Out}
	s.Out = &pagerWriter{w: stdin}
	return nil
}

// StopPager closes the pager's input, waits for the user to quit it and
// points Out back at the original stream.
func (s *IOStreams) StopPager() {
	if s.pager == nil {
		return
	}
	_ = s.pager.stdin.Close()
	// The pager's exit status says nothing about our output: a user quitting
	// less early is normal.
	_ = s.pager.cmd.Wait()
	s.Out = s.pager.original
	s.pager = nil
}

func shellCommand(command string) *exec.Cmd {
	if runtime.GOOS == "windows" {
		return exec.Command("cmd", "/C", command)
	}
	return exec.Command("sh", "-c", command)
}

// pagerEnv drops PAGER, so a pager that honours it cannot recurse, and
// supplies LESS and LV defaults that keep colours and short output intact.
func pagerEnv(environ []string) []string {
	env := make([]string, 0, len(environ)+2)
	var hasLess, hasLV bool
	for _, kv := range environ {
		switch {
		case strings.HasPrefix(kv, "PAGER="):
			continue
		case strings.HasPrefix(kv, "LESS="):
			hasLess = true
		case strings.HasPrefix(kv, "LV="):
			hasLV = true
		}
		env = append(env, kv)
	}
	if !hasLess {
		env = append(env, "LESS=FRX")
	}
	if !hasLV {
		env = append(env, "LV=-c")
	}
	return env
}

// pagerWriter feeds the pager. Once the user quits the pager, writes fail
// with a broken pipe; the rest of the output is then discarded silently,
// because quitting a pager early is not an error of the command.
type pagerWriter struct {
	w      io.Writer
	closed bool
}

func (p *pagerWriter) Write(b []byte) (int, error) {
	if p.closed {
		return len(b), nil
	}
	n, err := p.w.Write(b)
	if err != nil && isBrokenPipe(err) {
		p.closed = true
		return len(b), nil
	}
	return n, err
}
