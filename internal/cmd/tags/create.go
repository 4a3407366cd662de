package tags

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

type createOptions struct {
	f     *cmdutil.Factory
	ctx   context.Context
	text  string
	emoji string
	color string
}

func newCmdCreate(f *cmdutil.Factory, runF func(*createOptions) error) *cobra.Command {
	opts := &createOptions{f: f}
	cmd := &cobra.Command{
		Use:   "create --text S [--emoji E] [--color #RRGGBB]",
		Short: "Create a tag",
		Long:  "Create a tag. Without --color the API gives it #000000.",
		Example: `  # A tag in the default colour
  convo tags create --text "Black Friday"

  # With an emoji and a colour
  convo tags create --text "Entrega expressa" --emoji 🚚 --color "#00897B"`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("text") {
				return clierr.FlagErrorf("missing --text: the text of the tag is required")
			}
			opts.ctx = cmd.Context()
			if runF != nil {
				return runF(opts)
			}
			return createRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.text, "text", "", "`TEXT` of the tag (required)")
	fl.StringVar(&opts.emoji, "emoji", "", "`EMOJI` shown with the tag")
	fl.StringVar(&opts.color, "color", "", "colour `#RRGGBB` (default #000000)")
	return cmdutil.Prints(f, cmd, tagSpec)
}

func createRun(opts *createOptions) error {
	var errs validate.Errors
	errs.Add(validate.Required("text", opts.text))
	if opts.color != "" {
		errs.Add(validate.Color(opts.color))
	}
	if err := errs.Err(); err != nil {
		return err
	}
	c, err := opts.f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	res, err := c.CreateTag(opts.ctx, api.TagCreate{Text: opts.text, Emoji: opts.emoji, Color: opts.color})
	if err != nil {
		return err
	}
	return cmdutil.PrintResult(opts.f, res, res.Data.ID)
}
