// Package filearg reads the files named on convo's command line, where
// "-" names standard input (and, to a command that writes, standard
// output), as it does to most Unix tools.
package filearg

import (
	"io"
	"os"
)

// Std is the FILE argument that names a standard stream rather than a
// file: standard input to a command that reads, standard output to one
// that writes.
const Std = "-"

// Read returns the content of the file called name, or all of stdin when
// name is Std. Its errors are those of os.ReadFile and of reading stdin,
// for the caller to say which argument named the file.
func Read(name string, stdin io.Reader) ([]byte, error) {
	if name == Std {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(name)
}
