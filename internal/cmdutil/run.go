package cmdutil

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/resolve"
)

// The RunE of the kinds of command that differ only in what they ask the
// API: each parses what it must first, so that nothing is sent for a bad
// argument.

// RunList is the RunE of a command that lists: list builds the pager from
// the arguments, with the run's client and pagination flags (resolving what
// it must first), and the items are printed as they arrive (PrintList).
func RunList[T any](f *Factory, list func(ctx context.Context, args []string, c *api.Client, o api.ListOptions) (*api.Pager[T], error)) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		c, err := f.APIClient(cmd.Context())
		if err != nil {
			return err
		}
		pager, err := list(cmd.Context(), args, c, f.ListOptions())
		if err != nil {
			return err
		}
		return PrintList(cmd.Context(), f, pager)
	}
}

// RunGet is the RunE of a command that shows the resource whose id is its
// first argument (what names the id in errors, "tag ID"), read with get
// (such as (*api.Client).GetTag).
func RunGet[T any](f *Factory, what string, get func(*api.Client, context.Context, int64) (*api.Result[T], error)) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		id, err := ParseID(args[0], what)
		if err != nil {
			return err
		}
		c, err := f.APIClient(cmd.Context())
		if err != nil {
			return err
		}
		res, err := get(c, cmd.Context(), id)
		if err != nil {
			return err
		}
		return PrintObject(f, res.Raw)
	}
}

// RunWithContact is the RunE of a command whose first argument is a
// contact, its id or its phone: run gets it parsed (nothing is sent for a
// bad one), with the run's client.
func RunWithContact(f *Factory, run func(ctx context.Context, c *api.Client, ref resolve.ContactRef) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		ref, err := f.ParseContact(args[0], "contact")
		if err != nil {
			return err
		}
		c, err := f.APIClient(cmd.Context())
		if err != nil {
			return err
		}
		return run(cmd.Context(), c, ref)
	}
}

// Destruction is a command that destroys the resource whose id is its
// first argument: `tags delete ID`, `users deactivate ID`.
type Destruction struct {
	// Noun names the resource, with Verb the action: "tag", "delete".
	Noun, Verb string
	// Name reads the resource's name, which makes the question clear to a
	// person; it is called only when someone will be asked.
	Name func(ctx context.Context, c *api.Client, id int64) (string, error)
	// Consequence says what is lost, of the resource with id named subject
	// ("tag 5 (VIP)").
	Consequence func(subject string, id int64) string
	// Do destroys it and returns the API's message.
	Do func(c *api.Client, ctx context.Context, id int64) (string, error)
}

// RunDestroy is the RunE of a Destruction: it confirms (ConfirmDestructive),
// destroys, and prints the API's message on stderr.
func RunDestroy(f *Factory, d Destruction) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		id, err := ParseID(args[0], d.Noun+" ID")
		if err != nil {
			return err
		}
		ctx := cmd.Context()
		c, err := f.APIClient(ctx)
		if err != nil {
			return err
		}
		subject := fmt.Sprintf("%s %d", d.Noun, id)
		if !f.Settings.Yes && f.IOStreams.CanPrompt() {
			name, err := d.Name(ctx, c, id)
			if err != nil {
				return err
			}
			subject = fmt.Sprintf("%s %d (%s)", d.Noun, id, name)
		}
		if err := f.ConfirmDestructive(d.Verb+" "+subject, d.Consequence(subject, id)); err != nil {
			return err
		}
		msg, err := d.Do(c, ctx, id)
		if err != nil {
			return err
		}
		output.Success(f.IOStreams, msg, nil)
		return nil
	}
}
