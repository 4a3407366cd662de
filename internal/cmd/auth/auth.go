// Package auth holds the `convo auth` commands: log in, show the login, log
// out and print the token.
package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/config/credentials"
)

// NewCmdAuth builds `convo auth` and its subcommands.
func NewCmdAuth(f *cmdutil.Factory) *cobra.Command {
	cmd := cmdutil.Group(&cobra.Command{
		Use:   "auth <command>",
		Short: "Log in, log out and show the login",
		Long: `Log in to the API and manage the token convo sends.

The token is looked up in this order: the CONVO_TOKEN environment variable,
the system keyring, then hosts.yaml in the config directory (where it is kept
when no keyring answers, or with --insecure-storage). Each --profile has its
own base URL and token.`,
	})
	cmd.AddCommand(newCmdLogin(f), newCmdStatus(f), newCmdLogout(f), newCmdToken(f))
	return cmd
}

// checkToken makes the cheapest authenticated call there is, so that a token
// is known to work before it is stored or reported as working.
func checkToken(ctx context.Context, c *api.Client) error {
	_, err := c.Do(ctx, api.Request{Method: http.MethodGet, Path: "/channels", Query: url.Values{"per_page": {"1"}}})
	return err
}

// refusal turns the API's 401 or 403 into the login error of exit code 4,
// naming the server; other errors are returned as they are.
func refusal(baseURL string, err error) error {
	var apiErr *api.Error
	if api.IsAuth(err) && errors.As(err, &apiErr) {
		return &clierr.AuthError{Err: fmt.Errorf("the token was refused by %s (%s)", baseURL, apiErr.Summary()), Status: apiErr.StatusCode}
	}
	return err
}

// sourceText says where a token lives, for people.
func sourceText(src credentials.Source, store *credentials.Store) string {
	switch src {
	case credentials.SourceEnv:
		return "the environment variable " + credentials.EnvToken
	case credentials.SourceKeyring:
		return "the system keyring"
	case credentials.SourceFile:
		return store.HostsPath()
	}
	return string(src)
}

// envOverrideNote is said when CONVO_TOKEN hides what `auth login` and
// `auth logout` work on.
const envOverrideNote = credentials.EnvToken + " is set: while it is, convo uses it instead of the stored token"

// errSandbox refuses `--sandbox auth login|logout`: the sandbox's tokens are
// built in.
var errSandbox = clierr.FlagErrorf("the built-in sandbox needs no login: run any command with --sandbox (it uses the token %s, or CONVO_TOKEN when set)", cmdutil.SandboxToken)

// envToken returns CONVO_TOKEN and whether it is set.
func envToken() (string, bool) {
	t := os.Getenv(credentials.EnvToken)
	return t, t != ""
}
