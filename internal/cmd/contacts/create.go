package contacts

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/validate"
)

type createOptions struct {
	f   *cmdutil.Factory
	ctx context.Context

	phone   string
	name    string
	blocked bool
	fields  []string
	tags    []string
}

func newCmdCreate(f *cmdutil.Factory, runF func(*createOptions) error) *cobra.Command {
	opts := &createOptions{f: f}
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
			if !cmd.Flags().Changed("phone") {
				return clierr.FlagErrorf("missing --phone: the contact's phone number, with country code or with --default-country")
			}
			opts.ctx = cmd.Context()
			if runF != nil {
				return runF(opts)
			}
			return createRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.phone, "phone", "", "`PHONE` number of the contact, with country code")
	fl.StringVar(&opts.name, "name", "", "`NAME` of the contact")
	fl.BoolVar(&opts.blocked, "blocked", false, "create the contact blocked")
	fl.StringArrayVar(&opts.fields, "field", nil, "set the custom field `NAME=VALUE` (repeatable)")
	fl.StringArrayVar(&opts.tags, "tag", nil, "attach the tag `ID|NAME` (repeatable)")
	_ = cmd.RegisterFlagCompletionFunc("field", cmdutil.CompleteCustomFields(f))
	_ = cmd.RegisterFlagCompletionFunc("tag", cmdutil.CompleteTagNames(f))
	return cmdutil.Prints(f, cmd, contactSpec)
}

func createRun(opts *createOptions) error {
	f := opts.f
	phone, err := validate.Phone("phone", opts.phone, f.Settings.DefaultCountry)
	if err != nil {
		return err
	}
	c, err := f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	body := api.ContactCreate{Phone: phone, Name: opts.name}
	if opts.blocked {
		body.Blocked = &opts.blocked
	}
	if body.CustomFields, err = resolve.CustomFieldValues(opts.ctx, c, opts.fields); err != nil {
		return err
	}
	if len(opts.tags) > 0 {
		if body.Tags, err = resolve.TagIDs(opts.ctx, c, opts.tags); err != nil {
			return err
		}
	}
	res, err := c.CreateContact(opts.ctx, body)
	if err != nil {
		return err
	}
	return cmdutil.PrintResult(f, res, res.Data.ID)
}
