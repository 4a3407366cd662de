package root

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/cmdutil"
)

// helpTopics are `convo help <topic>` pages that are not commands.
var helpTopics = []struct{ name, short, long string }{
	{"exit-codes", "Exit codes of convo and what they mean", `convo ends with one of these exit codes, so that scripts can tell outcomes apart:

  0    success
  1    the API refused or failed the request (a 4xx other than authentication,
       a 5xx, a network error), after retries
  2    invalid usage or input rejected before anything was sent: an unknown
       command, flag or help topic, a missing or invalid value, a name, phone
       or e-mail that matches nothing (or several things), a file that cannot
       be read, a prompt that cannot be shown (no terminal), a destructive
       command without --yes
  4    not authenticated or not permitted: no token, 401, 403
  6    a bulk command finished but some items failed; its report lists them
  130  interrupted (Ctrl-C, SIGTERM, SIGQUIT, or SIGHUP: the terminal
       closed), or cancelled: a question answered "no" (a confirmation) or
       left with Esc; nothing more is sent, and bulk commands stop cleanly
       and say how to resume

Errors are printed on stderr as one line, followed by the API's errors, one
per line:

  error: Erro de validação
    - phone: a contact with this phone already exists (DUPLICATE_ENTRY)

With -o json or -o ndjson (or CONVO_OUTPUT), an error is one JSON object on
one line of stderr instead:

  {"error": {"message": "Erro de validação", "exit_code": 1, "status": 422,
   "errors": [{"code": "DUPLICATE_ENTRY", "field": "phone", "message": "…"}]}}

status is the HTTP status of the API's answer, null when no answer came;
errors is the API's errors[] or the rules a value broke, [] when none. A
command line with a mistake in it is answered in JSON when -o json is
anywhere on it. With --jq or --template errors stay text lines.
`},
	{"environment", "Environment variables that convo reads", `CONVO_TOKEN
  The API token. When set it wins over the keyring and hosts.yaml, and nothing
  is read from or written to them: use it in CI.

CONVO_PROFILE            which saved login to use (like --profile; default "default")
CONVO_BASE_URL           API root, e.g. https://api.example.com (like --base-url)
CONVO_OUTPUT             default output format (like --output)
CONVO_DEFAULT_COUNTRY    region of phone numbers without a country code, e.g. BR
CONVO_SANDBOX=1          run against the built-in sandbox, in-process (like --sandbox)
CONVO_DEBUG=1            log HTTP requests and responses to stderr, token masked
CONVO_NO_PROMPT=1        never prompt; commands that would ask exit 2 and name the
                         flags that replace the prompt
CONVO_PAGER              program that long output is piped through on a terminal;
                         without it, config pager, then PAGER; empty: no pager
CONVO_ATTENDANT          your user, as its id or e-mail: who @me is (like config
                         attendant)
CONVO_TEAM_FILE          the team file of saved replies (like config team_file;
                         default: team.yaml in the config directory)
CONVO_ACCESSIBLE_PROMPTER=1
                         plain line prompts instead of interactive forms
                         (screen readers)
CONVO_CONFIG_DIR         where config.yaml and hosts.yaml live (default: the OS
                         config directory + /convo, e.g. ~/.config/convo)
CONVO_DATA_DIR           where the sandbox database and import journals live
                         (default: ~/.local/share/convo on Linux)
NO_COLOR                 no colour in output (like --no-color)

Precedence for every setting: flag, then environment, then the profile in
config.yaml, then the default.
`},
	{"formatting", "Output formats, --fields, --jq and --template", `Every command that prints data takes -o/--output:

  table    aligned columns for people (the default on a terminal); times are
           relative, long values are cut to the terminal width
  plain    tab-separated, no header, nothing cut, ISO 8601 times (the default
           when stdout is not a terminal)
  json     the API's data exactly as it returned it; lists are one array
           (with --all, of every page); indented and coloured on a terminal
  ndjson   one JSON object per line, streamed
  csv      comma-separated with a header row
  yaml     YAML

Data goes to stdout; messages, hints and page footers go to stderr.

--fields a,b,c picks the columns of table, plain and csv output and the keys
kept in json, ndjson and yaml. Dotted paths reach inside objects:

  convo chats list --fields token,status,contact.phone

--fields with no value lists the fields of the command's resource; a field
unknown to it is refused before anything is sent. customfields.* stands for
any custom field's name (customfields.cpf).

--jq EXPRESSION filters JSON with jq syntax (implies -o json). With json it
sees the whole document (the array, for lists); with ndjson each item in turn.
Strings print raw, like jq -r:

  convo contacts list --all --jq '.[] | select(.blocked) | .phone'
  convo contacts list --all -o ndjson --jq .phone

--template TEMPLATE formats JSON with a Go text/template, with the helpers
json, join, timeago, upper, lower, truncate, pluck and color:

  convo contacts view 42 --template '{{.name}} <{{.phone}}>{{"\n"}}'
  convo tags list --template '{{range .}}{{.text}} {{.color}}{{"\n"}}{{end}}'

Lists: --page N and --per-page N (1..100) pick a page; --all follows every
page, streaming; --limit N stops after N items.
`},
}

func addHelpTopics(root *cobra.Command) {
	for _, t := range helpTopics {
		root.AddCommand(&cobra.Command{Use: t.name, Short: t.short, Long: t.long})
	}
	// The topics are listed as the commands are, their names padded alike,
	// rather than as cobra lists them (full paths, one column of their own).
	root.SetUsageTemplate(strings.Replace(root.UsageTemplate(),
		"Additional help topics:{{range .Commands}}{{if .IsAdditionalHelpTopicCommand}}\n  {{rpad .CommandPath .CommandPathPadding}} {{.Short}}",
		"Help topics (convo help TOPIC):{{range .Commands}}{{if .IsAdditionalHelpTopicCommand}}\n  {{rpad .Name .NamePadding}} {{.Short}}", 1))
	root.SetHelpCommand(newCmdHelp())
}

// newCmdHelp is `convo help [command|topic]`: cobra's own prints the root's
// help and succeeds for a name it does not know.
func newCmdHelp() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command|topic]",
		Short: "Help about any command or topic",
		Long:  "Help about any command or help topic: convo help contacts list, convo help exit-codes.",
		// Help needs no settings.
		PersistentPreRunE: func(*cobra.Command, []string) error { return nil },
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			parent, _, err := c.Root().Find(args)
			if err != nil {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var names []cobra.Completion
			for _, sub := range parent.Commands() {
				if (sub.IsAvailableCommand() || sub.IsAdditionalHelpTopicCommand()) && strings.HasPrefix(sub.Name(), toComplete) {
					names = append(names, cobra.CompletionWithDesc(sub.Name(), sub.Short))
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			target := c.Root()
			for _, name := range args {
				next, _, err := target.Find([]string{name})
				if err != nil || next == target || next.Hidden {
					return cmdutil.Unknown(target, "help topic", name)
				}
				target = next
			}
			target.InitDefaultHelpFlag()
			target.InitDefaultVersionFlag()
			return target.Help()
		},
	}
}
