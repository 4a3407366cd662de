package tags

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

func newCmdUpdate(f *cmdutil.Factory) *cobra.Command {
	var body api.TagUpdate
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
			if body == (api.TagUpdate{}) {
				return clierr.FlagErrorf("nothing to update: give --text, --emoji or --color")
			}
			var errs validate.Errors
			if body.Text != nil {
				errs.Add(validate.Required("text", *body.Text))
			}
			if body.Color != nil {
				errs.Add(validate.Color(*body.Color))
			}
			if err := errs.Err(); err != nil {
				return err
			}
			c, err := f.APIClient(cmd.Context())
			if err != nil {
				return err
			}
			res, err := c.UpdateTag(cmd.Context(), id, body)
			if err != nil {
				return err
			}
			return cmdutil.PrintResult(f, res, res.Data.ID)
		},
	}
	cmdutil.NilStringFlag(cmd, &body.Text, "text", "new `TEXT`")
	cmdutil.NilStringFlag(cmd, &body.Emoji, "emoji", "new `EMOJI`; empty removes it")
	cmdutil.NilStringFlag(cmd, &body.Color, "color", "new colour `#RRGGBB`")
	return cmdutil.Prints(f, cmd, tagSpec)
}
