package gojq_test

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"

	"github.com/itchyny/gojq"
)

// TestInitIsCheap checks, in a fresh process traced with
// GODEBUG=inittrace=1, that initialising the package allocates little: the
// builtin function definitions are built when the first query is compiled
// (built in init, they took 220 KB of every program that links gojq).
func TestInitIsCheap(t *testing.T) {
	if os.Getenv("GOJQ_INIT_CHILD") == "1" {
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestInitIsCheap$", "-test.count=1")
	cmd.Env = append(os.Environ(), "GOJQ_INIT_CHILD=1", "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child process: %v\n%s", err, out)
	}
	// init github.com/itchyny/gojq @0.9 ms, 0.01 ms clock, 1000 bytes, 10 allocs
	m := regexp.MustCompile(`(?m)^init github.com/itchyny/gojq @\S+ ms, \S+ ms clock, (\d+) bytes`).FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("no init trace of the package in the child's output:\n%s", out)
	}
	if bytes, _ := strconv.Atoi(m[1]); bytes > 64<<10 {
		t.Errorf("initialising the package allocated %d bytes, want at most 64 KiB", bytes)
	}
}

// TestFirstCompilesInParallel compiles and runs queries that use builtin
// and internal functions from several goroutines at once, in a fresh
// process, so the first compilation (which fills the tables) races with
// the others (run with -race).
func TestFirstCompilesInParallel(t *testing.T) {
	if os.Getenv("GOJQ_PARALLEL_CHILD") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestFirstCompilesInParallel$", "-test.count=1")
		cmd.Env = append(os.Environ(), "GOJQ_PARALLEL_CHILD=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("child process: %v\n%s", err, out)
		}
		return
	}
	done := make(chan error)
	for range 8 {
		go func() {
			q, err := gojq.Parse(`[.[] | select(. > 1)] | map(tostring) | join(",") | @base64`)
			if err != nil {
				done <- err
				return
			}
			code, err := gojq.Compile(q)
			if err != nil {
				done <- err
				return
			}
			v, _ := code.Run([]any{1, 2, 3}).Next()
			if v != "Miwz" {
				t.Errorf("result %v, want Miwz", v)
			}
			done <- nil
		}()
	}
	for range 8 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
