package chats

import (
	"context"
	"testing"
	"time"
)

// SetPollSleep makes the waits between polls of `chats follow` call sleep
// instead, until the test ends: a test acts between two polls, and waits
// for nothing.
func SetPollSleep(t testing.TB, sleep func(ctx context.Context, d time.Duration) error) {
	old := pollSleep
	pollSleep = sleep
	t.Cleanup(func() { pollSleep = old })
}
