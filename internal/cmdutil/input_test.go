package cmdutil

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/output"
)

// TestReadFileAndReadText: a FILE argument names a file or, as "-",
// standard input; ReadFile gives its bytes as they are (a request's body),
// ReadText its text without the one line ending an editor or echo adds, and
// both say which flag named a file that cannot be read (exit 2).
func TestReadFileAndReadText(t *testing.T) {
	ios, stdin, _, _ := output.Test()
	f := NewFactory("test", ios, nil)
	path := filepath.Join(t.TempDir(), "text.txt")
	if err := os.WriteFile(path, []byte("Olá\r\n\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got, err := f.ReadFile(path, "--input"); err != nil || string(got) != "Olá\r\n\r\n" {
		t.Errorf("ReadFile(file) = %q, %v", got, err)
	}
	if got, err := f.ReadText(path, "--text-file"); err != nil || got != "Olá\r\n" {
		t.Errorf("ReadText(file) = %q, %v; want one line ending dropped", got, err)
	}
	stdin.WriteString("Linha um\nLinha dois\n")
	if got, err := f.ReadText("-", "--text-file"); err != nil || got != "Linha um\nLinha dois" {
		t.Errorf("ReadText(-) = %q, %v", got, err)
	}

	missing := filepath.Join(t.TempDir(), "missing.txt")
	_, err := f.ReadText(missing, "--text-file")
	var input *clierr.InputError
	if want := "--text-file: open " + missing + ": no such file or directory"; !errors.As(err, &input) || err.Error() != want {
		t.Errorf("a missing file: %v (%T), want the input error %q", err, err, want)
	}
}
