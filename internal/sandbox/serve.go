package sandbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"time"

	"github.com/convo-cli/convo/internal/api"
)

// Tokens of the seed's users.
const (
	// AdminToken1 is the token of company 1's admin.
	AdminToken1 = "sandbox-admin-1"
	// AgentToken1 is the token of company 1's attendant of type user, who
	// has access to only some channels.
	AgentToken1 = "sandbox-agent-1"
	// AdminToken2 is the token of company 2's admin.
	AdminToken2 = "sandbox-admin-2"
)

// DefaultAddr is where Serve listens when ServeConfig.Addr is empty.
const DefaultAddr = "127.0.0.1:8080"

// shutdownTimeout bounds how long Serve waits for requests in flight when it stops.
const shutdownTimeout = 5 * time.Second

// serveGCPercent is the garbage collector's target while Serve runs, unless
// the GOGC environment variable sets one.
const serveGCPercent = 400

// ServeConfig configures Serve.
type ServeConfig struct {
	// Addr is the address to listen on; empty means DefaultAddr. Port 0
	// picks a free port, which the printed base URL shows.
	Addr string
	// DB is the database file; empty means a database in memory.
	DB string
	// Reset empties the database before seeding it again.
	Reset bool
	// Options tunes the server.
	Options Options
}

// Serve runs the sandbox over HTTP until ctx is cancelled: it opens (and
// seeds on first use) the database, listens, prints the base URL and the
// seed's tokens to stdout, serves, and on cancellation lets requests in
// flight finish before closing the database. Warnings go to stderr.
func Serve(ctx context.Context, cfg ServeConfig, stdout, stderr io.Writer) (err error) {
	if os.Getenv("GOGC") == "" {
		// The live heap of a server is a few megabytes, so the default
		// (collect when it doubles) runs the collector every few hundred
		// requests; letting it grow fivefold takes a tenth off the CPU
		// time of a request, for some tens of megabytes.
		defer debug.SetGCPercent(debug.SetGCPercent(serveGCPercent))
	}
	dsn := cfg.DB
	if dsn == "" {
		dsn = ":memory:"
	}
	st, err := Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, st.Close()) }()
	if cfg.Reset {
		if err := st.Reset(ctx); err != nil {
			return err
		}
	}
	if err := st.Seed(ctx, time.Now()); err != nil {
		return err
	}

	addr := cfg.Addr
	if addr == "" {
		addr = DefaultAddr
	}
	ln, err := (&net.ListenConfig{}).Listen(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	base, exposed := baseURL(ln.Addr().String())
	if exposed {
		fmt.Fprintf(stderr, "warning: listening on %s, reachable from other machines; the sandbox tokens are public, never put real data in it\n", ln.Addr())
	}
	printBanner(stdout, base, dsn)

	srv := &http.Server{
		Handler:           NewServer(st, cfg.Options),
		ReadHeaderTimeout: 10 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shut down: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// baseURL is the URL to reach a server listening on addr (host:port) from
// this machine, and whether addr is reachable from other machines too.
func baseURL(addr string) (url string, exposed bool) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://" + addr, true
	}
	exposed = !api.IsLoopback(host)
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port), exposed
}

func printBanner(w io.Writer, baseURL, db string) {
	fmt.Fprintf(w, "Sandbox API listening on %s (API root %s%s)\n", baseURL, baseURL, api.Prefix)
	fmt.Fprintf(w, "Database: %s\n", db)
	fmt.Fprintln(w, "Tokens:")
	fmt.Fprintf(w, "  %s  company 1, admin (every channel)\n", AdminToken1)
	fmt.Fprintf(w, "  %s  company 1, attendant of type user (channels %s and %s)\n", AgentToken1, ChannelMain, ChannelWidget)
	fmt.Fprintf(w, "  %s  company 2, admin\n", AdminToken2)
	fmt.Fprintln(w, "Press Ctrl-C to stop.")
}
