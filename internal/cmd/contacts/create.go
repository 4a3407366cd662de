package contacts

import (
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/validate"
)

func newCmdCreate(f *cmdutil.Factory) *cobra.Command {
	var (
		body    api.ContactCreate
		blocked bool
		fields  []string
		tags    []string
	)
	cmd := &cobra.Command{
		Use:   "create --phone P [--name S] [--blocked] [--field NAME=VALUE]... [--tag ID|NAME]...",
		Short: "Create a contact",
		Long: `Create a contact. The phone is normalised first: spaces, "+", "()" and "-"
are dropped, and with --default-country a national number gets its country
code ("(11) 98765-4321" with BR becomes 5511987654321). A phone that is already
a contact's is refused by the API (DUPLICATE_ENTRY).

--field sets a custom field by its name (see convo contacts fields); values are
checked against the field's type and options before anything is sent. --tag
takes a tag id or its text; repeat both flags for more.`,
		Example: `  # A contact with a name; the phone may be written as people write it
  convo contacts create --phone "+55 11 91234-5678" --name "Maria Souza"

  # A national number, with two tags given by name
  convo contacts create --phone "(21) 99876-5432" --default-country BR --tag VIP --tag "Novo cliente"

  # Custom fields by name, checked against their types first (see convo contacts fields)
  convo contacts create --phone 5531912340001 --name "Carlos Pires" \
    --field plano=Profissional --field limite_credito=1500.50 --field data_nascimento=1990-04-21`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			phone, err := validate.Phone("phone", body.Phone, f.Settings.DefaultCountry, naming.Flags)
			if err != nil {
				return err
			}
			body.Phone = phone
			if blocked {
				body.Blocked = &blocked
			}
			c, err := f.APIClient(ctx)
			if err != nil {
				return err
			}
			if body.CustomFields, err = resolve.CustomFieldValues(ctx, c, fields, naming.Flags); err != nil {
				return err
			}
			if body.Tags, err = resolve.TagIDs(ctx, c, tags, naming.Flags); err != nil {
				return err
			}
			res, err := c.CreateContact(ctx, body)
			if err != nil {
				return err
			}
			return cmdutil.PrintResult(f, res, res.Data.ID)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&body.Phone, "phone", "", "`PHONE` number of the contact, with country code")
	fl.StringVar(&body.Name, "name", "", "`NAME` of the contact")
	fl.BoolVar(&blocked, "blocked", false, "create the contact blocked")
	fieldFlag(f, cmd, &fields, "set the custom field `NAME=VALUE` (repeatable)")
	cmdutil.TagsFlag(f, cmd, &tags, "tag", "attach the tag `ID|NAME` (repeatable)")
	cmdutil.RequireFlags(cmd, "phone")
	return cmdutil.Prints(f, cmd, contactSpec)
}

// fieldFlag defines the repeatable --field NAME=VALUE of create and update.
func fieldFlag(f *cmdutil.Factory, cmd *cobra.Command, p *[]string, usage string) {
	cmd.Flags().StringArrayVar(p, "field", nil, usage)
	_ = cmd.RegisterFlagCompletionFunc("field", cmdutil.CompleteCustomFields(f))
}
