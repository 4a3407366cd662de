package notes

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/prompt"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/validate"
)

// createOptions are the note's text: nil when its flag is not given.
type createOptions struct {
	content     *string
	contentFile *string
}

func newCmdCreate(f *cmdutil.Factory) *cobra.Command {
	var opts createOptions
	cmd := &cobra.Command{
		Use:   "create CONTACT [--content S | --content-file F|-]",
		Short: "Write a note on a contact",
		Long: `Write an internal note on a contact, given by its id or its phone number,
signed with the user of the token.

The text comes from --content, from a file with --content-file (- reads
standard input), or, on a terminal, from a prompt.`,
		Example: `  # A note on contact 1
  convo notes create 1 --content "Prefere contato por mensagem depois das 18h."

  # The text from another program, on standard input
  echo "Pediu segunda via do boleto." | convo notes create 1 --content-file -`,
		Args:              cmdutil.ExactArgs(1, cmdutil.ContactArg),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteContacts(f)),
		RunE: cmdutil.RunWithContact(f, func(ctx context.Context, c *api.Client, ref resolve.ContactRef) error {
			content, given, err := opts.text(f)
			if err != nil {
				return err
			}
			// The contact is found before a note is typed for it.
			id, err := resolve.ContactID(ctx, c, ref, naming.Flags)
			if err != nil {
				return err
			}
			if !given {
				if content, err = ask(f, id); err != nil {
					return err
				}
			}
			res, err := c.CreateNote(ctx, id, api.NoteCreate{Content: content})
			if err != nil {
				return err
			}
			return cmdutil.PrintResult(f, res, res.Data.ID)
		}),
	}
	cmdutil.NilStringFlag(cmd, &opts.content, "content", "`TEXT` of the note")
	cmdutil.NilStringFlag(cmd, &opts.contentFile, "content-file", "read the text of the note from `FILE` (- for standard input)")
	cmdutil.Exclusive(cmd, "content", "content-file")
	return cmdutil.Prints(f, cmd, noteSpec)
}

// text returns the text of the note given with a flag, checked, and
// whether one was given.
func (o *createOptions) text(f *cmdutil.Factory) (string, bool, error) {
	var (
		content string
		err     error
	)
	switch {
	case o.content != nil:
		content = *o.content
	case o.contentFile != nil:
		if content, err = f.ReadText(*o.contentFile, "--content-file"); err != nil {
			return "", true, err
		}
	case !f.IOStreams.CanPrompt():
		return "", false, cmdutil.NoPromptError("the note's content", "--content", "--content-file")
	default:
		return "", false, nil
	}
	return content, true, validate.Required("content", content)
}

// ask asks for the text of the note on a terminal.
func ask(f *cmdutil.Factory, contactID int64) (string, error) {
	content, err := f.Prompter().Input(prompt.Input{
		Title:       fmt.Sprintf("Note on contact %d", contactID),
		Description: "Only staff see notes, never the contact.",
		Validate:    func(s string) error { return validate.Required("content", s) },
	})
	if err != nil && !errors.Is(err, clierr.ErrCancelled) {
		// No usable answer (end of input, a rejected value) is missing
		// input, like a missing flag: exit 2, not an API failure.
		return "", &clierr.InputError{Err: err}
	}
	if err != nil {
		return "", err
	}
	// The prompter's check may be skipped (huh at the end of input).
	return content, validate.Required("content", content)
}
