// Package config reads and writes convo's configuration: the profiles of
// config.yaml and the settings a command runs with.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	yaml "go.yaml.in/yaml/v3"

	"github.com/convo-cli/convo/internal/dirs"
)

// DefaultProfile is the profile used when none is named.
const DefaultProfile = "default"

// FileName is the configuration file inside ConfigDir.
const FileName = "config.yaml"

// File is config.yaml: settings per profile. It holds only what the user set
// with `convo config set` or `convo auth login`, never values that came from
// the environment or flags.
type File struct {
	path     string
	Profiles map[string]map[string]string `yaml:"profiles"`
}

// LoadFile reads config.yaml from dir; a missing file is an empty configuration.
func LoadFile(dir string) (*File, error) {
	f := &File{path: filepath.Join(dir, FileName)}
	data, err := os.ReadFile(f.path)
	if errors.Is(err, fs.ErrNotExist) {
		return f, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read config: %w", err)
	}
	if err := yaml.Unmarshal(data, f); err != nil {
		return nil, fmt.Errorf("read config %s: %w", f.path, err)
	}
	return f, nil
}

// Path is where the file lives.
func (f *File) Path() string { return f.path }

// Get returns the value of key in profile as set in the file.
func (f *File) Get(profile, key string) (string, bool) {
	v, ok := f.Profiles[profile][key]
	return v, ok
}

// Values returns a copy of profile's settings.
func (f *File) Values(profile string) map[string]string {
	out := map[string]string{}
	for k, v := range f.Profiles[profile] {
		out[k] = v
	}
	return out
}

// Set stores value for key in profile (after checking it), in memory; Save writes it.
func (f *File) Set(profile, key, value string) error {
	k, err := LookupKey(key)
	if err != nil {
		return err
	}
	if err := k.Check(value); err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	value, err = k.Normalize(value)
	if err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	if f.Profiles == nil {
		f.Profiles = map[string]map[string]string{}
	}
	if f.Profiles[profile] == nil {
		f.Profiles[profile] = map[string]string{}
	}
	f.Profiles[profile][key] = value
	return nil
}

// Unset removes key from profile, in memory; Save writes it.
func (f *File) Unset(profile, key string) {
	delete(f.Profiles[profile], key)
	if len(f.Profiles[profile]) == 0 {
		delete(f.Profiles, profile)
	}
}

// ProfileNames lists the profiles of the file, sorted.
func (f *File) ProfileNames() []string {
	names := make([]string, 0, len(f.Profiles))
	for n := range f.Profiles {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Save writes the file atomically with mode 0600 in a 0700 directory.
func (f *File) Save() error {
	data, err := yaml.Marshal(f)
	if err != nil {
		return fmt.Errorf("encode config: %w", err)
	}
	return dirs.WriteFileAtomic(f.path, data, 0o600)
}
