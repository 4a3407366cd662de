package tags

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
)

func newCmdDelete(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "delete ID [--yes]",
		Short: "Delete a tag",
		Long: `Delete a tag. It is removed from every contact and chat that has it.

On a terminal convo asks first; elsewhere --yes is required.`,
		Example: `  # Delete tag 5; a script confirms with --yes
  convo tags delete 5 --yes`,
		Args:              cmdutil.ExactArgs(1, "tag ID"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteTagIDs(f)),
		RunE: cmdutil.RunDestroy(f, cmdutil.Destruction{
			Noun: "tag", Verb: "delete",
			Name: func(ctx context.Context, c *api.Client, id int64) (string, error) {
				res, err := c.GetTag(ctx, id)
				if err != nil {
					return "", err
				}
				return res.Data.Text, nil
			},
			Consequence: func(subject string, _ int64) string {
				return fmt.Sprintf("Deleting %s removes it from every contact and chat that has it; this cannot be undone.", subject)
			},
			Do: (*api.Client).DeleteTag,
		}),
	}
}
