package contacts

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/resolve"
)

type listOptions struct {
	f   *cmdutil.Factory
	ctx context.Context

	name    string
	phone   string
	tag     string
	blocked *bool
}

func newCmdList(f *cmdutil.Factory, runF func(*listOptions) error) *cobra.Command {
	opts := &listOptions{f: f}
	var blocked bool
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List contacts",
		Long: `List the company's contacts, 20 to a page (--per-page up to 100).

--name and --phone match part of the name or phone; --tag takes a tag id or
its text; --blocked=true or --blocked=false keeps only blocked or only
unblocked contacts. Use --all to follow every page, --limit to stop early.`,
		Example: `  # Contacts whose name contains "silva"
  convo contacts list --name silva

  # VIP contacts that are not blocked
  convo contacts list --tag VIP --blocked=false

  # Contacts with a São Paulo number (country code 55, area code 11)
  convo contacts list --phone 5511

  # Every contact as CSV, with a custom field
  convo contacts list --all -o csv --fields id,phone,name,customfields.cpf > contatos.csv`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ctx = cmd.Context()
			opts.blocked = changedBool(cmd, "blocked", blocked)
			if runF != nil {
				return runF(opts)
			}
			return listRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.name, "name", "", "only contacts whose name contains `TEXT`")
	fl.StringVar(&opts.phone, "phone", "", "only contacts whose phone contains `DIGITS`")
	fl.StringVar(&opts.tag, "tag", "", "only contacts with the tag `ID|NAME`")
	fl.BoolVar(&blocked, "blocked", false, "only blocked contacts (--blocked=false: only unblocked ones)")
	_ = cmd.RegisterFlagCompletionFunc("tag", cmdutil.CompleteTagNames(f))
	return cmdutil.Prints(f, cmd, contactSpec)
}

func listRun(opts *listOptions) error {
	f := opts.f
	c, err := f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	params := api.ContactListParams{ListOptions: f.ListOptions(), Name: opts.name, Phone: opts.phone, Blocked: opts.blocked}
	if opts.tag != "" {
		if params.Tag, err = resolve.TagID(opts.ctx, c, opts.tag); err != nil {
			return err
		}
	}
	return cmdutil.PrintList(opts.ctx, f, c.ListContacts(params))
}
