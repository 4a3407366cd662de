package chats

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/validate"
)

type listOptions struct {
	f      *cmdutil.Factory
	ctx    context.Context
	params api.ChatListParams
	// tag is the --tag as typed: an id or a tag's text.
	tag string
}

func newCmdList(f *cmdutil.Factory, runF func(*listOptions) error) *cobra.Command {
	opts := &listOptions{f: f}
	var open bool
	cmd := &cobra.Command{
		Use:   "list [--status S] [--open=BOOL] [--contact ID|PHONE] [--tag ID|NAME] [--channel TOKEN] [--attendant ID]",
		Short: "List chats",
		Long: `List the chats of the channels your token may access, each with its contact and
last message. Filters combine: every one given must match.

--contact takes a contact's id or (part of) its phone number; --tag a tag's id
or text; --open=false lists the closed chats.`,
		Example: `  # Open chats waiting for an answer
  convo chats list --status waiting --open

  # Closed chats
  convo chats list --open=false

  # The chats of a contact, by phone number
  convo chats list --contact 5521979190371

  # VIP chats on the website widget that attendant 2 handles
  convo chats list --tag VIP --channel site-widget-0007 --attendant 2

  # The tokens of every chat with unread messages
  convo chats list --all --jq '.[] | select(.unreadCount > 0) | .token'`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("open") {
				opts.params.IsOpen = &open
			}
			// An empty value, such as an unset shell variable, would list
			// every chat instead of the ones meant.
			for _, fl := range []struct{ name, value string }{{"contact", opts.params.Contact}, {"tag", opts.tag}} {
				if cmd.Flags().Changed(fl.name) && strings.TrimSpace(fl.value) == "" {
					return clierr.FlagErrorf("empty --%s: give an id or a value to match", fl.name)
				}
			}
			if cmd.Flags().Changed("attendant") && opts.params.Attendant <= 0 {
				return clierr.FlagErrorf("invalid --attendant %d: want a positive user id", opts.params.Attendant)
			}
			opts.ctx = cmd.Context()
			if runF != nil {
				return runF(opts)
			}
			return listRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.params.Status, "status", "", "only chats in `STATUS`: entrance, waiting or finished")
	fl.BoolVar(&open, "open", false, "only open chats; --open=false: only closed ones")
	fl.StringVar(&opts.params.Contact, "contact", "", "only chats of the contact with this `ID` or a phone containing it")
	fl.StringVar(&opts.tag, "tag", "", "only chats with the tag of this `ID or TEXT`")
	fl.StringVar(&opts.params.Channel, "channel", "", "only chats on the channel with `TOKEN`")
	fl.Int64Var(&opts.params.Attendant, "attendant", 0, "only chats of the attendant with user `ID`")
	_ = cmd.RegisterFlagCompletionFunc("status", cobra.FixedCompletions(validate.ChatStatuses, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("tag", cmdutil.CompleteTagNames(f))
	_ = cmd.RegisterFlagCompletionFunc("channel", cmdutil.CompleteChannels(f, api.ChannelListParams{}))
	_ = cmd.RegisterFlagCompletionFunc("attendant", cmdutil.CompleteUsers(f, ""))
	return cmdutil.Prints(f, cmd, chatSpec)
}

func listRun(opts *listOptions) error {
	p := opts.params
	p.Contact = strings.TrimSpace(p.Contact)
	var errs validate.Errors
	if p.Status != "" {
		errs.Add(validate.OneOf("status", p.Status, validate.ChatStatuses))
	}
	if p.Channel != "" {
		errs.Add(validate.ChannelToken("channel", p.Channel))
	}
	if err := errs.Err(); err != nil {
		return err
	}
	c, err := opts.f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	if opts.tag != "" {
		if p.Tag, err = resolve.TagID(opts.ctx, c, opts.tag); err != nil {
			return err
		}
	}
	p.ListOptions = opts.f.ListOptions()
	return cmdutil.PrintList(opts.ctx, opts.f, c.ListChats(p))
}
