package desk

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/sandbox"
)

func TestCacheFileIsPrivateAndBoundToItsDestination(t *testing.T) {
	e := newEnv(t)
	dir := t.TempDir()
	chats := e.chats(sandbox.AdminToken1)
	d := e.desk(sandbox.AdminToken1, dir)
	mustFind(t, d, chats[2].Token)
	path := CachePath(dir, destination(sandbox.AdminToken1))
	if filepath.Dir(path) != filepath.Join(dir, "desk") {
		t.Errorf("cache file %s, want it in %s", path, filepath.Join(dir, "desk"))
	}
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("cache file: %v, %v; want mode 0600", info, err)
	}

	// A file that holds another destination's cache (say, a hash collision
	// or a copied data directory) is not used.
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	other := CachePath(dir, "https://api.example.com company 7")
	if err := os.WriteFile(other, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if c := openCache(dir, "https://api.example.com company 7"); len(c.data.Chats) != 0 {
		t.Errorf("another destination's file gave %d chats", len(c.data.Chats))
	}
	// Nor is one that is not a cache at all.
	if err := os.WriteFile(path, []byte("{garbage"), 0o600); err != nil {
		t.Fatal(err)
	}
	e.cost("find with a corrupt cache file", 3, func() { mustFind(t, e.desk(sandbox.AdminToken1, dir), chats[2].Token) })
	if d.CacheErr() != nil {
		t.Errorf("cache error: %v", d.CacheErr())
	}
}

func TestCacheKeepsTheLeastRecentlyUsedOut(t *testing.T) {
	c := openCache("", "x")
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range maxCachedChats + 5 {
		c.learn(api.Chat{Token: fmt.Sprintf("t%d", i)}, "ch", start.Add(time.Duration(i)*time.Second))
	}
	if len(c.data.Chats) != maxCachedChats {
		t.Fatalf("%d chats cached, want %d", len(c.data.Chats), maxCachedChats)
	}
	for i := range 5 {
		if _, ok := c.chat(fmt.Sprintf("t%d", i)); ok {
			t.Errorf("t%d, among the oldest, is still cached", i)
		}
	}
	if _, ok := c.chat(fmt.Sprintf("t%d", maxCachedChats+4)); !ok {
		t.Error("the newest chat was evicted")
	}
}

func TestChannelsAreAskedAgainAfterAnHour(t *testing.T) {
	e := newEnv(t)
	dir := t.TempDir()
	chats := e.chats(sandbox.AdminToken1)
	now := time.Now()
	clock := func() time.Time { return now }
	d := New(e.client(sandbox.AdminToken1), Options{Destination: destination(sandbox.AdminToken1), CacheDir: dir, Now: clock})
	mustFind(t, d, chats[2].Token)
	e.cost("warm find", 1, func() { mustFind(t, d, chats[2].Token) })
	now = now.Add(ChannelsTTL)
	e.cost("warm find with channels an hour old", 2, func() { mustFind(t, d, chats[2].Token) })
	e.cost("warm find with channels just listed", 1, func() { mustFind(t, d, chats[2].Token) })
}
