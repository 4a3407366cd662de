package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/config/credentials"
	"github.com/convo-cli/convo/internal/output"
)

type statusOptions struct {
	f         *cmdutil.Factory
	ctx       context.Context
	showToken bool
}

// status is what `auth status` reports; with -o json it is printed as is.
type status struct {
	Profile string `json:"profile"`
	// BaseURL is null when none is set, and with the sandbox.
	BaseURL *string `json:"base_url"`
	// TokenSource is env, keyring, file, sandbox (the sandbox's built-in
	// token) or none.
	TokenSource string `json:"token_source"`
	// Valid is null when the token could not be checked (no token, no base
	// URL, a network error).
	Valid   *bool  `json:"valid"`
	Sandbox bool   `json:"sandbox"`
	Token   string `json:"token,omitempty"`
}

// Token sources that are not a credentials.Source.
const (
	sourceNone    = "none"
	sourceSandbox = "sandbox"
)

var statusSpec = output.Spec{
	Noun: "logins",
	Columns: []output.Column{
		{Header: "PROFILE", Path: "profile", Kind: output.KindID},
		{Header: "BASE URL", Path: "base_url", Kind: output.KindID},
		{Header: "TOKEN SOURCE", Path: "token_source"},
		{Header: "VALID", Path: "valid", Kind: output.KindBool},
	},
	Fields: []string{"profile", "base_url", "token_source", "valid", "sandbox", "token"},
}

func newCmdStatus(f *cmdutil.Factory, runF func(*statusOptions) error) *cobra.Command {
	opts := &statusOptions{f: f}
	cmd := &cobra.Command{
		Use:   "status [--show-token]",
		Short: "Show the login and check that the token works",
		Long: `Show the profile, the base URL, where the token comes from (the CONVO_TOKEN
environment variable, the system keyring or hosts.yaml) and whether the API
accepts it, checked with one cheap request. The token itself is shown only
with --show-token.

With -o json it prints {"profile", "base_url", "token_source", "valid",
"sandbox"} ("token" too with --show-token); token_source is env, keyring,
file, sandbox or none, and valid is null when the token could not be checked.

Exit status: 0 when logged in and the token works, 4 when not logged in or
the token is refused, 1 when the API could not be reached.`,
		Example: `  # Which login convo uses, and whether its token works
  convo auth status

  # The same for a script
  convo auth status -o json

  # What the built-in sandbox uses
  convo --sandbox auth status`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ctx = cmd.Context()
			if runF != nil {
				return runF(opts)
			}
			return statusRun(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.showToken, "show-token", false, "show the token (a secret)")
	return cmdutil.Prints(f, cmd, statusSpec)
}

func statusRun(opts *statusOptions) error {
	st, checkErr := resolveStatus(opts)
	if opts.showToken {
		st.Token = st.secret
	}
	if err := printStatus(opts.f, st); err != nil {
		return err
	}
	return checkErr
}

// statusReport is a status with what the human form says beyond it.
type statusReport struct {
	status
	// secret is the token, shown only with --show-token.
	secret string
	// where says where the token comes from, for people.
	where string
	// problem says why the token does not work, or could not be checked.
	problem string
}

// resolveStatus finds the token and checks it. The error it returns is the
// command's outcome; the report is printed in every case.
func resolveStatus(opts *statusOptions) (*statusReport, error) {
	s := opts.f.Settings
	st := &statusReport{status: status{Profile: s.Profile, Sandbox: s.Sandbox}}
	var (
		c   *api.Client
		err error
	)
	if s.Sandbox {
		c, err = sandboxClient(opts, st)
	} else {
		c, err = loginClient(opts, st)
	}
	if err != nil {
		st.problem = strings.Join(cmdutil.ErrorLines(err), "; ")
		return st, err
	}
	err = checkToken(opts.ctx, c)
	valid := err == nil
	if valid || api.IsAuth(err) {
		st.Valid = &valid
	}
	if err != nil {
		st.problem = strings.Join(cmdutil.ErrorLines(err), "; ")
		return st, refusal(baseURLText(st), err)
	}
	return st, nil
}

// sandboxClient fills in the sandbox's token and returns its client.
func sandboxClient(opts *statusOptions, st *statusReport) (*api.Client, error) {
	st.secret, st.TokenSource = cmdutil.SandboxToken, sourceSandbox
	st.where = "the sandbox's built-in token " + cmdutil.SandboxToken
	if t, ok := envToken(); ok {
		st.secret, st.TokenSource = t, string(credentials.SourceEnv)
		st.where = sourceText(credentials.SourceEnv, nil)
	}
	return opts.f.APIClient(opts.ctx)
}

// loginClient fills in the profile's base URL and token and returns a client
// for exactly them.
func loginClient(opts *statusOptions, st *statusReport) (*api.Client, error) {
	f := opts.f
	s := f.Settings
	if s.BaseURL != "" {
		st.BaseURL = &s.BaseURL
	}
	st.TokenSource, st.where = sourceNone, "none"
	store, err := f.Credentials()
	if err != nil {
		return nil, err
	}
	token, src, err := store.Token(s.Profile)
	switch {
	case errors.Is(err, credentials.ErrNoToken):
		return nil, cmdutil.NotLoggedInError(s.Profile)
	case err != nil:
		return nil, err
	}
	st.secret, st.TokenSource, st.where = token, string(src), sourceText(src, store)
	if s.BaseURL == "" {
		return nil, cmdutil.NoBaseURLError(s.Profile)
	}
	return f.ClientFor(s.BaseURL, token)
}

func baseURLText(st *statusReport) string {
	switch {
	case st.Sandbox:
		return "the built-in sandbox"
	case st.BaseURL == nil:
		return "(not set)"
	}
	return *st.BaseURL
}

// printStatus prints the report: aligned lines for people by default, the
// status object in any output format asked for.
func printStatus(f *cmdutil.Factory, st *statusReport) error {
	s, ios := f.Settings, f.IOStreams
	if s.Output != "" || s.JQ != "" || s.Template != "" {
		raw, err := json.Marshal(st.status)
		if err != nil {
			return fmt.Errorf("encode status: %w", err)
		}
		return cmdutil.PrintObject(f, raw)
	}
	cs := ios.ColorScheme()
	var works string
	switch {
	case st.Valid != nil && *st.Valid:
		works = cs.SuccessIcon() + " yes"
	case st.TokenSource == sourceNone:
		works = cs.FailureIcon() + " no: not logged in"
	case st.Valid != nil:
		works = cs.FailureIcon() + " no: " + st.problem
	default:
		works = "unknown: " + st.problem
	}
	baseURL := baseURLText(st)
	if st.Sandbox {
		baseURL += " (in-process, --sandbox)"
	}
	lines := [][2]string{{"Profile", st.Profile}, {"Base URL", baseURL}, {"Token from", st.where}}
	if st.Token != "" {
		lines = append(lines, [2]string{"Token", st.Token})
	}
	lines = append(lines, [2]string{"Token works", works})
	var b strings.Builder
	for _, l := range lines {
		fmt.Fprintf(&b, "%-13s%s\n", l[0]+":", l[1])
	}
	if _, err := io.WriteString(ios.Out, b.String()); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}
