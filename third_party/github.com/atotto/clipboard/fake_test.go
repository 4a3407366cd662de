//go:build freebsd || linux || netbsd || openbsd || solaris || dragonfly

package clipboard_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestMain puts a stand-in for xclip, which keeps the clipboard in a file,
// first in PATH, so that the tests run where no clipboard utility or
// display exists and never overwrite the clipboard of the person running
// them. It works because the package looks for its utility on first use:
// detected in init(), as upstream does, the utility would be chosen before
// TestMain runs, and these tests would fail.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "clipboard-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	script := "#!/bin/sh\n" +
		"case \"$*\" in\n" +
		"*-in*) cat >\"$FAKE_CLIPBOARD\" ;;\n" +
		"*-out*) cat \"$FAKE_CLIPBOARD\" ;;\n" +
		"*) exit 2 ;;\n" +
		"esac\n"
	if err := os.WriteFile(filepath.Join(dir, "xclip"), []byte(script), 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Unsetenv("WAYLAND_DISPLAY")
	os.Setenv("FAKE_CLIPBOARD", filepath.Join(dir, "clipboard"))
	os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
