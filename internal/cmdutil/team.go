package cmdutil

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/team"
)

// Team loads the team file of the run's settings (team_file,
// CONVO_TEAM_FILE, else team.yaml in the config directory). Only the
// commands that use saved replies load it, so that a missing or broken
// file stops nothing else; their error names the file, and each problem's
// line and column.
func (f *Factory) Team() (*team.File, error) {
	return team.Load(f.Settings.TeamFile)
}

// CompleteSaved completes the shortcuts of the team file's saved replies,
// described by their titles: read from the file, never from the API. A
// file that cannot be read within CompletionTimeout offers nothing, and a
// file with problems offers its replies that have none; no error is ever
// printed.
func CompleteSaved(f *Factory) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		replies := f.completionTeam(cmd)
		var out []cobra.Completion
		for _, r := range replies {
			if hasPrefixFold(r.Shortcut, toComplete) {
				out = append(out, cobra.CompletionWithDesc(r.Shortcut, safetext.Line(r.Title)))
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// completionTeam reads the team file for a completion: its replies
// without problems, or none.
func (f *Factory) completionTeam(cmd *cobra.Command) []*team.Reply {
	if err := f.ResolveSettings(cmd.Root().PersistentFlags()); err != nil {
		return nil
	}
	path := f.Settings.TeamFile
	ctx, cancel := context.WithTimeout(context.Background(), CompletionTimeout)
	defer cancel()
	loaded := make(chan *team.File, 1)
	// A file on a network share that does not answer must not hold the shell.
	go func() {
		file, _ := team.Load(path)
		loaded <- file
	}()
	select {
	case file := <-loaded:
		if file == nil {
			return nil
		}
		return file.Replies
	case <-ctx.Done():
		return nil
	}
}

// CompleteSavedVars completes --var NAME= with the variables of the saved
// reply shortcut names (none when it names none), each described by where
// its value would otherwise come from, with no space after it.
func CompleteSavedVars(f *Factory, shortcut func() string) cobra.CompletionFunc {
	return func(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		name := shortcut()
		var out []cobra.Completion
		for _, r := range f.completionTeam(cmd) {
			if r.Shortcut != name {
				continue
			}
			for _, v := range r.Variables() {
				if !hasPrefixFold(v+"=", toComplete) {
					continue
				}
				what := "typed in when it is sent"
				if !team.IsFree(v) {
					what = "instead of the API's value"
				}
				out = append(out, cobra.CompletionWithDesc(v+"=", what))
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
}
