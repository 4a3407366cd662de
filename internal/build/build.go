// Package build tells which convo this is. Releases set the variables with
// -ldflags "-X github.com/convo-cli/convo/internal/build.version=…"; a plain
// `go build` or `go install` falls back to the module and VCS information Go
// embeds in the binary.
package build

import (
	"runtime/debug"
	"sync"
)

var (
	version = ""
	commit  = ""
	date    = ""
)

// Info describes the running binary.
type Info struct {
	Version string
	Commit  string
	Date    string
}

var info = sync.OnceValue(func() Info {
	i := Info{Version: version, Commit: commit, Date: date}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return fill(i)
	}
	if i.Version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		i.Version = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch {
		case s.Key == "vcs.revision" && i.Commit == "":
			i.Commit = s.Value
		case s.Key == "vcs.time" && i.Date == "":
			i.Date = s.Value
		}
	}
	return fill(i)
})

func fill(i Info) Info {
	if i.Version == "" {
		i.Version = "dev"
	}
	if len(i.Commit) > 12 {
		i.Commit = i.Commit[:12]
	}
	return i
}

// Get returns the build information, computed once.
func Get() Info { return info() }

// String renders the information as `convo version` prints it.
func (i Info) String() string { return "convo version " + i.Detail() }

// Detail is the version with the commit and build date that are known, as
// in "1.2.3 (commit abc123, built 2026-11-01T10:00:00Z)".
func (i Info) Detail() string {
	s := i.Version
	if i.Commit != "" {
		s += " (commit " + i.Commit
		if i.Date != "" {
			s += ", built " + i.Date
		}
		s += ")"
	} else if i.Date != "" {
		s += " (built " + i.Date + ")"
	}
	return s
}
