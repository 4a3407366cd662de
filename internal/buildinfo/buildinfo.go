// Package buildinfo tells which convo this is: what a release stamped into
// internal/build, or else, for a plain `go build` or `go install`, the
// module version and VCS information Go embeds in the binary.
package buildinfo

import (
	"runtime/debug"
	"sync"

	"github.com/convo-cli/convo/internal/build"
)

// Get returns the build information, computed once.
func Get() build.Info { return get() }

var get = sync.OnceValue(func() build.Info {
	if i, ok := build.Stamped(); ok {
		return i
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return build.Info{}.Filled()
	}
	return fromBuildInfo(bi)
})

// fromBuildInfo reads the module version, the commit and its time.
func fromBuildInfo(bi *debug.BuildInfo) build.Info {
	var i build.Info
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
