package cmdutil

import (
	"io"
	"os"
	"strings"

	"github.com/convo-cli/convo/internal/clierr"
)

// ConfirmDestructive asks before a command destroys something. --yes skips
// the question; without a terminal to ask on, the command is refused (exit 2)
// so that a script never deletes by accident. question is what is about to
// happen ("Delete contact 42 (Maria Souza)?"), consequence what will be lost.
func (f *Factory) ConfirmDestructive(question, consequence string) error {
	if f.Settings.Yes {
		return nil
	}
	ios := f.IOStreams
	if !ios.CanPrompt() {
		return clierr.InputErrorf("%s\n%s\nRefusing without confirmation: pass --yes to confirm when not running at a terminal", question, consequence)
	}
	ok, err := f.Prompter().Confirm(question, consequence, false)
	if err != nil {
		return err
	}
	if !ok {
		return clierr.ErrCancelled
	}
	return nil
}

// ReadText returns the text of a --x-file argument: the file's content, or
// standard input for "-". One trailing newline is dropped.
func (f *Factory) ReadText(path, flag string) (string, error) {
	var (
		data []byte
		err  error
	)
	if path == "-" {
		data, err = io.ReadAll(f.IOStreams.In)
	} else {
		data, err = os.ReadFile(path)
	}
	if err != nil {
		return "", clierr.InputErrorf("%s: %v", flag, err)
	}
	return strings.TrimSuffix(strings.TrimSuffix(string(data), "\n"), "\r"), nil
}

// NoPromptError is the error of a command that needs an answer it cannot ask
// for: it names the flags that give it instead.
func NoPromptError(what string, flags ...string) error {
	return clierr.InputErrorf("%s: not running at a terminal, so it cannot be asked for; use %s", what, strings.Join(flags, " or "))
}

// ChatToken reads a chat token given as an argument.
func ChatToken(arg string) (string, error) {
	token := strings.TrimSpace(arg)
	if token == "" {
		return "", clierr.FlagErrorf("empty chat token: see `convo chats list`")
	}
	return token, nil
}
