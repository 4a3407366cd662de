// Package build tells which convo this is when a release says so: releases
// set the variables with
// -ldflags "-X github.com/convo-cli/convo/internal/build.version=…" (and
// .commit, .date). It imports nothing, so that internal/earlyversion can
// answer `convo --version` from it before the libraries initialise; the
// module and VCS information Go embeds in every build is read by
// internal/buildinfo, for builds that were not stamped.
package build

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

// Stamped returns the information a release stamped into the binary, and
// false when none was: a plain `go build` or `go install`.
func Stamped() (Info, bool) {
	return Info{Version: version, Commit: commit, Date: date}.Filled(), version != ""
}

// Filled defaults an unknown version to "dev" and shortens the commit to
// twelve characters.
func (i Info) Filled() Info {
	if i.Version == "" {
		i.Version = "dev"
	}
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
