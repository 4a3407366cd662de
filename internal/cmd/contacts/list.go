package contacts

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/resolve"
)

func newCmdList(f *cmdutil.Factory) *cobra.Command {
	var (
		params api.ContactListParams
		tag    string
	)
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
		RunE: cmdutil.RunList(f, func(ctx context.Context, _ []string, c *api.Client, o api.ListOptions) (*api.Pager[api.Contact], error) {
			params.ListOptions = o
			if tag != "" {
				id, err := resolve.TagID(ctx, c, tag)
				if err != nil {
					return nil, err
				}
				params.Tag = id
			}
			return c.ListContacts(params), nil
		}),
	}
	fl := cmd.Flags()
	fl.StringVar(&params.Name, "name", "", "only contacts whose name contains `TEXT`")
	fl.StringVar(&params.Phone, "phone", "", "only contacts whose phone contains `DIGITS`")
	cmdutil.TagFlag(f, cmd, &tag, "tag", "only contacts with the tag `ID|NAME`")
	cmdutil.NilBoolFlag(cmd, &params.Blocked, "blocked", "only blocked contacts (--blocked=false: only unblocked ones)")
	return cmdutil.Prints(f, cmd, contactSpec)
}
