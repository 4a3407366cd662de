package sandbox_test

import (
	"bytes"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmd/cmdtest"
	"github.com/convo-cli/convo/internal/cmd/root"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/sandbox"
)

// foreignDB is an SQLite database of another program.
func foreignDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "shop.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE TABLE orders (id INTEGER PRIMARY KEY, total REAL); INSERT INTO orders (total) VALUES (9.5)"); err != nil {
		t.Fatal(err)
	}
	return path
}

// A --db that is not a sandbox's is a mistake of the command line: exit 2,
// a message that says what the file is, and the file left as it was.
func TestForeignDatabaseIsRefused(t *testing.T) {
	e := cmdtest.New(t)
	text := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(text, []byte("not a database\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{foreignDB(t), text} {
		before, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"sandbox", "serve", "--addr", "127.0.0.1:0", "--db", path},
			{"sandbox", "serve", "--addr", "127.0.0.1:0", "--reset", "--db", path},
			{"sandbox", "inbound", "--phone", "5511987654321", "--channel", sandbox.ChannelMain, "--text", "Oi", "--db", path},
		} {
			e.Reset()
			// A serve that wrongly started stops when the context ends.
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			code := root.Run(ctx, cmdutil.NewFactory("test", e.IO, nil), args)
			cancel()
			if code != clierr.ExitUsage || !strings.Contains(e.Stderr.String(), path+": not a sandbox database: ") ||
				!strings.Contains(e.Stderr.String(), "choose another --db") {
				t.Errorf("%s: exit %d, stderr %q", strings.Join(args, " "), code, e.Stderr)
			}
		}
		if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, before) {
			t.Errorf("%s changed (%v)", path, err)
		}
	}
}

// `sandbox inbound` without --db writes to the database of `convo
// --sandbox`, creating and seeding it when it does not exist yet; with --db
// it needs the file to exist.
func TestInboundToTheDataDirectory(t *testing.T) {
	e := cmdtest.New(t)
	missing := filepath.Join(t.TempDir(), "typo.db")
	if code := e.Run("sandbox", "inbound", "--phone", "5511987654321", "--channel", sandbox.ChannelMain, "--text", "Oi", "--db", missing); code != clierr.ExitUsage {
		t.Errorf("--db of a missing file: exit %d, stderr %q", code, e.Stderr)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("inbound created the --db file")
	}
	e.Reset()
	if code := e.Run("sandbox", "inbound", "--phone", "+55 11 98765-4321", "--channel", sandbox.ChannelMain, "--text", "Meu pedido chegou?"); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, e.Stderr)
	}
	st, err := sandbox.Open(t.Context(), filepath.Join(os.Getenv("CONVO_DATA_DIR"), "sandbox.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	client, err := api.New(api.Options{BaseURL: "http://sandbox.localhost", Token: sandbox.AdminToken1,
		Transport: sandbox.Transport(sandbox.NewServer(st, sandbox.Options{}))})
	if err != nil {
		t.Fatal(err)
	}
	chats, err := client.ListChats(api.ChatListParams{Contact: "5511987654321"}).Collect(t.Context())
	if err != nil || len(chats) != 1 || chats[0].Status != "waiting" || chats[0].UnreadCount != 1 || chats[0].LastMessage.Content != "Meu pedido chegou?" {
		t.Fatalf("chats of the customer: %+v, %v", chats, err)
	}
	// The database was seeded: the seed's chats are there too.
	if all, err := client.ListChats(api.ChatListParams{}).Collect(t.Context()); err != nil || len(all) < 13 {
		t.Errorf("chats of company 1: %d, %v", len(all), err)
	}
}
