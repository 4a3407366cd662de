package templates

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/validate"
)

type viewOptions struct {
	f       *cmdutil.Factory
	ctx     context.Context
	ref     string
	channel string
}

func newCmdView(f *cmdutil.Factory, runF func(*viewOptions) error) *cobra.Command {
	opts := &viewOptions{f: f}
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
		Example: `  convo templates view boas_vindas
  convo templates view 3
  convo templates view aviso_manutencao --channel chatapp-spare-02
  convo templates view promocao_imagem -o json --jq '.components'`,
		Args: cmdutil.ExactArgs(1, "template ID or NAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ctx, opts.ref = cmd.Context(), args[0]
			if runF != nil {
				return runF(opts)
			}
			return viewRun(opts)
		},
	}
	cmd.Flags().StringVar(&opts.channel, "channel", "", "look the name up among the templates of the channel with `TOKEN`")
	return cmd
}

func viewRun(opts *viewOptions) error {
	if opts.channel != "" {
		if err := validate.ChannelToken("channel", opts.channel); err != nil {
			return err
		}
	}
	f := opts.f
	// Output flags are checked first: a typo in --fields costs no request.
	out := f.OutputOptions()
	if err := out.Resolve(f.IOStreams); err != nil {
		return err
	}
	if err := viewSpec.ValidateFields(out.Fields); err != nil {
		return err
	}
	c, err := f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	t, err := resolve.Template(opts.ctx, c, opts.ref, opts.channel)
	if err != nil {
		return err
	}
	raw, err := rawTemplate(opts.ctx, c, t)
	if err != nil {
		return err
	}
	if err := cmdutil.PrintObject(f, viewSpec, raw); err != nil {
		return err
	}
	// The components are for people: a table of the default fields only.
	if out.Format != output.Table || len(out.Fields) > 0 {
		return nil
	}
	return writeComponents(f.IOStreams.Out, f.IOStreams.ColorScheme(), t.Components)
}

// rawTemplate fetches t again as the API encoded it, so that json and the
// other data formats print exactly what the API sent: resolve.Template
// returns the template decoded. One list request within t's channel, by
// t's name, finds it.
func rawTemplate(ctx context.Context, c *api.Client, t *api.Template) (json.RawMessage, error) {
	params := api.TemplateListParams{ListOptions: api.ListOptions{PerPage: api.MaxPerPage}, Channel: t.Channel.Token, Search: t.Name}
	for raw, err := range c.ListTemplates(params).Follow(true).Raw(ctx) {
		if err != nil {
			return nil, fmt.Errorf("read template %d: %w", t.ID, err)
		}
		var item struct {
			ID int64 `json:"id"`
		}
		if json.Unmarshal(raw, &item) == nil && item.ID == t.ID {
			return raw, nil
		}
	}
	return nil, fmt.Errorf("read template %d: the API no longer lists it", t.ID)
}
