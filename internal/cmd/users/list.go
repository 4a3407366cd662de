package users

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

type listOptions struct {
	f      *cmdutil.Factory
	ctx    context.Context
	params api.UserListParams
}

func newCmdList(f *cmdutil.Factory, runF func(*listOptions) error) *cobra.Command {
	opts := &listOptions{f: f}
	cmd := &cobra.Command{
		Use:   "list [--search S] [--type admin|user] [--status active|inactive]",
		Short: "List attendants",
		Long: `List the company's users, active and deactivated; DEACTIVATED shows when a
deactivated user was deactivated.`,
		Example: `  # Every attendant, active and deactivated
  convo users list

  # The deactivated ones
  convo users list --status inactive

  # Attendants of type user whose name contains "lima"
  convo users list --type user --search lima

  # Who signs their messages
  convo users list --fields id,name,signature_active`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ctx = cmd.Context()
			if runF != nil {
				return runF(opts)
			}
			return listRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.params.Search, "search", "", "only users whose name contains `TEXT`")
	fl.StringVar(&opts.params.Type, "type", "", "only users of `TYPE`: admin or user")
	fl.StringVar(&opts.params.Status, "status", "", "only `STATUS` users: active or inactive (deactivated)")
	_ = cmd.RegisterFlagCompletionFunc("type", cobra.FixedCompletions(validate.UserTypes, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("status", cobra.FixedCompletions(validate.UserStatuses, cobra.ShellCompDirectiveNoFileComp))
	return cmdutil.Prints(f, cmd, listSpec)
}

func listRun(opts *listOptions) error {
	p := opts.params
	var errs validate.Errors
	if p.Type != "" {
		errs.Add(validate.OneOf("type", p.Type, validate.UserTypes))
	}
	if p.Status != "" {
		errs.Add(validate.OneOf("status", p.Status, validate.UserStatuses))
	}
	if err := errs.Err(); err != nil {
		return err
	}
	c, err := opts.f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	p.ListOptions = opts.f.ListOptions()
	return cmdutil.PrintList(opts.ctx, opts.f, c.ListUsers(p))
}
