// Package stamp holds what a release stamps into the binary: the linker sets
// its variables with
// -ldflags "-X github.com/convo-cli/convo/internal/buildinfo/stamp.version=…"
// (and .commit, .date), as .goreleaser.yaml does.
//
// Use internal/buildinfo, not this package: it answers for every build,
// stamped or not. Only internal/earlyversion reads the stamp directly, to
// answer `convo --version` before the libraries initialise, and for that
// this package imports nothing whose initialisation does work (reading Go's
// build information needs runtime/debug, whose imports initialise after
// most libraries).
package stamp

import "cmp"

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

// Get returns the information a release stamped into the binary, and false
// when none was: a plain `go build` or `go install`.
func Get() (Info, bool) {
	return Info{Version: version, Commit: commit, Date: date}.Filled(), version != ""
}

// Filled defaults an unknown version to "dev" and shortens the commit to
// twelve characters.
func (i Info) Filled() Info {
	i.Version = cmp.Or(i.Version, "dev")
	if len(i.Commit) > 12 {
		i.Commit = i.Commit[:12]
	}
	return i
}

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
