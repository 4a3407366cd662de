package replies

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/team"
)

func newCmdCheck(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "check [FILE]",
		Short: "Check a team file, offline",
		Long: `Check the team file (FILE, by default the one convo uses: see convo replies
--help) without asking anything of the API, as a CI job or a git hook would
before a change to the team's replies is merged. Every problem is printed as
FILE:LINE:COL: message, the form editors and CI logs link to the place: YAML
syntax, a key that is not one, a missing shortcut or text, a shortcut that
breaks the rules or is used twice, a channel that is neither a channel type
nor a 16-character token, a variable unknown in its namespace
({{contact.nome}}), braces that hold no variable.

Exit status 0 when the file has no problem (a line on standard error says
how many replies it holds), 2 when it has any; with -o json the problems are
the "errors" of the JSON error object, each "field" being FILE:LINE:COL.`,
		Example: `  # The team file convo uses
  convo replies check

  # A file about to be committed, in a git hook or a CI job
  convo replies check team.yaml`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return cmdutil.ExactArgs(1, "FILE")(cmd, args)
			}
			return nil
		},
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return []cobra.Completion{"yaml", "yml"}, cobra.ShellCompDirectiveFilterFileExt
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			path := f.Settings.TeamFile
			if len(args) == 1 {
				if path = args[0]; path == "" {
					return clierr.FlagErrorf("FILE is empty: name a team file, or give none to check the one convo uses")
				}
			}
			file, err := team.Load(path)
			if err != nil {
				return err
			}
			held := english.Comma(len(file.Replies)) + " saved replies"
			if len(file.Replies) == 1 {
				held = "1 saved reply"
			}
			output.Success(f.IOStreams, file.Path+": "+held+", no problems", nil)
			return nil
		},
	}
}
