package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/mcpserver"
)

func newCmdServe(f *cmdutil.Factory) *cobra.Command {
	var addr string
	var flags *serverFlags
	cmd := &cobra.Command{
		Use:   "serve [--allow-writes] [--read-only] [--toolsets LIST] [--approve elicit|queue|auto] [--max-sends N] [--allow-send-to TAG|PHONE]... [--http 127.0.0.1:PORT]",
		Short: "Serve the company's chats to an AI assistant over MCP",
		Long: `Serve convo's tools to an AI assistant over the Model Context Protocol, with the
profile's login (or --sandbox), until the assistant disconnects or Ctrl-C.

By default the server speaks on standard input and output, as assistants start
it; nothing but the protocol goes to standard output, and its own messages go
to standard error. --http serves Streamable HTTP instead, on a loopback
address only (127.0.0.1, ::1 or localhost; port 0 picks a free one), at the
path /mcp; requests whose Host or Origin is not loopback are refused, which
keeps web pages from reaching it (DNS rebinding).

What the assistant may do:
  - toolsets (--toolsets): desk (chats, messages, replies, notes, tags, take,
    release, transfer), contacts (list, view, create, update, verify),
    templates (list, view, send), campaigns (a broadcast's plan, never its
    sending) and admin (users, tags, channels; read only). Default:
    desk,contacts,templates.
  - Without --allow-writes only the tools that read are offered; --read-only
    offers only those, whatever else is given.
  - Every message to a customer is approved by a person (--approve): elicit
    asks through the assistant, showing the recipient, channel and exact
    text (a client that cannot ask gets queue); queue answers pending and
    waits for convo mcp queue approve ID; auto sends at once, and needs
    --max-sends.
  - --max-sends N bounds the messages sent or queued while the server runs;
    --allow-send-to restricts them to contacts with a tag, or to phones.
  - Stricter than the command line: a finished or closed chat, a blocked
    contact and a free-form message outside the messaging app's 24-hour
    window are refused.
  - A message needs an idempotency_key: the same key again returns the first
    call's result and sends nothing; a send whose answer was lost is looked
    for in the chat before anything is sent again.

Each write is a line of mcp-audit.jsonl in the data directory (tool,
arguments, approval, outcome, message id, time; never the token).`,
		Example: `  # The server as an assistant starts it (see docs/mcp.md), here on the sandbox with
  # messages queued for a person; it serves until its input ends, at once from /dev/null
  convo --sandbox mcp serve --allow-writes --approve queue < /dev/null`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			var listen string
			if addr != "" {
				var err error
				if listen, err = loopback(addr); err != nil {
					return err
				}
			}
			srv, err := flags.server(f)
			if err != nil {
				return err
			}
			// A login that cannot work fails now, not at the first tool.
			if _, err := f.APIClient(ctx); err != nil {
				return err
			}
			if listen != "" {
				return serveHTTP(ctx, f, srv, listen)
			}
			announce(f, srv, "on standard input and output")
			err = srv.MCP().Run(ctx, &sdk.IOTransport{Reader: io.NopCloser(f.IOStreams.In), Writer: nopCloser{f.IOStreams.Out}})
			if errors.Is(err, io.EOF) {
				err = nil // the assistant went away
			}
			return err
		},
	}
	flags = addServerFlags(cmd)
	cmd.Flags().StringVar(&addr, "http", "", "serve Streamable HTTP on the loopback `ADDRESS` (host:port) instead of standard input and output")
	return cmd
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// announce says on standard error what the server offers and where.
func announce(f *cmdutil.Factory, srv *mcpserver.Server, where string) {
	fmt.Fprintf(f.IOStreams.ErrOut, "convo mcp: serving %s %s; writes are logged to %s\n",
		english.Count(len(srv.Tools()), "tool"), where, srv.Audit().Path())
}

// loopback checks that addr is a loopback host and a port: the server
// answers no other machine.
func loopback(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", clierr.FlagErrorf("--http %q: want HOST:PORT on loopback, such as 127.0.0.1:8765", addr)
	}
	if !isLoopback(host) {
		return "", clierr.FlagErrorf("--http %q: the server listens on a loopback address only (127.0.0.1, ::1 or localhost), so that no other machine can reach it", addr)
	}
	return net.JoinHostPort(host, port), nil
}

// isLoopback reports whether host names this machine: localhost or a
// loopback IP.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// serveHTTP serves Streamable HTTP at /mcp on listen until ctx ends.
func serveHTTP(ctx context.Context, f *cmdutil.Factory, srv *mcpserver.Server, listen string) error {
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", listen, err)
	}
	hs := &http.Server{Handler: httpHandler(srv), ReadHeaderTimeout: 10 * time.Second}
	announce(f, srv, fmt.Sprintf("at http://%s/mcp", ln.Addr()))
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = hs.Shutdown(shutdown) // stopping: what is in flight has had its time
	return ctx.Err()
}

// httpHandler serves srv's Streamable HTTP at /mcp, to this machine only.
func httpHandler(srv *mcpserver.Server) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/mcp", sameMachine(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv.MCP() }, nil)))
	return mux
}

// sameMachine refuses a request that a web page sent (its Origin is not
// this machine), which the SDK's check of the Host header alone would let
// through when the page calls the loopback address itself. The SDK refuses
// a Host that is not loopback (DNS rebinding).
func sameMachine(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin := r.Header.Get("Origin"); origin != "" {
			u, err := url.Parse(origin)
			if err != nil || !isLoopback(u.Hostname()) {
				http.Error(w, fmt.Sprintf("Forbidden: origin %q is not this machine", origin), http.StatusForbidden)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
