// Package mcp holds the `convo mcp` commands: the MCP server for AI
// assistants, the tools it offers, and the queue of messages waiting for a
// person.
package mcp

import (
	"context"
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/dirs"
	"github.com/convo-cli/convo/internal/mcpserver"
)

// NewCmdMCP builds `convo mcp` and its subcommands.
func NewCmdMCP(f *cmdutil.Factory) *cobra.Command {
	cmd := cmdutil.Group(&cobra.Command{
		Use:   "mcp <command>",
		Short: "Serve convo to AI assistants (Model Context Protocol)",
		Long: `An MCP server gives an AI assistant (Claude Desktop, Claude Code, VS Code and
others) the company's chats as tools, under the rules a person at the desk
follows:

  convo mcp serve    serves the tools, on stdin/stdout or --http on loopback
  convo mcp tools    lists the tools serve would offer with the same flags
  convo mcp queue    lists, approves and rejects messages waiting for a person

Without --allow-writes the assistant only reads. Every message to a customer
is approved by a person first (--approve), never goes twice for one
idempotency key, and every write is logged to mcp-audit.jsonl in the data
directory. See docs/mcp.md for the configuration of each assistant.`,
	})
	cmd.AddCommand(newCmdServe(f), newCmdTools(f), newCmdQueue(f))
	return cmd
}

// serverFlags are the flags that decide what a server offers, shared by
// serve and tools so that tools lists exactly what serve would offer.
type serverFlags struct {
	opts mcpserver.Options
}

func addServerFlags(cmd *cobra.Command) *serverFlags {
	s := &serverFlags{}
	fl := cmd.Flags()
	fl.BoolVar(&s.opts.AllowWrites, "allow-writes", false, "offer the tools that change anything and send messages (default: read only)")
	fl.BoolVar(&s.opts.ReadOnly, "read-only", false, "offer only the tools that read, whatever else is given")
	fl.StringSliceVar(&s.opts.Toolsets, "toolsets", mcpserver.DefaultToolsets, "the `LIST` of toolsets offered, from "+strings.Join(mcpserver.Toolsets, ", "))
	_ = cmd.RegisterFlagCompletionFunc("toolsets", cobra.FixedCompletions(mcpserver.Toolsets, cobra.ShellCompDirectiveNoFileComp))
	cmdutil.EnumFlag(cmd, &s.opts.Approve, "approve", mcpserver.ApproveElicit, mcpserver.Approvals,
		"how a person approves each message to a customer: through the assistant (elicit), later with convo mcp queue (queue), or not at all (auto, with --max-sends)")
	fl.IntVar(&s.opts.MaxSends, "max-sends", 0, "send or queue at most `N` messages while the server runs (0: no bound)")
	fl.StringArrayVar(&s.opts.AllowSendTo, "allow-send-to", nil, "send only to contacts with the tag `TAG|PHONE`, or to the phone (repeatable)")
	return s
}

// server builds the server the flags describe, over the run's login.
func (s *serverFlags) server(f *cmdutil.Factory) (*mcpserver.Server, error) {
	if err := s.opts.Check(); err != nil {
		return nil, err
	}
	dir, err := dirs.DataDir()
	if err != nil {
		return nil, err
	}
	return mcpserver.New(s.opts, mcpserver.Env{
		Version:        f.AppVersion,
		Client:         f.APIClient,
		Me:             f.Me(),
		TakeOnReply:    f.Settings.TakeOnReply,
		DefaultCountry: f.Settings.DefaultCountry,
		TeamFile:       f.Settings.TeamFile,
		DataDir:        dir,
		Redact:         f.Redact,
		Log:            f.IOStreams.ErrOut,
	}), nil
}

// queue is the queue of the data directory, over the run's login.
func queue(f *cmdutil.Factory) (*mcpserver.Queue, error) {
	dir, err := dirs.DataDir()
	if err != nil {
		return nil, err
	}
	return mcpserver.NewQueue(dir, func(ctx context.Context) (*api.Client, error) { return f.APIClient(ctx) }, f.Redact, nil), nil
}
