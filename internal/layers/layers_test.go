// Package layers_test holds the rules convo's packages import by, as
// docs/project-layout.md states them: the test reads that guide's tables,
// so the map a contributor reads and the rule the tests enforce are one.
package layers_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/convo-cli/convo"

// guide is the document whose tables place every package in a layer.
var guide = filepath.Join("..", "..", "docs", "project-layout.md")

// layer is one "###" section of the guide's "The packages and their
// layers": the packages of its table, exact or as a "path/..." pattern.
type layer struct {
	name     string
	packages []string
}

// readLayers reads the layers of the guide, from the top (the program) to
// the bottom (the foundations), and the tools, which stand apart.
func readLayers(t *testing.T) (layers []layer, tools []string) {
	t.Helper()
	f, err := os.Open(guide)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			in = line == "## The packages and their layers"
		case !in:
		case strings.HasPrefix(line, "### "):
			layers = append(layers, layer{name: strings.TrimPrefix(line, "### ")})
		case strings.HasPrefix(line, "| `") && len(layers) > 0:
			cell, _, _ := strings.Cut(strings.TrimPrefix(line, "| `"), "`")
			layers[len(layers)-1].packages = append(layers[len(layers)-1].packages, cell)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(layers) < 2 || layers[len(layers)-1].name != "Tools" {
		t.Fatalf("%s: want the layers under \"## The packages and their layers\", the last \"### Tools\"; read %v", guide, layers)
	}
	return layers[:len(layers)-1], layers[len(layers)-1].packages
}

// matches reports whether pkg (relative to the module) is pattern, or
// under it for a "path/..." pattern.
func matches(pattern, pkg string) bool {
	if dir, ok := strings.CutSuffix(pattern, "/..."); ok {
		return strings.HasPrefix(pkg, dir+"/")
	}
	return pkg == pattern
}

// place finds pkg's layer: the one that names it, else the one with the
// longest pattern it is under. wildcard says it was found by a pattern.
func place(layers []layer, pkg string) (index int, wildcard bool) {
	index, best := -1, ""
	for i, l := range layers {
		for _, p := range l.packages {
			switch {
			case p == pkg:
				return i, false
			case matches(p, pkg) && len(p) > len(best):
				index, best = i, p
			}
		}
	}
	return index, index >= 0
}

// pkg is what go list says of one package of the module.
type pkg struct {
	path    string   // relative to the module
	imports []string // direct, of the module's packages and libraries alike
	deps    []string // every package it links, directly or not
}

// listPackages lists the module's packages with go list: those with code
// to link, without their tests, whose imports are free.
func listPackages(t *testing.T) []pkg {
	t.Helper()
	out, err := exec.Command("go", "list", "-f",
		`{{if .GoFiles}}{{.ImportPath}}|{{.Dir}}|{{join .GoFiles " "}}|{{join .Imports " "}}|{{join .Deps " "}}{{end}}`,
		module+"/...").Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("go list: %v\n%s", err, stderr)
	}
	var pkgs []pkg
	for line := range strings.Lines(string(out)) {
		parts := strings.Split(strings.TrimSpace(line), "|")
		if len(parts) != 5 {
			continue // a package of tests alone
		}
		watch(t, parts[1], strings.Fields(parts[2]))
		pkgs = append(pkgs, pkg{path: own(parts[0]), imports: strings.Fields(parts[3]), deps: strings.Fields(parts[4])})
	}
	return pkgs
}

// watch looks at a package's files and at the directories above it, up to
// the module's: go test keeps a passing result until a file the test looked
// at changes, and knows nothing of what go list read. So an edited import,
// and a package added under any of the directories, run the test again.
func watch(t *testing.T, dir string, files []string) {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		_, _ = os.Stat(filepath.Join(dir, f)) // the look is the point: a missing file fails go list, not this
	}
	for d := dir; strings.HasPrefix(d, root); d = filepath.Dir(d) {
		_, _ = os.Stat(d)
	}
}

// own is the path of one of the module's packages relative to the module,
// "" for any other.
func own(path string) string {
	rel, ok := strings.CutPrefix(path, module+"/")
	if !ok {
		return ""
	}
	return rel
}

// TestLayers checks every package of the module against the layers of
// docs/project-layout.md and the rules it states.
func TestLayers(t *testing.T) {
	layers, tools := readLayers(t)
	kit := slices.IndexFunc(layers, func(l layer) bool { return l.name == "Command kit" })
	if kit < 0 {
		t.Fatalf("%s has no \"### Command kit\" layer", guide)
	}
	isTool := func(p string) bool {
		return slices.ContainsFunc(tools, func(pattern string) bool { return matches(pattern, p) })
	}
	// The libraries of the command line and the configuration.
	commandLine := []string{"github.com/spf13/cobra", "github.com/spf13/pflag", "github.com/spf13/viper"}
	leaves := []string{"internal/dirs", "internal/filearg"}

	pkgs := listPackages(t)
	if len(pkgs) < 20 {
		t.Fatalf("go list found %d packages: %v", len(pkgs), pkgs)
	}
	for _, l := range append(layers, layer{name: "Tools", packages: tools}) {
		for _, pattern := range l.packages {
			if !slices.ContainsFunc(pkgs, func(p pkg) bool { return matches(pattern, p.path) }) {
				t.Errorf("%s names %s (%s), which is no package of the module", guide, pattern, l.name)
			}
		}
	}
	for _, p := range pkgs {
		if isTool(p.path) {
			continue
		}
		at, noun := place(layers, p.path)
		if at < 0 {
			t.Errorf("%s is in no layer: add it to the table of its layer in %s", p.path, guide)
			continue
		}
		for _, imp := range p.imports {
			dep := own(imp)
			switch {
			case dep == "":
			case isTool(dep):
				t.Errorf("%s imports the tool %s", p.path, dep)
			default:
				depAt, depNoun := place(layers, dep)
				switch {
				case depAt >= 0 && depAt < at:
					t.Errorf("%s (%s) imports %s, of the layer above it (%s)", p.path, layers[at].name, dep, layers[depAt].name)
				case noun && depNoun && depAt == at:
					t.Errorf("the command package %s imports the command package %s: move what they share to internal/cmd/send, internal/cmdutil or a layer under them", p.path, dep)
				}
			}
		}
		if at > kit {
			for _, d := range p.deps {
				if slices.Contains(commandLine, d) {
					t.Errorf("%s (%s) links %s, which only the command kit and above may", p.path, layers[at].name, d)
				}
			}
		}
		if slices.Contains(leaves, p.path) {
			for _, imp := range p.imports {
				if first, _, _ := strings.Cut(imp, "/"); strings.Contains(first, ".") {
					t.Errorf("%s imports %s: it imports only the standard library", p.path, imp)
				}
			}
		}
	}
}

// TestPlace: a package the guide names is in its row's layer; one under a
// pattern is a command (a noun), in the layer of the longest pattern.
func TestPlace(t *testing.T) {
	layers := []layer{
		{name: "Commands", packages: []string{"internal/cmd/root", "internal/cmd/..."}},
		{name: "Foundations", packages: []string{"internal/cmd/x/...", "internal/dirs"}},
	}
	for _, tt := range []struct {
		pkg      string
		at       int
		wildcard bool
	}{
		{"internal/cmd/root", 0, false},
		{"internal/cmd/chats", 0, true},
		{"internal/cmd/x/y", 1, true},
		{"internal/dirs", 1, false},
		{"internal/dirsx", -1, false},
		{"internal/cmd", -1, false},
	} {
		at, wildcard := place(layers, tt.pkg)
		if at != tt.at || wildcard != tt.wildcard {
			t.Errorf("place(%s) = %d, %v; want %d, %v", tt.pkg, at, wildcard, tt.at, tt.wildcard)
		}
	}
	if own(module+"/internal/api") != "internal/api" || own("github.com/spf13/cobra") != "" {
		t.Error("own tells the module's packages from the others wrongly")
	}
}
