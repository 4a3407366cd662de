//go:build windows

package output

import (
	"errors"
	"syscall"
)

// errNoData is ERROR_NO_DATA, which the syscall package does not name.
const errNoData = syscall.Errno(232)

// Windows reports a pipe whose reader has gone as ERROR_BROKEN_PIPE or
// ERROR_NO_DATA rather than EPIPE.
func isBrokenPipe(err error) bool {
	return errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ERROR_BROKEN_PIPE) || errors.Is(err, errNoData)
}
