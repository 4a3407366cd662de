package cmdutil

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync"

	"github.com/spf13/pflag"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/config"
	"github.com/convo-cli/convo/internal/config/credentials"
	"github.com/convo-cli/convo/internal/dirs"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/prompt"
	"github.com/convo-cli/convo/internal/resolve"
)

// Factory hands every command what it needs. Everything expensive (the
// config file, the keyring, the API client, the sandbox database) is built
// on first use, so that help, version and completion stay fast.
type Factory struct {
	AppVersion string
	IOStreams  *output.IOStreams
	// Settings are filled by the root command before any command runs.
	Settings *config.Settings

	// Config returns config.yaml (read once).
	Config func() (*config.File, error)
	// Credentials returns the token store.
	Credentials func() (*credentials.Store, error)
	// APIClient returns the client for the current settings (built once).
	APIClient func(ctx context.Context) (*api.Client, error)
	// Prompter returns the prompter; call it only when IOStreams.CanPrompt().
	Prompter func() prompt.Prompter
	// SandboxAttendant is the e-mail of the sandbox's seeded user whose
	// token is token, "" for any other token: who @me is with --sandbox.
	// The root command provides it, so that commands do not depend on the
	// sandbox.
	SandboxAttendant func(token string) string
	// StdinLimit bounds the copy a bulk command makes of standard input or
	// a pipe; zero means bulk.MaxStream. Tests make it small.
	StdinLimit int64

	// printing is what the running command's output check resolved.
	printing *printing

	closers []func() error
	mu      sync.Mutex
	secrets []string
}

// OnClose registers fn to run when the command finishes (see Close).
func (f *Factory) OnClose(fn func() error) { f.closers = append(f.closers, fn) }

// Close releases what the run opened, such as the sandbox database.
func (f *Factory) Close() error {
	var errs []error
	for i := len(f.closers) - 1; i >= 0; i-- {
		errs = append(errs, f.closers[i]())
	}
	f.closers = nil
	return errors.Join(errs...)
}

// OutputOptions are the output flags of the current run.
func (f *Factory) OutputOptions() output.Options {
	s := f.Settings
	return output.Options{Format: output.Format(s.Output), Fields: s.Fields, JQ: s.JQ, Template: s.Template}
}

// ListOptions are the pagination flags of the current run.
func (f *Factory) ListOptions() api.ListOptions {
	return api.ListOptions{Page: f.Settings.Page, PerPage: f.Settings.PerPage}
}

// SandboxOpener opens the in-process sandbox of `--sandbox` on the database
// at dbPath and returns its transport and what closes it. The root package
// provides it, so that commands do not depend on the sandbox.
type SandboxOpener func(ctx context.Context, dbPath string) (http.RoundTripper, func() error, error)

// NewFactory builds the production factory.
func NewFactory(version string, ios *output.IOStreams, openSandbox SandboxOpener) *Factory {
	f := &Factory{AppVersion: version, IOStreams: ios}
	f.Config = sync.OnceValues(func() (*config.File, error) {
		dir, err := dirs.ConfigDir()
		if err != nil {
			return nil, err
		}
		return config.LoadFile(dir)
	})
	f.Credentials = sync.OnceValues(func() (*credentials.Store, error) {
		dir, err := dirs.ConfigDir()
		if err != nil {
			return nil, err
		}
		return credentials.New(dir), nil
	})
	// The client is built with the context of the first call: the run's.
	var (
		clientOnce sync.Once
		client     *api.Client
		clientErr  error
	)
	f.APIClient = func(ctx context.Context) (*api.Client, error) {
		clientOnce.Do(func() { client, clientErr = f.newClient(ctx, openSandbox) })
		return client, clientErr
	}
	f.Prompter = func() prompt.Prompter { return prompt.NewHuh(ios, f.Settings.AccessiblePrompter) }
	return f
}

// SandboxToken is the token `--sandbox` uses unless CONVO_TOKEN names another.
const SandboxToken = "sandbox-admin-1"

// SandboxTokenInUse is the token `--sandbox` sends: CONVO_TOKEN when set,
// else SandboxToken.
func SandboxTokenInUse() string {
	return cmp.Or(os.Getenv(credentials.EnvToken), SandboxToken)
}

// Me is who "@me" stands for: the attendant the profile records (config
// attendant, CONVO_ATTENDANT) or, on the sandbox in-process, the seeded
// user of the sandbox's token.
func (f *Factory) Me() resolve.Me {
	s := f.Settings
	me := resolve.Me{Ref: s.Attendant, Profile: s.Profile}
	if s.Sandbox && f.SandboxAttendant != nil {
		if email := f.SandboxAttendant(SandboxTokenInUse()); email != "" {
			me.Ref = email
		}
	}
	return me
}

func (f *Factory) newClient(ctx context.Context, openSandbox SandboxOpener) (*api.Client, error) {
	s := f.Settings
	if s.Sandbox {
		dir, err := dirs.DataDir()
		if err != nil {
			return nil, err
		}
		transport, closeFn, err := openSandbox(ctx, filepath.Join(dir, "sandbox.db"))
		if err != nil {
			return nil, fmt.Errorf("open the sandbox: %w", err)
		}
		f.OnClose(closeFn)
		opts := f.clientOptions()
		opts.BaseURL = "http://sandbox.localhost"
		opts.Transport = transport
		opts.Token = SandboxTokenInUse()
		return f.newAPI(opts)
	}
	store, err := f.Credentials()
	if err != nil {
		return nil, err
	}
	token, _, err := store.Token(s.Profile)
	if errors.Is(err, credentials.ErrNoToken) {
		return nil, NotLoggedInError(s.Profile)
	}
	if err != nil {
		return nil, err
	}
	if s.BaseURL == "" {
		return nil, NoBaseURLError(s.Profile)
	}
	return f.ClientFor(s.BaseURL, token)
}

// NotLoggedInError is the error of a profile without a token (exit code 4).
func NotLoggedInError(profile string) error {
	return &clierr.AuthError{Err: fmt.Errorf("not logged in (profile %q): run `convo auth login`, set CONVO_TOKEN, or try convo on the built-in sandbox with --sandbox", profile)}
}

// NoBaseURLError is the error of a profile with a token but no base URL (exit code 4).
func NoBaseURLError(profile string) error {
	return &clierr.AuthError{Err: fmt.Errorf("no API base URL for profile %q: run `convo auth login --base-url URL` or set CONVO_BASE_URL", profile)}
}

// ClientFor builds a client for an explicit base URL and token with the
// run's HTTP settings (timeout, retries, --debug, --insecure-http). It is
// how the client of the stored login is built, and how `auth login` checks
// a token before storing it.
func (f *Factory) ClientFor(baseURL, token string) (*api.Client, error) {
	opts := f.clientOptions()
	opts.BaseURL = baseURL
	opts.Token = token
	return f.newAPI(opts)
}

// newAPI builds a client and remembers its token, for Redact.
func (f *Factory) newAPI(opts api.Options) (*api.Client, error) {
	f.mu.Lock()
	f.secrets = append(f.secrets, opts.Token)
	f.mu.Unlock()
	return api.New(opts)
}

// Redact masks in s every token this run knows, CONVO_TOKEN and the tokens
// of the clients it built, in every encoding api.Redact knows. Whatever
// convo prints about a failure it did not expect goes through it.
func (f *Factory) Redact(s string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return api.Redact(s, append([]string{os.Getenv(credentials.EnvToken)}, f.secrets...)...)
}

// clientOptions are the HTTP settings of the run, without base URL and token.
func (f *Factory) clientOptions() api.Options {
	s := f.Settings
	opts := api.Options{
		UserAgent:         "convo/" + f.AppVersion,
		Timeout:           s.Timeout,
		MaxRetries:        s.MaxRetries,
		AllowInsecureHTTP: s.InsecureHTTP,
	}
	if s.Debug {
		opts.Debug = f.IOStreams.ErrOut
	}
	return opts
}

// ResolveSettings computes the run's settings from the parsed flags, the
// environment and config.yaml, and applies them to the IO streams (colour,
// prompts). When a value is invalid it returns the error and leaves the
// settings as resolved, unapplied. The root command calls it before any
// command runs; completion functions, which cobra runs without that hook,
// call it themselves.
func (f *Factory) ResolveSettings(flags *pflag.FlagSet) error {
	file, err := f.Config()
	if err != nil {
		return &clierr.InputError{Err: err}
	}
	s, err := config.Resolve(flags, file)
	// Settings with an invalid value are kept for `convo config`, which must
	// run to repair a bad value in config.yaml; every other command stops.
	f.Settings = s
	if err != nil {
		return &clierr.FlagError{Err: err}
	}
	ios := f.IOStreams
	switch s.Color {
	case "never":
		ios.SetColorEnabled(false)
	case "always":
		ios.SetColorEnabled(true)
	}
	if s.Prompt == "disabled" {
		ios.SetNeverPrompt(true)
	}
	return nil
}

// ParseContact reads a contact reference (an id or a phone) given on the
// command line as what ("contact", "--contact"), with the run's
// --default-country for a national phone.
func (f *Factory) ParseContact(ref, what string) (resolve.ContactRef, error) {
	return resolve.ParseContact(ref, f.Settings.DefaultCountry, what, naming.Flags)
}

// AttendantID resolves an attendant reference (an id, an e-mail, a name or
// @me) to a user id.
func (f *Factory) AttendantID(ctx context.Context, c *api.Client, ref string) (int64, error) {
	return resolve.AttendantID(ctx, c, ref, f.Me())
}
