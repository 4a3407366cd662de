package users

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

type createOptions struct {
	f             *cmdutil.Factory
	ctx           context.Context
	body          api.UserCreate
	passwordStdin bool
}

func newCmdCreate(f *cmdutil.Factory, runF func(*createOptions) error) *cobra.Command {
	opts := &createOptions{f: f}
	cmd := &cobra.Command{
		Use:   "create --name S --email E --type admin|user --external-reference N [--channel TOKEN]... [--password-stdin]",
		Short: "Create an attendant",
		Long: `Create a user. The password is typed twice at a hidden prompt, or read from the
first line of standard input with --password-stdin; it is never a flag, which
would show in the process list and the shell's history.

The name has at most 50 characters, letters (any alphabet) and spaces only; the
password at least 8 characters. --external-reference is the user's id in the
linked external system: it must exist there and belong to no other active
user. A user of type "user" reaches only the channels given with --channel
(repeat it for several); an admin reaches them all.`,
		Example: `  # An attendant who reaches two channels; the password on standard input
  echo 'senha-forte-da-lia' | convo users create --name "Lia Castro" --email lia.castro@lojaexemplo.com.br \
    --type user --external-reference 1010 --channel chatapp-main-001 --channel site-widget-0007 --password-stdin

  # An admin, who reaches every channel
  echo 'senha-forte-do-otavio' | convo users create --name "Otávio Brandão" \
    --email otavio.brandao@lojaexemplo.com.br --type admin --external-reference 1011 --password-stdin`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var missing []string
			for _, name := range []string{"name", "email", "type", "external-reference"} {
				if !cmd.Flags().Changed(name) {
					missing = append(missing, "--"+name)
				}
			}
			if len(missing) > 0 {
				return clierr.FlagErrorf("missing required flags: %s", strings.Join(missing, ", "))
			}
			opts.ctx = cmd.Context()
			if runF != nil {
				return runF(opts)
			}
			return createRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.body.Name, "name", "", "full `NAME`: letters and spaces, at most 50 characters (required)")
	fl.StringVar(&opts.body.Email, "email", "", "`EMAIL` address, unique in the company (required)")
	fl.StringVar(&opts.body.Type, "type", "", "`TYPE`: admin (every channel) or user (the --channel ones) (required)")
	fl.Int64Var(&opts.body.ExternalReference, "external-reference", 0, "the user's `ID` in the linked external system (required)")
	fl.StringArrayVar(&opts.body.Channels, "channel", nil, "`TOKEN` of a channel the user can access; repeat for several")
	fl.BoolVar(&opts.passwordStdin, "password-stdin", false, "read the password from the first line of standard input")
	_ = cmd.RegisterFlagCompletionFunc("type", cobra.FixedCompletions(validate.UserTypes, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("channel", cmdutil.CompleteChannels(f, api.ChannelListParams{}))
	return cmdutil.Prints(f, cmd, userSpec)
}

func createRun(opts *createOptions) error {
	b := &opts.body
	var errs validate.Errors
	errs.Add(validate.UserName(b.Name))
	errs.Add(validate.Email(b.Email))
	errs.Add(validate.OneOf("type", b.Type, validate.UserTypes))
	errs.Add(checkChannels(b.Channels))
	if err := errs.Err(); err != nil {
		return err
	}
	// Asked last, so that nobody types a password for a command that fails.
	pw, err := readPassword(opts.f, opts.passwordStdin)
	if err != nil {
		return err
	}
	b.Password = pw
	c, err := opts.f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	res, err := c.CreateUser(opts.ctx, *b)
	if err != nil {
		return err
	}
	return cmdutil.PrintResult(opts.f, res, res.Data.ID)
}
