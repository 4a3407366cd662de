package users

import (
	"bufio"
	"context"
	"errors"
	"io"
	"strings"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

// readPassword returns the password of the user being written: the first
// line of standard input with --password-stdin, else typed twice at a hidden
// prompt. A password is never a flag value: it would show in `ps` and in
// the shell's history. It is checked before anything is sent.
func readPassword(f *cmdutil.Factory, fromStdin bool) (string, error) {
	var pw string
	switch {
	case fromStdin:
		line, err := bufio.NewReader(f.IOStreams.In).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return "", clierr.InputErrorf("--password-stdin: read standard input: %v", err)
		}
		pw = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
	case f.IOStreams.CanPrompt():
		// One prompter for both questions: they share standard input.
		p := f.Prompter()
		first, err := p.Password("Password (at least 8 characters)")
		if err != nil {
			return "", err
		}
		if err := validate.Password(first); err != nil {
			return "", err
		}
		again, err := p.Password("Repeat the password")
		if err != nil {
			return "", err
		}
		if again != first {
			return "", clierr.InputErrorf("the passwords do not match")
		}
		pw = first
	default:
		return "", cmdutil.NoPromptError("password", "--password-stdin")
	}
	if err := validate.Password(pw); err != nil {
		return "", err
	}
	return pw, nil
}

// write sends a write that returns a user, with the run's client, and
// prints the user.
func write(ctx context.Context, f *cmdutil.Factory, send func(*api.Client) (*api.Result[api.UserDetail], error)) error {
	c, err := f.APIClient(ctx)
	if err != nil {
		return err
	}
	res, err := send(c)
	if err != nil {
		return err
	}
	return cmdutil.PrintResult(f, res, res.Data.ID)
}
