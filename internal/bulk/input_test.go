package bulk

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/convo-cli/convo/internal/clierr"
)

// A run reads its copy of standard input through the descriptor it made
// it with: another run sweeping the copy away takes nothing from it.
func TestSpoolOutlivesASweep(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows does not remove a file that is open")
	}
	content := "phone,name\n5511988880001,Ana\n"
	in, err := OpenInput("-", OpenOptions{Stdin: strings.NewReader(content), SpoolDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(in.Path); err != nil {
		t.Fatal(err)
	}
	for range 2 { // the plan, then the sending
		r, err := in.Open()
		if err != nil {
			t.Fatal(err)
		}
		if got, err := io.ReadAll(r); err != nil || string(got) != content {
			t.Errorf("read %q, %v", got, err)
		}
		_ = r.Close()
	}
	if err := in.Close(); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("close: %v", err)
	}
}

// Standard input longer than the bound is refused, naming the bound, and
// leaves no copy.
func TestStandardInputBound(t *testing.T) {
	dir := t.TempDir()
	_, err := OpenInput("-", OpenOptions{Stdin: strings.NewReader(strings.Repeat("x", 2049)), SpoolDir: dir, MaxStream: 2048})
	var input *clierr.InputError
	if !errors.As(err, &input) || !strings.HasPrefix(err.Error(), "standard input is longer than 2.0 KiB,") {
		t.Errorf("error %v, want an input error naming the bound", err)
	}
	in, err := OpenInput("-", OpenOptions{Stdin: strings.NewReader(strings.Repeat("x", 2048)), SpoolDir: dir, MaxStream: 2048})
	if err != nil {
		t.Fatalf("an input of the bound: %v", err)
	}
	_ = in.Close()
	if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != 0 {
		t.Errorf("left %v", left)
	}
}
