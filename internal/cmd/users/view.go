package users

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
)

func newCmdView(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "view ID",
		Short: "Show an attendant and the channels they can access",
		Example: `  # Attendant 2 and the channels they reach
  convo users view 2

  # Only the tokens of their channels, one a line
  convo users view 2 --jq '.channels[].token'`,
		Args:              cmdutil.ExactArgs(1, "user ID"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteUsers(f, "")),
		RunE:              cmdutil.RunGet(f, "user ID", (*api.Client).GetUser),
	}
	return cmdutil.Prints(f, cmd, userSpec)
}
