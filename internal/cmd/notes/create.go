package notes

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/prompt"
	"github.com/convo-cli/convo/internal/validate"
)

type createOptions struct {
	f   *cmdutil.Factory
	ctx context.Context

	contactID int64
	// content and contentFile are nil when their flag is not given.
	content     *string
	contentFile *string
}

func newCmdCreate(f *cmdutil.Factory, runF func(*createOptions) error) *cobra.Command {
	opts := &createOptions{f: f}
	var content, contentFile string
	cmd := &cobra.Command{
		Use:   "create CONTACT_ID [--content S | --content-file F|-]",
		Short: "Write a note on a contact",
		Long: `Write an internal note on a contact, signed with the user of the token.

The text comes from --content, from a file with --content-file (- reads
standard input), or, on a terminal, from a prompt.`,
		Example: `  # A note on contact 1
  convo notes create 1 --content "Prefere contato por mensagem depois das 18h."

  # The text from another program, on standard input
  echo "Pediu segunda via do boleto." | convo notes create 1 --content-file -`,
		Args:              cmdutil.ExactArgs(1, "contact ID"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteContacts(f)),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseID(args[0], "contact ID")
			if err != nil {
				return err
			}
			fl := cmd.Flags()
			if fl.Changed("content") && fl.Changed("content-file") {
				return clierr.FlagErrorf("--content and --content-file cannot be used together")
			}
			opts.ctx, opts.contactID = cmd.Context(), id
			if fl.Changed("content") {
				opts.content = &content
			}
			if fl.Changed("content-file") {
				opts.contentFile = &contentFile
			}
			if runF != nil {
				return runF(opts)
			}
			return createRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&content, "content", "", "`TEXT` of the note")
	fl.StringVar(&contentFile, "content-file", "", "read the text of the note from `FILE` (- for standard input)")
	return cmdutil.Prints(f, cmd, noteSpec)
}

func createRun(opts *createOptions) error {
	f := opts.f
	// Output flags are checked first: neither a typed note nor a created one
	// should be lost to a typo in --fields.
	content, err := noteContent(opts)
	if err != nil {
		return err
	}
	if err := validate.Required("content", content); err != nil {
		return err
	}
	c, err := f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	res, err := c.CreateNote(opts.ctx, opts.contactID, api.NoteCreate{Content: content})
	if err != nil {
		return err
	}
	return cmdutil.PrintResult(f, res, res.Data.ID)
}

// noteContent returns the text of the note from the flags or, when neither
// flag is given, from a prompt on a terminal.
func noteContent(opts *createOptions) (string, error) {
	f := opts.f
	switch {
	case opts.content != nil:
		return *opts.content, nil
	case opts.contentFile != nil:
		return f.ReadText(*opts.contentFile, "--content-file")
	case !f.IOStreams.CanPrompt():
		return "", cmdutil.NoPromptError("the note's content", "--content", "--content-file")
	}
	content, err := f.Prompter().Input(prompt.Input{
		Title:       fmt.Sprintf("Note on contact %d", opts.contactID),
		Description: "Only staff see notes, never the contact.",
		Validate:    func(s string) error { return validate.Required("content", s) },
	})
	if err != nil && !errors.Is(err, clierr.ErrCancelled) {
		// No usable answer (end of input, a rejected value) is missing
		// input, like a missing flag: exit 2, not an API failure.
		return "", &clierr.InputError{Err: err}
	}
	return content, err
}
