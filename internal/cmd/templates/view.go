package templates

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/resolve"
)

func newCmdView(f *cmdutil.Factory) *cobra.Command {
	var channel string
	cmd := &cobra.Command{
		Use:   "view ID|NAME [--channel TOKEN]",
		Short: "Show a template and its components",
		Long: `Show a template by id or by name. A name that templates of several channels
share needs --channel.

The table output shows the components after the template's fields: the
header's format, the body with its {{n}} placeholders and the variable each
one stands for, the footer and the buttons, numbered from 0 as
` + "`convo messages send --button INDEX=VALUE`" + ` counts them. Other formats
print the template exactly as the API returns it.`,
		Example: `  # A template by name: its body, the variables to fill in, its buttons
  convo templates view boas_vindas

  # By id
  convo templates view 3

  # A name looked up among the templates of one channel
  convo templates view aviso_manutencao --channel chatapp-spare-02

  # Its components as JSON
  convo templates view promocao_imagem --jq .components`,
		Args:              cmdutil.ExactArgs(1, "template ID or NAME"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteTemplates(f, "")),
		RunE: func(cmd *cobra.Command, args []string) error {
			return view(cmd.Context(), f, args[0], channel)
		},
	}
	cmdutil.ChannelFlag(f, cmd, &channel, "channel", api.ChannelListParams{}, "look the name up among the templates of the channel with `TOKEN`")
	return cmdutil.Prints(f, cmd, viewSpec)
}

func view(ctx context.Context, f *cmdutil.Factory, ref, channel string) error {
	out, err := f.CheckedOutput()
	if err != nil {
		return err
	}
	c, err := f.APIClient(ctx)
	if err != nil {
		return err
	}
	t, raw, err := resolve.Template(ctx, c, ref, channel, naming.Flags)
	if err != nil {
		return err
	}
	if err := cmdutil.PrintObject(f, raw); err != nil {
		return err
	}
	// The components are for people: a table of the default fields only.
	if out.Format != output.Table || len(out.Fields) > 0 {
		return nil
	}
	return writeComponents(f.IOStreams.Out, f.IOStreams.ColorScheme(), t.Components)
}
