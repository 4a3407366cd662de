package messages

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

type listOptions struct {
	f   *cmdutil.Factory
	ctx context.Context

	chatToken  string
	typ        string
	direction  string
	visibility string
	attendant  int64
	content    string
}

func newCmdList(f *cmdutil.Factory, runF func(*listOptions) error) *cobra.Command {
	opts := &listOptions{f: f}
	var attendant string
	cmd := &cobra.Command{
		Use:   "list CHAT_TOKEN [--type T] [--direction D] [--visibility V] [--attendant ID] [--content S]",
		Short: "List the messages of a chat",
		Long: `List the history of a chat, oldest first: what the contact wrote (incoming),
what attendants sent (outgoing, FROM names the attendant) and internal notes
(--visibility internal). Find chat tokens with ` + "`convo chats list`" + `.`,
		Example: `  # The history of a chat, oldest first
  convo messages list 42ef115f20394e9daca8

  # What the contact wrote
  convo messages list 42ef115f20394e9daca8 --direction incoming

  # The internal notes of the staff
  convo messages list 42ef115f20394e9daca8 --visibility internal

  # Messages of attendant 2 that mention an order, as JSON
  convo messages list 42ef115f20394e9daca8 --content pedido --attendant 2 -o json`,
		Args:              cmdutil.ExactArgs(1, "chat token"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteChats(f)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ctx = cmd.Context()
			opts.chatToken = strings.TrimSpace(args[0])
			if opts.chatToken == "" {
				return clierr.FlagErrorf("empty chat token")
			}
			var errs validate.Errors
			for _, enum := range []struct {
				flag, value string
				allowed     []string
			}{
				{"type", opts.typ, validate.MessageTypes},
				{"direction", opts.direction, validate.Directions},
				{"visibility", opts.visibility, validate.Visibilities},
			} {
				if cmd.Flags().Changed(enum.flag) {
					errs.Add(validate.OneOf(enum.flag, enum.value, enum.allowed))
				}
			}
			if err := errs.Err(); err != nil {
				return err
			}
			if cmd.Flags().Changed("attendant") {
				id, err := cmdutil.ParseID(attendant, "attendant ID")
				if err != nil {
					return err
				}
				opts.attendant = id
			}
			if runF != nil {
				return runF(opts)
			}
			return listRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.typ, "type", "", "only messages of `TYPE`: "+strings.Join(validate.MessageTypes, ", "))
	fl.StringVar(&opts.direction, "direction", "", "only `DIRECTION` incoming (from the contact) or outgoing (from the company)")
	fl.StringVar(&opts.visibility, "visibility", "", "only `VISIBILITY` client (seen by the contact) or internal (notes)")
	fl.StringVar(&attendant, "attendant", "", "only messages linked to the user with this `ID`")
	fl.StringVar(&opts.content, "content", "", "only messages whose content contains `TEXT`")
	for flag, values := range map[string][]string{
		"type": validate.MessageTypes, "direction": validate.Directions, "visibility": validate.Visibilities,
	} {
		_ = cmd.RegisterFlagCompletionFunc(flag, cobra.FixedCompletions(values, cobra.ShellCompDirectiveNoFileComp))
	}
	_ = cmd.RegisterFlagCompletionFunc("attendant", cmdutil.CompleteUsers(f, ""))
	return cmdutil.Prints(f, cmd, messageSpec)
}

func listRun(opts *listOptions) error {
	f := opts.f
	c, err := f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	params := api.MessageListParams{ListOptions: f.ListOptions(), Type: opts.typ, Direction: opts.direction,
		Visibility: opts.visibility, Attendant: opts.attendant, Content: opts.content}
	return cmdutil.PrintList(opts.ctx, f, c.ListMessages(opts.chatToken, params))
}
