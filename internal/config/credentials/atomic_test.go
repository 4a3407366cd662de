package credentials

import (
	"errors"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// TestHostsFileIsAtomicForConcurrentReaders replaces the token in hosts.yaml
// over and over while readers look it up: a reader always finds one whole
// token that was saved, never a cut one or none, and the file stays 0600.
func TestHostsFileIsAtomicForConcurrentReaders(t *testing.T) {
	MockKeyring(errors.New("no keyring"))
	s := newStore(t, nil)
	tokens := []string{strings.Repeat("a", 8_000), "short-token"}
	if _, err := s.Save("default", tokens[0], true, nil); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	var reads atomic.Int64
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-done:
					return
				default:
				}
				tok, src, err := s.StoredToken("default")
				if err != nil || src != SourceFile || (tok != tokens[0] && tok != tokens[1]) {
					t.Errorf("a reader found %d bytes from %q (%v), not a token that was saved", len(tok), src, err)
					return
				}
				reads.Add(1)
			}
		})
	}
	for i := range 30 {
		if _, err := s.Save("default", tokens[i%2], true, nil); err != nil {
			t.Fatal(err)
		}
	}
	close(done)
	wg.Wait()
	if reads.Load() == 0 {
		t.Fatal("no reader read the file")
	}
	fi, err := os.Stat(s.HostsPath())
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("hosts.yaml: %v, %v; want mode 0600", fi.Mode(), err)
	}
}
