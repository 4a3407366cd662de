package root

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"time"

	sandboxapi "github.com/convo-cli/convo/internal/sandbox"
)

// openSandbox serves the sandbox in-process for --sandbox: the database in
// the data dir is created and seeded on first use.
func openSandbox(ctx context.Context, dbPath string) (http.RoundTripper, func() error, error) {
	if err := os.MkdirAll(filepath.Dir(dbPath), 0o700); err != nil {
		return nil, nil, fmt.Errorf("create %s: %w", filepath.Dir(dbPath), err)
	}
	store, err := sandboxapi.Open(ctx, dbPath)
	if err != nil {
		return nil, nil, err
	}
	if err := store.Seed(ctx, time.Now()); err != nil {
		store.Close()
		return nil, nil, err
	}
	return sandboxapi.Transport(sandboxapi.NewServer(store, sandboxapi.Options{})), store.Close, nil
}
