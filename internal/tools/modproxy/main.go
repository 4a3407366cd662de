// Command modproxy lays out a module directory as a Go module proxy on
// disk, the way a proxy serves a released version: the module zip (which,
// as any proxy's, leaves out every subdirectory with a go.mod of its own),
// its go.mod, its .info and the version list. .ci/run serves it with
// GOPROXY=file://DIR and installs convo from it as a user would, to prove
// that `go install github.com/convo-cli/convo/cmd/convo@VERSION` works.
//
//	go run ./internal/tools/modproxy -dir . -version v0.0.0-ci.1 -out /tmp/proxy
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "modproxy:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fl := flag.NewFlagSet("modproxy", flag.ContinueOnError)
	dir := fl.String("dir", ".", "the module's root directory")
	version := fl.String("version", "", "the version to serve it as (a semantic version, such as v0.0.0-ci.1)")
	out := fl.String("out", "", "the directory to lay the proxy out in")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *version == "" || *out == "" {
		return errors.New("-version and -out are required")
	}
	if inside(*out, *dir) {
		return errors.New("-out is inside -dir: the proxy would be zipped into the module")
	}
	gomod, err := os.ReadFile(filepath.Join(*dir, "go.mod"))
	if err != nil {
		return err
	}
	mf, err := modfile.ParseLax("go.mod", gomod, nil)
	if err != nil {
		return err
	}
	m := module.Version{Path: mf.Module.Mod.Path, Version: *version}
	if err := module.Check(m.Path, m.Version); err != nil {
		return err
	}
	escaped, err := module.EscapePath(m.Path)
	if err != nil {
		return err
	}
	at := filepath.Join(*out, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(at, m.Version+".zip"))
	if err != nil {
		return err
	}
	if err := zip.CreateFromDir(f, m, *dir); err != nil {
		f.Close()
		return fmt.Errorf("module zip: %w", err)
	}
	if err := f.Close(); err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{m.Version, time.Now().UTC().Truncate(time.Second)})
	if err != nil {
		return err
	}
	for name, data := range map[string][]byte{
		m.Version + ".mod":  gomod,
		m.Version + ".info": info,
		"list":              []byte(m.Version + "\n"),
	} {
		if err := os.WriteFile(filepath.Join(at, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// inside reports whether path is dir or under it.
func inside(path, dir string) bool {
	p, err1 := filepath.Abs(path)
	d, err2 := filepath.Abs(dir)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(d, p)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}
