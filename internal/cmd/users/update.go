package users

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

type updateOptions struct {
	f             *cmdutil.Factory
	ctx           context.Context
	id            int64
	body          api.UserUpdate
	passwordStdin bool
}

func newCmdUpdate(f *cmdutil.Factory, runF func(*updateOptions) error) *cobra.Command {
	opts := &updateOptions{f: f}
	var (
		name, email, typ string
		ref              int64
		channels         []string
	)
	cmd := &cobra.Command{
		Use:   "update ID [--name S] [--email E] [--type T] [--external-reference N] [--channel TOKEN]... [--password-stdin]",
		Short: "Change an attendant",
		Long: `Change a user; only what is given is sent, the rest stays as it is.

--channel replaces the user's channels with the ones given (repeat it for
several). A new password is read from the first line of standard input with
--password-stdin.`,
		Example: `  # Rename attendant 3
  convo users update 3 --name "Carla Mendes Araújo"

  # Give them exactly these channels
  convo users update 3 --channel photosocial-0004 --channel social-msgr-0005

  # A new email and external reference
  convo users update 3 --email carla.araujo@lojaexemplo.com.br --external-reference 1012

  # A new password, on standard input
  echo 'nova-senha-do-bruno' | convo users update 2 --password-stdin`,
		Args:              cmdutil.ExactArgs(1, "user ID"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteUsers(f, "")),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseID(args[0], "user ID")
			if err != nil {
				return err
			}
			fl := cmd.Flags()
			if fl.Changed("name") {
				opts.body.Name = &name
			}
			if fl.Changed("email") {
				opts.body.Email = &email
			}
			if fl.Changed("type") {
				opts.body.Type = &typ
			}
			if fl.Changed("external-reference") {
				opts.body.ExternalReference = &ref
			}
			if fl.Changed("channel") {
				opts.body.Channels = &channels
			}
			if opts.body == (api.UserUpdate{}) && !opts.passwordStdin {
				return clierr.FlagErrorf("nothing to update: give --name, --email, --type, --external-reference, --channel or --password-stdin")
			}
			opts.ctx, opts.id = cmd.Context(), id
			if runF != nil {
				return runF(opts)
			}
			return updateRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&name, "name", "", "new full `NAME`: letters and spaces, at most 50 characters")
	fl.StringVar(&email, "email", "", "new `EMAIL` address")
	fl.StringVar(&typ, "type", "", "new `TYPE`: admin or user")
	fl.Int64Var(&ref, "external-reference", 0, "new `ID` in the linked external system")
	fl.StringArrayVar(&channels, "channel", nil, "`TOKEN` of a channel the user can access; replaces the current ones; repeat for several")
	fl.BoolVar(&opts.passwordStdin, "password-stdin", false, "read a new password from the first line of standard input")
	_ = cmd.RegisterFlagCompletionFunc("type", cobra.FixedCompletions(validate.UserTypes, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("channel", cmdutil.CompleteChannels(f, api.ChannelListParams{}))
	return cmdutil.Prints(f, cmd, userSpec)
}

func updateRun(opts *updateOptions) error {
	b := &opts.body
	var errs validate.Errors
	if b.Name != nil {
		errs.Add(validate.UserName(*b.Name))
	}
	if b.Email != nil {
		errs.Add(validate.Email(*b.Email))
	}
	if b.Type != nil {
		errs.Add(validate.OneOf("type", *b.Type, validate.UserTypes))
	}
	if b.Channels != nil {
		errs.Add(checkChannels(*b.Channels))
	}
	if err := errs.Err(); err != nil {
		return err
	}
	if opts.passwordStdin {
		pw, err := readPassword(opts.f, true)
		if err != nil {
			return err
		}
		b.Password = &pw
	}
	c, err := opts.f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	res, err := c.UpdateUser(opts.ctx, opts.id, *b)
	if err != nil {
		return err
	}
	return cmdutil.PrintResult(opts.f, res, res.Data.ID)
}
