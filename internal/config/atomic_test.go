package config

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
)

// TestSaveIsAtomicForConcurrentReaders saves config.yaml over and over,
// alternating a large and a small version, while readers load it in a
// loop. A reader must always find one whole version: never an empty, cut or
// unparsable file, never no file once the first save is done. A plain
// truncate-and-write fails this within a few rounds.
func TestSaveIsAtomicForConcurrentReaders(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "convo")
	versions := make([]*File, 2)
	for i, profiles := range []int{100, 3} {
		f, err := LoadFile(dir)
		if err != nil {
			t.Fatal(err)
		}
		for p := range profiles {
			if err := f.Set(fmt.Sprintf("profile-%04d", p), "base_url", fmt.Sprintf("https://api-%d.example.com", p)); err != nil {
				t.Fatal(err)
			}
		}
		versions[i] = f
	}
	sizes := map[int]bool{100: true, 3: true}

	const writes = 30
	var saved atomic.Bool
	done := make(chan struct{})
	var wg sync.WaitGroup
	var reads atomic.Int64
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-done:
					return
				default:
				}
				wasSaved := saved.Load()
				f, err := LoadFile(dir)
				switch {
				case err != nil:
					t.Errorf("a reader saw a broken config.yaml: %v", err)
					return
				case len(f.Profiles) == 0 && !wasSaved:
					continue // not written yet
				case !sizes[len(f.Profiles)]:
					t.Errorf("a reader saw %d profiles, a version never saved", len(f.Profiles))
					return
				}
				reads.Add(1)
			}
		})
	}
	for i := range writes {
		if err := versions[i%2].Save(); err != nil {
			t.Fatal(err)
		}
		saved.Store(true)
	}
	close(done)
	wg.Wait()
	if reads.Load() == 0 {
		t.Fatal("no reader read the file")
	}
	assertMode(t, filepath.Join(dir, FileName), 0o600)
	assertMode(t, dir, 0o700)
	assertMode(t, filepath.Dir(dir), 0o700)
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Errorf("files left in the config dir: %v, %v", entries, err)
	}
}

func assertMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != want {
		t.Fatalf("%s: mode %v, want %v", path, fi.Mode().Perm(), want)
	}
}
