// Package sandbox holds the `convo sandbox` commands.
package sandbox

import (
	"context"
	"errors"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/dirs"
	"github.com/convo-cli/convo/internal/sandbox"
)

// NewCmdSandbox builds `convo sandbox` and its subcommands.
func NewCmdSandbox(f *cmdutil.Factory) *cobra.Command {
	cmd := cmdutil.Group(&cobra.Command{
		Use:   "sandbox <command>",
		Short: "Run the built-in sandbox: the whole API on your machine",
		Long: `The sandbox is the whole API served from a local SQLite database, seeded with two
companies, channels of every type, templates, attendants, tags, contacts and chats.
Use it to try convo without an account, to develop scripts, and in tests.

  convo --sandbox <command>   runs a command against the sandbox in-process
  convo sandbox serve         serves it over HTTP for curl, scripts and SDKs

Both use the same database file in the data directory unless --db says otherwise;
it is created and seeded on first use, and --reset (or deleting it) starts over.`,
	})
	cmd.AddCommand(newCmdServe(f), newCmdInbound(f))
	return cmd
}

// openDB opens a sandbox database; a file that holds something else is a
// mistake of the command line (exit 2), which nothing was written to.
func openDB(ctx context.Context, path string) (*sandbox.Store, error) {
	st, err := sandbox.Open(ctx, path)
	if errors.Is(err, sandbox.ErrNotSandbox) {
		return nil, notSandbox(err)
	}
	return st, err
}

func notSandbox(err error) error {
	return clierr.InputErrorf("%v; the sandbox uses only a new file, an empty one or a sandbox database of its own: choose another --db", err)
}

// defaultDB is the database of `--sandbox` and of `sandbox serve` without --db.
func defaultDB() (string, error) {
	dir, err := dirs.DataDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "sandbox.db"), nil
}
