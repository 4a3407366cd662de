package tags

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

type updateOptions struct {
	f    *cmdutil.Factory
	ctx  context.Context
	id   int64
	body api.TagUpdate
}

func newCmdUpdate(f *cmdutil.Factory, runF func(*updateOptions) error) *cobra.Command {
	opts := &updateOptions{f: f}
	var text, emoji, color string
	cmd := &cobra.Command{
		Use:   "update ID [--text S] [--emoji E] [--color C]",
		Short: "Change a tag",
		Long: `Change the text, emoji or colour of a tag; what is not given stays as it is.
An empty --emoji "" removes the emoji.`,
		Example: `  # A new colour for tag 3
  convo tags update 3 --color "#B71C1C"

  # Rename tag 2 and remove its emoji
  convo tags update 2 --text "Cliente novo" --emoji ""`,
		Args:              cmdutil.ExactArgs(1, "tag ID"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteTagIDs(f)),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseID(args[0], "tag ID")
			if err != nil {
				return err
			}
			fl := cmd.Flags()
			if fl.Changed("text") {
				opts.body.Text = &text
			}
			if fl.Changed("emoji") {
				opts.body.Emoji = &emoji
			}
			if fl.Changed("color") {
				opts.body.Color = &color
			}
			if opts.body == (api.TagUpdate{}) {
				return clierr.FlagErrorf("nothing to update: give --text, --emoji or --color")
			}
			opts.ctx, opts.id = cmd.Context(), id
			if runF != nil {
				return runF(opts)
			}
			return updateRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&text, "text", "", "new `TEXT`")
	fl.StringVar(&emoji, "emoji", "", "new `EMOJI`; empty removes it")
	fl.StringVar(&color, "color", "", "new colour `#RRGGBB`")
	return cmdutil.Prints(f, cmd, tagSpec)
}

func updateRun(opts *updateOptions) error {
	var errs validate.Errors
	if opts.body.Text != nil {
		errs.Add(validate.Required("text", *opts.body.Text))
	}
	if opts.body.Color != nil {
		errs.Add(validate.Color(*opts.body.Color))
	}
	if err := errs.Err(); err != nil {
		return err
	}
	c, err := opts.f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	res, err := c.UpdateTag(opts.ctx, opts.id, opts.body)
	if err != nil {
		return err
	}
	return cmdutil.PrintResult(opts.f, res, res.Data.ID)
}
