package desk

import (
	"context"
	"testing"

	"github.com/convo-cli/convo/internal/dirs"
	"github.com/convo-cli/convo/internal/sandbox"
)

func TestOpenKeepsTheCacheOfEachCompanyInTheDataDirectory(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	t.Setenv(dirs.EnvDataDir, t.TempDir())
	chat := e.chats(sandbox.AdminToken1)[4]

	var d *Desk
	e.cost("open", 1, func() {
		var err error
		if d, err = Open(ctx, e.client(sandbox.AdminToken1)); err != nil {
			t.Fatal(err)
		}
	})
	if got := knownChannel(d, chat.Token); got != "" {
		t.Fatalf("a fresh cache knows chat %s is on %q", chat.Token, got)
	}
	mustFind(t, d, chat.Token)

	// The next run of the login knows its company without asking.
	e.cost("open again", 0, func() {
		if d, err := Open(ctx, e.client(sandbox.AdminToken1)); err != nil || knownChannel(d, chat.Token) != sandbox.ChannelWidget {
			t.Errorf("open again: %v; the cache does not know chat %s", err, chat.Token)
		}
	})
	// Another token of the same company: the same cache.
	again, err := Open(ctx, e.client(sandbox.AgentToken1))
	if err != nil {
		t.Fatal(err)
	}
	if got := knownChannel(again, chat.Token); got != sandbox.ChannelWidget {
		t.Errorf("another token of the company: chat on %q, want %q", got, sandbox.ChannelWidget)
	}
	// Another company's cache is another file.
	other, err := Open(ctx, e.client(sandbox.AdminToken2))
	if err != nil {
		t.Fatal(err)
	}
	if got := knownChannel(other, chat.Token); got != "" {
		t.Errorf("company 2's desk knows company 1's chat is on %q", got)
	}
}

// knownChannel is the token of the channel the cache knows the chat is on.
func knownChannel(d *Desk, token string) string {
	ch, _ := d.KnownChannel(token)
	return ch.Token
}
