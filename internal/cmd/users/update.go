package users

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

func newCmdUpdate(f *cmdutil.Factory) *cobra.Command {
	var (
		body          api.UserUpdate
		channels      []string
		passwordStdin bool
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
			if len(channels) > 0 {
				body.Channels = &channels
			}
			if body == (api.UserUpdate{}) && !passwordStdin {
				return clierr.FlagErrorf("nothing to update: give --name, --email, --type, --external-reference, --channel or --password-stdin")
			}
			var errs validate.Errors
			if body.Name != nil {
				errs.Add(validate.UserName(*body.Name))
			}
			if body.Email != nil {
				errs.Add(validate.Email(*body.Email))
			}
			if err := errs.Err(); err != nil {
				return err
			}
			if passwordStdin {
				pw, err := readPassword(f, true)
				if err != nil {
					return err
				}
				body.Password = &pw
			}
			return write(cmd.Context(), f, func(c *api.Client) (*api.Result[api.UserDetail], error) {
				return c.UpdateUser(cmd.Context(), id, body)
			})
		},
	}
	cmdutil.NilStringFlag(cmd, &body.Name, "name", "new full `NAME`: letters and spaces, at most 50 characters")
	cmdutil.NilStringFlag(cmd, &body.Email, "email", "new `EMAIL` address")
	cmdutil.NilEnumFlag(cmd, &body.Type, "type", validate.UserTypes, "new `TYPE`")
	cmdutil.NilIDFlag(cmd, &body.ExternalReference, "external-reference", "new `ID` in the linked external system")
	cmdutil.ChannelsFlag(f, cmd, &channels, "channel", api.ChannelListParams{},
		"`TOKEN` of a channel the user can access; replaces the current ones; repeat for several")
	cmd.Flags().BoolVar(&passwordStdin, "password-stdin", false, "read a new password from the first line of standard input")
	return cmdutil.Prints(f, cmd, userSpec)
}
