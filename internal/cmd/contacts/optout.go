package contacts

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/broadcast"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/safetext"
)

// optOutSpec prints the contacts found.
var optOutSpec = output.Spec{
	Noun: "opt-outs",
	Columns: []output.Column{
		{Header: "CONTACT", Path: "contact_id", Kind: output.KindID},
		{Header: "PHONE", Path: "phone", Kind: output.KindID},
		{Header: "NAME", Path: "name", Kind: output.KindText, Drop: 1},
		{Header: "MESSAGE", Path: "message", Kind: output.KindText},
		{Header: "AT", Path: "at", Kind: output.KindTime},
		{Header: "ACTION", Path: "action", Kind: output.KindID},
	},
	Fields: []string{"contact_id", "phone", "name", "chat", "message", "at", "action"},
}

func newCmdOptOut(f *cmdutil.Factory) *cobra.Command {
	var (
		scan   broadcast.OptOutScan
		since  string
		dryRun bool
	)
	cmd := &cobra.Command{
		Use:   "opt-out --channel TOKEN --since DURATION --tag NAME [--words W,W,...] [--dry-run]",
		Short: "Tag the contacts who answered a campaign with SAIR, PARAR, STOP or CANCELAR",
		Long: `Find the customers who asked, on a channel, to get no more campaigns, and give
their contacts a tag, so that the next campaign's --exclude-tag leaves them out.

A customer asked when a message of theirs on the channel since --since (a
duration: 24h, 90m, 7d) is one of the --words (default SAIR, PARAR, STOP,
CANCELAR): the whole message, trimmed of spaces and of a trailing ".", "!" or
"?", with case and accents ignored. "Sair." and " PARAR!" are; "sair daqui
amanhã?" is not: a message that holds the word may say something else. Staff
notes are not the customer's.

The contacts found are listed with their message and what was done: tagged,
already_tagged, or with --dry-run would_tag (nothing is changed). The tag must
exist (convo tags create --text Opt-out).

What it costs: the API has no date filter, so the channel's chats are read (a
request per hundred), then of each chat with a message since then, the
customer's latest messages (a request per hundred of them, newest first), then
each contact found (a request) and, when it lacks the tag, its tags written
(a request).`,
		Example: `  # The morning after a campaign: who answered SAIR (or PARAR, STOP, CANCELAR)?
  convo tags create --text Opt-out
  convo contacts opt-out --channel chatapp-main-001 --since 24h --tag Opt-out --dry-run

  # Tag them, with words of your own
  convo tags create --text Opt-out
  convo contacts opt-out --channel chatapp-main-001 --since 7d --tag Opt-out --words SAIR,PARE,DESCADASTRAR`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			d, err := parseSince(since)
			if err != nil {
				return err
			}
			for _, w := range scan.Words {
				if strings.TrimSpace(w) == "" {
					return clierr.FlagErrorf("--words: an empty word; give the words separated by commas, e.g. SAIR,PARAR")
				}
			}
			scan.DryRun = dryRun
			ctx := cmd.Context()
			c, err := f.APIClient(ctx)
			if err != nil {
				return err
			}
			scan.Since = c.ServerClock().Now().Add(-d)
			found, err := broadcast.ScanOptOuts(ctx, c, scan)
			if err != nil {
				return err
			}
			return printOptOuts(f, found, scan)
		},
	}
	cmdutil.ChannelFlag(f, cmd, &scan.Channel, "channel", api.ChannelListParams{},
		"`TOKEN` of the channel whose customers' answers are read (see convo channels list)")
	cmd.Flags().StringVar(&since, "since", "", "read the answers of the last `DURATION`: 24h, 90m, 7d")
	cmd.Flags().StringVar(&scan.Tag, "tag", "", "the tag to give, by its `ID|NAME`, e.g. Opt-out")
	_ = cmd.RegisterFlagCompletionFunc("tag", cmdutil.CompleteTagNames(f))
	cmd.Flags().StringSliceVar(&scan.Words, "words", broadcast.DefaultOptOutWords, "the answers that opt out, comma-separated `WORDS`")
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "list the contacts, tag nobody")
	cmdutil.RequireFlags(cmd, "channel", "since", "tag")
	return cmdutil.Prints(f, cmd, optOutSpec)
}

// parseSince reads --since: a Go duration (90m, 36h) or a number of days
// (7d).
func parseSince(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if days, ok := strings.CutSuffix(s, "d"); ok && err != nil {
		n, nerr := strconv.Atoi(days)
		d, err = time.Duration(n)*24*time.Hour, nerr
	}
	if err != nil || d <= 0 {
		return 0, clierr.FlagErrorf("--since %q: give how far back to read, e.g. 24h, 90m or 7d", s)
	}
	return d, nil
}

// printOptOuts lists the contacts found, and says on stderr what was done.
func printOptOuts(f *cmdutil.Factory, found []broadcast.OptOut, scan broadcast.OptOutScan) error {
	opts, err := f.CheckedOutput()
	if err != nil {
		return err
	}
	list, err := output.NewList(f.IOStreams, opts, optOutSpec)
	if err != nil {
		return err
	}
	tagged := 0
	for _, o := range found {
		raw, err := json.Marshal(o)
		if err != nil {
			return err
		}
		if err := list.Add(raw); err != nil {
			return err
		}
		if o.Action == broadcast.OptOutTagged {
			tagged++
		}
	}
	if err := list.Close(); err != nil {
		return err
	}
	if len(found) > 0 {
		what := fmt.Sprintf("✓ %s tagged %s", english.Count(tagged, "contact"), scan.Tag)
		if scan.DryRun {
			what = fmt.Sprintf("Dry run: nobody was tagged; %s would be tagged %s", english.Count(len(found)-alreadyTagged(found), "contact"), scan.Tag)
		}
		fmt.Fprintf(f.IOStreams.ErrOut, "%s (%s had it already).\n", safetext.Line(what), english.Comma(alreadyTagged(found)))
	}
	return nil
}

func alreadyTagged(found []broadcast.OptOut) int {
	n := 0
	for _, o := range found {
		if o.Action == broadcast.OptOutAlreadyTagged {
			n++
		}
	}
	return n
}
