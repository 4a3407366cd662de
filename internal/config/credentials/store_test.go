package credentials

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
)

func newStore(t *testing.T, env map[string]string) *Store {
	t.Helper()
	s := New(filepath.Join(t.TempDir(), "convo"))
	s.Getenv = func(k string) string { return env[k] }
	return s
}

func TestEnvTokenWinsAndIsNeverStored(t *testing.T) {
	MockKeyring(nil)
	s := newStore(t, map[string]string{EnvToken: "from-env"})
	if _, err := s.Save("default", "stored", false, nil); err != nil {
		t.Fatal(err)
	}
	tok, src, err := s.Token("default")
	if err != nil || tok != "from-env" || src != SourceEnv {
		t.Fatalf("Token = %q, %q, %v; want the environment's", tok, src, err)
	}
}

func TestKeyringRoundTrip(t *testing.T) {
	MockKeyring(nil)
	s := newStore(t, nil)
	src, err := s.Save("work", "secret-1", false, func(error) { t.Fatal("warned although the keyring works") })
	if err != nil || src != SourceKeyring {
		t.Fatalf("Save = %q, %v", src, err)
	}
	if _, err := os.Stat(filepath.Join(s.Dir, HostsFile)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("hosts.yaml written although the keyring took the token: %v", err)
	}
	tok, src, err := s.Token("work")
	if err != nil || tok != "secret-1" || src != SourceKeyring {
		t.Fatalf("Token = %q, %q, %v", tok, src, err)
	}
	if _, _, err := s.Token("other"); !errors.Is(err, ErrNoToken) {
		t.Fatalf("other profile: err = %v, want ErrNoToken", err)
	}
	removed, err := s.Delete("work")
	if err != nil || len(removed) != 1 || removed[0] != SourceKeyring {
		t.Fatalf("Delete = %v, %v", removed, err)
	}
	if _, _, err := s.Token("work"); !errors.Is(err, ErrNoToken) {
		t.Fatalf("after delete: err = %v", err)
	}
}

func TestFallbackToFileWarnsFirst(t *testing.T) {
	MockKeyring(errors.New("org.freedesktop.secrets was not provided"))
	s := newStore(t, nil)
	var warned error
	src, err := s.Save("default", "secret-2", false, func(reason error) {
		warned = reason
		if _, err := os.Stat(filepath.Join(s.Dir, HostsFile)); err == nil {
			t.Error("the file was written before the warning")
		}
	})
	if err != nil || src != SourceFile {
		t.Fatalf("Save = %q, %v", src, err)
	}
	if !errors.Is(warned, ErrKeyringUnavailable) {
		t.Fatalf("warning = %v, want ErrKeyringUnavailable", warned)
	}
	assertPrivateFile(t, filepath.Join(s.Dir, HostsFile))
	tok, src, err := s.Token("default")
	if err != nil || tok != "secret-2" || src != SourceFile {
		t.Fatalf("Token = %q, %q, %v", tok, src, err)
	}
	removed, err := s.Delete("default")
	if err != nil || len(removed) != 1 || removed[0] != SourceFile {
		t.Fatalf("Delete = %v, %v", removed, err)
	}
	data, _ := os.ReadFile(filepath.Join(s.Dir, HostsFile))
	if strings.Contains(string(data), "secret-2") {
		t.Fatalf("token still in hosts.yaml after logout: %s", data)
	}
}

func TestInsecureStorageSkipsKeyring(t *testing.T) {
	MockKeyring(nil)
	s := newStore(t, nil)
	src, err := s.Save("default", "secret-3", true, func(error) { t.Fatal("warned on purposeful file storage") })
	if err != nil || src != SourceFile {
		t.Fatalf("Save = %q, %v", src, err)
	}
	if _, err := keyring.Get(Service, "default"); !errors.Is(err, keyring.ErrNotFound) {
		t.Fatalf("keyring holds the token: %v", err)
	}
	// A later login that reaches the keyring removes the file copy.
	if src, err := s.Save("default", "secret-4", false, nil); err != nil || src != SourceKeyring {
		t.Fatalf("Save = %q, %v", src, err)
	}
	data, _ := os.ReadFile(filepath.Join(s.Dir, HostsFile))
	if strings.Contains(string(data), "secret-3") {
		t.Fatalf("old token left in hosts.yaml: %s", data)
	}
}

func TestNoSessionBusSkipsKeyring(t *testing.T) {
	keyringMocked = false
	t.Cleanup(func() { keyringMocked = true })
	if runtime.GOOS != "linux" {
		t.Skip("the session bus matters only on Linux")
	}
	s := newStore(t, map[string]string{})
	err := s.withKeyring(func() error { t.Fatal("keyring called without a session bus"); return nil })
	if !errors.Is(err, ErrKeyringUnavailable) {
		t.Fatalf("err = %v, want ErrKeyringUnavailable", err)
	}
}

func TestKeyringTimeout(t *testing.T) {
	MockKeyring(nil)
	s := newStore(t, nil)
	s.KeyringTimeout = 20 * time.Millisecond
	block := make(chan struct{})
	defer close(block)
	start := time.Now()
	err := s.withKeyring(func() error { <-block; return nil })
	if !errors.Is(err, ErrKeyringUnavailable) || !strings.Contains(err.Error(), "no answer within") {
		t.Fatalf("err = %v", err)
	}
	if time.Since(start) > 2*time.Second {
		t.Fatal("the timeout did not bound the call")
	}
}

func assertPrivateFile(t *testing.T, path string) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("%s mode %v, want 0600", path, fi.Mode().Perm())
	}
	di, err := os.Stat(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if di.Mode().Perm() != 0o700 {
		t.Fatalf("%s mode %v, want 0700", filepath.Dir(path), di.Mode().Perm())
	}
}

func TestStoredTokenIgnoresEnvironment(t *testing.T) {
	MockKeyring(nil)
	s := newStore(t, map[string]string{EnvToken: "from-env"})
	if _, _, err := s.StoredToken("default"); !errors.Is(err, ErrNoToken) {
		t.Fatalf("nothing stored: err = %v, want ErrNoToken", err)
	}
	if _, err := s.Save("default", "stored", true, nil); err != nil {
		t.Fatal(err)
	}
	tok, src, err := s.StoredToken("default")
	if err != nil || tok != "stored" || src != SourceFile {
		t.Fatalf("StoredToken = %q, %q, %v; want the file's", tok, src, err)
	}
	if s.HostsPath() != filepath.Join(s.Dir, HostsFile) {
		t.Fatalf("HostsPath = %q", s.HostsPath())
	}
}
