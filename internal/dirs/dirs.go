// Package dirs is where convo keeps its files (the configuration, the
// data), and how it writes them: whole or not at all. It imports nothing of
// convo's, so that any package can keep a file without the configuration's
// libraries.
package dirs

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// Environment variables that move the directories.
const (
	// EnvConfigDir is where config.yaml and hosts.yaml live.
	EnvConfigDir = "CONVO_CONFIG_DIR"
	// EnvDataDir is where the sandbox database and import journals live.
	EnvDataDir = "CONVO_DATA_DIR"
)

// ConfigDir is where config.yaml and hosts.yaml live: $CONVO_CONFIG_DIR, else
// the OS user config dir + /convo.
func ConfigDir() (string, error) {
	if d := os.Getenv(EnvConfigDir); d != "" {
		return d, nil
	}
	base, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find the config directory (set CONVO_CONFIG_DIR): %w", err)
	}
	return filepath.Join(base, "convo"), nil
}

// DataDir is where the sandbox database and import journals live:
// $CONVO_DATA_DIR, else the OS user data dir + /convo ($XDG_DATA_HOME or
// ~/.local/share on Linux, the cache dir elsewhere).
func DataDir() (string, error) {
	if d := os.Getenv(EnvDataDir); d != "" {
		return d, nil
	}
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "convo"), nil
	}
	if runtime.GOOS == "linux" {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, ".local", "share", "convo"), nil
		}
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("find the data directory (set CONVO_DATA_DIR): %w", err)
	}
	return filepath.Join(base, "convo"), nil
}

// WriteFileAtomic writes data to path as a PrivateFile, so that readers see
// the old file or the new one and never a half-written one. The file gets
// mode perm (also when it existed with a looser one) and its directory is
// created with 0700.
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	f, err := CreatePrivate(path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer f.Discard() // after Commit, there is nothing left to discard
	err = f.Chmod(perm)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Commit()
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
