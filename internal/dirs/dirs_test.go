package dirs

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileAtomicTightensAnExistingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "config.yaml")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(path, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("%s: %v, %v; want mode 0600", path, fi, err)
	}
	data, _ := os.ReadFile(path)
	if string(data) != "new" {
		t.Fatalf("content %q", data)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
}

func TestDirsHonourOverrides(t *testing.T) {
	t.Setenv("CONVO_CONFIG_DIR", "/x/config")
	t.Setenv("CONVO_DATA_DIR", "/x/data")
	if d, _ := ConfigDir(); d != "/x/config" {
		t.Fatalf("ConfigDir = %q", d)
	}
	if d, _ := DataDir(); d != "/x/data" {
		t.Fatalf("DataDir = %q", d)
	}
	t.Setenv("CONVO_DATA_DIR", "")
	t.Setenv("XDG_DATA_HOME", "/x/xdg")
	if d, _ := DataDir(); d != "/x/xdg/convo" {
		t.Fatalf("DataDir with XDG_DATA_HOME = %q", d)
	}
}
