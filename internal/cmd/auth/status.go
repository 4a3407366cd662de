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
	"github.com/convo-cli/convo/internal/resolve"
	"github.com/convo-cli/convo/internal/safetext"
)

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
	Valid   *bool `json:"valid"`
	Sandbox bool  `json:"sandbox"`
	// Attendant is who @me is, when the profile says and the API knows
	// the user.
	Attendant *attendant `json:"attendant"`
	Token     string     `json:"token,omitempty"`
}

// attendant is the profile's user.
type attendant struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
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
	Fields: []string{"profile", "base_url", "token_source", "valid", "sandbox", "attendant", "attendant.id",
		"attendant.name", "attendant.email", "token"},
}

func newCmdStatus(f *cmdutil.Factory) *cobra.Command {
	var showToken bool
	cmd := &cobra.Command{
		Use:   "status [--show-token]",
		Short: "Show the login and check that the token works",
		Long: `Show the profile, the base URL, where the token comes from (the CONVO_TOKEN
environment variable, the system keyring or hosts.yaml) and whether the API
accepts it, checked with one cheap request, and who @me is: the attendant the
profile records (convo config set attendant ID|EMAIL, or CONVO_ATTENDANT; on
the sandbox, the seeded user of its token). The token itself is shown only
with --show-token.

With -o json it prints {"profile", "base_url", "token_source", "valid",
"sandbox", "attendant"} ("token" too with --show-token); token_source is env,
keyring, file, sandbox or none, valid is null when the token could not be
checked, and attendant is {"id", "name", "email"}, or null when it is not set
or not known.

Exit status: 0 when logged in and the token works, 4 when not logged in or
the token is refused, 1 when the API could not be reached.`,
		Example: `  # Which login convo uses, whether its token works, and who you are
  convo auth status

  # The same for a script
  convo auth status -o json

  # What the built-in sandbox uses
  convo --sandbox auth status`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			st, checkErr := resolveStatus(cmd.Context(), f)
			if showToken {
				st.Token = st.secret
			}
			if err := printStatus(f, st); err != nil {
				return err
			}
			return checkErr
		},
	}
	cmd.Flags().BoolVar(&showToken, "show-token", false, "show the token (a secret)")
	return cmdutil.Prints(f, cmd, statusSpec)
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
	// me says who @me is, or why convo cannot tell.
	me string
}

// resolveStatus finds the token and checks it. The error it returns is the
// command's outcome; the report is printed in every case.
func resolveStatus(ctx context.Context, f *cmdutil.Factory) (*statusReport, error) {
	s := f.Settings
	st := &statusReport{status: status{Profile: s.Profile, Sandbox: s.Sandbox}}
	var (
		c   *api.Client
		err error
	)
	if s.Sandbox {
		c, err = sandboxClient(ctx, f, st)
	} else {
		c, err = loginClient(f, st)
	}
	if err == nil {
		err = checkToken(ctx, c)
		valid := err == nil
		if valid || api.IsAuth(err) {
			st.Valid = &valid
		}
	}
	if err != nil {
		st.problem = strings.Join(cmdutil.ErrorLines(err), "; ")
		st.identify(ctx, f, nil)
		return st, refusal(baseURLText(st), err)
	}
	st.identify(ctx, f, c)
	return st, nil
}

// identify finds out who @me is, with c when the token works (nil
// otherwise).
func (st *statusReport) identify(ctx context.Context, f *cmdutil.Factory, c *api.Client) {
	me := f.Me()
	switch {
	case me.Ref == "":
		st.me = "not set: run `convo config set attendant ID|EMAIL` with your user's id or e-mail"
		return
	case c == nil:
		st.me = me.Ref + " (not looked up: the token does not work)"
		return
	}
	u, err := resolve.Attendant(ctx, c, resolve.MeRef, me)
	if err != nil {
		st.me = me.Ref + " (" + strings.Join(cmdutil.ErrorLines(err), "; ") + ")"
		return
	}
	st.Attendant = &attendant{ID: u.ID, Name: u.Name, Email: u.Email}
	st.me = safetext.Line(fmt.Sprintf("%s <%s> (id %d)", u.Name, u.Email, u.ID))
}

// sandboxClient fills in the sandbox's token and returns its client.
func sandboxClient(ctx context.Context, f *cmdutil.Factory, st *statusReport) (*api.Client, error) {
	st.secret, st.TokenSource = cmdutil.SandboxToken, sourceSandbox
	st.where = "the sandbox's built-in token " + cmdutil.SandboxToken
	if t, ok := envToken(); ok {
		st.secret, st.TokenSource = t, string(credentials.SourceEnv)
		st.where = sourceText(credentials.SourceEnv, nil)
	}
	return f.APIClient(ctx)
}

// loginClient fills in the profile's base URL and token and returns a client
// for exactly them.
func loginClient(f *cmdutil.Factory, st *statusReport) (*api.Client, error) {
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
	ios := f.IOStreams
	if f.OutputRequested() {
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
	lines = append(lines, [2]string{"Token works", works}, [2]string{"Attendant", st.me})
	var b strings.Builder
	for _, l := range lines {
		fmt.Fprintf(&b, "%-13s%s\n", l[0]+":", l[1])
	}
	if _, err := io.WriteString(ios.Out, b.String()); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}
