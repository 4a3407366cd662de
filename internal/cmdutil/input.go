package cmdutil

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/output"
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
	ok, err := f.Prompter().Confirm(capitalize(action)+"?", consequence, false)
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

// Destruction is a command that destroys the resource whose id is its
// first argument: `tags delete ID`, `users deactivate ID`.
type Destruction struct {
	// Noun names the resource, with Verb the action: "tag", "delete".
	Noun, Verb string
	// Name reads the resource's name, which makes the question clear to a
	// person; it is called only when someone will be asked.
	Name func(ctx context.Context, c *api.Client, id int64) (string, error)
	// Consequence says what is lost, of the resource with id named subject
	// ("tag 5 (VIP)").
	Consequence func(subject string, id int64) string
	// Do destroys it and returns the API's message.
	Do func(c *api.Client, ctx context.Context, id int64) (string, error)
}

// RunDestroy is the RunE of a Destruction: it confirms (ConfirmDestructive),
// destroys, and prints the API's message on stderr.
func RunDestroy(f *Factory, d Destruction) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		id, err := ParseID(args[0], d.Noun+" ID")
		if err != nil {
			return err
		}
		ctx := cmd.Context()
		c, err := f.APIClient(ctx)
		if err != nil {
			return err
		}
		subject := fmt.Sprintf("%s %d", d.Noun, id)
		if !f.Settings.Yes && f.IOStreams.CanPrompt() {
			name, err := d.Name(ctx, c, id)
			if err != nil {
				return err
			}
			subject = fmt.Sprintf("%s %d (%s)", d.Noun, id, name)
		}
		if err := f.ConfirmDestructive(d.Verb+" "+subject, d.Consequence(subject, id)); err != nil {
			return err
		}
		msg, err := d.Do(c, ctx, id)
		if err != nil {
			return err
		}
		output.Success(f.IOStreams, msg, nil)
		return nil
	}
}

func capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}
