// Package buildinfo tells which convo this is: the version, commit and build
// date that `convo --version` prints. Use it wherever the program needs
// them.
//
// A release stamps them into the binary (internal/buildinfo/stamp, set by
// the linker); a plain `go build` or `go install` has only the module
// version and VCS information Go embeds in every binary, which this package
// reads through runtime/debug. The stamp is a package of its own so that
// internal/earlyversion can answer a release's `--version` before the
// libraries initialise: runtime/debug's imports initialise too late for
// that.
package buildinfo

import (
	"runtime/debug"
	"sync"

	"github.com/convo-cli/convo/internal/buildinfo/stamp"
)

// Info describes the running binary: its version, commit and build date.
type Info = stamp.Info

// Get returns the build information, computed once.
func Get() Info { return get() }

var get = sync.OnceValue(func() Info {
	if i, ok := stamp.Get(); ok {
		return i
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Info{}.Filled()
	}
	return fromBuildInfo(bi)
})

// fromBuildInfo reads the module version, the commit and its time.
func fromBuildInfo(bi *debug.BuildInfo) Info {
	var i Info
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		i.Version = v
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			i.Commit = s.Value
		case "vcs.time":
			i.Date = s.Value
		}
	}
	return i.Filled()
}
