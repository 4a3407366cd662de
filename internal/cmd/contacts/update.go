package contacts

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/resolve"
)

type updateOptions struct {
	f   *cmdutil.Factory
	ctx context.Context

	id        int64
	name      *string
	blocked   *bool
	fields    []string
	tags      []string
	clearTags bool
}

func newCmdUpdate(f *cmdutil.Factory, runF func(*updateOptions) error) *cobra.Command {
	opts := &updateOptions{f: f}
	var (
		name    string
		blocked bool
	)
	cmd := &cobra.Command{
		Use:   "update ID [--name S] [--blocked=BOOL] [--field NAME=VALUE]... [--tag ID|NAME]... [--clear-tags]",
		Short: "Change a contact",
		Long: `Change a contact's name, blocked state, custom fields or tags. Only what you
give is sent; everything else stays as it is. The phone cannot be changed.

--field NAME=VALUE sets one custom field and leaves the others alone;
--field NAME= (empty value) clears it.

--tag REPLACES all of the contact's tags, as the API does: give every tag the
contact should have after the update, by id or text. --clear-tags removes
every tag.`,
		Example: `  # Rename contact 1
  convo contacts update 1 --name "João da Silva Filho"

  # Block it; --blocked=false unblocks it
  convo contacts update 1 --blocked=true

  # Set one custom field and clear another; the other fields stay as they are
  convo contacts update 1 --field plano=Empresarial --field empresa=

  # Give it exactly these tags, then none
  convo contacts update 1 --tag VIP --tag Atacado
  convo contacts update 1 --clear-tags`,
		Args:              cmdutil.ExactArgs(1, "contact ID"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteContacts(f)),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := cmdutil.ParseID(args[0], "contact ID")
			if err != nil {
				return err
			}
			opts.ctx, opts.id = cmd.Context(), id
			if cmd.Flags().Changed("name") {
				opts.name = &name
			}
			opts.blocked = changedBool(cmd, "blocked", blocked)
			if opts.clearTags && len(opts.tags) > 0 {
				return clierr.FlagErrorf("--tag and --clear-tags cannot be used together: --tag already replaces every tag")
			}
			if opts.name == nil && opts.blocked == nil && len(opts.fields) == 0 && len(opts.tags) == 0 && !opts.clearTags {
				return clierr.FlagErrorf("nothing to update: give --name, --blocked, --field, --tag or --clear-tags")
			}
			if runF != nil {
				return runF(opts)
			}
			return updateRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&name, "name", "", "new `NAME` of the contact")
	fl.BoolVar(&blocked, "blocked", false, "block (--blocked=true) or unblock (--blocked=false) the contact")
	fl.StringArrayVar(&opts.fields, "field", nil, "set the custom field `NAME=VALUE`; empty VALUE clears it (repeatable)")
	fl.StringArrayVar(&opts.tags, "tag", nil, "the tag `ID|NAME` the contact gets; replaces all its tags (repeatable)")
	fl.BoolVar(&opts.clearTags, "clear-tags", false, "remove every tag of the contact")
	_ = cmd.RegisterFlagCompletionFunc("field", cmdutil.CompleteCustomFields(f))
	_ = cmd.RegisterFlagCompletionFunc("tag", cmdutil.CompleteTagNames(f))
	return cmdutil.Prints(f, cmd, contactSpec)
}

func updateRun(opts *updateOptions) error {
	f := opts.f
	c, err := f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	body := api.ContactUpdate{Name: opts.name, Blocked: opts.blocked}
	if body.CustomFields, err = resolve.CustomFieldValues(opts.ctx, c, opts.fields); err != nil {
		return err
	}
	switch {
	case opts.clearTags:
		// An empty, non-nil slice: the API removes every tag on "tags": [].
		body.Tags = &[]int64{}
	case len(opts.tags) > 0:
		ids, err := resolve.TagIDs(opts.ctx, c, opts.tags)
		if err != nil {
			return err
		}
		body.Tags = &ids
	}
	res, err := c.UpdateContact(opts.ctx, opts.id, body)
	if err != nil {
		return err
	}
	return cmdutil.PrintResult(f, res, res.Data.ID)
}
