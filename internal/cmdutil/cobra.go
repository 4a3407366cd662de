package cmdutil

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/validate"
)

// FlagErrorFunc turns a mistake on the command line into a usage error
// (exit 2). A value that one of this package's flags refused keeps that
// flag's message, which names the flag and what it wants; a value pflag's
// own flags refused says what the flag wants, instead of strconv's words.
func FlagErrorFunc(_ *cobra.Command, err error) error {
	var invalid *pflag.InvalidValueError
	if !errors.As(err, &invalid) {
		return &clierr.FlagError{Err: err}
	}
	cause := invalid.Unwrap()
	var (
		rule    *validate.Error
		flagErr *clierr.FlagError
	)
	if errors.As(cause, &rule) || errors.As(cause, &flagErr) {
		return cause
	}
	want := map[string]string{
		"int":      "want a whole number",
		"duration": "want a duration such as 30s or 2m",
		"float64":  "want a number such as 0.5",
		"bool":     "want true or false",
	}[invalid.GetFlag().Value.Type()]
	if want == "" {
		return &clierr.FlagError{Err: err}
	}
	return clierr.FlagErrorf("invalid --%s %q: %s", invalid.GetFlag().Name, invalid.GetValue(), want)
}

// Group makes cmd, a command that only holds subcommands, print its help
// when run alone and fail with a usage error (and suggestions) when given a
// subcommand it does not have. Cobra alone would print the help and succeed.
func Group(cmd *cobra.Command) *cobra.Command {
	cmd.Args = cobra.ArbitraryArgs
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return cmd.Help()
		}
		return Unknown(cmd, "command", args[0])
	}
	return cmd
}

// Unknown is the usage error of a name that is none of cmd's subcommands
// ("command", or "help topic"), with the names it may be a typo of.
func Unknown(cmd *cobra.Command, what, name string) error {
	msg := fmt.Sprintf("unknown %s %q for %q", what, name, cmd.CommandPath())
	// cobra suggests runnable commands only: help topics count too. Its
	// default distance applies to the root's own lookup alone.
	probe := &cobra.Command{SuggestionsMinimumDistance: max(cmd.SuggestionsMinimumDistance, 2)}
	for _, sub := range cmd.Commands() {
		if sub.IsAvailableCommand() || sub.IsAdditionalHelpTopicCommand() {
			probe.AddCommand(&cobra.Command{Use: sub.Name(), SuggestFor: sub.SuggestFor, Run: func(*cobra.Command, []string) {}})
		}
	}
	if s := probe.SuggestionsFor(name); len(s) > 0 {
		msg += "\n\nDid you mean this?\n\t" + strings.Join(s, "\n\t")
	}
	return &clierr.FlagError{Err: errors.New(msg)}
}

// ExactArgs is cobra.ExactArgs with a usage error that says what is missing.
func ExactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case len(args) < n:
			return clierr.FlagErrorf("missing %s", what)
		case len(args) > n:
			return clierr.FlagErrorf("too many arguments: %s takes %s, got %q", cmd.CommandPath(), what, args)
		}
		return nil
	}
}

// NoArgs is cobra.NoArgs as a usage error.
func NoArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return clierr.FlagErrorf("unexpected argument %q: %s takes no arguments", args[0], cmd.CommandPath())
	}
	return nil
}
