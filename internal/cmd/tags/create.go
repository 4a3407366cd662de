package tags

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/validate"
)

func newCmdCreate(f *cmdutil.Factory) *cobra.Command {
	var body api.TagCreate
	cmd := &cobra.Command{
		Use:   "create --text S [--emoji E] [--color #RRGGBB]",
		Short: "Create a tag, unless one has its text",
		Long: `Create a tag. Without --color the API gives it #000000.

A tag whose text is the same already exists: nothing is created, that tag is
printed (on stdout, as a new one would be), a note on stderr says so, and the
exit code is 0, so that a script that creates its tags can run again. Texts
are the same when they are equal once trimmed of spaces at both ends and with
case ignored ("VIP", "vip" and " Vip " are one tag; accents count), as
commands that take a tag by its text (--tag VIP) compare them. The existing
tag's emoji and colour are left as they are: ` + "`convo tags update`" + ` changes them.

Finding out costs one request per 100 tags of the company before the tag is
created.`,
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
			ctx := cmd.Context()
			c, err := f.APIClient(ctx)
			if err != nil {
				return err
			}
			same, raw, err := resolve.TagsWithText(ctx, c, body.Text)
			if err != nil {
				return err
			}
			if len(same) > 0 {
				fmt.Fprintln(f.IOStreams.ErrOut, safetext.Text(existingNote(same, body)))
				return cmdutil.PrintObject(f, raw)
			}
			res, err := c.CreateTag(ctx, body)
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

// existingNote says that the tags same (lowest id first) have the text a
// create asked for, that the first is printed, and how to give it the emoji
// and colour the create asked for when it has others.
func existingNote(same []api.Tag, want api.TagCreate) string {
	t := same[0]
	var note string
	if len(same) == 1 {
		note = fmt.Sprintf("Tag %d has the text %q already: nothing was created.", t.ID, t.Text)
	} else {
		ids := make([]string, len(same))
		for i, s := range same {
			ids[i] = strconv.FormatInt(s.ID, 10)
		}
		note = fmt.Sprintf("Tags %s have the text %q already: nothing was created; tag %d, the oldest, is printed.",
			strings.Join(ids, ", "), t.Text, t.ID)
	}
	var update []string
	if want.Emoji != "" && (t.Emoji == nil || *t.Emoji != want.Emoji) {
		update = append(update, "--emoji "+cmdutil.ShellQuote(want.Emoji))
	}
	if want.Color != "" && !strings.EqualFold(t.Color, want.Color) {
		update = append(update, "--color "+cmdutil.ShellQuote(want.Color))
	}
	if len(update) > 0 {
		note += fmt.Sprintf("\nIts emoji and colour stay as they are; to change them: convo tags update %d %s", t.ID, strings.Join(update, " "))
	}
	return note
}
