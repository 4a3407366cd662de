package auth

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/config"
	"github.com/convo-cli/convo/internal/prompt"
)

type loginOptions struct {
	f               *cmdutil.Factory
	withToken       bool
	insecureStorage bool
}

func newCmdLogin(f *cmdutil.Factory) *cobra.Command {
	opts := &loginOptions{f: f}
	cmd := &cobra.Command{
		Use:   "login [--base-url URL] [--with-token] [--insecure-storage]",
		Short: "Log in to the API with a token",
		Long: `Log in to the API: convo checks the token with one cheap request
(GET /channels?per_page=1) and stores it for the profile, together with the
base URL in config.yaml.

On a terminal convo asks for the base URL (the current one is the default) and
the token, which is not echoed. Elsewhere, pass the token on standard input with
--with-token and the base URL with --base-url (or CONVO_BASE_URL). The token is
never a flag value: it would show in the process list and the shell history.

The token goes to the system keyring. When no keyring answers within 3 seconds
(a Linux machine without a D-Bus session, a container, CI, a locked keyring over
SSH), convo warns and then stores it in hosts.yaml in the config directory,
readable only by you (mode 0600). --insecure-storage stores it there on purpose.

In CI, set CONVO_TOKEN instead of logging in: it wins over any stored token.`,
		Example: `  # On a terminal: asks for the base URL and the token
  convo auth login  # needs a terminal

  # In a script: the token on standard input; --profile keeps a second login apart
  echo "$API_TOKEN" | convo auth login --with-token --base-url https://api.example.com  # needs a server
  echo "$STAGING_TOKEN" | convo auth login --profile staging --with-token --base-url https://staging.example.com`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return loginRun(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.withToken, "with-token", false, "read the token from standard input")
	cmd.Flags().BoolVar(&opts.insecureStorage, "insecure-storage", false, "store the token in hosts.yaml (mode 0600) instead of the system keyring")
	return cmd
}

func loginRun(ctx context.Context, opts *loginOptions) error {
	f := opts.f
	s, ios := f.Settings, f.IOStreams
	if s.Sandbox {
		return errSandbox
	}
	// One prompter asks every question: it owns the input it reads from.
	var p prompt.Prompter
	if !opts.withToken {
		if !ios.CanPrompt() {
			return cmdutil.NoPromptError("the token", "--with-token (the token on standard input) together with --base-url URL")
		}
		p = f.Prompter()
	}
	baseURL, err := loginBaseURL(opts, p)
	if err != nil {
		return err
	}
	token, err := loginToken(opts, p)
	if err != nil {
		return err
	}

	c, err := f.ClientFor(baseURL, token)
	if err != nil {
		return err
	}
	if err := checkToken(ctx, c); err != nil {
		return refusal(baseURL, err)
	}

	store, err := f.Credentials()
	if err != nil {
		return err
	}
	cs := ios.ColorScheme()
	src, err := store.Save(s.Profile, token, opts.insecureStorage, func(reason error) {
		fmt.Fprintf(ios.ErrOut, "%s %v.\n  The token is stored in %s instead, in plain text readable only by you (mode 0600).\n  Pass --insecure-storage to choose the file without this warning.\n",
			cs.WarningIcon(), reason, store.HostsPath())
	})
	if err != nil {
		return fmt.Errorf("store the token: %w", err)
	}
	file, err := f.Config()
	if err != nil {
		return err
	}
	if err := file.Set(s.Profile, "base_url", baseURL); err != nil {
		return err
	}
	if err := file.Save(); err != nil {
		return err
	}
	fmt.Fprintf(ios.ErrOut, "%s Logged in to %s (profile %s); token stored in %s\n", cs.SuccessIcon(), baseURL, s.Profile, sourceText(src, store))
	if _, envSet := envToken(); envSet {
		fmt.Fprintf(ios.ErrOut, "%s %s.\n", cs.WarningIcon(), envOverrideNote)
	}
	return nil
}

// loginBaseURL is --base-url when given, else the answer to a prompt (when
// p is not nil) whose default is the current base URL, else the current one
// (CONVO_BASE_URL or config.yaml).
func loginBaseURL(opts *loginOptions, p prompt.Prompter) (string, error) {
	f := opts.f
	current := f.Settings.BaseURL
	key, err := config.LookupKey("base_url")
	if err != nil {
		return "", err
	}
	if p != nil && !f.Settings.BaseURLFlag {
		answer, err := p.Input(prompt.Input{
			Title:       "API base URL",
			Description: "The root of the API, e.g. https://api.example.com (convo adds /api/v1)",
			Default:     current,
			Validate:    func(v string) error { return checkBaseURL(key, v, current) },
		})
		if err != nil {
			return "", err
		}
		if answer = strings.TrimSpace(answer); answer == "" {
			answer = current
		}
		return answer, nil
	}
	if current == "" {
		return "", clierr.FlagErrorf("no API base URL: pass --base-url URL (or set CONVO_BASE_URL)")
	}
	// A value from a flag, the environment or the file has been checked when
	// the settings were resolved.
	return current, nil
}

// checkBaseURL validates an answer to the base URL prompt; an empty one
// stands for the default, when there is one.
func checkBaseURL(key config.Key, v, def string) error {
	v = strings.TrimSpace(v)
	if v == "" && def == "" {
		return errors.New("the base URL is required")
	}
	return key.Check(v)
}

// loginToken asks for the token without echo when p is not nil, else reads
// it from standard input (--with-token).
func loginToken(opts *loginOptions, p prompt.Prompter) (string, error) {
	f := opts.f
	var token string
	if p != nil {
		answer, err := p.Password("Paste your API token")
		if err != nil {
			return "", err
		}
		token = answer
	} else {
		data, err := io.ReadAll(f.IOStreams.In)
		if err != nil {
			return "", clierr.InputErrorf("--with-token: read standard input: %v", err)
		}
		token = string(data)
	}
	token = strings.TrimSpace(token)
	switch {
	case token == "" && opts.withToken:
		return "", clierr.InputErrorf("--with-token: standard input is empty; pipe the token to convo, e.g. echo \"$TOKEN\" | convo auth login --with-token")
	case token == "":
		return "", clierr.InputErrorf("no token given")
	case strings.ContainsAny(token, " \t\r\n"):
		return "", clierr.InputErrorf("the token must be one word without spaces or line breaks")
	}
	return token, nil
}
