package contacts

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
)

// contactFilters are the filters of contacts list, which contacts export
// shares: one definition of the flags and of what they send.
type contactFilters struct {
	params api.ContactListParams
	tag    string
}

// addFlags defines the filters' flags on cmd.
func (cf *contactFilters) addFlags(f *cmdutil.Factory, cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&cf.params.Name, "name", "", "only contacts whose name contains `TEXT`")
	fl.StringVar(&cf.params.Phone, "phone", "", "only contacts whose phone contains `DIGITS`")
	cmdutil.TagFlag(f, cmd, &cf.tag, "tag", "only contacts with the tag `ID|NAME`")
	cmdutil.NilBoolFlag(cmd, &cf.params.Blocked, "blocked", "only blocked contacts (--blocked=false: only unblocked ones)")
}

// pager lists the contacts that match, resolving --tag first.
func (cf *contactFilters) pager(ctx context.Context, c *api.Client, o api.ListOptions) (*api.Pager[api.Contact], error) {
	params := cf.params
	params.ListOptions = o
	if cf.tag != "" {
		id, err := resolve.TagID(ctx, c, cf.tag, naming.Flags)
		if err != nil {
			return nil, err
		}
		params.Tag = id
	}
	return c.ListContacts(params), nil
}

func newCmdList(f *cmdutil.Factory) *cobra.Command {
	var filters contactFilters
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
			return filters.pager(ctx, c, o)
		}),
	}
	filters.addFlags(f, cmd)
	return cmdutil.Prints(f, cmd, contactSpec)
}
