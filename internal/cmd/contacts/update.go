package contacts

import (
	"context"
	"slices"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/resolve"
)

type updateOptions struct {
	body       api.ContactUpdate
	fields     []string
	tags       []string
	clearTags  bool
	addTags    []string
	removeTags []string
}

func newCmdUpdate(f *cmdutil.Factory) *cobra.Command {
	var opts updateOptions
	cmd := &cobra.Command{
		Use:   "update CONTACT [--name S] [--blocked=BOOL] [--field NAME=VALUE]... [--tag ID|NAME]... [--clear-tags] [--add-tag T]... [--remove-tag T]...",
		Short: "Change a contact",
		Long: `Change a contact's name, blocked state, custom fields or tags. CONTACT is the
contact's id or its phone number. Only what you give is sent; everything else
stays as it is. The phone cannot be changed.

--field NAME=VALUE sets one custom field and leaves the others alone;
--field NAME= (empty value) clears it.

--tag REPLACES all of the contact's tags, as the API does: give every tag the
contact should have after the update, by id or text. --clear-tags removes
every tag. --add-tag and --remove-tag change the contact's tags instead:
convo reads them, adds and removes the ones given, and sends the new set.`,
		Example: `  # Rename contact 1
  convo contacts update 1 --name "João da Silva Filho"

  # Block it; --blocked=false unblocks it
  convo contacts update 1 --blocked=true

  # Set one custom field and clear another; the other fields stay as they are
  convo contacts update 1 --field plano=Empresarial --field empresa=

  # Add a tag and remove another, by phone number; the other tags stay
  convo contacts update 5521979190371 --add-tag Atacado --remove-tag VIP

  # Give it exactly these tags, then none
  convo contacts update 1 --tag VIP --tag Atacado
  convo contacts update 1 --clear-tags`,
		Args:              cmdutil.ExactArgs(1, cmdutil.ContactArg),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteContacts(f)),
		PreRunE: func(*cobra.Command, []string) error {
			if opts.body.Name == nil && opts.body.Blocked == nil && len(opts.fields) == 0 && !opts.changesTags() {
				return clierr.FlagErrorf("nothing to update: give --name, --blocked, --field, --tag, --clear-tags, --add-tag or --remove-tag")
			}
			return nil
		},
		RunE: cmdutil.RunWithContact(f, func(ctx context.Context, c *api.Client, ref resolve.ContactRef) error {
			id, err := opts.resolve(ctx, c, ref)
			if err != nil {
				return err
			}
			res, err := c.UpdateContact(ctx, id, opts.body)
			if err != nil {
				return err
			}
			return cmdutil.PrintResult(f, res, res.Data.ID)
		}),
	}
	fl := cmd.Flags()
	cmdutil.NilStringFlag(cmd, &opts.body.Name, "name", "new `NAME` of the contact")
	cmdutil.NilBoolFlag(cmd, &opts.body.Blocked, "blocked", "block (--blocked=true) or unblock (--blocked=false) the contact")
	fieldFlag(f, cmd, &opts.fields, "set the custom field `NAME=VALUE`; empty VALUE clears it (repeatable)")
	cmdutil.TagsFlag(f, cmd, &opts.tags, "tag", "the tag `ID|NAME` the contact gets; replaces all its tags (repeatable)")
	fl.BoolVar(&opts.clearTags, "clear-tags", false, "remove every tag of the contact")
	cmdutil.TagsFlag(f, cmd, &opts.addTags, "add-tag", "add the tag `ID|NAME` to the contact's (repeatable)")
	cmdutil.TagsFlag(f, cmd, &opts.removeTags, "remove-tag", "remove the tag `ID|NAME` from the contact's (repeatable)")
	// --tag and --clear-tags set the whole set; --add-tag and --remove-tag
	// change the current one.
	cmdutil.Exclusive(cmd, "tag", "clear-tags", "add-tag")
	cmdutil.Exclusive(cmd, "tag", "clear-tags", "remove-tag")
	return cmdutil.Prints(f, cmd, contactSpec)
}

func (o *updateOptions) changesTags() bool {
	return len(o.tags) > 0 || o.clearTags || len(o.addTags) > 0 || len(o.removeTags) > 0
}

// resolve finds the contact and fills in what the body still needs: the
// custom fields checked against their definitions and the tags as ids.
// Every lookup comes before the write, so that a bad name changes nothing.
func (o *updateOptions) resolve(ctx context.Context, c *api.Client, ref resolve.ContactRef) (int64, error) {
	var err error
	if o.body.CustomFields, err = resolve.CustomFieldValues(ctx, c, o.fields, naming.Flags); err != nil {
		return 0, err
	}
	switch {
	case o.clearTags:
		// An empty, non-nil slice: the API removes every tag on "tags": [].
		o.body.Tags = &[]int64{}
	case len(o.tags) > 0:
		ids, err := resolve.TagIDs(ctx, c, o.tags, naming.Flags)
		if err != nil {
			return 0, err
		}
		o.body.Tags = &ids
	case len(o.addTags)+len(o.removeTags) > 0:
		contact, _, err := resolve.Contact(ctx, c, ref, naming.Flags)
		if err != nil {
			return 0, err
		}
		tags, err := changedTags(ctx, c, contact.Tags, o.addTags, o.removeTags)
		if err != nil {
			return 0, err
		}
		o.body.Tags = &tags
		return contact.ID, nil
	}
	return resolve.ContactID(ctx, c, ref, naming.Flags)
}

// changedTags is the contact's tags with add added (after the others, once
// each) and remove removed. A tag to remove that the contact does not have
// is no error, nor a tag to add that it has; a tag both added and removed
// is.
func changedTags(ctx context.Context, c *api.Client, current []api.TagRef, add, remove []string) ([]int64, error) {
	ids, err := resolve.TagIDs(ctx, c, append(slices.Clone(add), remove...), naming.Flags)
	if err != nil {
		return nil, err
	}
	added, removed := ids[:len(add)], ids[len(add):]
	for i, id := range added {
		if slices.Contains(removed, id) {
			return nil, clierr.InputErrorf("--add-tag %s and --remove-tag name the same tag (id %d)", add[i], id)
		}
	}
	tags := make([]int64, 0, len(current)+len(added))
	for _, t := range current {
		if !slices.Contains(removed, t.ID) {
			tags = append(tags, t.ID)
		}
	}
	for _, id := range added {
		if !slices.Contains(tags, id) {
			tags = append(tags, id)
		}
	}
	return tags, nil
}
