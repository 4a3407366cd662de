package mcp

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/safetext"
)

var queueSpec = output.Spec{
	Noun: "messages",
	Columns: []output.Column{
		{Header: "ID", Path: "id", Kind: output.KindID},
		{Header: "STATUS", Path: "status"},
		{Header: "ASKED", Path: "created", Kind: output.KindTime},
		{Header: "TO", Path: "to"},
		{Header: "CHANNEL", Path: "channel", Drop: 1},
		{Header: "TEXT", Path: "text"},
	},
}

func newCmdQueue(f *cmdutil.Factory) *cobra.Command {
	list := newCmdQueueList(f)
	cmd := &cobra.Command{
		Use:   "queue [list | approve ID | reject ID]",
		Short: "Approve or reject the messages an assistant asked to send",
		Long: `The messages an assistant asked convo mcp serve to send with --approve queue
(or through a client that cannot ask its user) wait here for a person:

  convo mcp queue list        the messages waiting, then those decided in the last 24 hours
  convo mcp queue approve ID  sends it, exactly once
  convo mcp queue reject ID   drops it: it is never sent

Approving checks the rules again as they stand: a chat finished or closed
since, a contact blocked since, and a free-form reply whose customer has not
written in 24 hours are refused (exit 2), and the message keeps waiting
until it is rejected. An approval whose answer was lost is looked for in the
chat before it is sent again. The assistant learns the outcome from its
send_status tool. The queue is kept in the data directory; use the profile
(or --sandbox) the server ran with.`,
		Example: `  # What waits for a person, and what was decided today, as JSON
  convo --sandbox mcp queue
  convo --sandbox mcp queue list -o json`,
		Args: cmdutil.NoArgs,
		RunE: list.RunE,
	}
	cmd.AddCommand(list, newCmdQueueApprove(f), newCmdQueueReject(f))
	return cmdutil.Prints(f, cmd, queueSpec)
}

func newCmdQueueList(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the messages waiting for a person, and those decided in the last 24 hours",
		Args:  cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			out, err := f.CheckedOutput()
			if err != nil {
				return err
			}
			q, err := queue(f)
			if err != nil {
				return err
			}
			recs, err := q.List()
			if err != nil {
				return err
			}
			list, err := output.NewList(f.IOStreams, out, queueSpec)
			if err != nil {
				return err
			}
			for _, r := range recs {
				b, err := json.Marshal(r.View())
				if err != nil {
					return fmt.Errorf("encode message %s: %w", r.ID, err)
				}
				if err := list.AddValid(b); err != nil {
					return err
				}
			}
			return list.Close()
		},
	}
	return cmdutil.Prints(f, cmd, queueSpec)
}

func newCmdQueueApprove(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "approve ID",
		Short: "Send a message waiting for a person, exactly once",
		Args:  cmdutil.ExactArgs(1, "the ID of a message in the queue (see convo mcp queue list)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			q, err := queue(f)
			if err != nil {
				return err
			}
			res, rec, err := q.Approve(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			lines := strings.Split(res.Text, "\n")
			output.Success(f.IOStreams, lines[0], nil)
			for _, l := range lines[1:] {
				fmt.Fprintln(f.IOStreams.ErrOut, safetext.Line(l))
			}
			b, err := json.Marshal(rec.View())
			if err != nil {
				return err
			}
			return cmdutil.PrintObject(f, b)
		},
	}
	return cmdutil.Prints(f, cmd, queueSpec)
}

func newCmdQueueReject(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "reject ID",
		Short: "Drop a message waiting for a person: it is never sent",
		Args:  cmdutil.ExactArgs(1, "the ID of a message in the queue (see convo mcp queue list)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			q, err := queue(f)
			if err != nil {
				return err
			}
			rec, err := q.Reject(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			output.Success(f.IOStreams, fmt.Sprintf("Message %s to %s rejected: it will not be sent.", rec.ID, rec.Send.To), nil)
			b, err := json.Marshal(rec.View())
			if err != nil {
				return err
			}
			return cmdutil.PrintObject(f, b)
		},
	}
	return cmdutil.Prints(f, cmd, queueSpec)
}
