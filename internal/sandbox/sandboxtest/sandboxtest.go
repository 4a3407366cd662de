// Package sandboxtest gives tests a sandbox database to serve, seeded as
// `convo sandbox serve` seeds one.
package sandboxtest

import (
	"context"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/filetemplate"
	"github.com/convo-cli/convo/internal/sandbox"
)

// seeded is the database every test copies: seeding one takes 15 times as
// long as copying it. The seed's timestamps are relative to the time it was
// seeded, so it is seeded again once a minute old: a test's data is never
// much older than a freshly seeded one's.
var seeded = filetemplate.Template{
	MaxAge: time.Minute,
	Make: func(path string) error {
		ctx := context.Background()
		store, err := sandbox.Open(ctx, path)
		if err != nil {
			return err
		}
		if err := store.Seed(ctx, time.Now()); err != nil {
			store.Close()
			return err
		}
		return store.Close()
	},
}

// WriteSeeded writes a seeded sandbox database at path, for a test or a
// program to open.
func WriteSeeded(path string) error { return seeded.CopyTo(path) }

// Seeded opens a seeded sandbox database at path, and closes it when the
// test ends.
func Seeded(t testing.TB, path string) *sandbox.Store {
	t.Helper()
	if err := WriteSeeded(path); err != nil {
		t.Fatal(err)
	}
	store, err := sandbox.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}
