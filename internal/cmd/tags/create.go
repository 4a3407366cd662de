package tags

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

func newCmdCreate(f *cmdutil.Factory) *cobra.Command {
	var body api.TagCreate
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
			var errs validate.Errors
			errs.Add(validate.Required("text", body.Text))
			if body.Color != "" {
				errs.Add(validate.Color(body.Color))
			}
			if err := errs.Err(); err != nil {
				return err
			}
			c, err := f.APIClient(cmd.Context())
			if err != nil {
				return err
			}
			res, err := c.CreateTag(cmd.Context(), body)
			if err != nil {
				return err
			}
			return cmdutil.PrintResult(f, res, res.Data.ID)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&body.Text, "text", "", "`TEXT` of the tag")
	fl.StringVar(&body.Emoji, "emoji", "", "`EMOJI` shown with the tag")
	fl.StringVar(&body.Color, "color", "", "colour `#RRGGBB` (default #000000)")
	cmdutil.RequireFlags(cmd, "text")
	return cmdutil.Prints(f, cmd, tagSpec)
}
