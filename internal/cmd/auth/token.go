package auth

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/config/credentials"
)

func newCmdToken(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "token",
		Short: "Print the token, for scripts",
		Long: `Print the token convo would send (CONVO_TOKEN, the keyring or hosts.yaml,
in that order) on standard output, for scripts that call the API themselves.

The token is a secret: anyone who has it can act as you. Do not paste it into
logs, issues or chat, and prefer a pipe to a variable that gets echoed.

Exit status 4 when there is no token.`,
		Example: `  # Print the token convo sends
  convo auth token

  # Hand it to another HTTP client
  curl -H "Authorization: Bearer $(convo auth token)" https://api.example.com/api/v1/channels  # needs a server`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return printToken(f)
		},
	}
}

func printToken(f *cmdutil.Factory) error {
	s := f.Settings
	token := cmdutil.SandboxTokenInUse()
	if _, ok := envToken(); !ok && !s.Sandbox {
		store, err := f.Credentials()
		if err != nil {
			return err
		}
		t, _, err := store.Token(s.Profile)
		if errors.Is(err, credentials.ErrNoToken) {
			return cmdutil.NotLoggedInError(s.Profile)
		}
		if err != nil {
			return err
		}
		token = t
	}
	if _, err := fmt.Fprintln(f.IOStreams.Out, token); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}
