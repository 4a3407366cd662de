package config

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
)

func newCmdGet(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "get KEY",
		Short: "Print a setting of the profile",
		Long: `Print the value of KEY in config.yaml for the current profile, or its
default when the file does not set it (nothing for a key without a default).
Flags and environment variables are not taken into account.`,
		Example: `  # The default output format
  convo config get output

  # The base URL of another profile
  convo config get base_url --profile staging`,
		Args:              cmdutil.ExactArgs(1, "KEY"),
		ValidArgsFunction: completeKeys,
		RunE: func(cmd *cobra.Command, args []string) error {
			return get(f, args[0])
		},
	}
}

func get(f *cmdutil.Factory, key string) error {
	k, err := lookupKey(key)
	if err != nil {
		return err
	}
	file, err := f.Config()
	if err != nil {
		return err
	}
	v := value(file, f.Settings.Profile, k)
	if v == "" {
		return nil
	}
	if _, err := fmt.Fprintln(f.IOStreams.Out, v); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}
