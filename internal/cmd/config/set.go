package config

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	convoconfig "github.com/convo-cli/convo/internal/config"
)

func newCmdSet(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "set KEY VALUE",
		Short: "Change a setting of the profile",
		Long: `Set KEY to VALUE in config.yaml for the current profile. The value is checked
first; an empty value ("") removes the key, so that its default applies. A
relative team_file is kept from the current directory (made absolute).

The file is replaced atomically and is readable only by you (mode 0600, in a
0700 directory).`,
		Example: `  # JSON output unless -o says otherwise
  convo config set output json

  # Longer pages
  convo config set per_page 50

  # Phone numbers without a country code are Brazilian
  convo config set default_country BR

  # Who @me is: your user, by id or e-mail
  convo config set attendant ana.souza@lojaexemplo.com.br

  # The team's saved replies, from a checkout of its repository
  mkdir -p suporte && printf 'replies: []\n' > suporte/team.yaml
  convo config set team_file suporte/team.yaml

  # Back to the default pager
  convo config set pager ""`,
		Args: cmdutil.ExactArgs(2, "KEY and VALUE"),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			if len(args) == 1 {
				if k, err := convoconfig.LookupKey(args[0]); err == nil {
					return k.Allowed, cobra.ShellCompDirectiveNoFileComp
				}
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completeKeys(cmd, args, toComplete)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return set(f, args[0], args[1])
		},
	}
}

func set(f *cmdutil.Factory, key, value string) error {
	if _, err := lookupKey(key); err != nil {
		return err
	}
	file, err := f.Config()
	if err != nil {
		return err
	}
	profile := f.Settings.Profile
	if value == "" {
		file.Unset(profile, key)
	} else if err := file.Set(profile, key, value); err != nil {
		return &clierr.FlagError{Err: err}
	}
	if err := file.Save(); err != nil {
		return err
	}
	if kept, _ := file.Get(profile, key); key == "team_file" && kept != "" {
		if _, err := os.Stat(kept); err != nil {
			ios := f.IOStreams
			fmt.Fprintf(ios.ErrOut, "%s Warning: %s does not exist yet.\n", ios.ColorScheme().WarningIcon(), kept)
		}
	}
	return nil
}
