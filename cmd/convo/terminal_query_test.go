//go:build linux

package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
)

// TestHelpAsksTheTerminalNothing runs `convo --help` in a pseudo-terminal
// that never answers, as a terminal that does not know a query (or a slow
// link) behaves, and checks every byte convo wrote: the help, and no
// escape sequence but colours and bold. A query there (the background
// colour, OSC 11; the device attributes, CSI c; the cursor position; a
// mode, DECRQM) would wait for its answer at every start, and print the
// answer on the command line when it comes late. NO_COLOR is unset, so
// that nothing skips a query on its account.
func TestHelpAsksTheTerminalNothing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "NO_COLOR=") && !strings.HasPrefix(kv, "TERM=") && !strings.HasPrefix(kv, "COLORTERM=") {
			env = append(env, kv)
		}
	}
	env = append(env, "TERM=xterm-256color", "COLORTERM=truecolor",
		"CONVO_CONFIG_DIR="+filepath.Join(dir, "config"), "CONVO_DATA_DIR="+filepath.Join(dir, "data"))
	cmd := exec.Command("convo", "--help")
	cmd.Env = env
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 80})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	written := make(chan []byte, 1)
	go func() {
		var out bytes.Buffer
		_, _ = io.Copy(&out, f) // ends with EIO once convo has exited
		written <- out.Bytes()
	}()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("convo --help: %v", err)
		}
	case <-time.After(time.Minute):
		_ = cmd.Process.Kill()
		t.Fatal("convo --help did not end on a terminal that never answers")
	}
	out := <-written
	if !bytes.Contains(out, []byte("Usage:")) {
		t.Fatalf("no help on the terminal: %q", out)
	}
	sgr := regexp.MustCompile(`^\x1b\[[0-9;]*m`)
	for i := bytes.IndexByte(out, 0x1b); i >= 0; i = next(out, i) {
		if !sgr.Match(out[i:]) {
			t.Errorf("convo --help wrote an escape sequence that is not a colour: %q", out[i:min(i+16, len(out))])
		}
	}
}

// next is the index of the escape after the one at i, or -1.
func next(b []byte, i int) int {
	j := bytes.IndexByte(b[i+1:], 0x1b)
	if j < 0 {
		return -1
	}
	return i + 1 + j
}
