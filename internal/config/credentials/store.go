// Package credentials keeps the API token of each profile: in the OS keyring
// when one answers, else in hosts.yaml (mode 0600) beside the configuration.
// CONVO_TOKEN, when set, wins over both and nothing is stored.
package credentials

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/zalando/go-keyring"
	yaml "go.yaml.in/yaml/v3"

	"github.com/convo-cli/convo/internal/config"
	"github.com/convo-cli/convo/internal/dirs"
)

// Service is the keyring service name; the profile is the keyring user.
const Service = "convo"

// HostsFile is the fallback store inside the config directory.
const HostsFile = "hosts.yaml"

// EnvToken is the environment variable that overrides every store.
const EnvToken = config.EnvToken

// Source says where a token came from or went to.
type Source string

// The places a token can live.
const (
	SourceEnv     Source = "env"
	SourceKeyring Source = "keyring"
	SourceFile    Source = "file"
)

// ErrNoToken is returned when no store holds a token for the profile.
var ErrNoToken = errors.New("no token")

// ErrKeyringUnavailable is returned when the keyring is missing, fails, or
// does not answer in time.
var ErrKeyringUnavailable = errors.New("the system keyring is not available")

// Store finds, saves and removes tokens.
type Store struct {
	// Dir is the config directory holding hosts.yaml.
	Dir string
	// KeyringTimeout bounds every keyring call; a locked keyring can block forever.
	KeyringTimeout time.Duration
	// Getenv reads the environment (os.Getenv when nil).
	Getenv func(string) string
}

// New returns a store over the config directory dir.
func New(dir string) *Store {
	return &Store{Dir: dir, KeyringTimeout: 3 * time.Second}
}

func (s *Store) getenv(k string) string {
	if s.Getenv != nil {
		return s.Getenv(k)
	}
	return os.Getenv(k)
}

// Token returns the token of profile and where it was found: CONVO_TOKEN,
// then the keyring, then hosts.yaml. ErrNoToken when none holds one.
func (s *Store) Token(profile string) (string, Source, error) {
	if t := s.getenv(EnvToken); t != "" {
		return t, SourceEnv, nil
	}
	return s.StoredToken(profile)
}

// StoredToken returns the token that `convo auth login` stored for profile
// and where: the keyring, then hosts.yaml; CONVO_TOKEN is not looked at.
// ErrNoToken when neither holds one.
func (s *Store) StoredToken(profile string) (string, Source, error) {
	if t, err := s.keyringGet(profile); err == nil && t != "" {
		return t, SourceKeyring, nil
	}
	hosts, err := s.loadHosts()
	if err != nil {
		return "", "", err
	}
	if t := hosts.Profiles[profile].Token; t != "" {
		return t, SourceFile, nil
	}
	return "", "", ErrNoToken
}

// Save stores the token of profile: in the keyring unless insecure is set or
// the keyring is unavailable, in hosts.yaml otherwise. warn is called before
// falling back to the file, so the user learns it before the token is written.
func (s *Store) Save(profile, token string, insecure bool, warn func(reason error)) (Source, error) {
	if !insecure {
		err := s.keyringSet(profile, token)
		if err == nil {
			// A token left in the file from an earlier fallback would shadow nothing
			// but would still sit on disk.
			if rerr := s.removeFromFile(profile); rerr != nil {
				return SourceKeyring, rerr
			}
			return SourceKeyring, nil
		}
		if warn != nil {
			warn(err)
		}
	}
	hosts, err := s.loadHosts()
	if err != nil {
		return "", err
	}
	hosts.Profiles[profile] = hostEntry{Token: token}
	return SourceFile, s.saveHosts(hosts)
}

// Delete removes the token of profile from the keyring and hosts.yaml and
// reports where it was found. A token from CONVO_TOKEN cannot be removed here.
func (s *Store) Delete(profile string) ([]Source, error) {
	var removed []Source
	if _, err := s.keyringGet(profile); err == nil {
		if err := s.keyringDelete(profile); err != nil {
			return removed, fmt.Errorf("remove the token from the keyring: %w", err)
		}
		removed = append(removed, SourceKeyring)
	}
	hosts, err := s.loadHosts()
	if err != nil {
		return removed, err
	}
	if _, ok := hosts.Profiles[profile]; ok {
		if err := s.removeFromFile(profile); err != nil {
			return removed, err
		}
		removed = append(removed, SourceFile)
	}
	return removed, nil
}

func (s *Store) removeFromFile(profile string) error {
	hosts, err := s.loadHosts()
	if err != nil {
		return err
	}
	if _, ok := hosts.Profiles[profile]; !ok {
		return nil
	}
	delete(hosts.Profiles, profile)
	return s.saveHosts(hosts)
}

type hostEntry struct {
	Token string `yaml:"token"`
}

type hostsData struct {
	Profiles map[string]hostEntry `yaml:"profiles"`
}

// HostsPath is the fallback store's file, hosts.yaml in the config directory.
func (s *Store) HostsPath() string { return filepath.Join(s.Dir, HostsFile) }

func (s *Store) loadHosts() (*hostsData, error) {
	h := &hostsData{}
	data, err := os.ReadFile(s.HostsPath())
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, fmt.Errorf("read %s: %w", s.HostsPath(), err)
	default:
		if err := yaml.Unmarshal(data, h); err != nil {
			return nil, fmt.Errorf("read %s: %w", s.HostsPath(), err)
		}
	}
	if h.Profiles == nil {
		h.Profiles = map[string]hostEntry{}
	}
	return h, nil
}

func (s *Store) saveHosts(h *hostsData) error {
	data, err := yaml.Marshal(h)
	if err != nil {
		return fmt.Errorf("encode %s: %w", HostsFile, err)
	}
	return dirs.WriteFileAtomic(s.HostsPath(), data, 0o600)
}

// keyringUsable reports whether a keyring can be asked at all. On Linux the
// Secret Service needs a session bus; without one, go-keyring would try to
// launch a bus daemon.
func (s *Store) keyringUsable() bool {
	return runtime.GOOS != "linux" || s.getenv("DBUS_SESSION_BUS_ADDRESS") != "" || keyringMocked
}

// keyringMocked is set by MockKeyring.
var keyringMocked bool

// MockKeyring replaces the OS keyring with go-keyring's in-memory mock for
// tests; when err is not nil every keyring call fails with it. It changes
// package state: tests that call it must not run in parallel.
func MockKeyring(err error) {
	if err != nil {
		keyring.MockInitWithError(err)
	} else {
		keyring.MockInit()
	}
	keyringMocked = true
}

func (s *Store) keyringGet(profile string) (string, error) {
	var token string
	err := s.withKeyring(func() error {
		var err error
		token, err = keyring.Get(Service, profile)
		return err
	})
	return token, err
}

func (s *Store) keyringSet(profile, token string) error {
	return s.withKeyring(func() error { return keyring.Set(Service, profile, token) })
}

func (s *Store) keyringDelete(profile string) error {
	return s.withKeyring(func() error { return keyring.Delete(Service, profile) })
}

// withKeyring runs fn against the keyring with a timeout. Any failure other
// than "not found" means the keyring is unavailable.
func (s *Store) withKeyring(fn func() error) error {
	if !s.keyringUsable() {
		return fmt.Errorf("%w (no D-Bus session bus)", ErrKeyringUnavailable)
	}
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		if err == nil || errors.Is(err, keyring.ErrNotFound) {
			return err
		}
		return fmt.Errorf("%w: %v", ErrKeyringUnavailable, err)
	case <-time.After(s.KeyringTimeout):
		return fmt.Errorf("%w: no answer within %s", ErrKeyringUnavailable, s.KeyringTimeout)
	}
}
