package tags

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
)

func newCmdView(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "view ID",
		Short: "Show a tag",
		Example: `  # Show tag 1
  convo tags view 1

  # As JSON
  convo tags view 1 -o json`,
		Args:              cmdutil.ExactArgs(1, "tag ID"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteTagIDs(f)),
		RunE:              cmdutil.RunGet(f, "tag ID", (*api.Client).GetTag),
	}
	return cmdutil.Prints(f, cmd, tagSpec)
}
