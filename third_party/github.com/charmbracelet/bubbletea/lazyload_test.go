package tea

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
)

// TestInitIsCheap checks, in a fresh process traced with
// GODEBUG=inittrace=1, that initialising the package allocates little: the
// table of escape sequences and the patterns of the input parser are built
// on first use (built in package variables, they took 75 KB of every
// program that links the package).
func TestInitIsCheap(t *testing.T) {
	if os.Getenv("TEA_INIT_CHILD") == "1" {
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestInitIsCheap$", "-test.count=1")
	cmd.Env = append(os.Environ(), "TEA_INIT_CHILD=1", "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child process: %v\n%s", err, out)
	}
	// init github.com/charmbracelet/bubbletea @0.9 ms, 0.02 ms clock, 21128 bytes, 300 allocs
	m := regexp.MustCompile(`(?m)^init github.com/charmbracelet/bubbletea @\S+ ms, \S+ ms clock, (\d+) bytes`).FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("no init trace of the package in the child's output:\n%s", out)
	}
	if bytes, _ := strconv.Atoi(m[1]); bytes > 32<<10 {
		t.Errorf("initialising the package allocated %d bytes, want at most 32 KiB", bytes)
	}
}

// TestSequencesOnFirstUse detects keys from several goroutines at once in a
// fresh process, so the first use of the lazily built tables races with
// the others (run with -race).
func TestSequencesOnFirstUse(t *testing.T) {
	if os.Getenv("TEA_SEQ_CHILD") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSequencesOnFirstUse$", "-test.count=1")
		cmd.Env = append(os.Environ(), "TEA_SEQ_CHILD=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("child process: %v\n%s", err, out)
		}
		return
	}
	done := make(chan struct{})
	for range 8 {
		go func() {
			defer func() { done <- struct{}{} }()
			if _, msg := detectOneMsg([]byte("\x1b[A"), false); msg.(KeyMsg).Type != KeyUp {
				t.Errorf("\\x1b[A read as %#v, want the up key", msg)
			}
			if _, msg := detectOneMsg([]byte("\x1b[<0;3;4M"), false); msg == nil {
				t.Error("an SGR mouse event was not read")
			}
		}()
	}
	for range 8 {
		<-done
	}
}
