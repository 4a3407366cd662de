package users

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
)

func newCmdDeactivate(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:     "deactivate ID [--yes]",
		Aliases: []string{"delete"},
		Short:   "Deactivate an attendant",
		Long: `Deactivate a user (the API's DELETE /users/{id}, a soft delete): their token
stops working, and their external reference is free for another user. Nothing
is lost: ` + "`convo users restore ID`" + ` brings them back.

On a terminal convo asks first; elsewhere --yes is required.`,
		Example: `  # Deactivate attendant 3; a script confirms with --yes
  convo users deactivate 3 --yes

  # The same, by the name of the API's operation
  convo users delete 3 --yes`,
		Args:              cmdutil.ExactArgs(1, "user ID"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteUsers(f, "active")),
		RunE: cmdutil.RunDestroy(f, cmdutil.Destruction{
			Noun: "user", Verb: "deactivate",
			Name: func(ctx context.Context, c *api.Client, id int64) (string, error) {
				res, err := c.GetUser(ctx, id)
				if err != nil {
					return "", err
				}
				return res.Data.Name, nil
			},
			Consequence: func(subject string, id int64) string {
				return fmt.Sprintf("Deactivating %s signs them out of convo and the API; they can be restored with `convo users restore %d`.", subject, id)
			},
			Do: (*api.Client).DeactivateUser,
		}),
	}
}
