// Package root builds the convo command tree and runs it.
package root

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/buildinfo"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmd/api"
	"github.com/convo-cli/convo/internal/cmd/auth"
	"github.com/convo-cli/convo/internal/cmd/channels"
	"github.com/convo-cli/convo/internal/cmd/chats"
	"github.com/convo-cli/convo/internal/cmd/completion"
	"github.com/convo-cli/convo/internal/cmd/config"
	"github.com/convo-cli/convo/internal/cmd/contacts"
	"github.com/convo-cli/convo/internal/cmd/inbox"
	"github.com/convo-cli/convo/internal/cmd/mcp"
	"github.com/convo-cli/convo/internal/cmd/messages"
	"github.com/convo-cli/convo/internal/cmd/notes"
	"github.com/convo-cli/convo/internal/cmd/replies"
	"github.com/convo-cli/convo/internal/cmd/sandbox"
	"github.com/convo-cli/convo/internal/cmd/tags"
	"github.com/convo-cli/convo/internal/cmd/templates"
	"github.com/convo-cli/convo/internal/cmd/users"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/output"
	sandboxapi "github.com/convo-cli/convo/internal/sandbox"
)

// NewCmdRoot builds the whole command tree on f.
func NewCmdRoot(f *cmdutil.Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "convo <command> <subcommand> [flags]",
		Short: "Work with your customer conversations from the command line",
		Long: `convo talks to the customer-messaging API: contacts, chats, messages, templates,
tags and attendants, with tables for people and exact JSON for scripts.

Try it without an account on the built-in sandbox:

  convo --sandbox contacts list`,
		// cobra prints "convo version " and this, without the text/template
		// that SetVersionTemplate would parse on every --version.
		Version:       buildinfo.Get().Detail(),
		SilenceErrors: true,
		SilenceUsage:  true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			// Shell completion (cobra's hidden __complete command) parses
			// the line itself; its functions resolve the settings once it
			// has, and a bad setting must not make it print an error.
			if cmd.Name() == cobra.ShellCompRequestCmd {
				return nil
			}
			// The root's own flags: a command may have a flag of the same
			// name (messages send --template) that shadows a global one.
			return f.ResolveSettings(cmd.Root().PersistentFlags())
		},
	}
	cmd.CompletionOptions.DisableDefaultCmd = true
	cmd.SetOut(f.IOStreams.Out)
	cmd.SetErr(f.IOStreams.ErrOut)
	cmd.SetFlagErrorFunc(cmdutil.FlagErrorFunc)
	if f.SandboxAttendant == nil {
		f.SandboxAttendant = sandboxapi.SeededAttendant
	}
	cmdutil.Group(cmd)

	pf := cmd.PersistentFlags()
	pf.String("profile", "", "use the saved login `NAME` (env CONVO_PROFILE; default \"default\")")
	pf.String("base-url", "", "API root `URL`, e.g. https://api.example.com (env CONVO_BASE_URL)")
	pf.Int("page", 0, "fetch page `N` of a list")
	pf.Int("per-page", 0, "`N` items per page, 1..100 (default 20; tags 50)")
	pf.Bool("all", false, "fetch every page, streaming items as they arrive")
	pf.Int("limit", 0, "stop after `N` items across pages")
	pf.Bool("no-color", false, "no colour in output (env NO_COLOR)")
	pf.Bool("debug", false, "log HTTP requests and responses to stderr, token masked (env CONVO_DEBUG=1)")
	pf.Duration("timeout", 30*time.Second, "per-request `DURATION`")
	pf.Int("max-retries", 3, "retries of a failed request, 0 disables")
	pf.Bool("insecure-http", false, "allow sending the token over plain http to a host that is not loopback")
	pf.String("default-country", "", "region `CC` of phone numbers without a country code, e.g. BR (env CONVO_DEFAULT_COUNTRY)")
	pf.BoolP("yes", "y", false, "answer yes to confirmations (required for destructive commands without a terminal)")
	pf.Bool("sandbox", false, "run against the built-in sandbox, in-process (env CONVO_SANDBOX=1)")
	cmd.Flags().BoolP("version", "v", false, "print the version")
	cmdutil.AddOutputFlags(cmd)

	cmd.AddGroup(
		&cobra.Group{ID: "core", Title: "Core commands:"},
		&cobra.Group{ID: "more", Title: "More commands:"},
	)
	for _, sub := range []*cobra.Command{
		contacts.NewCmdContacts(f), notes.NewCmdNotes(f), chats.NewCmdChats(f), messages.NewCmdMessages(f),
		users.NewCmdUsers(f), tags.NewCmdTags(f), channels.NewCmdChannels(f), templates.NewCmdTemplates(f),
		replies.NewCmdReplies(f), inbox.NewCmdInbox(f),
	} {
		sub.GroupID = "core"
		cmd.AddCommand(sub)
	}
	for _, sub := range []*cobra.Command{
		auth.NewCmdAuth(f), config.NewCmdConfig(f), api.NewCmdAPI(f), sandbox.NewCmdSandbox(f), mcp.NewCmdMCP(f), completion.NewCmdCompletion(f),
		newCmdVersion(f.IOStreams),
	} {
		sub.GroupID = "more"
		cmd.AddCommand(sub)
	}
	addHelpTopics(cmd)
	return cmd
}

func newCmdVersion(ios *output.IOStreams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of convo",
		Args:  cmdutil.NoArgs,
		// The version needs no settings: skip the root's resolution.
		PersistentPreRunE: func(*cobra.Command, []string) error { return nil },
		Run: func(cmd *cobra.Command, args []string) {
			fmt.Fprintln(ios.Out, buildinfo.Get().String())
		},
	}
}

// Run executes convo with args and returns the exit code.
func Run(ctx context.Context, f *cmdutil.Factory, args []string) (code int) {
	defer func() {
		if r := recover(); r != nil {
			code = crashed(f, r)
		}
	}()
	cmd := NewCmdRoot(f)
	cmd.SetArgs(args)
	ran, err := cmd.ExecuteContextC(ctx)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = cerr
	}
	code = cmdutil.ExitCode(err)
	switch {
	case err == nil:
	case f.ErrorsAsJSON(ran, args):
		f.IOStreams.ErrOut.Write(cmdutil.ErrorJSON(err, code))
	default:
		printError(f.IOStreams.ErrOut, ran, err, code)
	}
	return code
}

// crashed reports a bug of convo (a panic) in one line, with no stack trace
// unless --debug asked for one, and no token in either.
func crashed(f *cmdutil.Factory, r any) int {
	w := f.IOStreams.ErrOut
	err := errors.New(f.Redact(fmt.Sprintf("convo stopped on an internal error: %v", r)))
	debugging := f.Settings != nil && f.Settings.Debug
	if !debugging {
		err = cmdutil.WithHint(err, "This is a bug in convo; rerun with --debug to see where it happened, and report it.")
	}
	// The command line is not at hand here: only settings already
	// resolved can ask for JSON.
	if f.ErrorsAsJSON(nil, nil) {
		w.Write(cmdutil.ErrorJSON(err, clierr.ExitAPI))
	} else {
		printError(w, nil, err, clierr.ExitAPI)
	}
	if debugging {
		fmt.Fprint(w, f.Redact(string(debug.Stack())))
	}
	return clierr.ExitAPI
}

func printError(w io.Writer, cmd *cobra.Command, err error, code int) {
	var partial *clierr.PartialError
	switch {
	case errors.As(err, &partial):
		return
	case errors.Is(err, clierr.ErrCancelled):
		fmt.Fprintln(w, "cancelled")
		return
	case code == clierr.ExitInterrupted:
		fmt.Fprintln(w, "interrupted")
		return
	}
	for i, line := range cmdutil.ErrorLines(err) {
		if i == 0 {
			line = "error: " + line
		}
		fmt.Fprintln(w, line)
	}
	var flagErr *clierr.FlagError
	if errors.As(err, &flagErr) && cmd != nil {
		fmt.Fprintf(w, "Run '%s --help' for usage.\n", cmd.CommandPath())
	}
}

// Main runs convo as a process: it wires the real streams, cancels the run
// on the first Ctrl-C, SIGTERM, SIGQUIT or SIGHUP (a second Ctrl-C,
// SIGTERM or SIGQUIT kills the process), and returns the exit code. Go's
// own answer to SIGQUIT, a goroutine dump and exit 2, would pass for
// "nothing was sent", which may be untrue; and its answer to SIGHUP, the
// terminal closed or the SSH session dropped, would kill a bulk run
// without its summary or the command that resumes it.
func Main() int {
	signals := []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGQUIT}
	// A convo started with hangups ignored (nohup) keeps ignoring them:
	// asking for SIGHUP would undo that.
	hangups := !signal.Ignored(syscall.SIGHUP)
	if hangups {
		signals = append(signals, syscall.SIGHUP)
	}
	ctx, stop := signal.NotifyContext(context.Background(), signals...)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // restore the default handling: the next Ctrl-C ends the process
		// The terminal may be gone: a second hangup (a shell passes its own
		// on to its jobs), or a write to a closed pipe, must not end the run
		// before it has recorded what it did. Such writes fail instead.
		signal.Ignore(syscall.SIGHUP, syscall.SIGPIPE)
	}()
	ios := output.System()
	f := cmdutil.NewFactory(buildinfo.Get().Version, ios, openSandbox)
	return Run(ctx, f, os.Args[1:])
}
