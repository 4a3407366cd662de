package filearg_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/convo-cli/convo/internal/filearg"
)

func TestReadTakesAFileOrStandardInput(t *testing.T) {
	path := filepath.Join(t.TempDir(), "body.json")
	if err := os.WriteFile(path, []byte("from the file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	stdin := strings.NewReader("from stdin\n")
	if got, err := filearg.Read(path, stdin); err != nil || string(got) != "from the file\n" {
		t.Errorf("Read(file) = %q, %v", got, err)
	}
	if stdin.Len() == 0 {
		t.Error("reading a file read standard input")
	}
	if got, err := filearg.Read(filearg.Std, stdin); err != nil || string(got) != "from stdin\n" {
		t.Errorf("Read(-) = %q, %v", got, err)
	}
}

func TestReadSaysWhatWentWrong(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.txt")
	if _, err := filearg.Read(missing, strings.NewReader("")); !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "open "+missing) {
		t.Errorf("a missing file: %v", err)
	}
	broken := errors.New("the pipe broke")
	if _, err := filearg.Read(filearg.Std, iotest.ErrReader(broken)); !errors.Is(err, broken) {
		t.Errorf("standard input that fails: %v", err)
	}
}
