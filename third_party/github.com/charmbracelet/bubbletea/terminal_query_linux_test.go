package tea

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// The terminal background query Lip Gloss makes: OSC 11.
const backgroundQuery = "\x1b]11;?"

// TestInitDoesNotQueryTheTerminal starts the test binary on a pseudo
// terminal, as a program started from a shell, and reads what it writes to
// the terminal. Merely linking the package must write nothing (upstream's
// init() sent the background query, and waited for the answer, at every
// start); NewProgram sends it, before the Program takes the terminal.
func TestInitDoesNotQueryTheTerminal(t *testing.T) {
	switch os.Getenv("TEA_QUERY_CHILD") {
	case "init":
		return
	case "program":
		NewProgram(nil)
		return
	}
	if out := runOnTerminal(t, "init"); strings.Contains(out, backgroundQuery) {
		t.Errorf("initialising the package queried the terminal: %q", out)
	}
	if out := runOnTerminal(t, "program"); !strings.Contains(out, backgroundQuery) {
		t.Errorf("NewProgram did not query the terminal's background before taking it: %q", out)
	}
}

// runOnTerminal runs this test in a child process whose standard streams
// and controlling terminal are a new pseudo terminal, answers the
// background query as a terminal would, and returns what the child wrote.
func runOnTerminal(t *testing.T, mode string) string {
	t.Helper()
	master, slave := openPTY(t)
	defer master.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestInitDoesNotQueryTheTerminal$", "-test.count=1")
	cmd.Env = []string{"TEA_QUERY_CHILD=" + mode, "TERM=xterm-256color", "PATH=" + os.Getenv("PATH")}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	slave.Close()
	var out bytes.Buffer
	read := make(chan error)
	go func() {
		buf := make([]byte, 1024)
		answered := false
		for {
			n, err := master.Read(buf)
			out.Write(buf[:n])
			if !answered && strings.Contains(out.String(), "\x1b[6n") {
				// A dark background, then the cursor position.
				_, _ = master.WriteString("\x1b]11;rgb:0000/0000/0000\x1b\\\x1b[1;1R")
				answered = true
			}
			if err != nil { // EIO once the child has exited
				read <- err
				return
			}
		}
	}()
	done := make(chan error)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("child %s: %v", mode, err)
		}
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("child %s did not finish", mode)
	}
	<-read
	return out.String()
}

// openPTY opens a new pseudo terminal pair.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatalf("open a pseudo terminal: %v", err)
	}
	fd := int(master.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	slave, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	return master, slave
}
