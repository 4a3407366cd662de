// Package sandboxtest gives tests a sandbox database to serve, seeded as
// `convo sandbox serve` seeds one.
package sandboxtest

import (
	"context"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/sandbox"
)

// Seeded opens the sandbox database at path, seeds it, and closes it when
// the test ends.
func Seeded(t testing.TB, path string) *sandbox.Store {
	t.Helper()
	ctx := context.Background()
	store, err := sandbox.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	if err := store.Seed(ctx, time.Now()); err != nil {
		t.Fatal(err)
	}
	return store
}
