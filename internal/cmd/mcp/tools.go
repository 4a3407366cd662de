package mcp

import (
	"context"
	"encoding/json"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/output"
)

var toolSpec = output.Spec{
	Noun: "tools",
	Columns: []output.Column{
		{Header: "NAME", Path: "name", Kind: output.KindID},
		{Header: "READ ONLY", Path: "annotations.readOnlyHint", Kind: output.KindBool},
		{Header: "DESTRUCTIVE", Path: "annotations.destructiveHint", Kind: output.KindBool},
		{Header: "IDEMPOTENT", Path: "annotations.idempotentHint", Kind: output.KindBool},
		{Header: "OPEN WORLD", Path: "annotations.openWorldHint", Kind: output.KindBool},
		{Header: "TITLE", Path: "title"},
	},
}

func newCmdTools(f *cmdutil.Factory) *cobra.Command {
	var flags *serverFlags
	cmd := &cobra.Command{
		Use:   "tools [--allow-writes] [--read-only] [--toolsets LIST] [--approve MODE] [--max-sends N] [--allow-send-to TAG|PHONE]...",
		Short: "List the tools convo mcp serve would offer",
		Long: `List the tools convo mcp serve offers with the same flags: their names, their
annotations (whether each only reads, may destroy, may be repeated, reaches
beyond the company's data) and titles; with -o json, each tool as the
protocol lists it, input schema included. It asks the API nothing.`,
		Example: `  # What an assistant may call by default, then with writes allowed
  convo mcp tools
  convo mcp tools --allow-writes --toolsets desk,templates

  # The input schema of the reply tool
  convo mcp tools --allow-writes -o json --jq '.[] | select(.name == "reply_to_chat") | .inputSchema'`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			out, err := f.CheckedOutput()
			if err != nil {
				return err
			}
			srv, err := flags.server(f)
			if err != nil {
				return err
			}
			tools, err := listTools(cmd.Context(), srv.MCP())
			if err != nil {
				return err
			}
			list, err := output.NewList(f.IOStreams, out, toolSpec)
			if err != nil {
				return err
			}
			for _, t := range tools {
				b, err := json.Marshal(t)
				if err != nil {
					return fmt.Errorf("encode tool %s: %w", t.Name, err)
				}
				if err := list.AddValid(b); err != nil {
					return err
				}
			}
			return list.Close()
		},
	}
	flags = addServerFlags(cmd)
	return cmdutil.Prints(f, cmd, toolSpec)
}

// listTools asks srv for its tools as a client does, over a connection
// in memory: exactly what an assistant is offered.
func listTools(ctx context.Context, srv *sdk.Server) ([]*sdk.Tool, error) {
	ct, st := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		return nil, err
	}
	defer ss.Close()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "convo mcp tools"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		return nil, err
	}
	defer cs.Close()
	var tools []*sdk.Tool
	for t, err := range cs.Tools(ctx, nil) {
		if err != nil {
			return nil, err
		}
		tools = append(tools, t)
	}
	return tools, nil
}
