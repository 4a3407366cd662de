package configcmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
)

type getOptions struct {
	f   *cmdutil.Factory
	key string
}

func newCmdGet(f *cmdutil.Factory, runF func(*getOptions) error) *cobra.Command {
	opts := &getOptions{f: f}
	cmd := &cobra.Command{
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
			opts.key = args[0]
			if runF != nil {
				return runF(opts)
			}
			return getRun(opts)
		},
	}
	return cmd
}

func getRun(opts *getOptions) error {
	f := opts.f
	k, err := lookupKey(opts.key)
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
