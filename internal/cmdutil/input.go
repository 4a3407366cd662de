package cmdutil

import (
	"strings"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/filearg"
)

// ConfirmDestructive asks before a command destroys something. --yes skips
// the question; without a terminal to ask on, the command is refused (exit 2)
// so that a script never deletes by accident; "no" cancels it (exit 130).
// action is what is about to happen ("delete contact 42 (Maria Souza)"),
// consequence what will be lost.
func (f *Factory) ConfirmDestructive(action, consequence string) error {
	if f.Settings.Yes {
		return nil
	}
	ios := f.IOStreams
	if !ios.CanPrompt() {
		return clierr.InputErrorf("pass --yes to %s: without a terminal, convo cannot ask you to confirm.\n%s", action, consequence)
	}
	ok, err := f.Prompter().Confirm(english.Capitalize(action)+"?", consequence, false)
	if err != nil {
		return err
	}
	if !ok {
		return clierr.ErrCancelled
	}
	return nil
}

// ReadFile returns the content of the FILE argument of flag: the file's,
// or standard input's for "-".
func (f *Factory) ReadFile(path, flag string) ([]byte, error) {
	data, err := filearg.Read(path, f.IOStreams.In)
	if err != nil {
		return nil, clierr.InputErrorf("%s: %v", flag, err)
	}
	return data, nil
}

// ReadText returns the text of a --x-file argument, as ReadFile reads it
// but for one trailing newline, which is dropped.
func (f *Factory) ReadText(path, flag string) (string, error) {
	data, err := f.ReadFile(path, flag)
	if err != nil {
		return "", err
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
