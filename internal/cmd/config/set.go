package configcmd

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/config"
)

type setOptions struct {
	f          *cmdutil.Factory
	key, value string
}

func newCmdSet(f *cmdutil.Factory, runF func(*setOptions) error) *cobra.Command {
	opts := &setOptions{f: f}
	cmd := &cobra.Command{
		Use:   "set KEY VALUE",
		Short: "Change a setting of the profile",
		Long: `Set KEY to VALUE in config.yaml for the current profile. The value is checked
first; an empty value ("") removes the key, so that its default applies.

The file is replaced atomically and is readable only by you (mode 0600, in a
0700 directory).`,
		Example: `  # JSON output unless -o says otherwise
  convo config set output json

  # Longer pages
  convo config set per_page 50

  # Phone numbers without a country code are Brazilian
  convo config set default_country BR

  # Back to the default pager
  convo config set pager ""`,
		Args: cmdutil.ExactArgs(2, "KEY and VALUE"),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			if len(args) == 1 {
				if k, err := config.LookupKey(args[0]); err == nil {
					return k.Allowed, cobra.ShellCompDirectiveNoFileComp
				}
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return completeKeys(cmd, args, toComplete)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.key, opts.value = args[0], args[1]
			if runF != nil {
				return runF(opts)
			}
			return setRun(opts)
		},
	}
	return cmd
}

func setRun(opts *setOptions) error {
	f := opts.f
	if _, err := lookupKey(opts.key); err != nil {
		return err
	}
	file, err := f.Config()
	if err != nil {
		return err
	}
	profile := f.Settings.Profile
	if opts.value == "" {
		file.Unset(profile, opts.key)
	} else if err := file.Set(profile, opts.key, opts.value); err != nil {
		return &clierr.FlagError{Err: err}
	}
	return file.Save()
}
