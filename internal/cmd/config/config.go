// Package config holds the `convo config` commands, which read and write
// the current profile's settings in config.yaml.
package config

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	convoconfig "github.com/convo-cli/convo/internal/config"
)

// NewCmdConfig builds `convo config` and its subcommands.
func NewCmdConfig(f *cmdutil.Factory) *cobra.Command {
	cmd := cmdutil.Group(&cobra.Command{
		Use:   "config <command>",
		Short: "Read and change settings in config.yaml",
		Long: `Read and change the settings of the current profile (--profile) in config.yaml,
in the config directory (CONVO_CONFIG_DIR, else ~/.config/convo on Linux).

Settings apply with this precedence: a flag, then the environment, then
config.yaml, then the default. convo config reads and writes only the file:
values from flags or the environment are never written to it.

Keys:
` + keyHelp(),
		// An invalid value in config.yaml stops every other command; these
		// must still run, so that `convo config set KEY VALUE` can repair it.
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			if err := f.ResolveSettings(cmd.Root().PersistentFlags()); err != nil {
				if f.Settings == nil {
					return err
				}
				fmt.Fprintf(f.IOStreams.ErrOut, "%s %v\n", f.IOStreams.ColorScheme().WarningIcon(), err)
			}
			return nil
		},
	})
	cmd.AddCommand(newCmdGet(f), newCmdSet(f), newCmdList(f))
	return cmd
}

// keyHelp lists the keys with their help, allowed values and defaults.
func keyHelp() string {
	var b strings.Builder
	for _, k := range convoconfig.Keys {
		fmt.Fprintf(&b, "  %-16s %s", k.Name, k.Help)
		if len(k.Allowed) > 0 {
			fmt.Fprintf(&b, "; one of %s", strings.Join(k.Allowed, ", "))
		}
		if k.Default != "" {
			fmt.Fprintf(&b, " (default %s)", k.Default)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// lookupKey finds a key for a command argument; an unknown one is a usage
// error that lists the valid keys.
func lookupKey(name string) (convoconfig.Key, error) {
	k, err := convoconfig.LookupKey(name)
	if err != nil {
		return k, &clierr.FlagError{Err: err}
	}
	return k, nil
}

// value is the file's value of key in profile, else the key's default.
func value(file *convoconfig.File, profile string, k convoconfig.Key) string {
	if v, ok := file.Get(profile, k.Name); ok {
		return v
	}
	return k.Default
}

// completeKeys completes the first argument with the key names.
func completeKeys(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	return convoconfig.KeyNames(), cobra.ShellCompDirectiveNoFileComp
}
