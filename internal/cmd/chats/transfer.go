package chats

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/validate"
)

type transferOptions struct {
	f     *cmdutil.Factory
	ctx   context.Context
	token string
	body  api.TransferRequest
}

func newCmdTransfer(f *cmdutil.Factory, runF func(*transferOptions) error) *cobra.Command {
	opts := &transferOptions{f: f}
	var attendant int64
	cmd := &cobra.Command{
		Use:   "transfer CHAT_TOKEN --channel TOKEN [--attendant ID] [--message S]",
		Short: "Hand a chat to another attendant or channel",
		Long: `Transfer a chat to a channel and, optionally, an attendant. What happens depends
on the destination:

  - the chat's own channel: only the responsible attendant changes; it stays
    the same chat, with its history;
  - another channel: a new chat is created on that channel for the same
    contact, holding a link to the original chat; the result names the new
    chat's token;
  - no --attendant: the chat goes to the waiting queue, for any attendant of
    the channel to take.

--message adds an internal note for the staff (at most 1000 characters); the
contact never sees it.

Your token needs access to the chat's channel, and the attendant needs access
to the destination channel; otherwise the API refuses (exit 4).`,
		Example: `  # Hand a chat to attendant 1 on its own channel: it stays the same chat
  convo chats transfer 42ef115f20394e9daca8 --channel chatapp-main-001 --attendant 1

  # Move a chat to the website widget, with a note for the staff
  convo chats transfer bf7e5b62f66d65a3a450 --channel site-widget-0007 --attendant 2 \
    --message "Cliente prefere ser atendido pelo site."

  # Put a chat back in the waiting queue of its channel
  convo chats transfer ef5799d7de5e27f1c2ce --channel securechat-00006`,
		Args:              cmdutil.ExactArgs(1, "chat token"),
		ValidArgsFunction: cmdutil.FirstArg(cmdutil.CompleteChats(f)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.token = strings.TrimSpace(args[0])
			if opts.token == "" {
				return clierr.FlagErrorf("empty chat token: see `convo chats list`")
			}
			if !cmd.Flags().Changed("channel") {
				return clierr.FlagErrorf("missing --channel: the token of the destination channel (the chat's own one to change only the attendant)")
			}
			if cmd.Flags().Changed("attendant") {
				if attendant <= 0 {
					return clierr.FlagErrorf("invalid --attendant %d: want a positive user id", attendant)
				}
				opts.body.Attendant = &attendant
			}
			opts.ctx = cmd.Context()
			if runF != nil {
				return runF(opts)
			}
			return transferRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.body.Channel, "channel", "", "`TOKEN` of the destination channel (required)")
	fl.Int64Var(&attendant, "attendant", 0, "user `ID` of the attendant who takes the chat; without it, the waiting queue")
	fl.StringVar(&opts.body.Message, "message", "", "`TEXT` of an internal note for the staff, at most 1000 characters")
	_ = cmd.RegisterFlagCompletionFunc("channel", cmdutil.CompleteChannels(f, api.ChannelListParams{}))
	_ = cmd.RegisterFlagCompletionFunc("attendant", cmdutil.CompleteUsers(f, "active"))
	return cmdutil.Prints(f, cmd, transferSpec)
}

func transferRun(opts *transferOptions) error {
	var errs validate.Errors
	errs.Add(validate.ChannelToken("channel", opts.body.Channel))
	errs.Add(validate.TransferMessage(opts.body.Message))
	if err := errs.Err(); err != nil {
		return err
	}
	f := opts.f
	c, err := f.APIClient(opts.ctx)
	if err != nil {
		return err
	}
	res, err := c.TransferChat(opts.ctx, opts.token, opts.body)
	if err != nil {
		return err
	}
	if err := cmdutil.PrintResult(f, res, nil); err != nil {
		return err
	}
	// Say which of the effects happened: a new token or the queue is what
	// a reader would otherwise miss.
	errOut := f.IOStreams.ErrOut
	if res.Data.ChatToken != "" && res.Data.ChatToken != opts.token {
		fmt.Fprintf(errOut, "The chat continues as %s on channel %s, linked to %s.\n", res.Data.ChatToken, res.Data.Channel, opts.token)
	}
	if res.Data.Attendant == nil {
		fmt.Fprintln(errOut, "It waits in the queue for an attendant.")
	}
	return nil
}
