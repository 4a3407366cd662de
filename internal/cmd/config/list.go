package configcmd

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/config"
	"github.com/convo-cli/convo/internal/output"
)

type listOptions struct {
	f *cmdutil.Factory
}

func newCmdList(f *cmdutil.Factory, runF func(*listOptions) error) *cobra.Command {
	opts := &listOptions{f: f}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "Print every setting of the profile",
		Long: `Print every key of config.yaml for the current profile with its value, or its
default when the file does not set it: key=value lines, or an object with
-o json, yaml or table.`,
		Example: `  # Every setting of the current profile
  convo config list

  # As JSON
  convo config list -o json`,
		Aliases: []string{"ls"},
		Args:    cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return listRun(opts)
		},
	}
	return cmdutil.Prints(f, cmd, settingsSpec)
}

// settingsSpec prints the settings as one object with a field per key.
var settingsSpec = func() output.Spec {
	spec := output.Spec{Noun: "settings", Fields: config.KeyNames()}
	for _, k := range config.Keys {
		spec.Columns = append(spec.Columns, output.Column{Header: strings.ToUpper(k.Name), Path: k.Name})
	}
	return spec
}()

func listRun(opts *listOptions) error {
	f := opts.f
	s, ios := f.Settings, f.IOStreams
	file, err := f.Config()
	if err != nil {
		return err
	}
	if (s.Output == "" || s.Output == string(output.Plain)) && s.JQ == "" && s.Template == "" {
		var b strings.Builder
		for _, k := range config.Keys {
			fmt.Fprintf(&b, "%s=%s\n", k.Name, value(file, s.Profile, k))
		}
		if _, err := fmt.Fprint(ios.Out, b.String()); err != nil {
			return fmt.Errorf("write output: %w", err)
		}
		return nil
	}
	// Marshalled key by key, so that the object keeps the order of config.Keys.
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range config.Keys {
		if i > 0 {
			b.WriteByte(',')
		}
		name, _ := json.Marshal(k.Name)
		v, _ := json.Marshal(value(file, s.Profile, k))
		b.Write(name)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return cmdutil.PrintObject(f, json.RawMessage(b.String()))
}
