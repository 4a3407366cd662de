package config

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
	convoconfig "github.com/convo-cli/convo/internal/config"
	"github.com/convo-cli/convo/internal/output"
)

func newCmdList(f *cmdutil.Factory) *cobra.Command {
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
			return list(f)
		},
	}
	return cmdutil.Prints(f, cmd, settingsSpec)
}

// settingsSpec prints the settings as one object with a field per key.
var settingsSpec = func() output.Spec {
	spec := output.Spec{Noun: "settings", Fields: convoconfig.KeyNames()}
	for _, k := range convoconfig.Keys {
		spec.Columns = append(spec.Columns, output.Column{Header: strings.ToUpper(k.Name), Path: k.Name})
	}
	return spec
}()

func list(f *cmdutil.Factory) error {
	s, ios := f.Settings, f.IOStreams
	file, err := f.Config()
	if err != nil {
		return err
	}
	out, err := f.CheckedOutput()
	if err != nil {
		return err
	}
	// key=value lines are the plain output, and what people see unless they
	// ask for a format.
	if !f.OutputRequested() || out.Format == output.Plain {
		var b strings.Builder
		for _, k := range convoconfig.Keys {
			fmt.Fprintf(&b, "%s=%s\n", k.Name, value(file, s.Profile, k))
		}
		if _, err := fmt.Fprint(ios.Out, b.String()); err != nil {
			return fmt.Errorf("write output: %w", err)
		}
		return nil
	}
	// Marshalled key by key, so that the object keeps the order of the keys.
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range convoconfig.Keys {
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
