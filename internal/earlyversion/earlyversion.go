// Package earlyversion answers `convo --version`, `convo -v` and
// `convo version` in a release before the rest of the program initialises.
//
// Go initialises every linked package before main, and some of the
// libraries convo links spend milliseconds there (compiling regular
// expressions, building tables), several times what the version costs to
// print. Since Go 1.21 the order is specified: next goes the first package,
// by import path, whose imports are all initialised. This package imports
// only os and internal/buildinfo/stamp (which imports nothing that
// initialises), so its init runs right after os's, ahead of every library
// under golang.org, modernc.org or a github.com path after convo-cli. When
// the arguments are exactly one of the version requests and a release
// stamped the version into the binary, it prints what cobra would print and
// ends the process; every other command line, and every request to a build
// that was not stamped (whose version Go's build information tells, which
// internal/buildinfo reads), goes on to main untouched.
//
// The main package imports it for that side effect; nothing else may.
package earlyversion

import (
	"os"

	"github.com/convo-cli/convo/internal/buildinfo/stamp"
)

func init() {
	if info, ok := stamp.Get(); ok && handles(os.Args[1:]) {
		_, _ = os.Stdout.WriteString(info.String() + "\n")
		os.Exit(0)
	}
}

// handles reports whether args (without the program name) ask for nothing
// but the version.
func handles(args []string) bool {
	if len(args) != 1 {
		return false
	}
	switch args[0] {
	case "--version", "-v", "version":
		return true
	}
	return false
}
