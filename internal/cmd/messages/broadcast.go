package messages

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/convo-cli/convo/internal/api"
	"github.com/convo-cli/convo/internal/broadcast"
	"github.com/convo-cli/convo/internal/bulk"
	"github.com/convo-cli/convo/internal/clierr"
	"github.com/convo-cli/convo/internal/cmd/send"
	"github.com/convo-cli/convo/internal/cmdutil"
	"github.com/convo-cli/convo/internal/english"
	"github.com/convo-cli/convo/internal/filearg"
	"github.com/convo-cli/convo/internal/msgtemplate"
	"github.com/convo-cli/convo/internal/naming"
	"github.com/convo-cli/convo/internal/output"
	"github.com/convo-cli/convo/internal/safetext"
	"github.com/convo-cli/convo/internal/validate"
)

type broadcastOptions struct {
	f   *cmdutil.Factory
	ctx context.Context

	file        string
	template    string
	channel     string
	shared      msgtemplate.Flags
	bulk        cmdutil.BulkFlags
	excludeTags []string
	policy      broadcast.PolicyFlags
	testTo      string
	status      bool
	replies     bool

	// resume is the command line that resumes this broadcast, once the
	// flags that have done their part are left out of it.
	resume func(leaveOut ...string) string
}

// broadcastCircuit is when a broadcast stops because the API keeps failing:
// the default, and shorter in tests.
var broadcastCircuit = bulk.DefaultCircuit

// broadcastSpec prints the summary with -o; its fields are those of a
// --status too.
var broadcastSpec = output.Spec{
	Noun: "broadcast summaries",
	Fields: []string{"sent", "skipped", "duplicates", "failed", "already_sent", "rows", "seconds",
		"messages_per_second", "report", "journal", "interrupted", "opted_out", "failures", "failures.code",
		"failures.field", "failures.reason", "failures.count", "stopped_by", "resume_at", "in_doubt", "left", "replied"},
}

// statusSpec prints a --status.
var statusSpec = output.Spec{
	Noun: "campaign statuses",
	Columns: []output.Column{
		{Header: "SENT", Path: "sent", Kind: output.KindID},
		{Header: "IN DOUBT", Path: "in_doubt", Kind: output.KindID},
		{Header: "FAILED", Path: "failed", Kind: output.KindID},
		{Header: "SKIPPED", Path: "skipped", Kind: output.KindID},
		{Header: "LEFT", Path: "left", Kind: output.KindID},
		{Header: "REPLIED", Path: "replied", Kind: output.KindID},
	},
	Fields: []string{"sent", "in_doubt", "failed", "skipped", "left", "replied"},
}

func newCmdBroadcast(f *cmdutil.Factory) *cobra.Command {
	opts := &broadcastOptions{f: f}
	cmd := &cobra.Command{
		Use:   "broadcast FILE|- --template ID|NAME --channel TOKEN [flags]",
		Short: "Send a template message to every recipient of a list, once",
		Long: `Send one template message to every recipient of a CSV file with a header row, or
of JSON Lines (one object per line), read as contacts import reads them: the
format from the extension or --format, cells separated by "," or ";" (detected;
--delimiter to choose), the byte order mark of Excel ignored, rows of empty
cells skipped, "-" for standard input. A list that is not UTF-8 is refused
until --encoding says how to read it (windows-1252 for the "CSV" Excel saves in
Portuguese); one of UTF-8 rows and rows in another encoding is refused whatever
--encoding says.

Columns (or keys): phone (required); one per variable of the template's body,
named as the template names it (see convo templates view) or by its number (1,
2, …); header_url for an image, video or document header; header_text for the
placeholder of a text header; button_N for the URL button at index N. --map
COLUMN=NAME reads a column as another (--map Telefone=phone --map Nome=nome).
--var NAME=VALUE, --header-url, --header-text and --button N=VALUE give a value
to every row that has none of its own. Other columns are not read. The message
of each row is built as messages send --template builds it.

Before anything is sent, the plan is printed on standard error: the channel must
be connected, the template approved and each of its values given by a column or
a flag; rows whose phone or values are wrong are invalid (reported, not sent); a
phone seen before is a duplicate (sent once); a contact that is blocked, or
carries a tag named by --exclude-tag, is skipped. --dry-run prints the plan and
the first request and sends nothing. On a terminal you are asked to confirm;
without one, --yes is required.

Messages go out at --rate messages a second (default 20) with --concurrency in
flight; a 429 pauses every worker as long as the server asks. The run stops,
with exit 1 and the command to resume, when the API keeps failing or the channel
is disconnected. At the end a summary is printed (with -o json, as an object on
standard output) and the rows that failed are written to the report, which says
in words why each failed; exit 6 when any did.

The channel's rules: --window HH:MM-HH:MM sends only in that time of each day,
in --tz (default the local zone); --start-at sends nothing before a moment
(RFC 3339, or HH:MM for the next such time); --daily-limit N sends to at most N
distinct recipients in any 24 hours on the channel, counting what every
campaign of this data directory sent there (the messaging app's tiers are 250,
2,000, 10,000 and 100,000 a day). Held back by one of them, the run waits, its
progress saying until when; with --no-wait it stops with exit 0, saying when it
can go on and the command that does. Blocked contacts and those with an
--exclude-tag tag are read again while the messages go (a request per hundred
of them, once a second): a contact who opted out at least 2 seconds before
their message is skipped, OPTED_OUT in the report (exit 0).

--test-to PHONE sends the first recipient's message to PHONE before the
campaign, which it is no part of; on a terminal you are asked afterwards
whether to go on, without one --yes is needed before anything is sent.
--status, with the campaign's list, template, channel and values, sends
nothing and prints where the campaign stands: sent, in doubt, failed, skipped,
and left to send; --replies adds how many of those sent wrote back since their
message (the API has no date filter: each of their chats with a newer message
is read, a request or two).

Each recipient gets the message once. A journal in the data directory, bound to
the campaign (the API and company, the channel, the template and the values
given with flags) and not to the file, records every recipient sent: running
the command again, after Ctrl-C, a crash, or with the list corrected or
extended, sends only to the recipients not sent yet. A recipient whose message
may have gone out without its answer arriving is looked for in its chat before
it is sent again, as the message its attempt sent (a cell corrected or the
template's text changed since does not hide it), and reported if that cannot
tell. --restart is the only way to send to everyone again. A campaign has one
journal and one lock: --journal FILE keeps it elsewhere, a run without
--journal uses the file an earlier run named, and a --journal for a campaign
whose journal is elsewhere is refused. The API is the server whatever its
URL's spelling (localhost, 127.0.0.1 and ::1 are one). See docs/broadcast.md.

Here --template names a message template, so the global -t/--template output
option is not available; use --jq to shape the output.`,
		Example: `  # A campaign from a CRM export: the plan and the first request, then the sending
  printf 'Telefone;Nome;categoria\n+55 11 98888-0101;Ana;calçados\n+55 21 97777-0202;Bruno;bolsas\n' > clientes.csv
  convo messages broadcast clientes.csv --template promocao_imagem --channel chatapp-main-001 \
    --map Telefone=phone --header-url https://cdn.exemplo.com.br/promo.jpg --dry-run
  convo messages broadcast clientes.csv --template promocao_imagem --channel chatapp-main-001 \
    --map Telefone=phone --header-url https://cdn.exemplo.com.br/promo.jpg --exclude-tag Inadimplente --yes

  # Values by placeholder number, a URL button per row, the summary as JSON
  printf 'phone,1,button_0\n5511988880103,BR4521,BR4521\n' | convo messages broadcast - \
    --template rastreio_pedido --channel chatapp-main-001 --yes -o json

  # Business hours in São Paulo, at most 250 recipients a day; stop when held back (to run again from cron)
  printf 'phone,nome,numero_pedido\n5511988880101,Ana,4521\n' > pedidos.csv
  convo messages broadcast pedidos.csv --template boas_vindas --channel chatapp-main-001 \
    --window 09:00-18:00 --tz America/Sao_Paulo --daily-limit 250 --no-wait --yes

  # The message on your own phone first; then where the campaign stands, and who answered
  printf 'phone,nome,numero_pedido\n5511988880101,Ana,4521\n' > pedidos.csv
  convo messages broadcast pedidos.csv --template boas_vindas --channel chatapp-main-001 \
    --test-to "+55 11 99999-0000" --yes
  convo messages broadcast pedidos.csv --template boas_vindas --channel chatapp-main-001 --status --replies`,
		Args: cmdutil.ExactArgs(1, "the list: a FILE, or - for standard input"),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.file = args[0]
			opts.ctx = cmd.Context()
			opts.resume = func(leaveOut ...string) string { return cmdutil.ResumeCommand(cmd, args, leaveOut...) }
			if opts.status {
				return broadcastStatus(opts)
			}
			return broadcastRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.template, "template", "", "the template to send, by its `ID|NAME`")
	_ = cmd.RegisterFlagCompletionFunc("template", cmdutil.CompleteTemplates(f, "approved"))
	cmdutil.ChannelFlag(f, cmd, &opts.channel, "channel", api.ChannelListParams{Status: "connected"},
		"`TOKEN` of the channel to send on (see convo channels list)")
	fl.StringArrayVar(&opts.shared.Vars, "var", nil, "a body variable for every row without its own, as `NAME=VALUE` (or NUMBER=VALUE; repeatable)")
	cmdutil.NilStringFlag(cmd, &opts.shared.HeaderURL, "header-url", "file `URL` of the image, video or document header, for every row without its own")
	cmdutil.NilStringFlag(cmd, &opts.shared.HeaderText, "header-text", "`TEXT` for the placeholder of a text header, for every row without its own")
	fl.StringArrayVar(&opts.shared.Buttons, "button", nil, "the placeholder of a URL button for every row without its own, as `INDEX=VALUE` (repeatable)")
	opts.bulk.AddInputFlags(cmd)
	fl.StringArrayVar(&opts.bulk.Maps, "map", nil, "read a column under another name (phone, a variable, header_url, …), given as `COLUMN=NAME`, e.g. Telefone=phone (repeatable)")
	fl.StringArrayVar(&opts.excludeTags, "exclude-tag", nil, "leave out the contacts with the tag `ID|NAME`, e.g. an opt-out tag (repeatable)")
	_ = cmd.RegisterFlagCompletionFunc("exclude-tag", cmdutil.CompleteTagNames(f))
	fl.Float64Var(&opts.bulk.Rate, "rate", 20, "at most `N` messages per second, 0 for no limit")
	fl.IntVar(&opts.bulk.Concurrency, "concurrency", 4, "`N` messages in flight")
	fl.BoolVar(&opts.bulk.DryRun, "dry-run", false, "print the plan and the first request, and send nothing")
	fl.StringVar(&opts.bulk.Report, "report", "", "write the rows that fail to `FILE` (default: FILE.broadcast-errors.csv next to FILE)")
	fl.StringVar(&opts.bulk.Journal, "journal", "", "keep the recipients sent in `FILE` (default: in the data directory, bound to the campaign)")
	fl.BoolVar(&opts.bulk.Restart, "restart", false, "forget the recipients sent and send to every one again")
	fl.BoolVar(&opts.bulk.Quiet, "quiet", false, "show no plan, no progress and no summary")
	fl.StringVar(&opts.policy.Window, "window", "", "send only from `HH:MM-HH:MM` each day, in --tz (e.g. 09:00-18:00; 22:00-06:00 spans midnight)")
	fl.StringVar(&opts.policy.Zone, "tz", "", "the time `ZONE` of --window and --start-at, e.g. America/Sao_Paulo (default: the local zone)")
	fl.StringVar(&opts.policy.StartAt, "start-at", "", "send nothing before `TIME`: RFC 3339, or HH:MM for the next such time in --tz")
	fl.IntVar(&opts.policy.DailyLimit, "daily-limit", 0, "at most `N` distinct recipients in any 24 hours on the channel, over every campaign of this data directory (0: none)")
	fl.BoolVar(&opts.policy.NoWait, "no-wait", false, "stop (exit 0, with the command to go on) instead of waiting for the window, the start or the daily limit")
	fl.StringVar(&opts.testTo, "test-to", "", "first send the first recipient's message to `PHONE` (yours), then ask before the campaign")
	fl.BoolVar(&opts.status, "status", false, "send nothing: print where the campaign stands (sent, in doubt, failed, skipped, left)")
	fl.BoolVar(&opts.replies, "replies", false, "with --status, count the recipients who wrote back since their message")
	cmdutil.RequireFlags(cmd, "template", "channel")
	return cmdutil.Prints(f, cmd, broadcastSpec)
}

func broadcastRun(opts *broadcastOptions) error {
	f, ios := opts.f, opts.f.IOStreams
	run, err := opts.options()
	if err != nil {
		return err
	}
	testTo, err := opts.testPhone()
	if err != nil {
		return err
	}
	camp, in, err := opts.prepare(&run)
	if err != nil {
		return err
	}
	defer in.Close() // a spool holds nothing once the run is over
	plan := camp.Plan()
	if !opts.bulk.Quiet {
		plan.Write(ios.ErrOut)
	}
	if opts.bulk.DryRun {
		return opts.dryRunEnd(camp)
	}
	if err := opts.confirm(camp, testTo); err != nil {
		_, cerr := camp.Close()
		return errors.Join(err, cerr)
	}

	summary, err := camp.Send(opts.ctx)
	if summary == nil {
		return err
	}
	if !opts.bulk.Quiet {
		fmt.Fprintln(ios.ErrOut, summary.Line())
		for _, l := range summary.Why() {
			fmt.Fprintln(ios.ErrOut, l)
		}
	}
	opts.reported(summary, run.ReportPath, err)
	var pause *broadcast.Pause
	switch {
	case errors.As(err, &pause):
		opts.printPaused(pause, summary.Journal, run.Policy)
		err = nil
	case err != nil:
		opts.printResume(summary.Journal, run.Policy)
	}
	return cmdutil.EndBulk(f, summary, summary.Failed, summary.Report, err)
}

// prepare opens the input and plans the campaign with run's options.
func (opts *broadcastOptions) prepare(run *broadcast.Options) (*broadcast.Campaign, *cmdutil.BulkInput, error) {
	f := opts.f
	in, err := cmdutil.OpenBulkInput(f, opts.file, opts.bulk.Encoding, opts.bulk.Report, "broadcast", true)
	if err != nil {
		return nil, nil, err
	}
	run.Input = in.Input
	run.JournalDir = filepath.Join(in.DataDir, "broadcasts")
	run.ReportFallbackDir = in.DataDir
	run.ReportPath = in.ReportPath
	c, err := f.APIClient(opts.ctx)
	if err == nil {
		var camp *broadcast.Campaign
		if camp, err = broadcast.Prepare(opts.ctx, c, *run); err == nil {
			return camp, in, nil
		}
	}
	in.Close()
	return nil, nil, err
}

// confirm asks to go on with the campaign (or checks --yes), after the
// test message when there is one: on a terminal, the test is sent first,
// so that the answer comes after it was seen; without one, --yes is
// checked first, so that a run refused for the lack of it sends nothing.
func (opts *broadcastOptions) confirm(camp *broadcast.Campaign, testTo string) error {
	f, ios := opts.f, opts.f.IOStreams
	plan := camp.Plan()
	if plan.ToSend == 0 {
		if testTo != "" {
			fmt.Fprintln(ios.ErrOut, "No test message was sent: the campaign has nobody left to send to.")
		}
		return nil
	}
	action := fmt.Sprintf("send template %s to %s on %s", plan.Template.Name, english.Count(plan.ToSend, "recipient"), plan.Channel.Token)
	consequence := "Nothing is sent until you confirm; a message sent cannot be taken back."
	if testTo == "" {
		return f.ConfirmDestructive(action, consequence)
	}
	if !ios.CanPrompt() {
		if err := f.ConfirmDestructive(action, consequence); err != nil {
			return err
		}
	}
	res, err := camp.SendTest(opts.ctx, testTo)
	if err != nil {
		return err
	}
	fmt.Fprintf(ios.ErrOut, "Test message sent to %s (chat %s), as the first recipient gets it:\n  %s\n",
		testTo, res.Chat.Token, safetext.Line(res.Message.Content))
	if !ios.CanPrompt() {
		return nil
	}
	return f.ConfirmDestructive(action, "Check the test message first. "+consequence)
}

// testPhone is --test-to's phone, checked before anything is sent.
func (opts *broadcastOptions) testPhone() (string, error) {
	if opts.testTo == "" {
		return "", nil
	}
	if opts.bulk.DryRun {
		return "", clierr.FlagErrorf("--test-to sends a message, and --dry-run sends nothing: leave one of them out")
	}
	phone, err := validate.Phone("--test-to", opts.testTo, opts.f.Settings.DefaultCountry, naming.Flags)
	if err != nil {
		return "", clierr.FlagErrorf("%v", err)
	}
	return phone, nil
}

// broadcastStatus prints where the campaign stands, sending nothing.
func broadcastStatus(opts *broadcastOptions) error {
	f := opts.f
	switch {
	case opts.bulk.DryRun, opts.bulk.Restart, opts.testTo != "":
		return clierr.FlagErrorf("--status sends nothing and changes nothing: leave out --dry-run, --restart and --test-to")
	}
	if err := f.CheckOutput(statusSpec); err != nil {
		return err
	}
	run, err := opts.options()
	if err != nil {
		return err
	}
	run.DryRun, run.NoReport = true, true
	camp, in, err := opts.prepare(&run)
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := camp.Status(opts.ctx, opts.replies)
	_, cerr := camp.Close()
	if err = errors.Join(err, cerr); err != nil {
		return err
	}
	raw, err := json.Marshal(st)
	if err != nil {
		return err
	}
	return cmdutil.PrintObject(f, raw)
}

// dryRunEnd ends a dry run: the report of the invalid rows, and the first
// request on standard output.
func (opts *broadcastOptions) dryRunEnd(camp *broadcast.Campaign) error {
	plan := camp.Plan()
	report, err := camp.Close()
	if err != nil {
		return err
	}
	if report != "" {
		opts.reported(&broadcast.Summary{Failed: plan.Invalid, Report: &report}, "", nil)
	}
	if plan.First == nil {
		fmt.Fprintln(opts.f.IOStreams.ErrOut, "Dry run: nothing to send.")
	} else if err := send.PrintRequest(opts.f, *plan.First, "Dry run: nothing was sent; the first recipient's request is on standard output."); err != nil {
		return err
	}
	if plan.Invalid > 0 {
		return &clierr.PartialError{Failed: plan.Invalid, Report: report}
	}
	return nil
}

// reported says where the rows not sent are (failed, or skipped at send
// time); after a run that left none, a report an earlier run left at the
// default place is removed, since it lists rows that have gone out since.
func (opts *broadcastOptions) reported(s *broadcast.Summary, defaultPath string, runErr error) {
	w := opts.f.IOStreams.ErrOut
	switch notSent := s.Failed + s.OptedOut; {
	case notSent > 0 && s.Report != nil:
		fmt.Fprintf(w, "%s not sent: see %s\n", english.Count(notSent, "row"), *s.Report)
	case runErr == nil && opts.bulk.Report == "" && defaultPath != "":
		cmdutil.RemoveStaleReport(opts.f.IOStreams, defaultPath)
	}
}

// options checks the flags and turns them into the broadcast's options.
func (opts *broadcastOptions) options() (broadcast.Options, error) {
	common, err := opts.bulk.RunOptions(opts.f, "COLUMN=NAME, e.g. --map Telefone=phone or --map Nome=nome")
	common.Circuit = broadcastCircuit
	run := broadcast.Options{
		RunOptions: common,
		Template:   opts.template,
		Channel:    opts.channel,
		Shared:     opts.shared,
	}
	if err != nil {
		return run, err
	}
	for _, tag := range opts.excludeTags {
		if tag == "" {
			return run, clierr.FlagErrorf("--exclude-tag is empty: give a tag's id or text")
		}
		run.ExcludeTags = append(run.ExcludeTags, tag)
	}
	if opts.replies && !opts.status {
		return run, clierr.FlagErrorf("--replies goes with --status")
	}
	pol, warnings, err := opts.policy.Policy(time.Now())
	if err != nil {
		return run, err
	}
	for _, w := range warnings {
		fmt.Fprintln(opts.f.IOStreams.ErrOut, "warning: "+w)
	}
	run.Policy = pol
	return run, nil
}

// printResume says, after a run that stopped early, how to go on.
func (opts *broadcastOptions) printResume(journal string, pol broadcast.Policy) {
	fmt.Fprintf(opts.f.IOStreams.ErrOut, "Stopped before the end; the recipients sent are in the journal %s.\n"+
		"To send to the rest, run the same command again%s (it sends to nobody twice):\n  %s\n", journal, opts.withStdin(), opts.resumeCommand(pol))
}

// printPaused says, after a run the rules stopped (--no-wait), when and
// how to go on.
func (opts *broadcastOptions) printPaused(p *broadcast.Pause, journal string, pol broadcast.Policy) {
	fmt.Fprintf(opts.f.IOStreams.ErrOut, "Stopped: %s. The recipients sent are in the journal %s.\n"+
		"To send to the rest from %s on, run the same command again%s (it sends to nobody twice):\n  %s\n",
		p.Why, journal, p.Until.In(pol.Zone).Format("2006-01-02 15:04 MST"), opts.withStdin(), opts.resumeCommand(pol))
}

func (opts *broadcastOptions) withStdin() string {
	if opts.file == filearg.Std {
		return " with the list on standard input"
	}
	return ""
}

// resumeCommand is the command that goes on: without --test-to (the test
// was seen), nor a --start-at whose time has come (a time of day would
// mean the next day's).
func (opts *broadcastOptions) resumeCommand(pol broadcast.Policy) string {
	leaveOut := []string{"test-to"}
	if !time.Now().Before(pol.StartAt) {
		leaveOut = append(leaveOut, "start-at")
	}
	return opts.resume(leaveOut...)
}
