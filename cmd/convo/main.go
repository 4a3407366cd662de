// Command convo is a command-line client for the customer-messaging API.
package main

import (
	"os"

	"github.com/convo-cli/convo/internal/cmd/root"
)

// The generated files (completions, command reference, man pages):
//go:generate go run ../../internal/tools/gendocs

func main() {
	os.Exit(root.Main())
}
