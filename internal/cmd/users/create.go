package users

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

func newCmdCreate(f *cmdutil.Factory) *cobra.Command {
	var (
		body          api.UserCreate
		passwordStdin bool
	)
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
			var errs validate.Errors
			errs.Add(validate.UserName(body.Name))
			errs.Add(validate.Email(body.Email))
			if err := errs.Err(); err != nil {
				return err
			}
			// Asked last, so that nobody types a password for a command that fails.
			pw, err := readPassword(f, passwordStdin)
			if err != nil {
				return err
			}
			body.Password = pw
			return write(cmd.Context(), f, func(c *api.Client) (*api.Result[api.UserDetail], error) {
				return c.CreateUser(cmd.Context(), body)
			})
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&body.Name, "name", "", "full `NAME`: letters and spaces, at most 50 characters")
	fl.StringVar(&body.Email, "email", "", "`EMAIL` address, unique in the company")
	cmdutil.EnumFlag(cmd, &body.Type, "type", "", validate.UserTypes, "`TYPE`: admin reaches every channel, user only the --channel ones")
	cmdutil.IDFlag(cmd, &body.ExternalReference, "external-reference", "the user's `ID` in the linked external system")
	cmdutil.ChannelsFlag(f, cmd, &body.Channels, "channel", api.ChannelListParams{}, "`TOKEN` of a channel the user can access; repeat for several")
	fl.BoolVar(&passwordStdin, "password-stdin", false, "read the password from the first line of standard input")
	cmdutil.RequireFlags(cmd, "name", "email", "type", "external-reference")
	return cmdutil.Prints(f, cmd, userSpec)
}
