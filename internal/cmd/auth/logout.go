package auth

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/config/credentials"
)

func newCmdLogout(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "logout",
		Short: "Remove the stored token of the profile",
		Long: `Remove the profile's token from the system keyring and from hosts.yaml,
wherever it is stored. The base URL stays in config.yaml, so that the next
login offers it.

On a terminal convo asks first (--yes skips the question); elsewhere it logs
out without asking, like gh: logging out loses nothing that a new login cannot
bring back.

A token in the CONVO_TOKEN environment variable cannot be removed by convo:
unset it in your shell or CI settings.

Exit status 4 when the profile has no stored token.`,
		Example: `  # Forget the token of the default profile, then of another one without asking
  convo auth logout  # needs a login
  convo auth logout --profile staging --yes`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return logout(f)
		},
	}
}

func logout(f *cmdutil.Factory) error {
	s, ios := f.Settings, f.IOStreams
	if s.Sandbox {
		return errSandbox
	}
	cs := ios.ColorScheme()
	_, envSet := envToken()
	store, err := f.Credentials()
	if err != nil {
		return err
	}
	_, src, err := store.StoredToken(s.Profile)
	if errors.Is(err, credentials.ErrNoToken) {
		msg := fmt.Sprintf("not logged in (profile %q): no token is stored", s.Profile)
		if envSet {
			msg += "; the token in CONVO_TOKEN cannot be removed by convo: unset it"
		}
		return &clierr.AuthError{Err: errors.New(msg)}
	}
	if err != nil {
		return err
	}
	if !s.Yes && ios.CanPrompt() {
		ok, err := f.Prompter().Confirm(fmt.Sprintf("Log out of profile %s?", s.Profile),
			fmt.Sprintf("The token stored in %s will be removed; using the API again needs a new login.", sourceText(src, store)), false)
		if err != nil {
			return err
		}
		if !ok {
			return clierr.ErrCancelled
		}
	}
	removed, err := store.Delete(s.Profile)
	if err != nil {
		return fmt.Errorf("log out: %w", err)
	}
	places := make([]string, len(removed))
	for i, r := range removed {
		places[i] = sourceText(r, store)
	}
	fmt.Fprintf(ios.ErrOut, "%s Logged out of profile %s: token removed from %s\n", cs.SuccessIcon(), s.Profile, strings.Join(places, " and "))
	if envSet {
		fmt.Fprintf(ios.ErrOut, "%s %s is still set and convo keeps using it: convo cannot remove an environment variable; unset it\n",
			cs.WarningIcon(), credentials.EnvToken)
	}
	return nil
}
