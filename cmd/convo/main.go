// Command convo is a command-line client for the customer-messaging API.
package main

import (
	"os"

	"github.com/convo-cli/convo/internal/cmd/root"
	// Answers the version requests before the libraries initialise.
	_ "github.com/convo-cli/convo/internal/earlyversion"
)

// The generated files (completions, command reference, man pages):
//go:generate go run ../../internal/tools/gendocs

func main() {
	os.Exit(root.Main())
}
