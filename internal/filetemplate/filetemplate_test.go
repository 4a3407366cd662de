package filetemplate

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// Many copies at once, under -race: the file is made once, and every copy
// holds what it was made with and belongs to its owner alone.
func TestMadeOnceCopiedOften(t *testing.T) {
	var made atomic.Int32
	tp := &Template{Make: func(path string) error {
		return os.WriteFile(path, fmt.Appendf(nil, "made %d", made.Add(1)), 0o644)
	}}
	dir := t.TempDir()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			if err := tp.CopyTo(filepath.Join(dir, fmt.Sprint(i))); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := made.Load(); n != 1 {
		t.Errorf("made %d times, want once", n)
	}
	for i := range 8 {
		path := filepath.Join(dir, fmt.Sprint(i))
		if data, err := os.ReadFile(path); err != nil || string(data) != "made 1" {
			t.Errorf("copy %d: %q, %v", i, data, err)
		}
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("copy %d: mode %v, %v; want 0600", i, fi.Mode().Perm(), err)
		}
	}
}

// A file with MaxAge is made again once it is that old, not before.
func TestMadeAgainWhenOld(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		made := 0
		tp := &Template{MaxAge: time.Minute, Make: func(path string) error {
			made++
			return os.WriteFile(path, fmt.Appendf(nil, "made %d", made), 0o600)
		}}
		copyOf(t, tp)
		time.Sleep(time.Minute - time.Nanosecond)
		if got := copyOf(t, tp); got != "made 1" {
			t.Errorf("a moment before MaxAge: %q, want the first file", got)
		}
		time.Sleep(time.Nanosecond)
		if got := copyOf(t, tp); got != "made 2" {
			t.Errorf("at MaxAge: %q, want the file made again", got)
		}
	})
}

// A file with MaxAge made by the real clock is made again for a fake one
// that reads an earlier time, and the other way round: each clock gets a
// file made by its own time.
func TestMadeAgainForAnotherClock(t *testing.T) {
	made := 0
	tp := &Template{MaxAge: time.Minute, Make: func(path string) error {
		made++
		return os.WriteFile(path, fmt.Appendf(nil, "made %d at %d", made, time.Now().Year()), 0o600)
	}}
	first := copyOf(t, tp)
	synctest.Test(t, func(t *testing.T) {
		if got, want := copyOf(t, tp), fmt.Sprintf("made 2 at %d", time.Now().Year()); got != want {
			t.Errorf("under a fake clock: %q, want %q", got, want)
		}
	})
	if got := copyOf(t, tp); got == first || !strings.HasPrefix(got, "made 3 ") {
		t.Errorf("back under the real clock: %q, want a file made again (the first was %q)", got, first)
	}
}

// copyOf is what a copy of tp holds.
func copyOf(t *testing.T, tp *Template) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "copy")
	if err := tp.CopyTo(path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A failure to make the file is the copy's error, and the next copy tries
// again.
func TestMakeFailure(t *testing.T) {
	fail := errors.New("no room")
	calls := 0
	tp := &Template{Make: func(path string) error {
		if calls++; calls == 1 {
			return fail
		}
		return os.WriteFile(path, []byte("ok"), 0o600)
	}}
	path := filepath.Join(t.TempDir(), "copy")
	if err := tp.CopyTo(path); !errors.Is(err, fail) {
		t.Errorf("first copy: %v, want %v", err, fail)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("a copy was written after a failure: %v", err)
	}
	if err := tp.CopyTo(path); err != nil {
		t.Errorf("second copy: %v", err)
	}
}
