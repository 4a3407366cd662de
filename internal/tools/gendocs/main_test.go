package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedFilesAreFresh fails when completions/, docs/reference/,
// docs/man/ or docs/schema/ differ from what the code generates: run
// `go run ./internal/tools/gendocs` and commit the result.
func TestGeneratedFilesAreFresh(t *testing.T) {
	top, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	fresh := t.TempDir()
	if err := os.WriteFile(filepath.Join(fresh, "go.mod"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := generate(fresh); err != nil {
		t.Fatal(err)
	}
	for _, dir := range generatedDirs {
		want := readTree(t, filepath.Join(fresh, dir))
		got := readTree(t, filepath.Join(top, dir))
		for name, content := range want {
			switch committed, ok := got[name]; {
			case !ok:
				t.Errorf("%s/%s is missing; run go run ./internal/tools/gendocs", dir, name)
			case committed != content:
				t.Errorf("%s/%s is stale; run go run ./internal/tools/gendocs", dir, name)
			}
		}
		for name := range got {
			if _, ok := want[name]; !ok {
				t.Errorf("%s/%s is no longer generated; run go run ./internal/tools/gendocs", dir, name)
			}
		}
	}
}

// TestInboxKeyTableIsFresh fails when the key table of docs/inbox.md is
// not the inbox's: run `go generate ./cmd/convo` and commit the result.
func TestInboxKeyTableIsFresh(t *testing.T) {
	top, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(top, inboxGuide))
	if err != nil {
		t.Fatal(err)
	}
	want, err := withKeyTable(doc)
	if err != nil {
		t.Fatal(err)
	}
	if string(doc) != string(want) {
		t.Errorf("the key table of %s is stale; run go generate ./cmd/convo", inboxGuide)
	}
}

func TestReferenceCoversEveryCommand(t *testing.T) {
	dir := t.TempDir()
	if err := generate(dir); err != nil {
		t.Fatal(err)
	}
	for _, c := range allCommands(newRoot()) {
		if !c.IsAvailableCommand() && !c.IsAdditionalHelpTopicCommand() {
			continue
		}
		page := strings.ReplaceAll(c.CommandPath(), " ", "-") + ".1"
		if _, err := os.Stat(filepath.Join(dir, manDir, page)); err != nil {
			t.Errorf("no man page for %q: %v", c.CommandPath(), err)
		}
	}
	// Nothing of the machine that generated the files may leak into them.
	home, _ := os.UserHomeDir()
	for name, content := range readTree(t, dir) {
		if home != "" && strings.Contains(content, home) {
			t.Errorf("%s mentions the home directory %s", name, home)
		}
	}
}

func readTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		files[rel] = string(data)
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return files
}
