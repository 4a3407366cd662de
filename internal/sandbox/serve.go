package sandbox

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"sync"
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
	// Limits bound what clients can hold of the server; zero fields take
	// those of DefaultLimits.
	Limits Limits
}

// Limits bound what each client can hold of a server: time to send a
// request, to take an answer, to stay connected idle, and how many are
// served at once. A local test server has a few clients, which these leave
// plenty of room; thousands of stalled connections cannot exhaust its file
// descriptors or its memory.
type Limits struct {
	// ReadHeaderTimeout is how long a request's header may take to arrive.
	ReadHeaderTimeout time.Duration
	// ReadTimeout is how long a whole request, body included, may take.
	ReadTimeout time.Duration
	// WriteTimeout is how long the server works on a request and writes its
	// answer, counted from the end of the header: a client that does not
	// read its answer is cut off then.
	WriteTimeout time.Duration
	// IdleTimeout is how long a kept-alive connection may wait for its next
	// request.
	IdleTimeout time.Duration
	// MaxHeaderBytes bounds a request's header, the URL included.
	MaxHeaderBytes int
	// MaxConns is the number of connections served at once; more wait in
	// the system's queue of the listening socket until one closes.
	MaxConns int
}

// DefaultLimits are the Limits of Serve.
var DefaultLimits = Limits{
	ReadHeaderTimeout: 5 * time.Second,
	ReadTimeout:       30 * time.Second,
	WriteTimeout:      30 * time.Second,
	IdleTimeout:       30 * time.Second,
	MaxHeaderBytes:    64 << 10,
	MaxConns:          512,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	return Limits{
		ReadHeaderTimeout: cmp.Or(l.ReadHeaderTimeout, d.ReadHeaderTimeout),
		ReadTimeout:       cmp.Or(l.ReadTimeout, d.ReadTimeout),
		WriteTimeout:      cmp.Or(l.WriteTimeout, d.WriteTimeout),
		IdleTimeout:       cmp.Or(l.IdleTimeout, d.IdleTimeout),
		MaxHeaderBytes:    cmp.Or(l.MaxHeaderBytes, d.MaxHeaderBytes),
		MaxConns:          cmp.Or(l.MaxConns, d.MaxConns),
	}
}

// httpServer is the server of h with the limits l; serve it on a listener
// of l.listen.
func (l Limits) httpServer(ctx context.Context, h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: l.ReadHeaderTimeout,
		ReadTimeout:       l.ReadTimeout,
		WriteTimeout:      l.WriteTimeout,
		IdleTimeout:       l.IdleTimeout,
		MaxHeaderBytes:    l.MaxHeaderBytes,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
}

// listen wraps ln so that it accepts at most l.MaxConns connections at once.
func (l Limits) listen(ln net.Listener) net.Listener {
	return &limitListener{Listener: ln, slots: make(chan struct{}, l.MaxConns), closed: make(chan struct{})}
}

// limitListener accepts a connection only when one of its slots is free;
// the connection frees it when it closes.
type limitListener struct {
	net.Listener
	slots     chan struct{}
	closed    chan struct{}
	closeOnce sync.Once
}

func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	case <-l.closed:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitConn{Conn: c, release: func() { <-l.slots }}, nil
}

func (l *limitListener) Close() error {
	l.closeOnce.Do(func() { close(l.closed) })
	return l.Listener.Close()
}

type limitConn struct {
	net.Conn
	releaseOnce sync.Once
	release     func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.releaseOnce.Do(c.release)
	return err
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

	limits := cfg.Limits.withDefaults()
	srv := limits.httpServer(ctx, NewServer(st, cfg.Options))
	served := make(chan error, 1)
	go func() { served <- srv.Serve(limits.listen(ln)) }()
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
